import { createHash, randomBytes } from 'node:crypto';
import type { Category, GamesPage, GamesQuery, GameTile, LaunchTicket, Vendor, VendorType } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { accountCodes, ensureAccount, getAccount, postTransfer } from '../ledger';
import type { SafetyService } from '../safety';
import { loadCatalogFile, type CatalogFile } from './catalog-file';
import { isLaunchable, MIN_TRANSFER_MINOR, ticketExpiry, ticketVerdict, VENDOR_SESSION_TTL_MS, type LaunchRefusal } from './launch-rules';
import * as repo from './repo';

/** An integration that serves games: where we send the player, and the secret its wallet calls carry. */
export type GameProvider = { code: string; secret: string; launchUrl: string };

export type GamesDeps = {
  db: Db;
  clock: Clock;
  currency: string;
  /** Configured providers by code; a game of another provider cannot launch (its channel is off). */
  providers: ReadonlyMap<string, GameProvider>;
  /** True while the player's login session is open (the auth module decides). */
  isAuthSessionActive: (q: Queryable, sessionId: string, playerId: number) => Promise<boolean>;
  /** Responsible gambling (decision 210): no launch during a break or self-exclusion. */
  safety: Pick<SafetyService, 'assertMayPlay' | 'playRefusal'>;
  catalog?: { catalog: CatalogFile; hash: string };
};

export const hashSecretToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The launch refusal of each refusal of the player's controls. */
const LAUNCH_REFUSAL_OF = { PLAYER_ON_BREAK: 'on_break', SELF_EXCLUDED: 'self_excluded', ACCOUNT_SUSPENDED: 'suspended', ACCOUNT_CLOSED: 'closed' } as const satisfies Record<string, LaunchRefusal>;

export type OpenGameResult = { ok: true; redirectTo: string } | { ok: false; refusal: LaunchRefusal };

export type VendorSessionInfo = {
  id: string;
  playerId: number;
  provider: string;
  vendorCode: string;
  walletMode: 'seamless' | 'transfer';
  gameUid: string;
  /** Debits are accepted only while this holds; credits and rollbacks are always accepted. */
  active: boolean;
};

const rtpPercent = (bp: number | null): number | null => (bp === null ? null : bp / 100);

function toTile(r: repo.GameRow, providers: ReadonlyMap<string, GameProvider>, providerOf: (code: string | null) => string | null): GameTile {
  const launchable = isLaunchable({ kind: r.kind, gameUid: r.game_uid, clickable: r.clickable, engine: r.engine });
  const provider = providerOf(r.vendor_code);
  return {
    id: r.id,
    kind: r.kind,
    title: r.title,
    image: r.image,
    vendorCode: r.vendor_code,
    // A game whose provider is switched off is shown as under maintenance: no id to launch.
    gameUid: launchable && provider !== null && providers.has(provider) ? r.game_uid : '',
    rtpPercent: r.kind === 'game' ? rtpPercent(r.rtp_basis_points) : null,
    odds: r.category_key === 'popular' && r.rtp_basis_points !== null ? `${(r.rtp_basis_points / 100).toFixed(2)}%` : null,
    clickable: r.clickable,
    launchable: launchable && provider !== null && providers.has(provider),
    description: r.description,
    href: r.href,
  };
}

