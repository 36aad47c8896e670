import { z } from 'zod';
import { ErrorResponseSchema } from './errors';
import { IdempotencyKeySchema } from './wallet';
import { pgText } from './text';
import { LOTTERY_ROOM_IDS, LOTTERY_ROUTE_GAMES, LOTTERY_SLIP_MAX_ITEMS, WINGO_ROOM_IDS } from './lottery-constants';

/**
 * The lottery games over HTTP (decision 332): one set of routes for every game on the engine,
 * `/api/lottery/:game/...`. An outcome is a list of small integers in the game's shape (K3: three
 * dice 1-6; 5D: five digits 0-9, positions A-E; Trx Win one digit), with the game's derived
 * summary beside it. Wingo is the one-value case of these shapes: its schemas (wingo.ts) are
 * derived from the ones here, under its own routes, which its clients still use (decision 465).
 * The lists below repeat the rule tables' ids so the contract stays dependency-free; a server
 * test checks they agree.
 */

/** A period number: IST date YYYYMMDD + room code (3 digits) + sequence of the day (4 digits). */
export const LotteryPeriodSchema = pgText().regex(/^\d{15}$/, 'A period is 15 digits');

/** A bet's id, as the bet lists' cursors name it. */
export const LotteryBetIdSchema = pgText().regex(/^bet_[A-Za-z0-9_-]{6,60}$/, 'Unknown bet');

export const LOTTERY_BET_STATUSES = ['pending', 'won', 'lost', 'refunded'] as const;
export const LotteryBetStatusSchema = z.enum(LOTTERY_BET_STATUSES);
export type LotteryBetStatus = z.infer<typeof LotteryBetStatusSchema>;

export const LotteryBetLimitsSchema = z.object({
  minQuantity: z.number().int(),
  maxQuantity: z.number().int(),
  minBetMinor: z.number().int(),
  maxBetMinor: z.number().int(),
  maxRoundMinor: z.number().int(),
});

/** What a bet was placed under: anyone can later check the round's proof against it (docs/fairness.md). */
export const LotteryCommitmentSchema = z
  .object({
    chainId: z.number().int(),
    finalHash: z.string().describe("The room chain's final hash L[0]"),
    roundIndex: z.number().int().describe('k: the round uses link L[k]'),
    beaconRound: z.number().int().nullable().describe('The beacon round mixed into the draw (null on a scheme-1 chain)'),
  })
  .meta({ id: 'WingoCommitment' });
export type LotteryCommitment = z.infer<typeof LotteryCommitmentSchema>;

/** The beacon a chain mixes into its draws (docs/fairness.md). */
const BeaconSchema = z.object({
  name: z.string().describe('drand-quicknet, or sandbox (a local beacon with its own key: no guarantee)'),
  publicKey: z.string().describe('BLS12-381 G2 public key, 192 hex characters'),
  genesisMs: z.number().int(),
  periodMs: z.number().int(),
  marginMs: z.number().int().describe('Beacon round of a period = first round strictly after lock time + margin'),
});

/** The beacon value of one round, as a fairness record publishes it. */
const RoundBeaconSchema = BeaconSchema.extend({
  round: z.number().int(),
  signature: z.string().nullable().describe('96 hex; null while the value is not at hand (a locked round, a void whose beacon value never came)'),
  randomness: z.string().nullable().describe('SHA-256(signature)'),
});

/** A page of a list, newest first: `nextCursor` names the next page (null on the last). */
export const pageOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), nextCursor: z.string().nullable() });

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

/** A room's published hash chain: its final hash commits to every link before the first round. */
export const LotteryChainSchema = z
  .object({
    chainId: z.number().int(),
    roomId: LotteryRoomIdSchema,
    finalHash: z.string().describe('L[0], 64 lowercase hex characters'),
    length: z.number().int(),
    firstPeriod: z.string().describe('The period that uses link L[1]'),
    publishedAtMs: z.number().int(),
    scheme: z.number().int().describe('1: link and period; 2: link, game tag, period and beacon randomness (docs/fairness.md)'),
    beacon: BeaconSchema.nullable(),
    retiredFromPeriod: z.string().nullable().describe('The first period this chain no longer serves (null while in service)'),
  })
  .meta({ id: 'LotteryChain' });
export type LotteryChain = z.infer<typeof LotteryChainSchema>;

