import type { Queryable } from '../../db/db';
import type { AccountKind } from './account-codes';

/**
 * The ledger's SQL. Only this file touches ledger tables, and it only ever INSERTs into
 * ledger_transfers and ledger_entries (UPDATE touches the cached balance on ledger_accounts).
 */

export type AccountRow = {
  id: number;
  code: string;
  kind: AccountKind;
  owner: string | null;
  currency: string;
  balance_minor: number;
  created_at: Date;
};

export type TransferRow = {
  id: string;
  idempotency_key: string;
  request_hash: string;
  kind: string;
  reference: string | null;
  metadata: Record<string, unknown>;
  created_at: Date;
};

export type EntryRow = {
  id: number;
  transfer_id: string;
  account_code: string;
  amount_minor: number;
  balance_before_minor: number;
  balance_after_minor: number;
  created_at: Date;
};

export type HistoryRow = EntryRow & {
  transfer_kind: string;
  reference: string | null;
  metadata: Record<string, unknown>;
};

const ACCOUNT_COLUMNS = 'id, code, kind, owner, currency, balance_minor, created_at';
const TRANSFER_COLUMNS = 'id, idempotency_key, request_hash, kind, reference, metadata, created_at';

/** Inserts an account unless its code exists; returns the row only when this call created it. */
export async function insertAccountIfAbsent(
  q: Queryable,
  a: { code: string; kind: AccountKind; owner: string | null; currency: string },
): Promise<AccountRow | undefined> {
  const { rows } = await q.query<AccountRow>(
    `INSERT INTO ledger_accounts (code, kind, owner, currency) VALUES ($1, $2, $3, $4)
     ON CONFLICT (code) DO NOTHING
     RETURNING ${ACCOUNT_COLUMNS}`,
    [a.code, a.kind, a.owner, a.currency],
  );
  return rows[0];
}

export async function selectAccount(q: Queryable, code: string): Promise<AccountRow | undefined> {
  const { rows } = await q.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE code = $1`, [code]);
  return rows[0];
}

/** An account's balance and currency only: the hot read (decision 366), no other column to decode. */
export async function selectAccountBalance(q: Queryable, code: string): Promise<Pick<AccountRow, 'balance_minor' | 'currency'> | undefined> {
  const { rows } = await q.query<Pick<AccountRow, 'balance_minor' | 'currency'>>('SELECT balance_minor, currency FROM ledger_accounts WHERE code = $1', [code]);
  return rows[0];
}

export async function selectAccountsOfOwner(q: Queryable, owner: string): Promise<AccountRow[]> {
  const { rows } = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE owner = $1 ORDER BY id`,
    [owner],
  );
  return rows;
}

/**
 * Locks the named accounts in ascending id order. LockRows runs above the sort, so every
 * transfer acquires its row locks in the same global order and two transfers can never wait
 * on each other in a cycle. In READ COMMITTED the rows returned are the latest committed ones.
 */
