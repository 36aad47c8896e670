import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb, usingRealPostgres } from '../../../test/helpers/test-db';
import type { Db } from '../../db/db';
import { HOUSE_ACCOUNTS } from './account-codes';
import { isLedgerError } from './errors';
import { checkInvariants } from './invariants';
import { ensureHouse, ensurePlayer, fund, resetLedger, snapshotLedger, move } from './ledger-test-helpers';
import { getBalance, postTransfer, withTransaction, type PostedTransfer } from './service';

/**
 * Many transfers at once through the pool (pgledger's concurrency test is the model). On a real
 * PostgreSQL they truly overlap, each in its own transaction on its own connection; PGlite has
 * one connection and runs them one after another, which must give the same answers.
 */

let db: Db;
let a: string;
let b: string;
let c: string;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await resetLedger(db);
  await ensureHouse(db);
  a = await ensurePlayer(db, 1);
  b = await ensurePlayer(db, 2);
  c = await ensurePlayer(db, 3);
});
afterEach(async () => {
  expect(await checkInvariants(db)).toEqual([]);
});


type Outcome = { ok: PostedTransfer } | { failed: string };
const settle = (p: Promise<PostedTransfer>): Promise<Outcome> =>
  p.then(
    (ok) => ({ ok }),
    (err: unknown) => {
      if (isLedgerError(err)) return { failed: err.reason };
      throw err; // a deadlock or any other database error fails the test
    },
  );

const COUNT = usingRealPostgres() ? 300 : 100;

describe('concurrent transfers', () => {
  it('runs opposite transfers between the same accounts without deadlock', async () => {
    await fund(db, a, 1_000_000);
    await fund(db, b, 1_000_000);
    await fund(db, c, 1_000_000);
    const players = [a, b, c];
    let expectedA = 1_000_000;
    const jobs = Array.from({ length: COUNT }, (_, i) => {
      // A→B, B→A, and the three-way cycle A→B→C→A: every lock order a naive ledger would take.
      const from = players[i % 3]!;
      const to = i % 2 === 0 ? players[(i + 1) % 3]! : players[(i + 2) % 3]!;
      const amountMinor = 1 + (i % 17);
      if (from === a) expectedA -= amountMinor;
      if (to === a) expectedA += amountMinor;
      return postTransfer(db, move(`x${i}`, from, to, amountMinor));
    });
    const results = await Promise.all(jobs);
    expect(results.every((r) => !r.replayed)).toBe(true);
    expect(await getBalance(db, a)).toBe(expectedA);
    const total = (await getBalance(db, a)) + (await getBalance(db, b)) + (await getBalance(db, c));
    expect(total).toBe(3_000_000);
  });

  it('runs multi-entry transfers touching overlapping accounts in opposite orders', async () => {
    for (const p of [a, b, c]) await fund(db, p, 100_000);
    const jobs = Array.from({ length: COUNT }, (_, i) =>
      postTransfer(db, {
        idempotencyKey: `m${i}`,
        kind: 'lottery_bet',
        entries:
          i % 2 === 0
            ? [
                { accountCode: c, amountMinor: -3 },
                { accountCode: b, amountMinor: 2 },
                { accountCode: HOUSE_ACCOUNTS.fees, amountMinor: 1 },
              ]
            : [
                { accountCode: HOUSE_ACCOUNTS.fees, amountMinor: -1 },
                { accountCode: a, amountMinor: 2 },
                { accountCode: c, amountMinor: -1 },
              ],
      }),
    );
    await Promise.all(jobs);
    expect(await getBalance(db, HOUSE_ACCOUNTS.fees)).toBe(0);
    expect(await getBalance(db, c)).toBe(100_000 - 2 * COUNT);
  });

  it('lets exactly as many debits through as the balance covers', async () => {
    await fund(db, a, 1_000);
    const outcomes = await Promise.all(Array.from({ length: 40 }, (_, i) => settle(postTransfer(db, move(`d${i}`, a, b, 100)))));
    expect(outcomes.filter((o) => 'ok' in o)).toHaveLength(10);
    expect(outcomes.filter((o) => 'failed' in o && o.failed === 'INSUFFICIENT_FUNDS')).toHaveLength(30);
    expect(await getBalance(db, a)).toBe(0);
  });
});

describe('concurrent retries', () => {
  it('moves money once when the same request is posted many times at once', async () => {
    await fund(db, a, 1_000);
    // 700 of 1,000: a second application would be refused for funds, so a retry that re-checked
    // funds instead of returning the first result would show up as INSUFFICIENT_FUNDS here.
    const outcomes = await Promise.all(Array.from({ length: 30 }, () => settle(postTransfer(db, move('same', a, b, 700)))));
    const ok = outcomes.map((o) => ('ok' in o ? o.ok : null));
    expect(ok.every(Boolean)).toBe(true);
    expect(new Set(ok.map((t) => t!.id)).size).toBe(1);
    expect(ok.filter((t) => !t!.replayed)).toHaveLength(1);
    expect(await getBalance(db, a)).toBe(300);
    expect((await snapshotLedger(db)).transfers).toBe(2);
  });

  it('accepts one body per key when different bodies race for it', async () => {
    for (const p of [a, b, c]) await fund(db, p, 1_000);
    // Bodies on disjoint accounts, so account locks do not order them: the key's unique index
    // decides, and the losers must see the winner's row (ON CONFLICT waits for its commit).
    const bodies = [move('contested', a, b, 10), move('contested', c, HOUSE_ACCOUNTS.fees, 20)];
    const outcomes = await Promise.all(Array.from({ length: 30 }, (_, i) => settle(postTransfer(db, bodies[i % 2]!))));
    const ok = outcomes.flatMap((o) => ('ok' in o ? [o.ok] : []));
    const conflicts = outcomes.filter((o) => 'failed' in o && o.failed === 'IDEMPOTENCY_CONFLICT');
    expect(ok).toHaveLength(15);
    expect(conflicts).toHaveLength(15);
    expect(new Set(ok.map((t) => t.id)).size).toBe(1);
    const firstWon = (await getBalance(db, a)) === 990;
    expect(await getBalance(db, a)).toBe(firstWon ? 990 : 1_000);
    expect(await getBalance(db, c)).toBe(firstWon ? 1_000 : 980);
  });

  it('keeps concurrent caller transactions atomic when some of them fail late', async () => {
    await fund(db, a, 10_000);
    const before = await snapshotLedger(db);
    const jobs = Array.from({ length: 20 }, (_, i) =>
      withTransaction(db, async (tx) => {
        await postTransfer(tx, move(`t${i}:1`, a, b, 50));
        await postTransfer(tx, move(`t${i}:2`, b, c, 50));
        if (i % 2 === 1) throw new Error('business rule failed after the money moved');
      }).then(
        () => 'committed',
        () => 'rolled back',
      ),
    );
    const results = await Promise.all(jobs);
    expect(results.filter((r) => r === 'committed')).toHaveLength(10);
    const after = await snapshotLedger(db);
    expect(after.transfers - before.transfers).toBe(20);
    expect(await getBalance(db, a)).toBe(10_000 - 500);
    expect(await getBalance(db, b)).toBe(0);
    expect(await getBalance(db, c)).toBe(500);
  });
});
