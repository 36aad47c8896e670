import { z } from 'zod';
import { ErrorResponseSchema } from './errors';
import { WINGO_ROOM_IDS } from './lottery-constants';
import {
  LOTTERY_BET_STATUSES,
  LotteryBetIdSchema,
  LotteryBetLimitsSchema,
  LotteryBetSchema,
  LotteryBetStatusSchema,
  LotteryBettingSchema,
  LotteryChainFairnessSchema,
  LotteryChainSchema,
  LotteryCommitmentSchema,
  LotteryFairnessQuerySchema,
  LotteryHistoryQuerySchema,
  LotteryPeriodSchema,
  LotteryRoomStateSchema,
  LotteryRoundClockSchema,
  LotteryTrendQuerySchema,
  LIVE_SESSION_MESSAGES,
  liveClientMessageSchema,
  liveGameMessages,
  MyLotteryBetsQuerySchema,
  pageOf,
  PlaceLotteryBetInputSchema,
} from './lottery';

/**
 * Wingo over HTTP and WebSocket (docs/games.md, docs/fairness.md): the one-value case of the
 * lottery shapes (lottery.ts), each schema here derived from its generic one with Wingo's rooms,
 * selections and its outcome as a digit with its colours and size (decision 465). Wingo keeps its
 * own routes (`/api/wingo/...`) because the Wingo screen, the bench and the e2e specs read them;
 * they go when no client does. The rule table itself lives in `@colorplay/lottery` (pure
 * functions); the lists below repeat its codes so the contract stays dependency-free; a server
 * test checks they equal `WINGO_SELECTIONS` and `WINGO_ROOMS`.
 *
 * Times are integer milliseconds since the Unix epoch (`...Ms`) so a client can correct its
 * countdown with `serverTimeMs`; money is integer minor units (paise).
 */

/** The four rooms: 30 s, 1 min, 3 min, 5 min (lottery-constants.ts, without zod). */
export { WINGO_ROOM_IDS };
export const WingoRoomIdSchema = z.enum(WINGO_ROOM_IDS);
export type WingoRoomId = z.infer<typeof WingoRoomIdSchema>;

