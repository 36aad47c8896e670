import type { Queryable } from '../../db/db';
import type { CatalogFile } from './catalog-file';

/** SQL of the games module's own tables (tables.ts) and nothing else. */

export async function lockCatalogSeed(q: Queryable): Promise<void> {
  await q.query('SELECT pg_advisory_xact_lock($1)', [7_301_011]);
}

export async function selectCatalogHash(q: Queryable): Promise<string | null> {
  const { rows } = await q.query<{ catalog_hash: string }>('SELECT catalog_hash FROM game_catalog_state WHERE id = 1');
  return rows[0]?.catalog_hash ?? null;
}

/**
 * Makes the catalog tables hold exactly `catalog`: upserts vendors and games (sessions keep
 * referring to them), rewrites the category lists, drops what the file no longer has.
 */
export async function writeCatalog(q: Queryable, catalog: CatalogFile, hash: string, now: Date): Promise<void> {
  const vendors = catalog.vendors.map((v, position) => ({ ...v, position }));
  await q.query(
    `INSERT INTO game_vendors (code, title, image, type, tab, provider, wallet_mode, position)
     SELECT code, title, image, type, tab, provider, "walletMode", position
     FROM jsonb_to_recordset($1::jsonb) AS x(code text, title text, image text, type text, tab integer, provider text, "walletMode" text, position integer)
     ON CONFLICT (code) DO UPDATE SET title = EXCLUDED.title, image = EXCLUDED.image, type = EXCLUDED.type, tab = EXCLUDED.tab,
       provider = EXCLUDED.provider, wallet_mode = EXCLUDED.wallet_mode, position = EXCLUDED.position`,
    [JSON.stringify(vendors)],
  );
  const perVendor = new Map<string, number>();
  const games = catalog.games.map((g) => {
    const key = g.vendorCode ?? '';
    const position = perVendor.get(key) ?? 0;
    perVendor.set(key, position + 1);
    return { ...g, position };
  });
  await q.query(
    `INSERT INTO games (id, kind, title, image, vendor_code, game_uid, engine, rtp_basis_points, clickable, description, href, position)
     SELECT id, kind, title, image, "vendorCode", "gameUid", engine, "rtpBasisPoints", clickable, description, href, position
     FROM jsonb_to_recordset($1::jsonb) AS x(id text, kind text, title text, image text, "vendorCode" text, "gameUid" text, engine text,
       "rtpBasisPoints" integer, clickable boolean, description text, href text, position integer)
     ON CONFLICT (id) DO UPDATE SET kind = EXCLUDED.kind, title = EXCLUDED.title, image = EXCLUDED.image, vendor_code = EXCLUDED.vendor_code,
       game_uid = EXCLUDED.game_uid, engine = EXCLUDED.engine, rtp_basis_points = EXCLUDED.rtp_basis_points, clickable = EXCLUDED.clickable,
       description = EXCLUDED.description, href = EXCLUDED.href, position = EXCLUDED.position`,
    [JSON.stringify(games)],
  );
  await q.query('DELETE FROM game_category_tiles');
  await q.query('DELETE FROM game_categories');
  await q.query('DELETE FROM games WHERE NOT (id = ANY($1::text[]))', [games.map((g) => g.id)]);
  await q.query(
    `DELETE FROM game_vendors v WHERE NOT (code = ANY($1::text[]))
       AND NOT EXISTS (SELECT 1 FROM vendor_sessions s WHERE s.vendor_code = v.code)`,
    [vendors.map((v) => v.code)],
  );
  await q.query(
    `INSERT INTO game_categories (key, title, image, tab, heading, sections)
     SELECT key, title, image, tab, heading, ARRAY(SELECT jsonb_array_elements_text(sections))
     FROM jsonb_to_recordset($1::jsonb) AS x(key text, title text, image text, tab integer, heading boolean, sections jsonb)`,
    [JSON.stringify(catalog.categories)],
  );
  const tiles = catalog.categories.flatMap((c) => c.tiles.map((id, position) => ({ category: c.key, id, position })));
  await q.query(
    `INSERT INTO game_category_tiles (category_key, game_id, position)
     SELECT category, id, position FROM jsonb_to_recordset($1::jsonb) AS x(category text, id text, position integer)`,
    [JSON.stringify(tiles)],
  );
  await q.query(
    `INSERT INTO game_catalog_state (id, catalog_hash, seeded_at) VALUES (1, $1, $2)
     ON CONFLICT (id) DO UPDATE SET catalog_hash = EXCLUDED.catalog_hash, seeded_at = EXCLUDED.seeded_at`,
    [hash, now],
  );
}