export function createGamesService(deps: GamesDeps) {
  const { db, clock, providers } = deps;
  const file = deps.catalog ?? loadCatalogFile();
  const vendorProvider = new Map(file.catalog.vendors.map((v) => [v.code, v.provider]));
  const providerOf = (code: string | null) => (code === null ? null : (vendorProvider.get(code) ?? null));

  async function accountFor(q: Queryable, playerId: number, vendorCode: string, walletMode: 'seamless' | 'transfer') {
    const code = walletMode === 'transfer' ? accountCodes.playerAtVendor(playerId, vendorCode) : accountCodes.playerMain(playerId);
    await ensureAccount(q, { code, kind: 'player', owner: playerId, currency: deps.currency });
    return code;
  }

  return {
    catalogHash: file.hash,

    /** Makes the database hold the checked-in catalog; a no-op when it already does. */
    async seed(): Promise<boolean> {
      return db.transaction(async (tx) => {
        await repo.lockCatalogSeed(tx);
        if ((await repo.selectCatalogHash(tx)) === file.hash) return false;
        await repo.writeCatalog(tx, file.catalog, file.hash, clock.now());
        return true;
      });
    },

    async categories(): Promise<Category[]> {
      const [rows, vendors] = await Promise.all([repo.selectCategories(db), repo.selectVendors(db)]);
      const byCode = new Map(vendors.map((v) => [v.code, v]));
      return rows.map((c) => ({
        key: c.key as Category['key'],
        title: c.title,
        image: c.image,
        tab: c.tab,
        heading: c.heading,
        tileCount: c.tile_count,
        sections: c.sections.flatMap((code) => {
          const v = byCode.get(code);
          if (!v || v.type === null || v.tab === null) return [];
          return [{ vendorCode: v.code, title: v.title, allGames: { type: v.type, tab: v.tab } }];
        }),
      }));
    },

    async vendors(type?: VendorType): Promise<Vendor[]> {
      return (await repo.selectVendors(db, type)).map((v) => ({
        code: v.code,
        title: v.title,
        image: v.image,
        type: v.type,
        tab: v.tab,
        walletMode: v.wallet_mode,
        gameCount: v.game_count,
      }));
    },

    async games(query: GamesQuery): Promise<GamesPage> {
      const { rows, total } = await repo.selectGames(db, query);
      const next = query.offset + rows.length;
      return { items: rows.map((r) => toTile(r, providers, providerOf)), total, nextOffset: next < total ? next : null };
    },

    /** Catalog titles by vendor game id (Account › Statistics names the games played; decision 459). */
    async titlesOf(gameUids: string[]): Promise<Map<string, string>> {
      return new Map((await repo.selectTitlesByUid(db, gameUids)).map((r) => [r.game_uid, r.title]));
    },

    /** Mints a single-use launch ticket for a launchable game; only its hash is stored. */
    async mintTicket(auth: { playerId: number; sessionId: string }, gameUid: string): Promise<LaunchTicket> {
      const game = await repo.selectGameByUid(db, gameUid);
      if (!game) throw new AppError('GAME_NOT_FOUND', 'This game is not in the lobby');
      if (!isLaunchable(launchFields(game)) || !game.provider || !providers.has(game.provider)) {
        throw new AppError('GAME_UNDER_MAINTENANCE', 'Game Under Maintenance');
      }
      // Refused at the loading step already, so the player sees why instead of a blank tab.
      await deps.safety.assertMayPlay(db, auth.playerId);
      const ticket = randomBytes(32).toString('base64url');
      const now = clock.now();
      const expiresAt = ticketExpiry(now);
      await repo.insertTicket(db, { hash: hashSecretToken(ticket), playerId: auth.playerId, authSessionId: auth.sessionId, gameUid, now, expiresAt });
      if (game.wallet_mode !== 'transfer' || !game.vendor_code) return { ticket, expiresAt: expiresAt.toISOString() };
      // Transfer mode: the Tips dialog says how much may move and lets the player choose it.
      const mainMinor = (await getAccount(db, accountCodes.playerMain(auth.playerId)))?.balanceMinor ?? 0;
      const vendorTitle = file.catalog.vendors.find((v) => v.code === game.vendor_code)?.title ?? game.vendor_code;
      return {
        ticket,
        expiresAt: expiresAt.toISOString(),
        transfer: { vendorCode: game.vendor_code, vendorTitle, mainMinor, minMinor: MIN_TRANSFER_MINOR },
      };
    },

    /**
     * The launch address: checks the game, then uses the ticket up (in that order, so a typo in
     * game_id does not burn the ticket), opens a vendor session and answers where to send the
     * player. A transfer-mode vendor gets `amountMinor` (the whole main balance when absent) moved
     * into the player's purse there; more than the balance refuses the launch and moves nothing.
     */
    async openGame(ticket: string, gameUid: string, amountMinor?: number): Promise<OpenGameResult> {
      const game = /^[a-f0-9]{32}$/.test(gameUid) ? await repo.selectGameByUid(db, gameUid) : null;
      if (!game) return { ok: false, refusal: 'game_not_found' };
      const provider = game.provider ? providers.get(game.provider) : undefined;
      if (!isLaunchable(launchFields(game)) || !provider || !game.vendor_code || !game.wallet_mode) return { ok: false, refusal: 'maintenance' };
      const vendorCode = game.vendor_code;
      const walletMode = game.wallet_mode;
      const now = clock.now();
      const ticketHash = hashSecretToken(ticket);
      const sessionToken = randomBytes(24).toString('base64url');
      const outcome = await db.transaction(async (tx): Promise<OpenGameResult> => {
        const row = await repo.lockTicket(tx, ticketHash);
        const verdict = ticketVerdict(row && { gameUid: row.game_uid, expiresAt: row.expires_at, usedAt: row.used_at }, gameUid, now);
        if (row) await repo.markTicketUsed(tx, ticketHash, now);
        if (verdict !== 'ok') return { ok: false, refusal: verdict };
        if (!(await deps.isAuthSessionActive(tx, row!.auth_session_id, row!.player_id))) return { ok: false, refusal: 'session_ended' };
        const playerId = row!.player_id;
        // A closure, suspension, break or exclusion refuses the launch (and with it a transfer-mode purse transfer).
        const blocked = await deps.safety.playRefusal(tx, playerId);
        if (blocked) return { ok: false, refusal: LAUNCH_REFUSAL_OF[blocked.code as keyof typeof LAUNCH_REFUSAL_OF] ?? 'self_excluded' };
        const sessionId = `vs_${randomBytes(12).toString('hex')}`;
        // The Tips dialog offers at least ₹1; the server holds the line too (a hand-made link moved 16 paise).
        if (walletMode === 'transfer' && amountMinor !== undefined && amountMinor < MIN_TRANSFER_MINOR) return { ok: false, refusal: 'amount_invalid' };
        const moveMinor = walletMode === 'transfer' ? await amountToMove(tx, playerId, amountMinor) : 0;
        if (moveMinor === null) return { ok: false, refusal: 'amount_over_balance' };
        await repo.insertVendorSession(tx, {
          id: sessionId,
          tokenHash: hashSecretToken(sessionToken),
          playerId,
          authSessionId: row!.auth_session_id,
          provider: provider.code,
          vendorCode,
          gameUid,
          now,
          expiresAt: new Date(now.getTime() + VENDOR_SESSION_TTL_MS),
        });
        if (moveMinor > 0) await moveMainToVendor(tx, playerId, vendorCode, sessionId, moveMinor);
        const url = new URL(provider.launchUrl);
        url.searchParams.set('session', sessionToken);
        url.searchParams.set('game', gameUid);
        return { ok: true, redirectTo: url.toString() };
      });
      // A refused ticket is still used up: the transaction commits either way, so a stolen
      // ticket tried against the wrong game cannot be retried.
      return outcome;
    },

    /** The vendor session behind a token the vendor presents, or null. */
    async vendorSession(sessionToken: string, provider: string): Promise<VendorSessionInfo | null> {
      const row = await repo.selectVendorSessionByTokenHash(db, hashSecretToken(sessionToken));
      if (!row || row.provider !== provider) return null;
      const active = row.expires_at.getTime() > clock.now().getTime() && (await deps.isAuthSessionActive(db, row.auth_session_id, row.player_id));
      return {
        id: row.id,
        playerId: row.player_id,
        provider: row.provider,
        vendorCode: row.vendor_code,
        walletMode: row.wallet_mode,
        gameUid: row.game_uid,
        active,
      };
    },

    /** The ledger account a session's money lives in: main (seamless) or the vendor purse (transfer). */
    playerAccountOf: (q: Queryable, s: Pick<VendorSessionInfo, 'playerId' | 'vendorCode' | 'walletMode'>) =>
      accountFor(q, s.playerId, s.vendorCode, s.walletMode),

    async cleanupTickets(): Promise<number> {
      return repo.deleteOldTickets(db, new Date(clock.now().getTime() - 60 * 60 * 1000));
    },
  };

  /**
   * Transfer mode: what moves to the vendor purse. The chosen amount, or the whole main balance
   * when none was chosen (the launch before decision 311); null when the choice exceeds the balance.
   */
  async function amountToMove(tx: Queryable, playerId: number, chosen: number | undefined): Promise<number | null> {
    const balance = (await getAccount(tx, accountCodes.playerMain(playerId)))?.balanceMinor ?? 0;
    if (chosen === undefined) return Math.max(0, balance);
    return chosen > balance ? null : chosen;
  }

  /** Transfer mode: `balance` goes from main to the vendor purse, once per session. */
  async function moveMainToVendor(tx: Queryable, playerId: number, vendorCode: string, sessionId: string, balance: number): Promise<void> {
    const main = accountCodes.playerMain(playerId);
    const purse = await accountFor(tx, playerId, vendorCode, 'transfer');
    await postTransfer(tx, {
      idempotencyKey: `launch:${sessionId}`,
      kind: 'vendor_transfer_in',
      reference: sessionId,
      entries: [
        { accountCode: main, amountMinor: -balance },
        { accountCode: purse, amountMinor: balance },
      ],
    });
  }
}
export type GamesService = ReturnType<typeof createGamesService>;

const launchFields = (g: repo.GameRow) => ({ kind: g.kind, gameUid: g.game_uid, clickable: g.clickable, engine: g.engine });
