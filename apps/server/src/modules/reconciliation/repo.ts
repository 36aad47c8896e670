import type { ReconKind } from '@colorplay/contract';
import type { Queryable } from '../../db/db';

/** This module's tables (migration 029): imports, their items, and the daily runs. */

export type ImportRow = {
  id: string;
  file_sha256: string;
  file_name: string;
  settlement_date: string;
  line_count: number;
  imported_by: number | null;
  imported_at: Date;
};

export type ItemRow = {
  id: string;
  import_id: string;
  line_no: number | null;
  kind: ReconKind;
  order_id: string;
  file_line: { utr: string; amountMinor: number; status: string; paidAt: string } | null;
  order_facts: { status: string; amountMinor: number; gatewayUtr: string | null } | null;
  state: 'matched' | 'open' | 'credited' | 'explained';
  reason: string | null;
  resolved_by: number | null;
  resolved_at: Date | null;
  transfer_id: string | null;
  created_at: Date;
};

// The date column as text: a `date` read back must not shift with the session's time zone.
const IMPORT_COLUMNS = `id, file_sha256, file_name, to_char(settlement_date, 'YYYY-MM-DD') AS settlement_date, line_count, imported_by, imported_at`;

/** Inserts an import unless a file with this SHA-256 was imported already (then undefined). */
export async function insertImport(q: Queryable, r: Omit<ImportRow, 'settlement_date'> & { settlement_date: string }): Promise<ImportRow | undefined> {
  const { rows } = await q.query<ImportRow>(
    `INSERT INTO recon_imports (id, file_sha256, file_name, settlement_date, line_count, imported_by, imported_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (file_sha256) DO NOTHING RETURNING ${IMPORT_COLUMNS}`,
    [r.id, r.file_sha256, r.file_name, r.settlement_date, r.line_count, r.imported_by, r.imported_at],
  );
  return rows[0];
}

export async function findImportBySha(q: Queryable, sha256: string): Promise<ImportRow | undefined> {
  const { rows } = await q.query<ImportRow>(`SELECT ${IMPORT_COLUMNS} FROM recon_imports WHERE file_sha256 = $1`, [sha256]);
  return rows[0];
}

export async function listImports(q: Queryable, limit: number): Promise<ImportRow[]> {
  const { rows } = await q.query<ImportRow>(`SELECT ${IMPORT_COLUMNS} FROM recon_imports ORDER BY imported_at DESC, id DESC LIMIT $1`, [limit]);
  return rows;
}

/** Items per kind of each import. */
export async function countsOf(q: Queryable, importIds: string[]): Promise<Map<string, Record<string, number>>> {
  const { rows } = await q.query<{ import_id: string; kind: string; n: number }>(
    'SELECT import_id, kind, count(*)::int AS n FROM recon_items WHERE import_id = ANY($1::text[]) GROUP BY import_id, kind',
    [importIds],
  );
  const out = new Map<string, Record<string, number>>();
  for (const r of rows) out.set(r.import_id, { ...out.get(r.import_id), [r.kind]: r.n });
  return out;
}

export type NewItem = Pick<ItemRow, 'id' | 'import_id' | 'line_no' | 'kind' | 'order_id' | 'file_line' | 'order_facts' | 'state' | 'created_at'>;

/** Inserts an import's items in one statement (a file may have thousands of lines). */
export async function insertItems(q: Queryable, items: NewItem[]): Promise<void> {
  if (items.length === 0) return;
  await q.query(
    `INSERT INTO recon_items (id, import_id, line_no, kind, order_id, file_line, order_facts, state, created_at)
     SELECT * FROM jsonb_to_recordset($1::jsonb) AS x(id text, import_id text, line_no integer, kind text, order_id text,
       file_line jsonb, order_facts jsonb, state text, created_at timestamptz)`,
    [JSON.stringify(items)],
  );
}

export async function listItems(q: Queryable, where: { importId?: string | undefined; openOnly: boolean }, limit: number): Promise<ItemRow[]> {
  const { rows } = await q.query<ItemRow>(
    `SELECT * FROM recon_items
     WHERE ($1::text IS NULL OR import_id = $1) AND (NOT $2::boolean OR state = 'open')
     ORDER BY created_at DESC, import_id, line_no NULLS LAST, id LIMIT $3`,
    [where.importId ?? null, where.openOnly, limit],
  );
  return rows;
}

export async function lockItem(q: Queryable, id: string): Promise<ItemRow | undefined> {
  const { rows } = await q.query<ItemRow>('SELECT * FROM recon_items WHERE id = $1 FOR UPDATE', [id]);
  return rows[0];
}

/** Resolves an open item (the trigger refuses any other change). */
export async function resolveItem(
  q: Queryable,
  r: { id: string; state: 'credited' | 'explained'; reason: string; resolvedBy: number; resolvedAt: Date; transferId: string | null },
): Promise<ItemRow> {
  const { rows } = await q.query<ItemRow>(
    `UPDATE recon_items SET state = $2, reason = $3, resolved_by = $4, resolved_at = $5, transfer_id = $6 WHERE id = $1 RETURNING *`,
    [r.id, r.state, r.reason, r.resolvedBy, r.resolvedAt, r.transferId],
  );
  return rows[0]!;
}

export type RunRow = { day: string; ran_at: Date; differences: number; result: Record<string, unknown> };
const RUN_COLUMNS = `to_char(day, 'YYYY-MM-DD') AS day, ran_at, differences, result`;

/** Records a day's run unless one is recorded already (then undefined). */
export async function insertRun(q: Queryable, r: RunRow): Promise<RunRow | undefined> {
  const { rows } = await q.query<RunRow>(
    `INSERT INTO recon_runs (day, ran_at, differences, result) VALUES ($1, $2, $3, $4) ON CONFLICT (day) DO NOTHING RETURNING ${RUN_COLUMNS}`,
    [r.day, r.ran_at, r.differences, JSON.stringify(r.result)],
  );
  return rows[0];
}

export async function findRun(q: Queryable, day: string): Promise<RunRow | undefined> {
  const { rows } = await q.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM recon_runs WHERE day = $1`, [day]);
  return rows[0];
}

export async function listRuns(q: Queryable, limit: number): Promise<RunRow[]> {
  const { rows } = await q.query<RunRow>(`SELECT ${RUN_COLUMNS} FROM recon_runs ORDER BY day DESC LIMIT $1`, [limit]);
  return rows;
}

export async function countOpenItems(q: Queryable): Promise<number> {
  const { rows } = await q.query<{ n: number }>(`SELECT count(*)::int AS n FROM recon_items WHERE state = 'open'`);
  return Number(rows[0]!.n);
}