/** Every selection: a colour, a number 0-9 or big/small (same codes as `@colorplay/lottery`). */
export const WINGO_SELECTION_CODES = ['green', 'violet', 'red', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9', 'big', 'small'] as const;
export const WingoSelectionSchema = z.enum(WINGO_SELECTION_CODES);
export type WingoSelectionCode = z.infer<typeof WingoSelectionSchema>;

export const WingoColourSchema = z.enum(['green', 'violet', 'red']);
export const WingoSizeSchema = z.enum(['big', 'small']);

export const WingoPeriodSchema = LotteryPeriodSchema;

/** Where a round stands: betting is accepted only while it is `open`. */
export const WINGO_ROUND_STATUSES = ['open', 'locked', 'drawn', 'settled', 'voided'] as const;
export const WingoRoundStatusSchema = z.enum(WINGO_ROUND_STATUSES);
export type WingoRoundStatus = z.infer<typeof WingoRoundStatusSchema>;

/** The round being played in a room (clock data only: nothing about its link before the draw). */
export const WingoRoundClockSchema = LotteryRoundClockSchema.extend({ roomId: WingoRoomIdSchema }).meta({ id: 'WingoRoundClock' });
export type WingoRoundClock = z.infer<typeof WingoRoundClockSchema>;

/** One drawn round as the game history shows it. A voided round has no digit (every stake refunded). */
export const WingoResultSchema = z
  .object({
    roomId: WingoRoomIdSchema,
    period: z.string(),
    status: z.enum(['drawn', 'settled', 'voided']),
    digit: z.number().int().min(0).max(9).nullable(),
    colours: z.array(WingoColourSchema),
    size: WingoSizeSchema.nullable(),
    drawnAtMs: z.number().int(),
  })
  .meta({ id: 'WingoResult' });
export type WingoResult = z.infer<typeof WingoResultSchema>;

/** A room's published hash chain: its final hash commits to every link before the first round. */
export const WingoChainSchema = LotteryChainSchema.extend({ roomId: WingoRoomIdSchema }).meta({ id: 'WingoChain' });
export type WingoChain = z.infer<typeof WingoChainSchema>;

export const WingoBetLimitsSchema = LotteryBetLimitsSchema;

/** Everything the Wingo screen needs for one room, over HTTP (the socket-down fallback): the generic state without game, source and selections. */
export const WingoRoomStateSchema = LotteryRoomStateSchema.omit({ game: true, source: true })
  .extend({ round: WingoRoundClockSchema, lastResult: WingoResultSchema.nullable(), chain: WingoChainSchema.nullable(), betting: LotteryBettingSchema })
  .meta({ id: 'WingoRoomState' });
export type WingoRoomState = z.infer<typeof WingoRoomStateSchema>;

export const WingoRoomQuerySchema = z.strictObject({ room: WingoRoomIdSchema });

/** Place one bet on the room's current period. Idempotent by key: a retry returns the same bet. */
export const PlaceWingoBetInputSchema = PlaceLotteryBetInputSchema.extend({ room: WingoRoomIdSchema, selection: WingoSelectionSchema });
export type PlaceWingoBetInput = z.infer<typeof PlaceWingoBetInputSchema>;

export const WINGO_BET_STATUSES = LOTTERY_BET_STATUSES;
export const WingoBetStatusSchema = LotteryBetStatusSchema;
export type WingoBetStatus = z.infer<typeof WingoBetStatusSchema>;

/** What a bet was placed under: anyone can later check the round's proof against it (docs/fairness.md). */
export const WingoCommitmentSchema = LotteryCommitmentSchema;
export type WingoCommitment = z.infer<typeof WingoCommitmentSchema>;

/** A Wingo bet: the generic bet with the result as its digit, always on a chain. */
export const WingoBetSchema = LotteryBetSchema.omit({ game: true, outcome: true, locksAtMs: true })
  .extend({
    roomId: WingoRoomIdSchema,
    selection: WingoSelectionSchema,
    resultDigit: z.number().int().min(0).max(9).nullable(),
    commitment: WingoCommitmentSchema,
  })
  .meta({ id: 'WingoBet' });
export type WingoBet = z.infer<typeof WingoBetSchema>;

export const PlaceWingoBetResultSchema = z.object({ bet: WingoBetSchema, balanceMinor: z.number().int() });
export type PlaceWingoBetResult = z.infer<typeof PlaceWingoBetResultSchema>;

export const WingoBetIdSchema = LotteryBetIdSchema;

export const MyWingoBetsQuerySchema = MyLotteryBetsQuerySchema.extend({ room: WingoRoomIdSchema.optional() });
export type MyWingoBetsQuery = z.infer<typeof MyWingoBetsQuerySchema>;

export const WingoBetsPageSchema = pageOf(WingoBetSchema).meta({ id: 'WingoBetsPage' });
export type WingoBetsPage = z.infer<typeof WingoBetsPageSchema>;

export const WingoHistoryQuerySchema = LotteryHistoryQuerySchema.extend({ room: WingoRoomIdSchema });
export type WingoHistoryQuery = z.infer<typeof WingoHistoryQuerySchema>;

export const WingoHistoryPageSchema = pageOf(WingoResultSchema).meta({ id: 'WingoHistoryPage' });
export type WingoHistoryPage = z.infer<typeof WingoHistoryPageSchema>;

export const WingoTrendQuerySchema = LotteryTrendQuerySchema.extend({ room: WingoRoomIdSchema });

/**
 * Statistics for the chart over the last `count` drawn rounds (voided ones skipped), oldest
 * first in `digits`. Indexes 0-9 of the arrays are the digits.
 */
export const WingoTrendSchema = z
  .object({
    roomId: WingoRoomIdSchema,
    rounds: z.number().int().describe('How many drawn rounds the figures cover'),
    digits: z.array(z.object({ period: z.string(), digit: z.number().int() })),
    frequency: z.array(z.number().int()).describe('How often each digit came'),
    missing: z.array(z.number().int()).describe('Rounds since each digit last came (rounds when it never did)'),
    maxMissing: z.array(z.number().int()).describe('Longest run of rounds without each digit'),
    maxConsecutive: z.array(z.number().int()).describe('Longest run of each digit in a row'),
    big: z.number().int(),
    small: z.number().int(),
    colours: z.object({ green: z.number().int(), red: z.number().int(), violet: z.number().int() }),
  })
  .meta({ id: 'WingoTrend' });
export type WingoTrend = z.infer<typeof WingoTrendSchema>;

export const WingoFairnessQuerySchema = LotteryFairnessQuerySchema;

/**
 * Everything needed to verify one round (docs/fairness.md), published from its lock on: its link
 * L[k] (check SHA-256 applied k times gives finalHash, and SHA-256(link) equals previousLink when
 * given), then once drawn the beacon value and the digit. Accepted as is by the app's verify
 * screen and `npm run fair -- verify` (a locked round's record verifies its link alone).
 */
export const WingoFairnessSchema = LotteryChainFairnessSchema.omit({ source: true, outcome: true, summary: true, draw: true })
  .extend({
    roomId: WingoRoomIdSchema,
    digit: z.number().int().min(0).max(9).nullable().describe('null until drawn, and for a voided round'),
    game: z.string().describe('The game tag of the HMAC message (scheme 2)'),
    void: z
      .object({
        reason: z.enum(['link_lost', 'beacon_unavailable', 'chain_retired']),
        wouldDigit: z.number().int().nullable().describe('What the round would have drawn, when link and beacon value are known'),
        bets: z.number().int(),
        stakesMinor: z.number().int().describe('Every stake refunded in full'),
        wouldPayoutMinor: z.number().int().nullable().describe('What the round would have paid out, when wouldDigit is known'),
      })
      .nullable(),
  })
  .meta({ id: 'WingoFairness' });
export type WingoFairness = z.infer<typeof WingoFairnessSchema>;

// ---------------------------------------------------------------------------------------------
// WebSocket (`API_PATHS.wingo_live`). No token in the URL: the client sends `auth` first if it
// wants its balance changes; without it the socket still carries the clock and the results.
// Results: of the room the socket subscribed to, or of every room until it subscribes (decision 365).

/**
 * A bet over the signed-in socket (decision 570): the HTTP bet's input as is, in one frame. It is
 * answered by `betPlaced` or `betRefused`, each carrying the bet's idempotency key, so a client
 * with several bets in flight matches each answer; a retry with the same key is the HTTP retry.
 */
export const WingoBetFrameSchema = z.strictObject({ type: z.literal('bet'), bet: PlaceWingoBetInputSchema });
export type WingoBetFrame = z.infer<typeof WingoBetFrameSchema>;

export const WingoClientMessageSchema = z.discriminatedUnion('type', [...liveClientMessageSchema(WingoRoomIdSchema).options, WingoBetFrameSchema]);
export type WingoClientMessage = z.infer<typeof WingoClientMessageSchema>;

/**
 * Wingo's socket: the generic messages with Wingo's rooms, clock and result, and no game in a
 * settlement. Before a subscription, results of every room come.
 */
export const WingoServerMessageSchema = z.discriminatedUnion('type', [
  ...liveGameMessages(WingoRoomIdSchema, WingoRoundClockSchema, WingoResultSchema, {}),
  ...LIVE_SESSION_MESSAGES,
  /** A `bet` frame's bet was placed (or was already, under its key): the HTTP route's answer. */
  z.object({ type: z.literal('betPlaced'), idempotencyKey: z.string(), result: PlaceWingoBetResultSchema }),
  /** A `bet` frame was refused and changed nothing: the HTTP route's error; no key when the frame had none readable. */
  z.object({ type: z.literal('betRefused'), idempotencyKey: z.string().nullable(), error: ErrorResponseSchema.shape.error }),
]);
export type WingoServerMessage = z.infer<typeof WingoServerMessageSchema>;
