import { z } from 'zod';
import { IdempotencyKeySchema } from './wallet';
import { pgText } from './text';
import { LOTTERY_ROOM_IDS, LOTTERY_ROUTE_GAMES } from './lottery-constants';
import { LIVE_SESSION_MESSAGES, WINGO_ROOM_IDS, WingoBetIdSchema, WingoBetLimitsSchema, WingoBetStatusSchema, WingoChainSchema, WingoCommitmentSchema, WingoPeriodSchema } from './wingo';

/**
 * The other lottery games over HTTP (decision 332): one set of routes for every game on
 * the engine, `/api/lottery/:game/...`. Wingo keeps its own routes and shapes (wingo.ts). An
 * outcome is a list of small integers in the game's shape (K3: three dice 1-6; 5D: five digits
 * 0-9, positions A-E), with the game's derived summary beside it. The lists below repeat the
 * rule tables' ids so the contract stays dependency-free; a server test checks they agree.
 */

/** Games served by the generic routes: K3 and 5D on fair chains, Trx Win on TRON blocks (lottery-constants.ts, without zod). */
export { LOTTERY_ROUTE_GAMES };
/** The games whose outcome comes from a fair chain and beacon (docs/fairness.md); Trx Win's comes from a TRON block. */
export const LOTTERY_CHAIN_GAMES = ['k3', '5d'] as const;
export const LotteryChainGameIdSchema = z.enum(LOTTERY_CHAIN_GAMES);
export const LotteryGameIdSchema = z.enum(LOTTERY_ROUTE_GAMES);
export type LotteryGameId = z.infer<typeof LotteryGameIdSchema>;
export const LotteryGameParamsSchema = z.strictObject({ game: LotteryGameIdSchema });

/** The rooms of K3, 5D and Trx Win: 1, 3, 5 and 10 minutes (lottery-constants.ts, without zod). */
export { LOTTERY_ROOM_IDS };
export const LotteryRoomIdSchema = z.enum(LOTTERY_ROOM_IDS);
export type LotteryRoomId = z.infer<typeof LotteryRoomIdSchema>;

/** A selection id of the game's rule table ("sum:10", "A:big", ...); an unknown one is refused with VALIDATION_FAILED. */
export const LotterySelectionSchema = pgText().min(1).max(32).regex(/^[a-z0-9A-E:-]+$/, 'Unknown selection');

export const LotteryOutcomeSchema = z.array(z.number().int().min(0).max(9)).min(1).max(5).describe('The drawn values in order: K3 three dice, 5D digits A-E, Trx Win its one digit');

