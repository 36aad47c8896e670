import type { Deposit, UsdtDeposit } from '@colorplay/contract';

/**
 * The recharge history lists UPI orders (get-deposits) and USDT orders (get-usdt-deposits), two
 * lists with cursors of their own, as one list newest first. This module merges one page of each
 * into one page of the history without losing or repeating an order (pure, no I/O of its own).
 */

/** One row of the history: the order in its own shape. */
export type HistoryEntry = { kind: 'upi'; order: Deposit } | { kind: 'usdt'; order: UsdtDeposit };

/** A source page as the server gives it: rows newest first, and the cursor of the next page. */
export interface SourcePage {
  items: HistoryEntry[];
  nextCursor: string | null;
}

/** Reads one page of one source: the first when `before` is null, else the rows older than it. */
export type SourceFetch = (before: string | null, signal: AbortSignal) => Promise<SourcePage>;

export type SourceName = 'upi' | 'usdt';
const SOURCES: readonly SourceName[] = ['upi', 'usdt'];

/**
 * Where each source stands: 'start' (nothing read), 'done' (every row shown), or the id of the
 * last row shown, which is the source's `before` cursor (its rows strictly older than that one).
 */
type SourceState = 'start' | 'done' | { before: string };
type MergedState = Record<SourceName, SourceState>;

/** One page of the merged history and the cursor of the next (null at the end). */
export interface MergedPage {
  items: HistoryEntry[];
  nextCursor: string | null;
}

const timeOf = (entry: HistoryEntry) => Date.parse(entry.order.createdAt);

/** Newest first; equal times by id, descending, as the server orders them. */
function newerFirst(a: HistoryEntry, b: HistoryEntry): number {
  return timeOf(b) - timeOf(a) || (a.order.id < b.order.id ? 1 : a.order.id > b.order.id ? -1 : 0);
}

/**
 * Reads the next page of the merged history. One page of each source still open is read; a row
 * may be shown only when no unread row of another source can be newer, that is when it is not
 * older than the oldest row read from every source that has more. The source whose read rows reach
 * furthest back keeps its whole page, so each page moves on. A source's cursor becomes the id of
 * its last row shown, and rows held back are read again with the next page.
 */
export async function fetchMergedPage(
  cursor: string | null,
  sources: Partial<Record<SourceName, SourceFetch>>,
  signal: AbortSignal,
): Promise<MergedPage> {
  const state: MergedState = cursor === null ? { upi: sources.upi ? 'start' : 'done', usdt: sources.usdt ? 'start' : 'done' } : (JSON.parse(cursor) as MergedState);
  const open = SOURCES.filter((name) => state[name] !== 'done' && sources[name] !== undefined);
  const pages = await Promise.all(
    open.map(async (name) => {
      const at = state[name];
      return { name, page: await sources[name]!(typeof at === 'object' ? at.before : null, signal) };
    }),
  );

  let horizonMs = Number.NEGATIVE_INFINITY;
  for (const { page } of pages) {
    const last = page.items.at(-1);
    if (page.nextCursor !== null && last) horizonMs = Math.max(horizonMs, timeOf(last));
  }

  const next: MergedState = { upi: 'done', usdt: 'done' };
  const items: HistoryEntry[] = [];
  for (const { name, page } of pages) {
    const shown = page.items.filter((entry) => timeOf(entry) >= horizonMs);
    items.push(...shown);
    const lastShown = shown.at(-1);
    if (shown.length === page.items.length) {
      next[name] = page.nextCursor === null ? 'done' : { before: page.nextCursor };
    } else {
      next[name] = lastShown ? { before: lastShown.order.id } : state[name];
    }
  }
  items.sort(newerFirst);
  const more = SOURCES.some((name) => next[name] !== 'done');
  return { items, nextCursor: more ? JSON.stringify(next) : null };
}
