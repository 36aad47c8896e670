import type { InviteOutcome, InviteStep } from '@colorplay/contract';

/**
 * Invite a friend's pure rules (docs/promotions.md, "Invite a friend"; decisions 550-552): what a
 * player's code is, what a typed code names, a friend's step, and the cap. No clock, no I/O.
 */

/** The reward's settings (amounts in minor units); app.ts may override each. */
export type InviteSettings = {
  rewardMinor: number;
  wageringMultiple: number;
  validDays: number;
  /** The friend's net stakes, hedged play excluded, that count as having played. */
  minPlayMinor: number;
  /** At most this many rewarded invites per inviter in any window of `capPeriodDays` days. */
  capRewards: number;
  capPeriodDays: number;
};

export const DEFAULT_INVITE_SETTINGS: InviteSettings = {
  rewardMinor: 50_00,
  wageringMultiple: 3,
  validDays: 7,
  minPlayMinor: 200_00,
  capRewards: 5,
  capPeriodDays: 30,
};

const DAY_MS = 86_400_000;

/** A player's invite code: their public 8-digit UID (decision 550), stable and already shown to them. */
export const inviteCodeOf = (uid: number): string => String(uid);

/** The UID a code typed at registration names, or null when it cannot be one (it then links nothing). */
export function uidOfInviteCode(typed: string | null | undefined): number | null {
  const code = typed?.trim() ?? '';
  return /^[1-9]\d{7}$/.test(code) ? Number(code) : null;
}

/** How far a friend got: the furthest step reached, in order. */
export function inviteStep(row: { kyc_passed_at: Date | null; played_at: Date | null; outcome: InviteOutcome }): InviteStep {
  if (row.outcome === 'rewarded') return 'rewarded';
  if (row.played_at) return 'played';
  if (row.kyc_passed_at) return 'kyc_passed';
  return 'joined';
}

/** The start of the cap's rolling window that ends at `now`. */
export const capWindowStart = (now: Date, settings: Pick<InviteSettings, 'capPeriodDays'>): Date => new Date(now.getTime() - settings.capPeriodDays * DAY_MS);

/** Whether the friend's play counts: net stakes minus their hedged part reach the threshold. */
export const hasPlayed = (netStakedMinor: number, hedgedMinor: number, settings: Pick<InviteSettings, 'minPlayMinor'>): boolean =>
  Math.max(0, netStakedMinor - hedgedMinor) >= settings.minPlayMinor;
