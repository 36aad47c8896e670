import { z } from 'zod';
import { IdempotencyKeySchema } from './wallet';
import { pgText } from './text';
import { WINGO_ROOM_IDS } from './lottery-constants';

/**
 * Wingo over HTTP and WebSocket (docs/games.md, docs/fairness.md). The rule table itself lives in
 * `@colorplay/lottery` (pure functions); this file only names what crosses the wire. The lists
 * below repeat the rule table's codes so the contract stays dependency-free; a server test checks
 * they equal `WINGO_SELECTIONS` and `WINGO_ROOMS`.
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

/** A period number: IST date YYYYMMDD + room code (3 digits) + sequence of the day (4 digits). */
export const WingoPeriodSchema = pgText().regex(/^\d{15}$/, 'A period is 15 digits');

/** Where a round stands: betting is accepted only while it is `open`. */
export const WINGO_ROUND_STATUSES = ['open', 'locked', 'drawn', 'settled', 'voided'] as const;
export const WingoRoundStatusSchema = z.enum(WINGO_ROUND_STATUSES);
export type WingoRoundStatus = z.infer<typeof WingoRoundStatusSchema>;

/** The round being played in a room (clock data only: nothing about its link before the draw). */
export const WingoRoundClockSchema = z
  .object({
    roomId: WingoRoomIdSchema,
    period: z.string(),
    phase: z.enum(['open', 'locked']),
    opensAtMs: z.number().int(),
    locksAtMs: z.number().int(),
    drawsAtMs: z.number().int(),
  })
  .meta({ id: 'WingoRoundClock' });
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
export const WingoChainSchema = z
  .object({
    chainId: z.number().int(),
    roomId: WingoRoomIdSchema,
    finalHash: z.string().describe('L[0], 64 lowercase hex characters'),
    length: z.number().int(),
    firstPeriod: z.string().describe('The period that uses link L[1]'),
    publishedAtMs: z.number().int(),
    scheme: z.number().int().describe('1: link and period; 2: link, game tag, period and beacon randomness (docs/fairness.md)'),
    beacon: z
      .object({
        name: z.string().describe('drand-quicknet, or sandbox (a local beacon with its own key: no guarantee)'),
        publicKey: z.string().describe('BLS12-381 G2 public key, 192 hex characters'),
        genesisMs: z.number().int(),
        periodMs: z.number().int(),
        marginMs: z.number().int().describe('Beacon round of a period = first round strictly after lock time + margin'),
      })
      .nullable(),
    retiredFromPeriod: z.string().nullable().describe('The first period this chain no longer serves (null while in service)'),
  })
  .meta({ id: 'WingoChain' });
export type WingoChain = z.infer<typeof WingoChainSchema>;

export const WingoBetLimitsSchema = z.object({
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  minBetMinor: z.number().int(),
  maxBetMinor: z.number().int(),
  maxRoundMinor: z.number().int(),
});

/** Everything the Wingo screen needs for one room, over HTTP (the socket-down fallback). */
export const WingoRoomStateSchema = z
  .object({
    serverTimeMs: z.number().int().describe('The server clock when the answer was made: correct countdowns with it'),
    round: WingoRoundClockSchema,
    lastResult: WingoResultSchema.nullable(),
    chain: WingoChainSchema.nullable(),
    betting: z.object({
      amountPresetsMinor: z.array(z.number().int()),
      multipliers: z.array(z.number().int()),
      feeBasisPoints: z.number().int(),
      limits: WingoBetLimitsSchema,
    }),
  })
  .meta({ id: 'WingoRoomState' });
export type WingoRoomState = z.infer<typeof WingoRoomStateSchema>;

export const WingoRoomQuerySchema = z.strictObject({ room: WingoRoomIdSchema });

/** Place one bet on the room's current period. Idempotent by key: a retry returns the same bet. */
export const PlaceWingoBetInputSchema = z.strictObject({
  room: WingoRoomIdSchema,
  period: WingoPeriodSchema.describe('The period the player sees; a different (past) period is refused with ROUND_CLOSED'),
  selection: WingoSelectionSchema,
  amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('One of the amount presets'),
  quantity: z.number().int().positive().max(1_000_000),
  multiplier: z.number().int().positive().max(1_000_000),
  idempotencyKey: IdempotencyKeySchema,
});
export type PlaceWingoBetInput = z.infer<typeof PlaceWingoBetInputSchema>;