/** What the bet sheet offers in a room: the amounts, multipliers, fee and limits. */
export const LotteryBettingSchema = z.object({
  amountPresetsMinor: z.array(z.number().int()),
  multipliers: z.array(z.number().int()),
  feeBasisPoints: z.number().int(),
  limits: LotteryBetLimitsSchema,
});

export const LotteryRoomStateSchema = z
  .object({
    game: LotteryGameIdSchema,
    serverTimeMs: z.number().int().describe('The server clock when the answer was made: correct countdowns with it'),
    round: LotteryRoundClockSchema,
    lastResult: LotteryResultSchema.nullable(),
    source: z.enum(['chain', 'tron']).describe("Where the game's outcomes come from: a fair chain and beacon, or a TRON block"),
    chain: LotteryChainSchema.nullable().describe('The chain of the current round (always null for Trx Win)'),
    betting: LotteryBettingSchema.extend({ selections: z.array(z.string()).describe("Every selection id of the game's rule table") }),
  })
  .meta({ id: 'LotteryRoomState' });
export type LotteryRoomState = z.infer<typeof LotteryRoomStateSchema>;

export const LotteryRoomQuerySchema = z.strictObject({ room: LotteryRoomIdSchema });

/** Place one bet on the room's current period. Idempotent by key: a retry returns the same bet. */
export const PlaceLotteryBetInputSchema = z.strictObject({
  room: LotteryRoomIdSchema,
  period: LotteryPeriodSchema.describe('The period the player sees; another one is refused with ROUND_CLOSED'),
  selection: LotterySelectionSchema,
  amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER).describe('One of the amount presets'),
  quantity: z.number().int().positive().max(1_000_000),
  multiplier: z.number().int().positive().max(1_000_000),
  idempotencyKey: IdempotencyKeySchema,
});
export type PlaceLotteryBetInput = z.infer<typeof PlaceLotteryBetInputSchema>;

export const LotteryBetSchema = z
  .object({
    id: z.string().describe('bet_…'),
    game: LotteryGameIdSchema,
    roomId: LotteryRoomIdSchema,
    period: z.string(),
    selection: z.string(),
    amountMinor: z.number().int(),
    quantity: z.number().int(),
    multiplier: z.number().int(),
    totalMinor: z.number().int().describe('amount x quantity x multiplier: what was debited'),
    feeMinor: z.number().int().describe('The 2 % service fee'),
    contractMinor: z.number().int().describe('total - fee: what plays'),
    status: LotteryBetStatusSchema,
    payoutMinor: z.number().int().describe('Credited on a win (or the full total on a refund); 0 otherwise'),
    outcome: LotteryOutcomeSchema.nullable().describe('The round outcome once settled'),
    placedAtMs: z.number().int(),
    settledAtMs: z.number().int().nullable(),
    commitment: LotteryCommitmentSchema.nullable().describe("The chain commitment of the bet's round; null for Trx Win, whose round is decided by the first TRON block after locksAtMs"),
    locksAtMs: z.number().int().describe("The round's lock time (for Trx Win it names the deciding block)"),
  })
  .meta({ id: 'LotteryBet' });
export type LotteryBet = z.infer<typeof LotteryBetSchema>;

export const PlaceLotteryBetResultSchema = z.object({ bet: LotteryBetSchema, balanceMinor: z.number().int() });
export type PlaceLotteryBetResult = z.infer<typeof PlaceLotteryBetResultSchema>;

/** The most selections one slip may carry (lottery-constants.ts, without zod). */
export { LOTTERY_SLIP_MAX_ITEMS };

/** One selection of a slip: a single bet's own fields (PlaceLotteryBetInputSchema), without the room, period and key the slip gives once. */
export const LotterySlipItemSchema = PlaceLotteryBetInputSchema.pick({ selection: true, amountMinor: true, quantity: true, multiplier: true });
export type LotterySlipItem = z.infer<typeof LotterySlipItemSchema>;

/**
 * Several selections of one round placed at once (decision 513): accepted or refused whole, one
 * debit for the total, each item its own bet. Idempotent by key: a retry with the same body
 * returns the same bets; the same key with another body is IDEMPOTENCY_CONFLICT. A refused item
 * answers with its own code (ROUND_LIMIT_EXCEEDED, INSUFFICIENT_FUNDS, ...) and
 * `details.itemIndex`, and nothing is placed.
 */
