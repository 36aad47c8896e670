import { z } from 'zod';
import { IdempotencyKeySchema } from './wallet';
import { pgText } from './text';
import { WingoBetIdSchema, WingoBetLimitsSchema, WingoChainSchema, WingoCommitmentSchema, WingoPeriodSchema } from './wingo';

/**
 * The other lottery games over HTTP (decision 332): one set of routes for every game on
 * the engine, `/api/lottery/:game/...`. Wingo keeps its own routes and shapes (wingo.ts). An
 * outcome is a list of small integers in the game's shape (K3: three dice 1-6; 5D: five digits
 * 0-9, positions A-E), with the game's derived summary beside it. The lists below repeat the
 * rule tables' ids so the contract stays dependency-free; a server test checks they agree.
 */

/** Games served by the generic routes (Trx Win joins with its TRON block source). */
export const LOTTERY_ROUTE_GAMES = ['k3', '5d'] as const;
export const LotteryGameIdSchema = z.enum(LOTTERY_ROUTE_GAMES);
export type LotteryGameId = z.infer<typeof LotteryGameIdSchema>;
export const LotteryGameParamsSchema = z.strictObject({ game: LotteryGameIdSchema });

/** The rooms of K3 and 5D: 1, 3, 5 and 10 minutes. */
export const LOTTERY_ROOM_IDS = ['1m', '3m', '5m', '10m'] as const;
export const LotteryRoomIdSchema = z.enum(LOTTERY_ROOM_IDS);
export type LotteryRoomId = z.infer<typeof LotteryRoomIdSchema>;

/** A selection id of the game's rule table ("sum:10", "A:big", ...); an unknown one is refused with VALIDATION_FAILED. */
export const LotterySelectionSchema = pgText().min(1).max(32).regex(/^[a-z0-9A-E:-]+$/, 'Unknown selection');

export const LotteryOutcomeSchema = z.array(z.number().int().min(0).max(9)).min(1).max(5).describe('The drawn values in order: K3 three dice, 5D digits A-E');

/** What the history shows of an outcome besides its values. */
export const LotterySummarySchema = z
  .object({
    sum: z.number().int(),
    size: z.enum(['big', 'small']).describe('K3: sum 11-18 big; 5D: sum 23-45 big'),
    parity: z.enum(['odd', 'even']),
  })
  .meta({ id: 'LotterySummary' });
export type LotterySummary = z.infer<typeof LotterySummarySchema>;

export const LotteryRoundClockSchema = z
  .object({
    roomId: LotteryRoomIdSchema,
    period: z.string(),
    phase: z.enum(['open', 'locked']),
    opensAtMs: z.number().int(),
    locksAtMs: z.number().int(),
    drawsAtMs: z.number().int(),
  })
  .meta({ id: 'LotteryRoundClock' });
export type LotteryRoundClock = z.infer<typeof LotteryRoundClockSchema>;

export const LotteryResultSchema = z
  .object({
    game: LotteryGameIdSchema,
    roomId: LotteryRoomIdSchema,
    period: z.string(),
    status: z.enum(['drawn', 'settled', 'voided']),
    outcome: LotteryOutcomeSchema.nullable().describe('null for a voided round'),
    summary: LotterySummarySchema.nullable(),
    drawnAtMs: z.number().int(),
  })
  .meta({ id: 'LotteryResult' });
export type LotteryResult = z.infer<typeof LotteryResultSchema>;

export const LotteryChainSchema = WingoChainSchema.extend({ roomId: LotteryRoomIdSchema }).meta({ id: 'LotteryChain' });
export type LotteryChain = z.infer<typeof LotteryChainSchema>;

export const LotteryRoomStateSchema = z
  .object({
    game: LotteryGameIdSchema,
    serverTimeMs: z.number().int(),
    round: LotteryRoundClockSchema,
    lastResult: LotteryResultSchema.nullable(),
    chain: LotteryChainSchema.nullable(),
    betting: z.object({
      selections: z.array(z.string()).describe("Every selection id of the game's rule table"),
      amountPresetsMinor: z.array(z.number().int()),
      multipliers: z.array(z.number().int()),
      feeBasisPoints: z.number().int(),
      limits: WingoBetLimitsSchema,
    }),
  })
  .meta({ id: 'LotteryRoomState' });
export type LotteryRoomState = z.infer<typeof LotteryRoomStateSchema>;

export const LotteryRoomQuerySchema = z.strictObject({ room: LotteryRoomIdSchema });

export const PlaceLotteryBetInputSchema = z.strictObject({
  room: LotteryRoomIdSchema,
  period: WingoPeriodSchema.describe('The period the player sees; another one is refused with ROUND_CLOSED'),
  selection: LotterySelectionSchema,
  amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('One of the amount presets'),
  quantity: z.number().int().positive().max(1_000_000),
  multiplier: z.number().int().positive().max(1_000_000),
  idempotencyKey: IdempotencyKeySchema,
});
export type PlaceLotteryBetInput = z.infer<typeof PlaceLotteryBetInputSchema>;