export type CategoryRow = { key: string; title: string; image: string; tab: number; heading: boolean; sections: string[]; tile_count: number };

export async function selectCategories(q: Queryable): Promise<CategoryRow[]> {
  const { rows } = await q.query<CategoryRow>(
    `SELECT c.key, c.title, c.image, c.tab, c.heading, c.sections,
       (SELECT count(*)::int FROM game_category_tiles t WHERE t.category_key = c.key) AS tile_count
     FROM game_categories c ORDER BY c.tab`,
  );
  return rows;
}

export type VendorRow = {
  code: string;
  title: string;
  image: string;
  type: 'casino' | 'slot' | null;
  tab: number | null;
  provider: string;
  wallet_mode: 'seamless' | 'transfer';
  game_count: number;
};

export async function selectVendors(q: Queryable, type?: string): Promise<VendorRow[]> {
  const { rows } = await q.query<VendorRow>(
    `SELECT v.code, v.title, v.image, v.type, v.tab, v.provider, v.wallet_mode,
       (SELECT count(*)::int FROM games g WHERE g.vendor_code = v.code) AS game_count
     FROM game_vendors v WHERE ($1::text IS NULL OR v.type = $1) ORDER BY v.type NULLS LAST, v.tab, v.position`,
    [type ?? null],
  );
  return rows;
}

export type GameRow = {
  id: string;
  kind: 'game' | 'info' | 'vendor';
  title: string;
  image: string;
  vendor_code: string | null;
  game_uid: string;
  engine: string | null;
  rtp_basis_points: number | null;
  clickable: boolean;
  description: string | null;
  href: string | null;
  /** Set when listed by category: popular tiles show their odds. */
  category_key?: string | null;
};

/** One page of tiles: by category in its order (optionally one vendor's section), or a vendor's whole list. */
export async function selectGames(
  q: Queryable,
  f: { category?: string; vendor?: string; limit: number; offset: number },
): Promise<{ rows: GameRow[]; total: number }> {
  if (f.category) {
    const where = 't.category_key = $1 AND ($2::text IS NULL OR g.vendor_code = $2)';
    const { rows } = await q.query<GameRow>(
      `SELECT g.*, t.category_key FROM game_category_tiles t JOIN games g ON g.id = t.game_id
       WHERE ${where} ORDER BY t.position LIMIT $3 OFFSET $4`,
      [f.category, f.vendor ?? null, f.limit, f.offset],
    );
    const count = await q.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM game_category_tiles t JOIN games g ON g.id = t.game_id WHERE ${where}`,
      [f.category, f.vendor ?? null],
    );
    return { rows, total: count.rows[0]!.n };
  }
  const { rows } = await q.query<GameRow>(
    `SELECT g.*, NULL AS category_key FROM games g
     WHERE ($1::text IS NULL AND g.vendor_code IS NOT NULL) OR g.vendor_code = $1
     ORDER BY g.vendor_code, g.position LIMIT $2 OFFSET $3`,
    [f.vendor ?? null, f.limit, f.offset],
  );
  const count = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM games g WHERE ($1::text IS NULL AND g.vendor_code IS NOT NULL) OR g.vendor_code = $1`,
    [f.vendor ?? null],
  );
  return { rows, total: count.rows[0]!.n };
}

