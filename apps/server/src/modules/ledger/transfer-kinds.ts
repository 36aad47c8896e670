/**
 * Every kind of money movement the ledger accepts, each with its category, in one place so that
 * no caller spells a kind of its own and every rule that cares what money *is* (a deposit, a
 * stake, a win) derives its list from here instead of keeping a copy that can fall behind: a new
 * deposit kind is a deposit for the wagering lock the moment it is added (decision 190). A new domain
 * adds its kind here (and the database's format check still applies).
 * - deposit: a paid recharge credited from house:deposits;
 * - deposit_usdt: a confirmed USDT transfer credited from house:deposits at the order's locked rate;
 * - sweep: vendor sub-accounts moved back into the main wallet;
 * - lottery_bet, lottery_payout, lottery_fee, lottery_refund: a Wingo stake, a win paid at
 *   settlement, the round's service fees to the fees account, a voided round's refund;
 * - adjustment: a correction an operator makes by hand;
 * - vendor_bet, vendor_win, vendor_rollback: the seamless wallet API of a game vendor;
 * - vendor_free_round: a vendor's win in a declared free round (no stake; capped, decision 192);
 * - vendor_transfer_in: main balance moved into a transfer-mode vendor's sub-account at launch;
 * - withdrawal_hold: a requested withdrawal, player main to house:withdrawal-hold;
 * - withdrawal_release: a cancelled or rejected one, the hold back to the player;
 * - withdrawal_paid: a paid one, the hold to house:withdrawals (and its fee to house:fees);
 * - withdrawal_failed: the gateway failed it, the hold back to the player;
 * - withdrawal_reversed: the bank returned a paid one, house:withdrawals and the fee back to the player;
 * - bonus_grant: house:bonuses to a grant's own bonus account (decision 490);
 * - bonus_convert: a grant whose wagering is complete, its bonus account to main (cash), once;
 * - bonus_forfeit, bonus_expire: a grant's remaining bonus back to house:bonuses, once.
 */
export const TRANSFER_KIND_CATEGORIES = {
  deposit: 'deposit',
  deposit_usdt: 'deposit',
  sweep: 'internal',
  lottery_bet: 'stake',
  lottery_payout: 'win',
  lottery_fee: 'house',
  lottery_refund: 'stake_return',
  adjustment: 'adjustment',
  vendor_bet: 'stake',
  vendor_win: 'win',
  vendor_rollback: 'stake_return',
  vendor_free_round: 'bonus',
  vendor_transfer_in: 'internal',
  withdrawal_hold: 'withdrawal',
  withdrawal_release: 'withdrawal',
  withdrawal_paid: 'withdrawal',
  withdrawal_failed: 'withdrawal',
  withdrawal_reversed: 'withdrawal',
  bonus_grant: 'bonus_money',
  // Between two of the player's own accounts, like a sweep: neither a deposit nor play.
  bonus_convert: 'internal',
  bonus_forfeit: 'bonus_money',
  bonus_expire: 'bonus_money',
} as const satisfies Record<string, TransferCategory>;

/**
 * What a kind of money is, for rules outside the ledger:
 * - deposit: money the player brought in (any channel);
 * - bonus: money the platform or a vendor gave without a stake (free rounds);
 * - stake / stake_return: money put at risk in a game, and stakes given back unplayed;
 * - win: a game's payout;
 * - withdrawal: money on its way out (holds, payouts, returns of either);
 * - internal: the player's own money moving between their accounts;
 * - house: house-only movements (fees);
 * - adjustment: an operator's correction;
 * - bonus_money: promotional bonus money granted to, or taken back from, a grant's own account
 *   (decision 490); not a deposit, so the deposits' wagering lock never counts it.
 */
export type TransferCategory = 'deposit' | 'bonus' | 'bonus_money' | 'stake' | 'stake_return' | 'win' | 'withdrawal' | 'internal' | 'house' | 'adjustment';

export type TransferKind = keyof typeof TRANSFER_KIND_CATEGORIES;

export const TRANSFER_KINDS = Object.keys(TRANSFER_KIND_CATEGORIES) as TransferKind[];

/** The kinds of one or more categories, in the list's order. */
export function transferKindsOf(...categories: TransferCategory[]): TransferKind[] {
  return TRANSFER_KINDS.filter((k) => categories.includes(TRANSFER_KIND_CATEGORIES[k]));
}