/** What the history shows of an outcome besides its values. */
export const LotterySummarySchema = z
  .object({
    sum: z.number().int(),
    size: z.enum(['big', 'small']).describe('K3: sum 11-18 big; 5D: sum 23-45 big; Trx Win: digit 5-9 big (sum is the digit)'),
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
    block: z
      .object({ number: z.number().int(), id: z.string(), timestampMs: z.number().int() })
      .nullable()
      .describe('Trx Win: the TRON block the result was read from; null for every other game and for a voided round'),
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
    source: z.enum(['chain', 'tron']).describe("Where the game's outcomes come from: a fair chain and beacon, or a TRON block"),
    chain: LotteryChainSchema.nullable().describe('The chain of the current round (always null for Trx Win)'),
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
    commitment: WingoCommitmentSchema.nullable().describe("The chain commitment of the bet's round; null for Trx Win, whose round is decided by the first TRON block after locksAtMs"),
    locksAtMs: z.number().int().describe("The round's lock time (for Trx Win it names the deciding block)"),
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
export const LotteryChainFairnessSchema = z
  .object({
    source: z.literal('chain'),
    game: LotteryChainGameIdSchema,
    roomId: LotteryRoomIdSchema,
    period: z.string(),
    status: z.enum(['locked', 'drawn', 'settled', 'voided']).describe('Published from the lock on (docs/fairness.md "What is published when")'),
    chainId: z.number().int(),
    finalHash: z.string(),
    chainLength: z.number().int(),
    roundIndex: z.number().int(),
    link: z.string().nullable().describe('L[k], public from the lock on'),
    previousLink: z.string().nullable(),
    outcome: LotteryOutcomeSchema.nullable(),
    summary: LotterySummarySchema.nullable(),
    draw: z.object({ count: z.number().int(), min: z.number().int(), max: z.number().int() }).describe('How many values the stream gives, each in min..max'),
    drawnAtMs: z.number().int().nullable().describe('null while locked'),
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
  .meta({ id: 'LotteryChainFairness' });
export type LotteryChainFairness = z.infer<typeof LotteryChainFairnessSchema>;

/**
 * A TRON block as a full node's HTTP API prints it (`/wallet/getblockbynum`), header only: enough
 * to recompute its id (8-byte number, then the last 24 bytes of SHA-256 over the protobuf
 * `BlockHeader.raw`), recover its producer from its signature, and check it against any public
 * explorer (docs/fairness.md "Trx Win").
 */
export const TronBlockHeaderSchema = z
  .object({
    blockID: z.string().regex(/^[0-9a-f]{64}$/),
    raw_data: z.object({
      timestamp: z.number().int(),
      txTrieRoot: z.string().optional(),
      parentHash: z.string().regex(/^[0-9a-f]{64}$/),
      number: z.number().int(),
      witness_id: z.number().int().optional(),
      witness_address: z.string().optional(),
      version: z.number().int().optional(),
      accountStateRoot: z.string().optional(),
    }),
    witness_signature: z
      .string()
      .regex(/^[0-9a-f]{130}$/)
      .optional()
      .describe("The producer's secp256k1 signature over SHA-256 of the encoded raw_data, r || s || v (absent only in records drawn before decision 385)"),
    witness_signer: z
      .string()
      .regex(/^41[0-9a-f]{40}$/)
      .optional()
      .describe('Not a node field: the key the witness delegated block signing to (its witness permission), present only when that is not witness_address'),
  })
  .meta({ id: 'TronBlockHeader' });
export type TronBlockHeader = z.infer<typeof TronBlockHeaderSchema>;

/**
 * Everything a stranger needs to verify a Trx Win round (docs/fairness.md "Trx Win"): the deciding
 * block is the first whose timestamp is after locksAtMs (its parent's is not), each block's id is
 * its header's hash, and the digit is read from the block id by the documented rule.
 */
export const LotteryTrxFairnessSchema = z
  .object({
    source: z.literal('tron'),
    game: z.literal('trx'),
    roomId: LotteryRoomIdSchema,
    period: z.string(),
    status: z.enum(['open', 'locked', 'drawn', 'settled', 'voided']),
    network: z.enum(['sandbox', 'tron']).describe('sandbox: the local sandbox chain (npm start); tron: TRON read from a full node'),
    locksAtMs: z.number().int(),
    drawsAtMs: z.number().int(),
    drawnAtMs: z.number().int().nullable(),
    block: TronBlockHeaderSchema.nullable().describe('The deciding block (null until drawn, and for a voided round)'),
    parent: TronBlockHeaderSchema.nullable().describe("The deciding block's parent: its timestamp is at or before locksAtMs"),
    read: z
      .object({ hashHex: z.string(), charIndex: z.number().int(), fallback: z.boolean() })
      .nullable()
      .describe("Where the digit was read: the id's last 24 bytes as 48 hex characters, the index of the rightmost 0-9"),
    outcome: LotteryOutcomeSchema.nullable(),
    summary: LotterySummarySchema.nullable(),
    void: z
      .object({
        reason: z.enum(['tron_unavailable']),
        wouldOutcome: LotteryOutcomeSchema.nullable().describe('Always null: the deciding block was never had (anyone can name it from locksAtMs)'),
        bets: z.number().int(),
        stakesMinor: z.number().int(),
        wouldPayoutMinor: z.number().int().nullable().describe('Always null, as wouldOutcome'),
      })
      .nullable(),
  })
  .meta({ id: 'LotteryTrxFairness' });
export type LotteryTrxFairness = z.infer<typeof LotteryTrxFairnessSchema>;

/**
 * The voids of a room of any game, Wingo included (docs/fairness.md "Late rounds and voids"):
 * every refunded round with why, its stakes and, whenever its link was public, what it would have
 * drawn and paid, so anyone can check that voids do not fall on the house's losses.
 */
export const LotteryVoidsParamsSchema = z.strictObject({ game: z.enum(['wingo', ...LOTTERY_ROUTE_GAMES]) });
export const LotteryVoidsQuerySchema = z.strictObject({
  room: z.enum([...new Set([...WINGO_ROOM_IDS, ...LOTTERY_ROOM_IDS])] as [string, ...string[]]),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  before: WingoPeriodSchema.optional(),
});
export type LotteryVoidsQuery = z.infer<typeof LotteryVoidsQuerySchema>;

export const LotteryVoidSchema = z
  .object({
    game: z.enum(['wingo', ...LOTTERY_ROUTE_GAMES]),
    roomId: z.string(),
    period: z.string(),
    reason: z.enum(['link_lost', 'beacon_unavailable', 'chain_retired', 'tron_unavailable']),
    locksAtMs: z.number().int(),
    voidedAtMs: z.number().int(),
    link: z.string().nullable().describe('L[k] as published (null for Trx Win, and for a lost link)'),
    wouldOutcome: LotteryOutcomeSchema.nullable().describe('What the round would have drawn (Wingo: [digit]); null only when its link or its beacon value was never had'),
    bets: z.number().int(),
    stakesMinor: z.number().int().describe('Every stake refunded in full'),
    wouldPayoutMinor: z.number().int().nullable().describe('What wouldOutcome would have paid out'),
  })
  .meta({ id: 'LotteryVoid' });
export type LotteryVoid = z.infer<typeof LotteryVoidSchema>;

export const LotteryVoidsPageSchema = z.object({ items: z.array(LotteryVoidSchema), nextCursor: z.string().nullable() }).meta({ id: 'LotteryVoidsPage' });
export type LotteryVoidsPage = z.infer<typeof LotteryVoidsPageSchema>;

/** The fairness record of a round of any generic game, by its outcome's source. */
export const LotteryFairnessSchema = z.discriminatedUnion('source', [LotteryChainFairnessSchema, LotteryTrxFairnessSchema]).meta({ id: 'LotteryFairness' });
export type LotteryFairness = z.infer<typeof LotteryFairnessSchema>;

// ---------------------------------------------------------------------------------------------
// WebSocket of a generic game (`API_PATHS.lottery_live`, decision 360): Wingo's protocol with the
// game's shapes, and a room subscription: results come for the subscribed room only. As Wingo's,
// no token in the URL: `auth` first for the player's own settlements and balance.

export const LotteryClientMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('auth'), accessToken: pgText().min(1).max(4096) }),
  z.strictObject({ type: z.literal('ping'), clientTimeMs: z.number().int().optional() }),
  /** The room whose results the socket wants (one at a time; a new one replaces it). */
  z.strictObject({ type: z.literal('subscribe'), room: LotteryRoomIdSchema }),
]);
export type LotteryClientMessage = z.infer<typeof LotteryClientMessageSchema>;

