/**
 * Account codes are the public names of ledger accounts: colon-separated segments whose first
 * segment says who holds the money. The database checks the same format, and ties the `player`
 * prefix to the `player` kind so that every player account is covered by the non-negative rule.
 */

/** Who holds an account's money: a player (never below zero) or the operator (may go below zero). */
export type AccountKind = 'player' | 'house';

/** `player:<playerId>:<purse>`, `house:<name>[:<sub>...]` or `vendor:<vendorCode>`. */
export const ACCOUNT_CODE_PATTERN = /^(player|house|vendor)(:[A-Za-z0-9_-]+)+$/;
export const ACCOUNT_CODE_MAX_LENGTH = 120;

/** A player id as it appears inside an account code (no colons, so codes parse unambiguously). */
export const ACCOUNT_OWNER_PATTERN = /^[A-Za-z0-9_-]+$/;

export const DEFAULT_CURRENCY = 'INR';
export const CURRENCY_PATTERN = /^[A-Z]{3,5}$/;

/** The operator's fixed accounts. Lottery and vendor accounts are built with the helpers below. */
export const HOUSE_ACCOUNTS = {
  /** Counterpart of every credited deposit: goes negative by the money players have paid in. */
  deposits: 'house:deposits',
  /** Counterpart of every paid-out withdrawal (the payout clearing account). */
  withdrawals: 'house:withdrawals',
  /** Requested withdrawals not yet paid, cancelled, rejected or failed: the player's money on hold. */
  withdrawalHold: 'house:withdrawal-hold',
  /** Service fees taken from bets. */
  fees: 'house:fees',
  /** Manual corrections by operators, each one a transfer with a reason in its metadata. */
  adjustments: 'house:adjustments',
  /** Pays every bonus grant and takes back every forfeit and expiry (decision 490). */
  bonuses: 'house:bonuses',
} as const;

/** Builders for account codes, so no module spells a code by hand. */
export const accountCodes = {
  /** The player's main wallet. */
  playerMain: (playerId: string | number): string => `player:${playerId}:main`,
  /** A player's balance held at a vendor in "transfer" mode (swept back to main on request). */
  playerAtVendor: (playerId: string | number, vendorCode: string): string =>
    `player:${playerId}:vendor:${vendorCode}`,
  /** One bonus grant's money (decision 490): never mixed with cash, converted, forfeited or expired whole. */
  playerBonus: (playerId: string | number, grantId: string): string => `player:${playerId}:bonus:${grantId}`,
  /** A lottery game's house account; `shard` spreads one hot account over several rows (decision 102). */
  houseLottery: (game: string, shard?: number): string =>
    shard === undefined ? `house:lottery:${game}` : `house:lottery:${game}:${shard}`,
  /** The house side of a third-party vendor's seamless-wallet play. */
  vendor: (vendorCode: string): string => `vendor:${vendorCode}`,
};

/** The kind an account code implies: `player:...` codes are player accounts, the rest the house's. */
export function accountKindOf(code: string): AccountKind {
  return code.startsWith('player:') ? 'player' : 'house';
}

/** True when `code` is a well-formed account code. */
export function isAccountCode(code: unknown): code is string {
  return typeof code === 'string' && code.length <= ACCOUNT_CODE_MAX_LENGTH && ACCOUNT_CODE_PATTERN.test(code);
}
