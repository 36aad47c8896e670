import { z } from 'zod';
import { bareFlagSchema, type EnvOf, isOn } from './shared';

/**
 * The daily check-in's operator settings (docs/promotions.md, decisions 546, 565): a small bonus,
 * its wagering multiple (1 to 5) and validity, a daily total budget that bounds the cost, and a
 * pause. Only the defaults: they seed the settings row the console edits, at its first read.
 */
export type CheckInConfig = { paused: boolean; bonusMinor: number; wageringMultiple: number; validDays: number; dailyBudgetMinor: number };

export const PROMOTIONS_ENV = {
  // Pauses the daily check-in (no new check-in; bonuses already granted run their course).
  CHECK_IN_PAUSED: bareFlagSchema.default('0'),
  // The check-in bonus in paise (default ₹5): small by design, the same every day (no streak).
  CHECK_IN_BONUS_MINOR: z.coerce.number().int().min(1).max(100_00).default(5_00),
  CHECK_IN_WAGERING_MULTIPLE: z.coerce.number().int().min(1).max(5).default(1),
  CHECK_IN_VALID_DAYS: z.coerce.number().int().min(1).max(30).default(3),
  // What all check-ins of one IST day may cost in total, in paise (default ₹5,000: 1,000 check-ins).
  CHECK_IN_DAILY_BUDGET_MINOR: z.coerce.number().int().min(0).max(1_00_00_000_00).default(5_000_00),
};

export function checkInConfigOf(e: EnvOf<typeof PROMOTIONS_ENV>): CheckInConfig {
  return {
    paused: isOn(e.CHECK_IN_PAUSED),
    bonusMinor: e.CHECK_IN_BONUS_MINOR,
    wageringMultiple: e.CHECK_IN_WAGERING_MULTIPLE,
    validDays: e.CHECK_IN_VALID_DAYS,
    dailyBudgetMinor: e.CHECK_IN_DAILY_BUDGET_MINOR,
  };
}
