import { z } from 'zod';
import { pgText } from './text';

/**
 * The game lobby, the launcher and the seamless vendor wallet API (decisions 110-114,
 * docs/vendor-wallet.md). The catalog itself is a checked-in file (`catalog/games.json`) that the
 * server seeds into its database; these schemas are what the API answers and accepts.
 */

/** The All Games tab order (tab=0..7). The key of Sports is `sport` (decision 111). */
export const CATEGORY_KEYS = ['popular', 'lottery', 'casino', 'slots', 'sport', 'rummy', 'fishing', 'original'] as const;
export const CategoryKeySchema = z.enum(CATEGORY_KEYS);
export type CategoryKey = z.infer<typeof CategoryKeySchema>;

/** The `type` query parameter of /home/AllOnlineGames. */
export const VENDOR_TYPES = ['casino', 'slot'] as const;
export const VendorTypeSchema = z.enum(VENDOR_TYPES);
export type VendorType = z.infer<typeof VendorTypeSchema>;

/**
 * How a vendor holds the player's money while a game runs: `seamless` debits and credits the main
 * wallet call by call; `transfer` moves the main balance into a per-vendor sub-account at launch,
 * swept back by transfer-to-main-wallet.
 */
export const WalletModeSchema = z.enum(['seamless', 'transfer']);
export type WalletMode = z.infer<typeof WalletModeSchema>;

/** A section of a category page: one vendor's first games and its 'All Games' link. */
export const CategorySectionSchema = z.object({
  vendorCode: z.string(),
  title: z.string(),
  /** Where 'All Games' leads: /home/AllOnlineGames?type={type}&tab={tab}. */
  allGames: z.object({ type: VendorTypeSchema, tab: z.number().int().min(0) }),
});
export type CategorySection = z.infer<typeof CategorySectionSchema>;

export const CategorySchema = z
  .object({
    key: CategoryKeySchema,
    title: z.string(),
    image: z.string().describe('Path of the category image under the web origin'),
    /** Index in the All Games tab strip (the `tab` query parameter). */
    tab: z.number().int().min(0).max(7),
    /** A heading shows only for popular and lottery. */
    heading: z.boolean(),
    /** Number of tiles in this category. */
    tileCount: z.number().int().min(0),
    /** Vendor sections (casino and slots); empty for the other categories. */
    sections: z.array(CategorySectionSchema),
  })
  .meta({ id: 'GameCategory' });
export type Category = z.infer<typeof CategorySchema>;

export const VendorSchema = z
  .object({
    code: z.string(),
    title: z.string(),
    image: z.string(),
    /** Listed on /home/AllOnlineGames?type=...&tab=... when not null. */
    type: VendorTypeSchema.nullable(),
    tab: z.number().int().min(0).nullable(),
    walletMode: WalletModeSchema,
    gameCount: z.number().int().min(0),
  })
  .meta({ id: 'GameVendor' });
export type Vendor = z.infer<typeof VendorSchema>;

/**
 * What a tile is: a launchable `game`; an `info` card (lottery; `href` set when it leads to one of
 * our own screens); a `vendor` tile (sports, rummy) that does nothing on tap.
 */
export const TileKindSchema = z.enum(['game', 'info', 'vendor']);
export type TileKind = z.infer<typeof TileKindSchema>;

export const GameTileSchema = z
  .object({
    /** Our stable catalog id (also the image name). */
    id: z.string(),
    kind: TileKindSchema,
    title: z.string(),
    image: z.string(),
    vendorCode: z.string().nullable(),
    /** The spec's game_uid: the launch id. Empty for a game under maintenance. */
    gameUid: z.string(),
    /** The game's configured return to player in percent (e.g. 96.37), null for non-games. */
    rtpPercent: z.number().nullable(),
    /** The 'odds of winning' label of Popular tiles (e.g. "96.37%"), the same number as rtpPercent. */
    odds: z.string().nullable(),
    /** A tap does something (launch, maintenance toast, or `href`); false for fishing and vendor tiles. */
    clickable: z.boolean(),
    /** True when a tap may launch: a clickable game with a game_uid. */
    launchable: z.boolean(),
    description: z.string().nullable(),
    href: z.string().nullable(),
  })
  .meta({ id: 'GameTile' });
export type GameTile = z.infer<typeof GameTileSchema>;

const VendorCodeSchema = pgText().regex(/^[A-Za-z0-9_-]{1,40}$/, 'Unknown vendor');
const GameUidSchema = pgText().regex(/^[a-f0-9]{32}$/, 'Unknown game');