export type LaunchGameRow = GameRow & { provider: string | null; wallet_mode: 'seamless' | 'transfer' | null };

/** Catalog titles of the games with these vendor game ids. */
export async function selectTitlesByUid(q: Queryable, gameUids: readonly string[]): Promise<{ game_uid: string; title: string }[]> {
  return (await q.query<{ game_uid: string; title: string }>('SELECT game_uid, title FROM games WHERE game_uid = ANY($1::text[])', [gameUids])).rows;
}

export async function selectGameByUid(q: Queryable, gameUid: string): Promise<LaunchGameRow | null> {
  const { rows } = await q.query<LaunchGameRow>(
    `SELECT g.*, v.provider, v.wallet_mode FROM games g LEFT JOIN game_vendors v ON v.code = g.vendor_code
     WHERE g.game_uid = $1 AND g.game_uid <> ''`,
    [gameUid],
  );
  return rows[0] ?? null;
}

export async function insertTicket(
  q: Queryable,
  t: { hash: string; playerId: number; authSessionId: string; gameUid: string; now: Date; expiresAt: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO game_launch_tickets (ticket_hash, player_id, auth_session_id, game_uid, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [t.hash, t.playerId, t.authSessionId, t.gameUid, t.now, t.expiresAt],
  );
}

export type TicketRow = { player_id: number; auth_session_id: string; game_uid: string; expires_at: Date; used_at: Date | null };

/** The ticket, locked so two tabs presenting it at once cannot both use it. */
export async function lockTicket(q: Queryable, hash: string): Promise<TicketRow | null> {
  const { rows } = await q.query<TicketRow>(
    'SELECT player_id, auth_session_id, game_uid, expires_at, used_at FROM game_launch_tickets WHERE ticket_hash = $1 FOR UPDATE',
    [hash],
  );
  return rows[0] ?? null;
}

export async function markTicketUsed(q: Queryable, hash: string, now: Date): Promise<void> {
  await q.query('UPDATE game_launch_tickets SET used_at = $2 WHERE ticket_hash = $1 AND used_at IS NULL', [hash, now]);
}

/** Tickets a minute past expiry serve no purpose (a reuse then reads as unknown, still refused). */
export async function deleteOldTickets(q: Queryable, before: Date): Promise<number> {
  const res = await q.query('DELETE FROM game_launch_tickets WHERE expires_at < $1', [before]);
  return res.rowCount;
}

export type VendorSessionRow = {
  id: string;
  player_id: number;
  auth_session_id: string;
  provider: string;
  vendor_code: string;
  wallet_mode: 'seamless' | 'transfer';
  game_uid: string;
  created_at: Date;
  expires_at: Date;
};

export async function insertVendorSession(
  q: Queryable,
  s: { id: string; tokenHash: string; playerId: number; authSessionId: string; provider: string; vendorCode: string; gameUid: string; now: Date; expiresAt: Date },
): Promise<void> {
  await q.query(
    `INSERT INTO vendor_sessions (id, token_hash, player_id, auth_session_id, provider, vendor_code, game_uid, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [s.id, s.tokenHash, s.playerId, s.authSessionId, s.provider, s.vendorCode, s.gameUid, s.now, s.expiresAt],
  );
}

export async function selectVendorSessionByTokenHash(q: Queryable, tokenHash: string): Promise<VendorSessionRow | null> {
  const { rows } = await q.query<VendorSessionRow>(
    `SELECT s.id, s.player_id, s.auth_session_id, s.provider, s.vendor_code, v.wallet_mode, s.game_uid, s.created_at, s.expires_at
     FROM vendor_sessions s JOIN game_vendors v ON v.code = s.vendor_code WHERE s.token_hash = $1`,
    [tokenHash],
  );
  return rows[0] ?? null;
}
