import { z } from 'zod';
import { pgText } from './text';

/**
 * The console's reports (docs/admin.md, "Reports"): every figure a sum of ledger entries, per
 * India day (IST). Amounts in minor units (paise).
 */

/** A calendar day in India Standard Time, YYYY-MM-DD. */
export const IstDaySchema = pgText()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD')
  .refine((d) => {
    // An impossible day (2026-02-30, 9999-99-99) is an invalid Date, whose toISOString throws.
    const at = new Date(`${d}T00:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === d;
  }, 'Not a calendar date');

/** The longest range one report covers: a year and a day, so a leap year fits. */
export const REPORT_MAX_DAYS = 367;

/** The reports a CSV export can carry, each the table the console shows. */
export const REPORT_KINDS = ['daily', 'channels', 'games', 'cohorts', 'players', 'liabilities'] as const;
export const ReportKindSchema = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof ReportKindSchema>;

/** A range of days: from on or before to, at most REPORT_MAX_DAYS long (each query that takes one). */
function ranged<T extends z.ZodObject<{ from: typeof IstDaySchema; to: typeof IstDaySchema }>>(query: T) {
  return query
    .refine((r) => r.from <= r.to, { message: 'from must not be after to', path: ['to'] })
    .refine((r) => (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 < REPORT_MAX_DAYS, { message: `At most ${REPORT_MAX_DAYS} days`, path: ['to'] });
}

export const ReportRangeSchema = ranged(
  z.strictObject({
    from: IstDaySchema.describe('First day (IST), inclusive'),
    to: IstDaySchema.describe('Last day (IST), inclusive'),
  }),
);
export type ReportRange = z.infer<typeof ReportRangeSchema>;

export const ReportCsvQuerySchema = ranged(z.strictObject({ report: ReportKindSchema, from: IstDaySchema, to: IstDaySchema }));

const Minor = z.number().int();
const Count = z.number().int().nonnegative();

export const ChannelFigureSchema = z.object({ channel: z.string(), count: Count, amountMinor: Minor });
export type ChannelFigure = z.infer<typeof ChannelFigureSchema>;

/** Stakes, returned stakes, payouts, GGR (fee included) and the fee as its own line. */
export const GamingFiguresSchema = z.object({
  stakesMinor: Minor,
  returnedMinor: Minor,
  payoutsMinor: Minor,
  ggrMinor: Minor,
  feesMinor: Minor,
  /** GGR over stakes net of returns, in basis points (null when nothing was staked). */
  holdBasisPoints: z.number().int().nullable(),
});
export type GamingFigures = z.infer<typeof GamingFiguresSchema>;

export const DayFiguresSchema = GamingFiguresSchema.extend({
  day: z.string(),
  depositsCount: Count,
  depositsMinor: Minor,
  withdrawalsCount: Count,
  withdrawalsMinor: Minor,
  reversedCount: Count,
  reversedMinor: Minor,
  activePlayers: Count,
});
export type DayFigures = z.infer<typeof DayFiguresSchema>;

export const GameFiguresSchema = GamingFiguresSchema.extend({
  /** The house account of the play: `house:lottery:<game>` or `vendor:<code>`. */
  account: z.string(),
  game: z.string(),
  room: z.string(),
});
export type GameFigures = z.infer<typeof GameFiguresSchema>;

export const PlayerPnlSchema = z.object({
  playerId: z.string(),
  depositsMinor: Minor,
  withdrawalsMinor: Minor,
  stakesMinor: Minor,
  payoutsMinor: Minor,
  netMinor: Minor,
});
export type PlayerPnl = z.infer<typeof PlayerPnlSchema>;

export const LiabilitiesSchema = z.object({
  playerBalancesMinor: Minor,
  vendorPursesMinor: Minor,
  pendingWithdrawalsMinor: Minor,
  owedMinor: Minor,
  depositsReceivedMinor: Minor,
  withdrawalsPaidMinor: Minor,
  custodyMinor: Minor,
  /** Custody less what is owed: the house's own money (fees, game results, corrections). */
  differenceMinor: Minor,
  houseAccounts: z.array(z.object({ account: z.string(), balanceMinor: Minor })),
});
export type Liabilities = z.infer<typeof LiabilitiesSchema>;

/** Retention on day N after registration: players with a stake that day, of the cohort; null until the day is over. */
const RetainedSchema = z.object({ players: Count, basisPoints: z.number().int().nullable() });

/** The players registered on one IST day: first-deposit conversion and D1/D7/D30 retention. */
export const CohortFiguresSchema = z.object({
  day: z.string(),
  newPlayers: Count,
  /** Of them, players with at least one deposit credited since (as of now). */
  depositors: Count,
  conversionBasisPoints: z.number().int().nullable(),
  d1: RetainedSchema,
  d7: RetainedSchema,
  d30: RetainedSchema,
});
export type CohortFigures = z.infer<typeof CohortFiguresSchema>;

export const ReportSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(DayFiguresSchema),
  totals: DayFiguresSchema.omit({ day: true }),
  deposits: z.array(ChannelFigureSchema),
  withdrawals: z.array(ChannelFigureSchema),
  games: z.array(GameFiguresSchema),
  cohorts: z.array(CohortFiguresSchema),
  /** The ledger entries folded into the daily tables; newer ones are read live. */
  foldedThroughEntryId: z.number().int(),
});
export type ReportSummary = z.infer<typeof ReportSummarySchema>;

export const PlayerPnlQuerySchema = ranged(
  z.strictObject({
    from: IstDaySchema,
    to: IstDaySchema,
    playerId: pgText().regex(/^\d{1,18}$/, 'A player id is a number').optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
  }),
);
export type PlayerPnlQuery = z.infer<typeof PlayerPnlQuerySchema>;