export async function lockAccounts(q: Queryable, codes: readonly string[]): Promise<AccountRow[]> {
  const { rows } = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts WHERE code = ANY($1::text[]) ORDER BY id FOR UPDATE`,
    [codes],
  );
  return rows;
}

/**
 * lockAccounts, plus the funded bonus accounts (`player:<id>:bonus:<grantId>`, balance above 0) of
 * `owners`, in the same statement and the same id order: a bet batch learns which of its players
 * have bonus money without a statement of its own (decision 530).
 */
export async function lockAccountsWithBonuses(q: Queryable, codes: readonly string[], owners: readonly string[]): Promise<AccountRow[]> {
  const { rows } = await q.query<AccountRow>(
    `SELECT ${ACCOUNT_COLUMNS} FROM ledger_accounts
      WHERE code = ANY($1::text[])
         -- The constant pattern lets the planner use the bonus accounts' own index (migration 040).
         OR (owner = ANY($2::text[]) AND code LIKE 'player:%:bonus:%' AND code LIKE 'player:' || owner || ':bonus:%' AND kind = 'player' AND balance_minor > 0)
      ORDER BY id FOR UPDATE`,
    [codes, owners],
  );
  return rows;
}

export async function selectTransferByKey(q: Queryable, idempotencyKey: string): Promise<TransferRow | undefined> {
  const { rows } = await q.query<TransferRow>(
    `SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE idempotency_key = $1`,
    [idempotencyKey],
  );
  return rows[0];
}

export async function selectTransferById(q: Queryable, id: string): Promise<TransferRow | undefined> {
  const { rows } = await q.query<TransferRow>(`SELECT ${TRANSFER_COLUMNS} FROM ledger_transfers WHERE id = $1`, [id]);
  return rows[0];
}

export async function selectEntriesOfTransfer(q: Queryable, transferId: string): Promise<EntryRow[]> {
  const { rows } = await q.query<EntryRow>(
    `SELECT e.id, e.transfer_id, a.code AS account_code, e.amount_minor, e.balance_before_minor,
            e.balance_after_minor, e.created_at
       FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.transfer_id = $1
      ORDER BY e.id`,
    [transferId],
  );
  return rows;
}

/**
 * Claims the idempotency key. ON CONFLICT DO NOTHING (rather than catching a unique violation)
 * keeps the caller's transaction usable: when another transaction holds the same key
 * uncommitted, PostgreSQL waits for it and then reports "nothing inserted" if it committed.
 */
export async function insertTransferIfKeyFree(
  q: Queryable,
  t: { id: string; idempotencyKey: string; requestHash: string; kind: string; reference: string | null; metadataJson: string },
): Promise<TransferRow | undefined> {
  const { rows } = await q.query<TransferRow>(
    `INSERT INTO ledger_transfers (id, idempotency_key, request_hash, kind, reference, metadata)
     VALUES ($1, $2, $3, $4, $5, $6::jsonb)
     ON CONFLICT (idempotency_key) DO NOTHING
     RETURNING ${TRANSFER_COLUMNS}`,
    [t.id, t.idempotencyKey, t.requestHash, t.kind, t.reference, t.metadataJson],
  );
  return rows[0];
}

export type AppliedEntryRow = Omit<EntryRow, 'account_code' | 'transfer_id'> & { account_id: number };

export type EntryWrite = { accountId: number; amountMinor: number; balanceBeforeMinor: number; balanceAfterMinor: number };

/**
 * Moves the balances and appends the entries in one statement (one round trip). The accounts
 * must already be locked by this transaction, so the before-balances are still current.
 */
export async function applyEntries(
  q: Queryable,
  transferId: string,
  entries: readonly EntryWrite[],
): Promise<AppliedEntryRow[]> {
  const { rows } = await q.query<AppliedEntryRow>(
    `WITH moved AS (
       UPDATE ledger_accounts AS a SET balance_minor = v.after_minor
         FROM unnest($2::bigint[], $5::bigint[]) AS v(account_id, after_minor)
        WHERE a.id = v.account_id
     )
     INSERT INTO ledger_entries (transfer_id, account_id, amount_minor, balance_before_minor, balance_after_minor)
     SELECT $1, e.account_id, e.amount_minor, e.before_minor, e.after_minor
       FROM unnest($2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[])
            WITH ORDINALITY AS e(account_id, amount_minor, before_minor, after_minor, n)
      ORDER BY e.n
     RETURNING id, account_id, amount_minor, balance_before_minor, balance_after_minor, created_at`,
    [
      transferId,
      entries.map((e) => e.accountId),
      entries.map((e) => e.amountMinor),
      entries.map((e) => e.balanceBeforeMinor),
      entries.map((e) => e.balanceAfterMinor),
    ],
  );
  return rows.sort((a, b) => a.id - b.id);
}

/** One page of an account's entries, newest first, strictly older than entry `beforeId`. */
export async function selectHistory(
  q: Queryable,
  accountId: number,
  beforeId: number | null,
  limit: number,
): Promise<HistoryRow[]> {
  const { rows } = await q.query<HistoryRow>(
    `SELECT e.id, e.transfer_id, a.code AS account_code, e.amount_minor, e.balance_before_minor,
            e.balance_after_minor, e.created_at, t.kind AS transfer_kind, t.reference, t.metadata
       FROM ledger_entries e
       JOIN ledger_transfers t ON t.id = e.transfer_id
       JOIN ledger_accounts a ON a.id = e.account_id
      WHERE e.account_id = $1 AND ($2::bigint IS NULL OR e.id < $2::bigint)
      ORDER BY e.id DESC
      LIMIT $3`,
    [accountId, beforeId, limit],
  );
  return rows;
}

/** The sum of an account's entries per transfer kind (only the kinds asked for). */
export async function selectSumsByKind(q: Queryable, code: string, kinds: readonly string[], afterEntryId: number | null = null): Promise<{ kind: string; sum_minor: number }[]> {
  const { rows } = await q.query<{ kind: string; sum_minor: number }>(
    `SELECT t.kind, SUM(e.amount_minor)::bigint AS sum_minor
       FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id
       JOIN ledger_transfers t ON t.id = e.transfer_id
      WHERE a.code = $1 AND t.kind = ANY($2::text[]) AND ($3::bigint IS NULL OR e.id > $3::bigint)
      GROUP BY t.kind`,
    [code, kinds, afterEntryId],
  );
  return rows.map((r) => ({ kind: r.kind, sum_minor: Number(r.sum_minor) }));
}

/**
 * Sums by transfer kind over every account a player owns (main and vendor purses), for entries
 * made at or after `since` (null: all time). Responsible-gambling windows read this (decision 210).
 */
export async function selectOwnerSumsByKindSince(
  q: Queryable,
  owner: string,
  kinds: readonly string[],
  since: Date | null,
): Promise<{ kind: string; sum_minor: number }[]> {
  const { rows } = await q.query<{ kind: string; sum_minor: number }>(
    `SELECT t.kind, SUM(e.amount_minor)::bigint AS sum_minor
       FROM ledger_accounts a
       JOIN ledger_entries e ON e.account_id = a.id
       JOIN ledger_transfers t ON t.id = e.transfer_id
      WHERE a.owner = $1 AND a.kind = 'player' AND t.kind = ANY($2::text[])
        AND ($3::timestamptz IS NULL OR e.created_at >= $3::timestamptz)
      GROUP BY t.kind`,
    [owner, kinds, since],
  );
  return rows.map((r) => ({ kind: r.kind, sum_minor: Number(r.sum_minor) }));
}

/**
 * A player's entries of `kinds` grouped by window, game and kind (decision 459): one query, from
 * the player's accounts (owner index) and their entries (account index). The game is the
 * transfer's `game` (lottery) or `gameUid` (vendor) metadata; windows are [from, to) pairs.
 */
export async function selectOwnerPlayByGame(
  q: Queryable,
  owner: string,
  kinds: readonly string[],
  windows: readonly { from: Date; to: Date }[],
): Promise<{ window: number; game: string | null; kind: string; entries: number; sum_minor: number }[]> {
  const { rows } = await q.query<{ window: string; game: string | null; kind: string; entries: number; sum_minor: string }>(
    `SELECT w.n AS window, COALESCE(t.metadata->>'game', t.metadata->>'gameUid') AS game, t.kind,
            count(*)::int AS entries, SUM(e.amount_minor)::bigint AS sum_minor
       FROM ledger_accounts a
       JOIN ledger_entries e ON e.account_id = a.id
       JOIN ledger_transfers t ON t.id = e.transfer_id
       JOIN unnest($3::timestamptz[], $4::timestamptz[]) WITH ORDINALITY AS w(from_at, to_at, n)
         ON e.created_at >= w.from_at AND e.created_at < w.to_at
      WHERE a.owner = $1 AND a.kind = 'player' AND t.kind = ANY($2::text[])
      GROUP BY w.n, 2, t.kind`,
    [owner, kinds, windows.map((w) => w.from), windows.map((w) => w.to)],
  );
  return rows.map((r) => ({ window: Number(r.window) - 1, game: r.game, kind: r.kind, entries: r.entries, sum_minor: Number(r.sum_minor) }));
}

/**
 * A group of entries as the reports fold them: per India day, transfer kind, account scope
 * ('player' main wallets, 'purse' vendor purses, else the house account's code with a lottery
 * shard folded into its game), owner, and the transfer's channel, game and room metadata.
 */
export type EntryFact = {
  day: string;
  kind: string;
  scope: string;
  owner: string | null;
  channel: string | null;
  game: string | null;
  room: string | null;
  amountMinor: number;
  entries: number;
};

/**
 * Entries with `afterId < id <= throughId` (no upper bound when null), summed per India day
 * (IST, UTC+05:30 with no daylight saving, so a fixed offset is exact), transfer kind, account
 * scope ('player' main wallets, 'purse' vendor purses, else the house code with a lottery shard
 * folded into its game), owner and the transfer's channel, game and room. Read by id range along
 * the primary key, so a fold of the newest entries never scans the whole table.
 */
export async function selectEntryFacts(q: Queryable, afterId: number, throughId: number | null): Promise<EntryFact[]> {
  const { rows } = await q.query<Omit<EntryFact, 'amountMinor'> & { amount_minor: number }>(
    `SELECT to_char((e.created_at AT TIME ZONE 'UTC') + interval '5 hours 30 minutes', 'YYYY-MM-DD') AS day,
            t.kind,
            CASE WHEN a.kind = 'player' THEN (CASE WHEN a.code LIKE 'player:%:vendor:%' THEN 'purse' ELSE 'player' END)
                 ELSE regexp_replace(a.code, '^(house:lottery:[A-Za-z0-9_-]+):[0-9]+$', '\\1') END AS scope,
            a.owner,
            t.metadata->>'channel' AS channel,
            COALESCE(t.metadata->>'game', t.metadata->>'gameUid') AS game,
            t.metadata->>'room' AS room,
            SUM(e.amount_minor)::bigint AS amount_minor,
            COUNT(*)::bigint AS entries
       FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id
       JOIN ledger_transfers t ON t.id = e.transfer_id
      WHERE e.id > $1 AND ($2::bigint IS NULL OR e.id <= $2::bigint)
      GROUP BY 1, 2, 3, 4, 5, 6, 7`,
    [afterId, throughId],
  );
  return rows.map(({ amount_minor, ...r }) => ({ ...r, amountMinor: Number(amount_minor), entries: Number(r.entries) }));
}

/**
 * The highest entry id among the next `scanLimit` entries after `afterId` whose transaction
 * started before `now() - settleSeconds` (null when there is none), for the reports' fold.
 */
export async function selectSettledEntryId(q: Queryable, afterId: number, settleSeconds: number, scanLimit: number): Promise<number | null> {
  const { rows } = await q.query<{ id: number | null }>(
    `SELECT MAX(id)::bigint AS id
       FROM (SELECT id, created_at FROM ledger_entries WHERE id > $1 ORDER BY id LIMIT $3) next
      WHERE created_at < now() - make_interval(secs => $2)`,
    [afterId, settleSeconds, scanLimit],
  );
  const id = rows[0]?.id;
  return id === null || id === undefined ? null : Number(id);
}

/** Balances summed per account class (see balanceTotals in service.ts), in one currency. */
export async function selectBalanceTotals(q: Queryable, currency: string): Promise<{ scope: string; balance_minor: number; accounts: number }[]> {
  const { rows } = await q.query<{ scope: string; balance_minor: number; accounts: number }>(
    `SELECT CASE WHEN kind = 'player' THEN (CASE WHEN code LIKE 'player:%:vendor:%' THEN 'purse' ELSE 'player' END)
                 ELSE regexp_replace(code, '^(house:lottery:[A-Za-z0-9_-]+):[0-9]+$', '\\1') END AS scope,
            SUM(balance_minor)::bigint AS balance_minor, COUNT(*)::bigint AS accounts
       FROM ledger_accounts
      WHERE currency = $1
      GROUP BY 1`,
    [currency],
  );
  return rows.map((r) => ({ scope: r.scope, balance_minor: Number(r.balance_minor), accounts: Number(r.accounts) }));
}

/**
 * Transfers of some kinds posted in [from, to), summed per (reference, kind): how many, and what
 * each moved (its credited side). The kinds are spelled into the SQL from TRANSFER_KINDS (never
 * from input) so that a partial index whose predicate lists them can serve the range (migration 044).
 */
export async function selectTransferSumsByReference(
  q: Queryable,
  kinds: readonly string[],
  from: Date,
  to: Date,
): Promise<{ reference: string | null; kind: string; transfers: number; amount_minor: number }[]> {
  const list = kinds.map((k) => `'${k}'`).join(', ');
  const { rows } = await q.query<{ reference: string | null; kind: string; transfers: number; amount_minor: number }>(
    `SELECT t.reference, t.kind, COUNT(*)::int AS transfers, SUM(m.amount_minor)::bigint AS amount_minor
       FROM ledger_transfers t
       CROSS JOIN LATERAL (SELECT SUM(e.amount_minor) AS amount_minor FROM ledger_entries e WHERE e.transfer_id = t.id AND e.amount_minor > 0) m
      WHERE t.kind IN (${list}) AND t.created_at >= $1 AND t.created_at < $2
      GROUP BY t.reference, t.kind`,
    [from, to],
  );
  return rows.map((r) => ({ reference: r.reference, kind: r.kind, transfers: Number(r.transfers), amount_minor: Number(r.amount_minor) }));
}