export const WINGO_BET_STATUSES = ['pending', 'won', 'lost', 'refunded'] as const;
export const WingoBetStatusSchema = z.enum(WINGO_BET_STATUSES);
export type WingoBetStatus = z.infer<typeof WingoBetStatusSchema>;

/** What a bet was placed under: anyone can later check the round's proof against it (docs/fairness.md). */
export const WingoCommitmentSchema = z
  .object({
    chainId: z.number().int(),
    finalHash: z.string().describe("The room chain's final hash L[0]"),
    roundIndex: z.number().int().describe('k: the round uses link L[k]'),
    beaconRound: z.number().int().nullable().describe('The beacon round mixed into the draw (null on a scheme-1 chain)'),
  })
  .meta({ id: 'WingoCommitment' });
export type WingoCommitment = z.infer<typeof WingoCommitmentSchema>;

export const WingoBetSchema = z
  .object({
    id: z.string().describe('bet_…'),
    roomId: WingoRoomIdSchema,
    period: z.string(),
    selection: WingoSelectionSchema,
    amountMinor: z.number().int(),
    quantity: z.number().int(),
    multiplier: z.number().int(),
    totalMinor: z.number().int().describe('amount x quantity x multiplier: what was debited'),
    feeMinor: z.number().int().describe('The 2 % service fee'),
    contractMinor: z.number().int().describe('total - fee: what plays'),
    status: WingoBetStatusSchema,
    payoutMinor: z.number().int().describe('Credited on a win (or the full total on a refund); 0 otherwise'),
    resultDigit: z.number().int().min(0).max(9).nullable(),
    placedAtMs: z.number().int(),
    settledAtMs: z.number().int().nullable(),
    commitment: WingoCommitmentSchema,
  })
  .meta({ id: 'WingoBet' });
export type WingoBet = z.infer<typeof WingoBetSchema>;

export const PlaceWingoBetResultSchema = z.object({ bet: WingoBetSchema, balanceMinor: z.number().int() });
export type PlaceWingoBetResult = z.infer<typeof PlaceWingoBetResultSchema>;

export const WingoBetIdSchema = pgText().regex(/^bet_[A-Za-z0-9_-]{6,60}$/, 'Unknown bet');

export const MyWingoBetsQuerySchema = z.strictObject({
  room: WingoRoomIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  before: WingoBetIdSchema.optional().describe('nextCursor of the previous page'),
});
export type MyWingoBetsQuery = z.infer<typeof MyWingoBetsQuerySchema>;

