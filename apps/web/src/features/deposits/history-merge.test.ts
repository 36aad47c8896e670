import type { Deposit, UsdtDeposit } from '@colorplay/contract';
import { describe, expect, it } from 'vitest';
import { makeUsdtDeposit } from '../../test/fake-usdt-api';
import { makeDeposit } from '../../test/fake-wallet-api';
import { fetchMergedPage, type HistoryEntry, type SourceFetch } from './history-merge';

const at = (minute: number) => new Date(Date.UTC(2026, 0, 15, 0, minute)).toISOString();
const upi = (n: number, minute: number): HistoryEntry => ({ kind: 'upi', order: makeDeposit({ id: `dep_m${String(n).padStart(6, '0')}`, createdAt: at(minute) }) as Deposit });
const usdt = (n: number, minute: number): HistoryEntry => ({
  kind: 'usdt',
  order: makeUsdtDeposit({ id: `usdt_m${String(n).padStart(6, '0')}`, createdAt: at(minute) }) as UsdtDeposit,
});

/**
 * A source over a list newest first, paged as the server pages (rows strictly older than the
 * `before` row, by time then id; the next cursor is the last row's id), recording each read.
 */
function source(rows: HistoryEntry[], pageSize: number, reads: (string | null)[] = []): SourceFetch {
  const sorted = [...rows].sort((a, b) => Date.parse(b.order.createdAt) - Date.parse(a.order.createdAt) || (a.order.id < b.order.id ? 1 : -1));
  return (before) => {
    reads.push(before);
    const start = before === null ? 0 : sorted.findIndex((r) => r.order.id === before) + 1;
    const items = sorted.slice(start, start + pageSize);
    const more = start + pageSize < sorted.length;
    return Promise.resolve({ items, nextCursor: more ? items.at(-1)!.order.id : null });
  };
}

async function readAll(sources: Parameters<typeof fetchMergedPage>[1]): Promise<{ ids: string[]; pages: number }> {
  const signal = new AbortController().signal;
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await fetchMergedPage(cursor, sources, signal);
    ids.push(...page.items.map((e) => e.order.id));
    cursor = page.nextCursor;
    pages += 1;
    expect(pages).toBeLessThan(200);
  } while (cursor !== null);
  return { ids, pages };
}

describe('merged recharge history', () => {
  it('interleaves both lists newest first on the first page, holding back what an unread row could precede', async () => {
    const upiRows = [upi(1, 50), upi(2, 40), upi(3, 30), upi(4, 20)];
    const usdtRows = [usdt(1, 45), usdt(2, 10)];
    const page = await fetchMergedPage(null, { upi: source(upiRows, 2), usdt: source(usdtRows, 2) }, new AbortController().signal);
    // UPI has more after minute 40: the USDT row of minute 10 could be preceded by unread UPI rows.
    expect(page.items.map((e) => e.order.id)).toEqual(['dep_m000001', 'usdt_m000001', 'dep_m000002']);
    expect(page.nextCursor).not.toBeNull();
  });

  it('shows every order of both lists exactly once, newest first, whatever the page sizes', async () => {
    // A small deterministic generator: times collide on purpose (same minute in both lists).
    let seed = 7;
    const rand = (n: number) => ((seed = (seed * 1103515245 + 12345) % 2 ** 31), seed % n);
    for (let round = 0; round < 30; round++) {
      const upiRows = Array.from({ length: rand(25) }, (_, i) => upi(i, rand(40)));
      const usdtRows = Array.from({ length: rand(25) }, (_, i) => usdt(i, rand(40)));
      const all = [...upiRows, ...usdtRows];
      const { ids } = await readAll({ upi: source(upiRows, 1 + rand(6)), usdt: source(usdtRows, 1 + rand(6)) });
      expect(new Set(ids).size).toBe(ids.length);
      expect([...ids].sort()).toEqual(all.map((e) => e.order.id).sort());
      const times = ids.map((id) => Date.parse(all.find((e) => e.order.id === id)!.order.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
  });

  it('reads only the sources given (a channel filter) and ends when each is done', async () => {
    const reads: (string | null)[] = [];
    const { ids, pages } = await readAll({ usdt: source([usdt(1, 3), usdt(2, 2), usdt(3, 1)], 2, reads) });
    expect(ids).toEqual(['usdt_m000001', 'usdt_m000002', 'usdt_m000003']);
    expect(pages).toBe(2);
    expect(reads).toEqual([null, 'usdt_m000002']);
  });
});
