/**
 * Every kind of money movement the ledger accepts, in one list so that no caller spells a kind
 * of its own. A new domain adds its kind here (and the database's format check still applies).
 * - deposit: a paid recharge credited from house:deposits;
 * - deposit_usdt: a confirmed USDT transfer credited from house:deposits at the order's locked rate;
 * - sweep: vendor sub-accounts moved back into the main wallet;
 * - lottery_bet, lottery_payout, lottery_fee, lottery_refund: a Wingo stake, a win paid at
 *   settlement, the round's service fees to the fees account, a voided round's refund;
 * - adjustment: a correction an operator makes by hand;
 * - vendor_bet, vendor_win, vendor_rollback: the seamless wallet API of a game vendor;
 * - vendor_transfer_in: main balance moved into a transfer-mode vendor's sub-account at launch.
 */
export const TRANSFER_KINDS = [
  'deposit',
  'deposit_usdt',
  'sweep',
  'lottery_bet',
  'lottery_payout',
  'lottery_fee',
  'lottery_refund',
  'adjustment',
  'vendor_bet',
  'vendor_win',
  'vendor_rollback',
  'vendor_transfer_in',
] as const;

export type TransferKind = (typeof TRANSFER_KINDS)[number];
