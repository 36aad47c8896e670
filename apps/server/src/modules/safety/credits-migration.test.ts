import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Db } from '../../db/db';
import { migrate, readMigrations } from '../../db/migrate';
import { accountCodes, checkInvariants, ensureAccount, HOUSE_ACCOUNTS, postTransfer } from '../ledger';
import { sumDepositUsage } from './repo';

// Migration 026 (decision 391): a deposit credited before deposit limits counted credits by their
// own rows still held its order-keyed share, which the new reading calls "reserved". The migration
// turns it into the credit row the credit path writes now. The SQL is the same on PGlite and
// PostgreSQL (the suite runs it on both through every other test's migrate); this file needs a
// database stopped one migration short, which the shared helpers do not make, so it uses PGlite.

const VERSION = 26;
const all = readMigrations();
const before = all.filter((m) => m.version < VERSION);

describe('migration 026: credited orders count as credited', () => {
  let db: Db;
  beforeAll(async () => {
    expect(all.find((m) => m.version === VERSION)?.name).toBe('deposit_credits_counted');
    db = await openPglite('memory://');
    await migrate(db, before);
  });
  afterAll(async () => db?.close());

  it('moves each credited order to a credit row of its credited amount and time, leaving open orders reserved', async () => {
    await db.query(
      `INSERT INTO players (id, uid, phone, password_hash, nickname, age_confirmed_at) VALUES (1, 1001, '9000000101', 'x', 'p1', now())`,
    );
    const main = accountCodes.playerMain(1);
    await ensureAccount(db, { code: main, kind: 'player', owner: 1 });
    await ensureAccount(db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
    const credit = (orderId: string, key: string, amountMinor: number, kind: 'deposit' | 'deposit_usdt' = 'deposit') =>
      postTransfer(db, { idempotencyKey: key, kind, reference: orderId, entries: [{ accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -amountMinor }, { accountCode: main, amountMinor }] });
    const share = (orderId: string, amountMinor: number, releasedAt: string | null = null) =>
      db.query(`INSERT INTO safety_deposit_usage (order_ref, player_id, amount_minor, created_at, released_at) VALUES ($1, 1, $2, now() - interval '1 hour', $3)`, [orderId, amountMinor, releasedAt]);

    // A UPI order credited as ordered; a USDT order credited within its tolerance (more than the
    // order); an order cancelled (released) and paid afterwards; an order still open.
    await share('dep_upi1', 50_000);
    await credit('dep_upi1', 'deposit:dep_upi1', 50_000);
    await share('dep_usdt1', 60_000);
    await credit('dep_usdt1', 'deposit_usdt:dep_usdt1', 60_500, 'deposit_usdt');
    await share('dep_late1', 20_000, new Date().toISOString());
    await credit('dep_late1', 'deposit:dep_late1', 20_000);
    await share('dep_open1', 10_000);

    await migrate(db, all.filter((m) => m.version <= VERSION));

    const { rows } = await db.query<{ order_ref: string; amount_minor: string; released_at: Date | null }>(
      'SELECT order_ref, amount_minor::text, released_at FROM safety_deposit_usage ORDER BY order_ref',
    );
    expect(rows.map((r) => [r.order_ref, Number(r.amount_minor), r.released_at])).toEqual([
      ['credit:deposit:dep_late1', 20_000, null],
      ['credit:deposit:dep_upi1', 50_000, null],
      ['credit:deposit_usdt:dep_usdt1', 60_500, null],
      ['dep_open1', 10_000, null],
    ]);
    const usage = await sumDepositUsage(db, 1, new Date(Date.now() - 24 * 3_600_000));
    expect(usage).toEqual({ creditedMinor: 130_500, reservedMinor: 10_000 });
    expect(await checkInvariants(db)).toEqual([]);
  });
});
