/**
 * Every kind of money movement the ledger accepts, in one list so that no caller spells a kind
 * of its own. A new domain adds its kind here (and the database's format check still applies).
 * - deposit: a paid recharge credited from house:deposits;
 * - sweep: vendor sub-accounts moved back into the main wallet;
 * - bet and payout: a stake taken and a win paid (the games);
 * - adjustment: a correction an operator makes by hand;
 * - vendor_bet, vendor_win, vendor_rollback: the seamless wallet API of a game vendor;
 * - vendor_transfer_in: main balance moved into a transfer-mode vendor's sub-account at launch.
 */
export const TRANSFER_KINDS = [
  'deposit',
  'sweep',
  'bet',
  'payout',
  'adjustment',
  'vendor_bet',
  'vendor_win',
  'vendor_rollback',
  'vendor_transfer_in',
] as const;

export type TransferKind = (typeof TRANSFER_KINDS)[number];