export const LotteryServerMessageSchema = z.discriminatedUnion('type', [
  /** Sent on connect and about every second: each room's current round of the game and the server time. */
  z.object({ type: z.literal('clock'), serverTimeMs: z.number().int(), rounds: z.array(LotteryRoundClockSchema) }),
  z.object({ type: z.literal('subscribed'), room: LotteryRoomIdSchema }),
  /** A round of the subscribed room was drawn (or voided). */
  z.object({ type: z.literal('result'), result: LotteryResultSchema }),
  /** The authenticated player's bets in a round of the game (any room) were settled (won, lost or refunded). */
  z.object({
    type: z.literal('betsSettled'),
    game: LotteryGameIdSchema,
    roomId: LotteryRoomIdSchema,
    period: z.string(),
    bets: z.number().int(),
    payoutMinor: z.number().int().describe('Winnings plus refunds credited for the round'),
    balanceMinor: z.number().int(),
  }),
  ...LIVE_SESSION_MESSAGES,
]);
export type LotteryServerMessage = z.infer<typeof LotteryServerMessageSchema>;

// ---------------------------------------------------------------------------------------------
// A player's bets of every lottery game (`API_PATHS.lottery_all_my_bets`, decision 362): the full
// game history and the operator's player lookup.

/** Every lottery game, Wingo included. */
export const ALL_LOTTERY_GAMES = ['wingo', ...LOTTERY_ROUTE_GAMES] as const;
export const AnyLotteryGameIdSchema = z.enum(ALL_LOTTERY_GAMES);
export type AnyLotteryGameId = z.infer<typeof AnyLotteryGameIdSchema>;
/** Every room id of every game (Wingo 30s-5m, the others 1m-10m). */
export const ALL_LOTTERY_ROOM_IDS = [...new Set([...WINGO_ROOM_IDS, ...LOTTERY_ROOM_IDS])] as ['30s', '1m', '3m', '5m', '10m'];
export const AnyLotteryRoomIdSchema = z.enum(ALL_LOTTERY_ROOM_IDS);

/** A bet of any game in the generic shape (a Wingo bet's outcome is its one digit). */
export const PlayerLotteryBetSchema = LotteryBetSchema.extend({ game: AnyLotteryGameIdSchema, roomId: AnyLotteryRoomIdSchema }).meta({ id: 'PlayerLotteryBet' });
export type PlayerLotteryBet = z.infer<typeof PlayerLotteryBetSchema>;

export const PlayerLotteryBetsQuerySchema = z.strictObject({
  game: AnyLotteryGameIdSchema.optional().describe('Absent: every game'),
  room: AnyLotteryRoomIdSchema.optional().describe("One room (of the game's, when a game is given)"),
  status: WingoBetStatusSchema.optional(),
  date: pgText()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00+05:30`)) && new Date(Date.parse(`${d}T00:00:00+05:30`) + 19_800_000).toISOString().slice(0, 10) === d, 'Not a calendar date')
    .optional()
    .describe('Bets placed on this day (India Standard Time, as the app shows times)'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  before: WingoBetIdSchema.optional().describe('nextCursor of the previous page'),
});
export type PlayerLotteryBetsQuery = z.infer<typeof PlayerLotteryBetsQuerySchema>;

/**
 * A page of bets, newest first. With a won/lost filter a page may hold fewer than `limit` bets
 * while `nextCursor` is not null (the server reads a bounded number of bets per page).
 */
export const PlayerLotteryBetsPageSchema = z.object({ items: z.array(PlayerLotteryBetSchema), nextCursor: z.string().nullable() }).meta({ id: 'PlayerLotteryBetsPage' });
export type PlayerLotteryBetsPage = z.infer<typeof PlayerLotteryBetsPageSchema>;