export const WingoBetsPageSchema = z
  .object({ items: z.array(WingoBetSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'WingoBetsPage' });
export type WingoBetsPage = z.infer<typeof WingoBetsPageSchema>;

export const WingoHistoryQuerySchema = z.strictObject({
  room: WingoRoomIdSchema,
  limit: z.coerce.number().int().min(1).max(50).default(10),
  before: WingoPeriodSchema.optional().describe('nextCursor of the previous page'),
});
export type WingoHistoryQuery = z.infer<typeof WingoHistoryQuerySchema>;

export const WingoHistoryPageSchema = z
  .object({ items: z.array(WingoResultSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'WingoHistoryPage' });
export type WingoHistoryPage = z.infer<typeof WingoHistoryPageSchema>;

export const WingoTrendQuerySchema = z.strictObject({
  room: WingoRoomIdSchema,
  count: z.coerce.number().int().min(10).max(200).default(100),
});

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

export const WingoFairnessQuerySchema = z.strictObject({ period: WingoPeriodSchema });

/**
 * Everything needed to verify one round (docs/fairness.md), published from its lock on: its link
 * L[k] (check SHA-256 applied k times gives finalHash, and SHA-256(link) equals previousLink when
 * given), then once drawn the beacon value and the digit. Accepted as is by the app's verify
 * screen and `npm run fair -- verify` (a locked round's record verifies its link alone).
 */
export const WingoFairnessSchema = z
  .object({
    roomId: WingoRoomIdSchema,
    period: z.string(),
    status: z.enum(['locked', 'drawn', 'settled', 'voided']).describe('locked: betting closed, the link is public, the result waits for its beacon value'),
    chainId: z.number().int(),
    finalHash: z.string(),
    chainLength: z.number().int(),
    roundIndex: z.number().int().describe('k: the round uses link L[k]'),
    link: z.string().nullable().describe('L[k], public from the lock on (null only for a round from before link-at-lock whose link was lost)'),
    previousLink: z.string().nullable().describe("L[k-1] as the previous slot's round published it; null when k = 1 (compare with finalHash) or that slot had no round"),
    digit: z.number().int().min(0).max(9).nullable().describe('null until drawn, and for a voided round'),
    drawnAtMs: z.number().int().nullable().describe('null while locked'),
    scheme: z.number().int().describe('1: HMAC(link, period); 2: HMAC(link, "<game>:<period>:" + beacon randomness)'),
    game: z.string().describe('The game tag of the HMAC message (scheme 2)'),
    locksAtMs: z.number().int().describe('When betting closed: the beacon round is the first strictly after this + marginMs'),
    beacon: z
      .object({
        name: z.string(),
        publicKey: z.string(),
        genesisMs: z.number().int(),
        periodMs: z.number().int(),
        marginMs: z.number().int(),
        round: z.number().int(),
        signature: z.string().nullable().describe('96 hex; null while the value is not at hand (a locked round, a void whose beacon value never came)'),
        randomness: z.string().nullable().describe('SHA-256(signature)'),
      })
      .nullable(),
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

export const WingoClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), accessToken: pgText().min(1).max(4096) }),
  z.strictObject({ type: z.literal('ping'), clientTimeMs: z.number().int().optional() }),
  /** The room whose results the socket wants (one at a time; a new one replaces it). */
  z.strictObject({ type: z.literal('subscribe'), room: WingoRoomIdSchema }),
]);
export type WingoClientMessage = z.infer<typeof WingoClientMessageSchema>;

/**
 * The messages every lottery socket sends besides its game's clock, results and settlements
 * (Wingo's here, the other games' in lottery.ts): the session's and the connection's.
 */
export const LIVE_SESSION_MESSAGES = [
  /** The authenticated player's balance changed (bet placed, won, refunded, deposit...). */
  z.object({ type: z.literal('balance'), balanceMinor: z.number().int(), reason: z.string() }),
  z.object({ type: z.literal('authenticated'), playerId: z.number().int() }),
  z.object({ type: z.literal('pong'), serverTimeMs: z.number().int(), clientTimeMs: z.number().int().optional() }),
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
  /** One of the player's support tickets changed (a reply, a status): the Help thread reads it again (docs/support.md). */
  z.object({ type: z.literal('supportTicket'), ticketId: z.string(), status: z.enum(['open', 'waiting_player', 'resolved']) }),
] as const;

export const WingoServerMessageSchema = z.discriminatedUnion('type', [
  /** Sent on connect and about every second: every room's current round and the server time. */
  z.object({ type: z.literal('clock'), serverTimeMs: z.number().int(), rounds: z.array(WingoRoundClockSchema) }),
  z.object({ type: z.literal('subscribed'), room: WingoRoomIdSchema }),
  /** A round of the subscribed room (of any room before a subscription) was drawn (or voided). */
  z.object({ type: z.literal('result'), result: WingoResultSchema }),
  /** The authenticated player's bets in a round were settled (won, lost or refunded). */
  z.object({
    type: z.literal('betsSettled'),
    roomId: WingoRoomIdSchema,
    period: z.string(),
    bets: z.number().int(),
    payoutMinor: z.number().int().describe('Winnings plus refunds credited for the round'),
    balanceMinor: z.number().int(),
  }),
  ...LIVE_SESSION_MESSAGES,
]);
export type WingoServerMessage = z.infer<typeof WingoServerMessageSchema>;
