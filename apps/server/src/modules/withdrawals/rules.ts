import type { AddPayoutMethodInput, PayoutMethodKind } from '@colorplay/contract';
import { transferKindsOf } from '../ledger';
import type { WithdrawalSettings } from './settings';
import type { WithdrawalReviewReason } from '@colorplay/contract/withdrawal-states';

/**
 * Pure withdrawal rules: fee, the IST day, the wagering lock, why a withdrawal needs review, how
 * many approvals it needs, and how payout methods are summarised. No clock, no I/O.
 */

const IST_OFFSET_MS = 330 * 60_000;

/** The calendar day in India (IST, UTC+5:30) as YYYY-MM-DD: the daily count resets at IST midnight. */
export function istDay(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** fee = fixed + floor(amount * bps / 10000), in integer arithmetic. */
export function feeFor(amountMinor: number, s: Pick<WithdrawalSettings, 'feeFixedMinor' | 'feeBps'>): number {
  return s.feeFixedMinor + Math.floor((amountMinor * s.feeBps) / 10_000);
}

/**
 * Ledger transfer kinds that count, on the player's main wallet, for the wagering lock. Derived
 * from the ledger's categories, never listed here: every kind of deposit (UPI, USDT, the next
 * channel) and every no-stake bonus must be played through (decision 190).
 */
export const WAGERING_KINDS = {
  /** Money brought in or given without a stake (positive on main). */
  deposits: transferKindsOf('deposit', 'bonus'),
  /** Stakes out (negative) and their refunds or rollbacks (positive): net stakes. */
  stakes: transferKindsOf('stake', 'stake_return'),
} as const;

export type WageringState = { lockedMinor: number; remainingToPlayMinor: number; withdrawableMinor: number };

/**
 * Deposits must be staked `factor` times before their amount can be withdrawn. Over the player's
 * whole history: required = deposits × factor, played = net stakes; what is still to play stays
 * locked, up to the balance. Winnings beyond that are free.
 */
export function wageringState(input: { balanceMinor: number; depositedMinor: number; netStakedMinor: number; factor: number }): WageringState {
  const required = Math.ceil(input.depositedMinor * input.factor);
  const remainingToPlayMinor = Math.max(0, required - Math.max(0, input.netStakedMinor));
  const lockedMinor = Math.min(Math.max(0, input.balanceMinor), remainingToPlayMinor);
  return { lockedMinor, remainingToPlayMinor, withdrawableMinor: Math.max(0, input.balanceMinor - lockedMinor) };
}

/**
 * Why a withdrawal cannot be paid without an operator; empty means it is paid automatically.
 * Risk flags (docs/payments.md, "Withdrawals"): the player's first withdrawal (no paid one yet),
 * and a payout method added less than `newMethodHoldHours` ago (a taken-over account's new
 * destination). KYC is checked before: unverified players cannot request at all.
 */
export function reviewReasons(input: {
  amountMinor: number;
  settings: Pick<WithdrawalSettings, 'autoApproveMaxMinor' | 'newMethodHoldHours'>;
  hasPaidWithdrawal: boolean;
  methodCreatedAt: Date;
  now: Date;
}): WithdrawalReviewReason[] {
  // Typed with the contract's list, so the console has words for every reason written (decision 444).
  const reasons: WithdrawalReviewReason[] = [];
  const { settings } = input;
  if (settings.autoApproveMaxMinor === 0) reasons.push('auto_payout_off');
  else if (input.amountMinor > settings.autoApproveMaxMinor) reasons.push('amount_above_auto_limit');
  if (!input.hasPaidWithdrawal) reasons.push('risk_flag:first_withdrawal');
  if (input.now.getTime() - input.methodCreatedAt.getTime() < settings.newMethodHoldHours * 3_600_000) reasons.push('risk_flag:new_payout_method');
  return reasons;
}

/** Two operators at or above the second-approval amount, one below it. */
export function approvalsRequired(amountMinor: number, s: Pick<WithdrawalSettings, 'secondApprovalMinor'>): 1 | 2 {
  return amountMinor >= s.secondApprovalMinor ? 2 : 1;
}

/** The one-line summary players and operators see; bank numbers and addresses are shortened. */
export function methodSummary(input: AddPayoutMethodInput): string {
  if (input.kind === 'upi') return input.vpa;
  if (input.kind === 'bank') return `${input.ifsc} ••••${input.accountNumber.slice(-4)}`;
  return `${input.address.slice(0, 6)}…${input.address.slice(-4)}`;
}

/** The destination normalised, so one player cannot save the same account twice. */
export function methodFingerprint(input: AddPayoutMethodInput): string {
  if (input.kind === 'upi') return `upi:${input.vpa.toLowerCase()}`;
  if (input.kind === 'bank') return `bank:${input.ifsc}:${input.accountNumber}`;
  return `usdt:${input.address.toLowerCase()}`;
}

export function kindEnabled(kind: PayoutMethodKind, s: Pick<WithdrawalSettings, 'usdtEnabled'>): boolean {
  return kind !== 'usdt' || s.usdtEnabled;
}