export const LotteryBetSchema = z
  .object({
    id: z.string(),
    game: LotteryGameIdSchema,
    roomId: LotteryRoomIdSchema,
    period: z.string(),
    selection: z.string(),
    amountMinor: z.number().int(),
    quantity: z.number().int(),
    multiplier: z.number().int(),
    totalMinor: z.number().int(),
    feeMinor: z.number().int(),
    contractMinor: z.number().int(),
    status: z.enum(['pending', 'won', 'lost', 'refunded']),
    payoutMinor: z.number().int(),
    outcome: LotteryOutcomeSchema.nullable().describe('The round outcome once settled'),
    placedAtMs: z.number().int(),
    settledAtMs: z.number().int().nullable(),
    commitment: WingoCommitmentSchema,
  })
  .meta({ id: 'LotteryBet' });
export type LotteryBet = z.infer<typeof LotteryBetSchema>;

export const PlaceLotteryBetResultSchema = z.object({ bet: LotteryBetSchema, balanceMinor: z.number().int() });
export type PlaceLotteryBetResult = z.infer<typeof PlaceLotteryBetResultSchema>;

export const MyLotteryBetsQuerySchema = z.strictObject({
  room: LotteryRoomIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  before: WingoBetIdSchema.optional(),
});
export type MyLotteryBetsQuery = z.infer<typeof MyLotteryBetsQuerySchema>;

export const LotteryBetsPageSchema = z.object({ items: z.array(LotteryBetSchema), nextCursor: z.string().nullable() }).meta({ id: 'LotteryBetsPage' });
export type LotteryBetsPage = z.infer<typeof LotteryBetsPageSchema>;

export const LotteryHistoryQuerySchema = z.strictObject({
  room: LotteryRoomIdSchema,
  limit: z.coerce.number().int().min(1).max(50).default(10),
  before: WingoPeriodSchema.optional(),
});
export type LotteryHistoryQuery = z.infer<typeof LotteryHistoryQuerySchema>;

export const LotteryHistoryPageSchema = z.object({ items: z.array(LotteryResultSchema), nextCursor: z.string().nullable() }).meta({ id: 'LotteryHistoryPage' });
export type LotteryHistoryPage = z.infer<typeof LotteryHistoryPageSchema>;

export const LotteryTrendQuerySchema = z.strictObject({
  room: LotteryRoomIdSchema,
  count: z.coerce.number().int().min(10).max(200).default(100),
});

/**
 * The chart over the last `count` drawn rounds, oldest first: per position (K3: each die;
 * 5D: A-E) how often each value came, and the sums' sizes and parities.
 */
export const LotteryTrendSchema = z
  .object({
    game: LotteryGameIdSchema,
    roomId: LotteryRoomIdSchema,
    rounds: z.number().int(),
    results: z.array(z.object({ period: z.string(), outcome: LotteryOutcomeSchema, summary: LotterySummarySchema })),
    positionFrequency: z.array(z.array(z.number().int())).describe('[position][value - min]: how often it came'),
    big: z.number().int(),
    small: z.number().int(),
    odd: z.number().int(),
    even: z.number().int(),
  })
  .meta({ id: 'LotteryTrend' });
export type LotteryTrend = z.infer<typeof LotteryTrendSchema>;

export const LotteryFairnessQuerySchema = z.strictObject({ period: WingoPeriodSchema });

/**
 * Everything a stranger needs to verify a K3 or 5D round (docs/fairness.md "Reading K3 and 5D"):
 * the chain check as Wingo's, then the outcome from the HMAC stream read by the game's rule
 * (`draw`: count values in min..max, by rejection sampling over 32-bit words).
 */
export const LotteryFairnessSchema = z
  .object({
    game: LotteryGameIdSchema,
    roomId: LotteryRoomIdSchema,
    period: z.string(),
    status: z.enum(['drawn', 'settled', 'voided']),
    chainId: z.number().int(),
    finalHash: z.string(),
    chainLength: z.number().int(),
    roundIndex: z.number().int(),
    link: z.string().nullable(),
    previousLink: z.string().nullable(),
    outcome: LotteryOutcomeSchema.nullable(),
    summary: LotterySummarySchema.nullable(),
    draw: z.object({ count: z.number().int(), min: z.number().int(), max: z.number().int() }).describe('How many values the stream gives, each in min..max'),
    drawnAtMs: z.number().int(),
    scheme: z.number().int(),
    locksAtMs: z.number().int(),
    beacon: z
      .object({
        name: z.string(),
        publicKey: z.string(),
        genesisMs: z.number().int(),
        periodMs: z.number().int(),
        marginMs: z.number().int(),
        round: z.number().int(),
        signature: z.string().nullable(),
        randomness: z.string().nullable(),
      })
      .nullable(),
    void: z
      .object({
        reason: z.enum(['link_lost', 'beacon_unavailable', 'chain_retired']),
        wouldOutcome: LotteryOutcomeSchema.nullable(),
        bets: z.number().int(),
        stakesMinor: z.number().int(),
        wouldPayoutMinor: z.number().int().nullable(),
      })
      .nullable(),
  })
  .meta({ id: 'LotteryFairness' });
export type LotteryFairness = z.infer<typeof LotteryFairnessSchema>;