export const PlaceLotterySlipInputSchema = PlaceLotteryBetInputSchema.pick({ room: true, period: true, idempotencyKey: true }).extend({
  items: z.array(LotterySlipItemSchema).min(1).max(LOTTERY_SLIP_MAX_ITEMS).describe(`1 to ${LOTTERY_SLIP_MAX_ITEMS} selections of the same round`),
});
export type PlaceLotterySlipInput = z.infer<typeof PlaceLotterySlipInputSchema>;

export const PlaceLotterySlipResultSchema = z
  .object({
    bets: z.array(LotteryBetSchema).describe("The slip's bets, in the order of its items"),
    totalMinor: z.number().int().describe('The sum of the bets\' totals: what was debited'),
    balanceMinor: z.number().int(),
  })
  .meta({ id: 'PlaceLotterySlipResult' });
export type PlaceLotterySlipResult = z.infer<typeof PlaceLotterySlipResultSchema>;

export const MyLotteryBetsQuerySchema = z.strictObject({
  room: LotteryRoomIdSchema.optional(),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  before: LotteryBetIdSchema.optional().describe('nextCursor of the previous page'),
});
export type MyLotteryBetsQuery = z.infer<typeof MyLotteryBetsQuerySchema>;

export const LotteryBetsPageSchema = pageOf(LotteryBetSchema).meta({ id: 'LotteryBetsPage' });
export type LotteryBetsPage = z.infer<typeof LotteryBetsPageSchema>;

export const LotteryHistoryQuerySchema = z.strictObject({
  room: LotteryRoomIdSchema,
  limit: z.coerce.number().int().min(1).max(50).default(10),
  before: LotteryPeriodSchema.optional().describe('nextCursor of the previous page'),
});
export type LotteryHistoryQuery = z.infer<typeof LotteryHistoryQuerySchema>;

export const LotteryHistoryPageSchema = pageOf(LotteryResultSchema).meta({ id: 'LotteryHistoryPage' });
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

export const LotteryFairnessQuerySchema = z.strictObject({ period: LotteryPeriodSchema });

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
    status: z
      .enum(['locked', 'drawn', 'settled', 'voided'])
      .describe('Published from the lock on (docs/fairness.md "What is published when"); locked: betting closed, the link is public, the result waits for its beacon value'),
    chainId: z.number().int(),
    finalHash: z.string(),
    chainLength: z.number().int(),
    roundIndex: z.number().int().describe('k: the round uses link L[k]'),
    link: z.string().nullable().describe('L[k], public from the lock on (null only for a round from before link-at-lock whose link was lost)'),
    previousLink: z.string().nullable().describe("L[k-1] as the previous slot's round published it; null when k = 1 (compare with finalHash) or that slot had no round"),
    outcome: LotteryOutcomeSchema.nullable(),
    summary: LotterySummarySchema.nullable(),
    draw: z.object({ count: z.number().int(), min: z.number().int(), max: z.number().int() }).describe('How many values the stream gives, each in min..max'),
    drawnAtMs: z.number().int().nullable().describe('null while locked'),
    scheme: z.number().int().describe('1: HMAC(link, period); 2: HMAC(link, "<game>:<period>:" + beacon randomness)'),
    locksAtMs: z.number().int().describe('When betting closed: the beacon round is the first strictly after this + marginMs'),
    beacon: RoundBeaconSchema.nullable(),
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
  before: LotteryPeriodSchema.optional(),
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

export const LotteryVoidsPageSchema = pageOf(LotteryVoidSchema).meta({ id: 'LotteryVoidsPage' });
export type LotteryVoidsPage = z.infer<typeof LotteryVoidsPageSchema>;

/** The fairness record of a round of any generic game, by its outcome's source. */
export const LotteryFairnessSchema = z.discriminatedUnion('source', [LotteryChainFairnessSchema, LotteryTrxFairnessSchema]).meta({ id: 'LotteryFairness' });
export type LotteryFairness = z.infer<typeof LotteryFairnessSchema>;

// ---------------------------------------------------------------------------------------------
// WebSocket of a generic game (`API_PATHS.lottery_live`, decision 360): Wingo's protocol with the
// game's shapes, and a room subscription: results come for the subscribed room only. As Wingo's,
// no token in the URL: `auth` first for the player's own settlements and balance.