export const GamesQuerySchema = z.strictObject({
  category: CategoryKeySchema.optional(),
  vendor: VendorCodeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type GamesQuery = z.infer<typeof GamesQuerySchema>;

export const GamesPageSchema = z
  .object({
    items: z.array(GameTileSchema),
    total: z.number().int().min(0),
    /** Offset of the next page, null on the last page. */
    nextOffset: z.number().int().nullable(),
  })
  .meta({ id: 'GamesPage' });
export type GamesPage = z.infer<typeof GamesPageSchema>;

export const VendorsQuerySchema = z.strictObject({ type: VendorTypeSchema.optional() });

/** POST launch-ticket: mint the single-use ticket that rides in the launch address as `token`. */
export const LaunchTicketInputSchema = z.strictObject({ gameId: GameUidSchema });
export type LaunchTicketInput = z.infer<typeof LaunchTicketInputSchema>;

export const LaunchTicketSchema = z
  .object({
    ticket: z.string().describe('Single use, valid 60 s; the `token` parameter of open_game_url'),
    expiresAt: z.iso.datetime(),
    /**
     * Present when the game's vendor keeps its own wallet (transfer mode, decision 311): what the Tips
     * dialog tells the player and the bounds of the amount they may move there (`amount_minor`).
     */
    transfer: z
      .object({
        vendorCode: z.string(),
        vendorTitle: z.string(),
        mainMinor: z.number().int().min(0),
        minMinor: z.number().int().positive(),
      })
      .optional(),
  })
  .meta({ id: 'LaunchTicket' });
export type LaunchTicket = z.infer<typeof LaunchTicketSchema>;

export const LAUNCH_TICKET_TTL_MS = 60_000;

/** GET open-game-url?token=...&game_id=... (a browser navigation; answers a redirect or an HTML page). */
export const OpenGameQuerySchema = z.strictObject({
  token: pgText().max(200),
  game_id: pgText().max(100),
  /**
   * Transfer-mode vendors only: how much of the main balance moves into the vendor wallet
   * (integer minor units written in plain digits, at least the ticket's `minMinor` (₹1), at most
   * the balance; the server checks both). Absent: the whole main balance, as before.
   */
  amount_minor: z
    .string()
    // Digits only, no sign, no leading zero: z.coerce accepted `0x10`, `1e3` and ` 100` (decision 402).
    .regex(/^[1-9][0-9]{0,15}$/, 'A whole number of minor units, digits only')
    .transform(Number)
    .pipe(z.number().int().positive().max(Number.MAX_SAFE_INTEGER))
    .optional(),
});

// ---------------------------------------------------------------------------------------------
// Seamless wallet API, called by vendors. Each call carries `x-colorplay-signature:
// t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.rawBody">` made with the vendor's own secret
// (the same scheme as our payment webhooks), refused outside a 300 s window.

/** The vendor's own id for one money call: the idempotency key of that call. */
export const VendorTxIdSchema = pgText().regex(/^[A-Za-z0-9_.:-]{6,100}$/, 'A transaction id is 6 to 100 letters, digits or _.:-');
const SessionTokenSchema = pgText().regex(/^[A-Za-z0-9_-]{20,100}$/, 'Unknown session');

export const VendorSessionInputSchema = z.strictObject({ sessionToken: SessionTokenSchema });
export const VendorBalanceInputSchema = z.strictObject({ sessionToken: SessionTokenSchema });
export const VendorDebitInputSchema = z.strictObject({
  sessionToken: SessionTokenSchema,
  txId: VendorTxIdSchema,
  roundId: pgText().regex(/^[A-Za-z0-9_.:-]{1,100}$/),
  amountMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});
export const VendorCreditInputSchema = VendorDebitInputSchema.extend({
  amountMinor: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /**
   * A win in a declared free round (a promotion: no stake, so no debit to match). Capped per
   * credit and per player and day by the operator (decision 193). Without it, the credit must
   * name a round this player was debited for (`roundId`), not rolled back.
   */
  freeRound: z.literal(true).optional(),
});
export const VendorRollbackInputSchema = z.strictObject({
  sessionToken: SessionTokenSchema,
  txId: VendorTxIdSchema,
  /** The debit being undone. */
  refTxId: VendorTxIdSchema,
});
export type VendorDebitInput = z.infer<typeof VendorDebitInputSchema>;
export type VendorCreditInput = z.infer<typeof VendorCreditInputSchema>;
export type VendorRollbackInput = z.infer<typeof VendorRollbackInputSchema>;

export const VendorSessionSchema = z
  .object({
    playerRef: z.string().describe('Opaque player reference for the vendor'),
    gameUid: z.string(),
    vendorCode: z.string(),
    currency: z.string(),
    balanceMinor: z.number().int(),
    active: z.boolean(),
  })
  .meta({ id: 'VendorSession' });
export type VendorSession = z.infer<typeof VendorSessionSchema>;

export const VendorBalanceSchema = z.object({ balanceMinor: z.number().int(), currency: z.string() });

export const VendorTxResultSchema = z
  .object({
    txId: z.string(),
    status: z.enum(['ok', 'insufficient_funds', 'refused']),
    balanceMinor: z.number().int(),
    currency: z.string(),
    /** Our ledger transfer, null when nothing moved. */
    transferId: z.string().nullable(),
    /** Why a debit was refused by the player's responsible-gambling controls (decision 210), e.g. PLAYER_ON_BREAK. */
    reason: z.string().optional(),
  })
  .meta({ id: 'VendorTxResult' });
export type VendorTxResult = z.infer<typeof VendorTxResultSchema>;

export const VENDOR_SIGNATURE_HEADER = 'x-colorplay-signature';
export const VENDOR_SIGNATURE_WINDOW_SECONDS = 300;
