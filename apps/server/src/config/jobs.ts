import { z } from 'zod';
import { DAY_MS, HOUR_MS, MINUTE_MS, msSchema, SECOND_MS } from './shared';

/**
 * Platform jobs the leader runs: the events safety net and housekeeping. Each domain's own sweep
 * (deposit expiry, reconciliation, payouts, the lottery engine) sits with its domain's settings.
 */

export const JOBS_DEFAULTS = {
  eventsPollMs: 5 * SECOND_MS,
  housekeepingSweepMs: 10 * MINUTE_MS,
  /** A week. */
  eventsRetentionHours: 7 * 24,
  /** The reports' fold of ledger entries into daily tables (decision 410). */
  reportsFoldMs: MINUTE_MS,
  /** Twice the longest a ledger transaction may last: younger entries are read live, not folded. */
  reportsSettleSeconds: 600,
} as const;

const MAX_EVENTS_RETENTION_HOURS = 365 * 24;

export const JOBS_ENV = {
  /**
   * How often the leader looks for events the after-commit dispatch missed (a crash between
   * commit and dispatch, a handler waiting to retry); 0 turns the safety net off (tests).
   */
  EVENTS_POLL_MS: msSchema(0, HOUR_MS, JOBS_DEFAULTS.eventsPollMs),
  /** How often the leader deletes rows that have served their purpose; 0 turns it off. */
  HOUSEKEEPING_SWEEP_MS: msSchema(0, DAY_MS, JOBS_DEFAULTS.housekeepingSweepMs),
  /** How long a fully delivered domain event is kept for inspection before housekeeping deletes it. */
  EVENTS_RETENTION_HOURS: z.coerce.number().int().min(1).max(MAX_EVENTS_RETENTION_HOURS).default(JOBS_DEFAULTS.eventsRetentionHours),
  /** How often the leader folds new ledger entries into the reports' daily tables; 0 turns it off. */
  REPORTS_FOLD_MS: msSchema(0, HOUR_MS, JOBS_DEFAULTS.reportsFoldMs),
  /**
   * How old an entry's transaction must be before the fold takes it: twice the longest a ledger
   * transaction may last (decision 410). Reports read younger entries live, so this only moves work.
   */
  REPORTS_SETTLE_SECONDS: z.coerce.number().int().min(0).max(DAY_MS / SECOND_MS).default(JOBS_DEFAULTS.reportsSettleSeconds),
};
