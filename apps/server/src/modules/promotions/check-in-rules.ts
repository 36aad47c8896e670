import type { CheckInUnavailableReason } from '@colorplay/contract';
import type { IneligibleReason } from './rules';

/**
 * The daily check-in's pure rules (docs/promotions.md, decision 545): which IST calendar day it is,
 * and whether today's check-in is available. No clock, no I/O: the time is an argument.
 */

const IST_OFFSET_MS = 330 * 60_000;

/** The IST calendar day of `now` as YYYY-MM-DD: a check-in day runs from 00:00 to 24:00 IST. */
export function istDay(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** What the check-in read about the player and the day. */
export type CheckInFacts = {
  doneToday: boolean;
  paused: boolean;
  /** Today's budget left, and the bonus one check-in costs. */
  budgetLeftMinor: number;
  bonusMinor: number;
  /** The first reason the player may not receive offers (the rule `eligibility`), or null. */
  ineligible: IneligibleReason | null;
  /** Another bonus is in play (one bonus at a time, decision 545). */
  bonusActive: boolean;
};

export type CheckInVerdict = { state: 'done' } | { state: 'available' } | { state: 'unavailable'; reason: CheckInUnavailableReason };

/**
 * Today's check-in: done first (what the player did today stays true); then the player's own
 * safety and consent (decision 490's order), so a player on a break is told that, not "paused";
 * then the operator's pause and the day's budget; last, another bonus in play.
 */
export function checkInVerdict(f: CheckInFacts): CheckInVerdict {
  if (f.doneToday) return { state: 'done' };
  if (f.ineligible) return { state: 'unavailable', reason: f.ineligible };
  if (f.paused) return { state: 'unavailable', reason: 'paused' };
  if (f.budgetLeftMinor < f.bonusMinor) return { state: 'unavailable', reason: 'budget_spent' };
  if (f.bonusActive) return { state: 'unavailable', reason: 'bonus_active' };
  return { state: 'available' };
}
