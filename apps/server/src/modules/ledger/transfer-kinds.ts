/**
 * Every kind of money movement the ledger accepts, in one list so that no caller spells a kind
 * of its own. A new domain adds its kind here (and the database's format check still applies).
 * - deposit: a paid recharge credited from house:deposits;
 * - sweep: vendor sub-accounts moved back into the main wallet;
 * - lottery_bet, lottery_payout, lottery_fee, lottery_refund: a Wingo stake, a win paid at
 *   settlement, the round's service fees to the fees account, a voided round's refund;
 * - adjustment: a correction an operator makes by hand;
 * - vendor_bet, vendor_win, vendor_rollback: the seamless wallet API of a game vendor;
 * - vendor_transfer_in: main balance moved into a transfer-mode vendor's sub-account at launch;
 * - withdrawal_hold: a requested withdrawal, player main to house:withdrawal-hold;
 * - withdrawal_release: a cancelled or rejected one, the hold back to the player;
 * - withdrawal_paid: a paid one, the hold to house:withdrawals (and its fee to house:fees);
 * - withdrawal_failed: the gateway failed it, the hold back to the player;
 * - withdrawal_reversed: the bank returned a paid one, house:withdrawals and the fee back to the player.
 */
export const TRANSFER_KINDS = [
  'deposit',
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
  'withdrawal_hold',
  'withdrawal_release',
  'withdrawal_paid',
  'withdrawal_failed',
  'withdrawal_reversed',
] as const;

export type TransferKind = (typeof TRANSFER_KINDS)[number];