/** What a client sends on any lottery socket, Wingo's included: `room` is the game's room ids. */
export const liveClientMessageSchema = <R extends z.ZodType>(room: R) =>
  z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('auth'), accessToken: pgText().min(1).max(4096) }),
    z.strictObject({ type: z.literal('ping'), clientTimeMs: z.number().int().optional() }),
    /** The room whose results the socket wants (one at a time; a new one replaces it). */
    z.strictObject({ type: z.literal('subscribe'), room }),
  ]);

/**
 * A bet over a generic game's signed-in socket (decision 590, Wingo's is decision 570): the HTTP
 * bet's input as is, in one frame, answered by `betPlaced` or `betRefused` with its key.
 */
export const LotteryBetFrameSchema = z.strictObject({ type: z.literal('bet'), bet: PlaceLotteryBetInputSchema });
export type LotteryBetFrame = z.infer<typeof LotteryBetFrameSchema>;

export const LotteryClientMessageSchema = z.discriminatedUnion('type', [...liveClientMessageSchema(LotteryRoomIdSchema).options, LotteryBetFrameSchema]);
export type LotteryClientMessage = z.infer<typeof LotteryClientMessageSchema>;

/**
 * The messages every lottery socket sends besides its game's clock, results and settlements:
 * the session's and the connection's.
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

/** The game's own messages on its socket: the clock, the subscription, a result and the player's settlements. */
export const liveGameMessages = <R extends z.ZodType, C extends z.ZodType, S extends z.ZodType, G extends z.ZodRawShape>(
  room: R,
  clock: C,
  result: S,
  settledGame: G,
) =>
  [
    /** Sent on connect and about every second: each room's current round and the server time. */
    z.object({ type: z.literal('clock'), serverTimeMs: z.number().int(), rounds: z.array(clock) }),
    z.object({ type: z.literal('subscribed'), room }),
    /** A round of the subscribed room was drawn (or voided). */
    z.object({ type: z.literal('result'), result }),
    /** The authenticated player's bets in a round of the game (any room) were settled (won, lost or refunded). */
    z.object({
      type: z.literal('betsSettled'),
      ...settledGame,
      roomId: room,
      period: z.string(),
      bets: z.number().int(),
      payoutMinor: z.number().int().describe('Winnings plus refunds credited for the round'),
      balanceMinor: z.number().int(),
    }),
  ] as const;

export const LotteryServerMessageSchema = z.discriminatedUnion('type', [
  ...liveGameMessages(LotteryRoomIdSchema, LotteryRoundClockSchema, LotteryResultSchema, { game: LotteryGameIdSchema }),
  ...LIVE_SESSION_MESSAGES,
  /** A `bet` frame's bet was placed (or was already, under its key): the HTTP route's answer. */
  z.object({ type: z.literal('betPlaced'), idempotencyKey: z.string(), result: PlaceLotteryBetResultSchema }),
  /** A `bet` frame was refused and changed nothing: the HTTP route's error; no key when the frame had none readable. */
  z.object({ type: z.literal('betRefused'), idempotencyKey: z.string().nullable(), error: ErrorResponseSchema.shape.error }),
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
  status: LotteryBetStatusSchema.optional(),
  date: pgText()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date is YYYY-MM-DD')
    .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00+05:30`)) && new Date(Date.parse(`${d}T00:00:00+05:30`) + 19_800_000).toISOString().slice(0, 10) === d, 'Not a calendar date')
    .optional()
    .describe('Bets placed on this day (India Standard Time, as the app shows times)'),
  limit: z.coerce.number().int().min(1).max(50).default(20),
  before: LotteryBetIdSchema.optional().describe('nextCursor of the previous page'),
});
export type PlayerLotteryBetsQuery = z.infer<typeof PlayerLotteryBetsQuerySchema>;

/**
 * A page of bets, newest first. With a won/lost filter a page may hold fewer than `limit` bets
 * while `nextCursor` is not null (the server reads a bounded number of bets per page).
 */
export const PlayerLotteryBetsPageSchema = pageOf(PlayerLotteryBetSchema).meta({ id: 'PlayerLotteryBetsPage' });
export type PlayerLotteryBetsPage = z.infer<typeof PlayerLotteryBetsPageSchema>;
