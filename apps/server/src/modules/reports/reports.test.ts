import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../db/db';
import { MIGRATIONS_DIR } from '../../db/migrate';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { asOwner } from '../../../test/helpers/test-db';
import { fakeClock } from '../../lib/clock';
import { insertPlayer } from '../players';
import { HOUSE_ACCOUNTS, accountCodes, checkInvariants, ensureAccount, isLedgerError, postTransfer, type PostTransferInput } from '../ledger';

/**
 * The reports against the ledger (decision 410): after random activity spread over IST day
 * boundaries, with the fold run at random points, every figure equals a sum computed directly from
 * the ledger's tables here, in SQL of this test's own. Also roles, the CSV and the day boundary.
 */
const clock = fakeClock(new Date('2026-03-10T06:00:00Z'));
let t: TestApp;
let db: Db;
let finance: OperatorClient;
let support: OperatorClient;
let admin: OperatorClient;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  db = t.db;
  finance = await OperatorClient.create(t.app, clock, 'fiona', 'finance');
  support = await OperatorClient.create(t.app, clock, 'sunil', 'support');
  admin = await OperatorClient.create(t.app, clock, 'anita', 'admin');
  for (const o of [finance, support, admin]) expect((await o.login()).statusCode).toBe(200);
});
afterAll(async () => {
  await t.app.close();
});

/** Empties the ledger and the reports' tables between runs (as the owner: TRUNCATE). */
async function resetMoney(): Promise<void> {
  await asOwner(db, async (owner) => {
    await owner.exec('TRUNCATE ledger_entries, ledger_transfers, ledger_accounts, report_daily, report_player_daily, report_active_daily, report_player_month RESTART IDENTITY CASCADE');
    await owner.exec('UPDATE report_fold_state SET folded_through_entry_id = 0, folded_at = NULL');
  });
}

/**
 * Moves the entries of the given transfers to an instant, as if posted then: the test's way to
 * place activity on either side of an IST midnight (the ledger stamps entries with the database's
 * now()). Amounts and the running balances are untouched, so the ledger's invariants still hold.
 */
async function backdate(placed: readonly { transferId: string; at: Date }[]): Promise<void> {
  if (placed.length === 0) return;
  await asOwner(db, (owner) =>
    owner.transaction(async (tx) => {
      await tx.query('ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only');
      await tx.query(
        `UPDATE ledger_entries e SET created_at = p.at FROM unnest($1::text[], $2::timestamptz[]) AS p(id, at) WHERE e.transfer_id = p.id`,
        [placed.map((p) => p.transferId), placed.map((p) => p.at)],
      );
      await tx.query('ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only');
    }),
  );
}

const PLAYERS = [1, 2, 3];
const GAMES = ['wingo', 'k3'] as const;
const ROOMS = ['30s', '1m'] as const;
const CHANNELS = ['upi', 'bank', 'usdt'] as const;
/** IST midnight between 2026-03-01 and 2026-03-02 is 2026-03-01T18:30:00Z. */
const BOUNDARY_MS = Date.parse('2026-03-01T18:30:00Z');

type Op =
  | { op: 'deposit'; player: number; amount: number; usdt: boolean }
  | { op: 'bet'; player: number; game: (typeof GAMES)[number]; room: (typeof ROOMS)[number]; shard: number; amount: number }
  | { op: 'payout' | 'refund'; player: number; game: (typeof GAMES)[number]; room: (typeof ROOMS)[number]; shard: number; amount: number }
  | { op: 'fee'; game: (typeof GAMES)[number]; room: (typeof ROOMS)[number]; shard: number; amount: number }
  | { op: 'vendor_bet' | 'vendor_win' | 'vendor_rollback' | 'vendor_free_round'; player: number; purse: boolean; amount: number }
  | { op: 'to_purse'; player: number; amount: number }
  | { op: 'withdraw'; player: number; amount: number; fee: number; channel: (typeof CHANNELS)[number]; end: 'pending' | 'released' | 'paid' | 'reversed' }
  | { op: 'adjust'; player: number; amount: number };

const amount = fc.integer({ min: 1, max: 50_000 });
const player = fc.constantFrom(...PLAYERS);
const game = fc.constantFrom(...GAMES);
const room = fc.constantFrom(...ROOMS);
const shard = fc.integer({ min: 0, max: 1 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ op: fc.constant('deposit' as const), player, amount: fc.integer({ min: 100, max: 200_000 }), usdt: fc.boolean() }),
  fc.record({ op: fc.constant('bet' as const), player, game, room, shard, amount }),
  fc.record({ op: fc.constantFrom('payout' as const, 'refund' as const), player, game, room, shard, amount }),
  fc.record({ op: fc.constant('fee' as const), game, room, shard, amount: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ op: fc.constantFrom('vendor_bet' as const, 'vendor_win' as const, 'vendor_rollback' as const, 'vendor_free_round' as const), player, purse: fc.boolean(), amount }),
  fc.record({ op: fc.constant('to_purse' as const), player, amount }),
  fc.record({ op: fc.constant('withdraw' as const), player, amount: fc.integer({ min: 200, max: 50_000 }), fee: fc.integer({ min: 0, max: 100 }), channel: fc.constantFrom(...CHANNELS), end: fc.constantFrom('pending' as const, 'released' as const, 'paid' as const, 'reversed' as const) }),
  fc.record({ op: fc.constant('adjust' as const), player, amount }),
);
/** An operation, the instant it is placed at (minutes around the IST midnight), and whether the fold runs after it. */
const stepArb = fc.record({ op: opArb, minutes: fc.integer({ min: -36 * 60, max: 36 * 60 }), fold: fc.boolean() });

let seq = 0;
/** Posts one operation's transfers; a refusal for want of funds posts nothing. Returns the posted ids. */
async function apply(o: Op): Promise<string[]> {
  const key = () => `t${++seq}`;
  const main = (p: number) => accountCodes.playerMain(p);
  const purse = (p: number) => accountCodes.playerAtVendor(p, 'mg');
  const lottery = (g: string, s: number) => accountCodes.houseLottery(g, s);
  const move = (kind: PostTransferInput['kind'], from: string, to: string, amountMinor: number, metadata: Record<string, unknown> = {}): PostTransferInput => ({
    idempotencyKey: key(), kind, metadata, entries: [{ accountCode: from, amountMinor: -amountMinor }, { accountCode: to, amountMinor }],
  });
  const transfers: PostTransferInput[] = [];
  switch (o.op) {
    case 'deposit':
      transfers.push(move(o.usdt ? 'deposit_usdt' : 'deposit', HOUSE_ACCOUNTS.deposits, main(o.player), o.amount, { channel: o.usdt ? 'usdt' : 'upi' }));
      break;
    case 'bet':
      transfers.push(move('lottery_bet', main(o.player), lottery(o.game, o.shard), o.amount, { game: o.game, room: o.room }));
      break;
    case 'payout':
    case 'refund':
      transfers.push(move(o.op === 'payout' ? 'lottery_payout' : 'lottery_refund', lottery(o.game, o.shard), main(o.player), o.amount, { game: o.game, room: o.room }));
      break;
    case 'fee':
      transfers.push(move('lottery_fee', lottery(o.game, o.shard), HOUSE_ACCOUNTS.fees, o.amount, { game: o.game, room: o.room }));
      break;
    case 'vendor_bet':
      transfers.push(move('vendor_bet', o.purse ? purse(o.player) : main(o.player), accountCodes.vendor(o.purse ? 'mg' : 'demo'), o.amount, { gameUid: o.purse ? 'fish' : 'slots' }));
      break;
    case 'vendor_win':
    case 'vendor_rollback':
    case 'vendor_free_round':
      transfers.push(move(o.op, accountCodes.vendor(o.purse ? 'mg' : 'demo'), o.purse ? purse(o.player) : main(o.player), o.amount, { gameUid: o.purse ? 'fish' : 'slots' }));
      break;
    case 'to_purse':
      transfers.push(move('vendor_transfer_in', main(o.player), purse(o.player), o.amount));
      break;
    case 'withdraw': {
      const meta = { channel: o.channel };
      transfers.push(move('withdrawal_hold', main(o.player), HOUSE_ACCOUNTS.withdrawalHold, o.amount, meta));
      if (o.end === 'released') transfers.push(move('withdrawal_release', HOUSE_ACCOUNTS.withdrawalHold, main(o.player), o.amount, meta));
      if (o.end === 'paid' || o.end === 'reversed') {
        transfers.push({
          idempotencyKey: key(), kind: 'withdrawal_paid', metadata: meta,
          entries: [
            { accountCode: HOUSE_ACCOUNTS.withdrawalHold, amountMinor: -o.amount },
            { accountCode: HOUSE_ACCOUNTS.withdrawals, amountMinor: o.amount - o.fee },
            ...(o.fee > 0 ? [{ accountCode: HOUSE_ACCOUNTS.fees, amountMinor: o.fee }] : []),
          ],
        });
      }
      if (o.end === 'reversed') {
        transfers.push({
          idempotencyKey: key(), kind: 'withdrawal_reversed', metadata: meta,
          entries: [
            { accountCode: HOUSE_ACCOUNTS.withdrawals, amountMinor: -(o.amount - o.fee) },
            ...(o.fee > 0 ? [{ accountCode: HOUSE_ACCOUNTS.fees, amountMinor: -o.fee }] : []),
            { accountCode: main(o.player), amountMinor: o.amount },
          ],
        });
      }
      break;
    }
    case 'adjust':
      transfers.push(move('adjustment', HOUSE_ACCOUNTS.adjustments, main(o.player), o.amount));
      break;
  }
  for (const tr of transfers) for (const e of tr.entries) {
    const owner = /^player:(\d+):/.exec(e.accountCode)?.[1];
    await ensureAccount(db, owner ? { code: e.accountCode, kind: 'player', owner } : { code: e.accountCode, kind: 'house' });
  }
  const ids: string[] = [];
  for (const tr of transfers) {
    try {
      ids.push((await postTransfer(db, tr)).id);
    } catch (err) {
      // A withdrawal's later steps need its hold: stop at the first refusal.
      if (isLedgerError(err, 'INSUFFICIENT_FUNDS')) break;
      throw err;
    }
  }
  return ids;
}

/** The figures computed straight from the ledger's tables, per IST day (the test's own SQL). */
async function ledgerFigures(from: string, to: string) {
  const day = `to_char(e.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD')`;
  const sums = async (where: string, select = 'SUM(e.amount_minor)::bigint AS v, COUNT(*)::bigint AS n', group = '') =>
    (await db.query<{ day: string; v: number; n: number; k: string | null }>(
      `SELECT ${day} AS day, ${select}${group ? `, ${group} AS k` : ''}
         FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transfers t ON t.id = e.transfer_id
        WHERE ${where} AND ${day} BETWEEN $1 AND $2 GROUP BY 1${group ? ', 4' : ''}`,
      [from, to],
    )).rows.map((r) => ({ day: r.day, v: Number(r.v), n: Number(r.n), k: r.k }));
  const onPlayer = `a.kind = 'player'`;
  return {
    deposits: await sums(`${onPlayer} AND t.kind IN ('deposit', 'deposit_usdt')`, undefined, `t.metadata->>'channel'`),
    withdrawals: await sums(`a.code = 'house:withdrawal-hold' AND t.kind = 'withdrawal_paid'`, '-SUM(e.amount_minor)::bigint AS v, COUNT(*)::bigint AS n', `t.metadata->>'channel'`),
    reversed: await sums(`${onPlayer} AND t.kind = 'withdrawal_reversed'`),
    // Player side here, where the reports read the house's game accounts: equal by double entry.
    stakes: await sums(`${onPlayer} AND t.kind IN ('lottery_bet', 'vendor_bet')`, '-SUM(e.amount_minor)::bigint AS v, COUNT(*)::bigint AS n'),
    returned: await sums(`${onPlayer} AND t.kind IN ('lottery_refund', 'vendor_rollback')`),
    payouts: await sums(`${onPlayer} AND t.kind IN ('lottery_payout', 'vendor_win', 'vendor_free_round')`),
    fees: await sums(`a.code = 'house:fees' AND t.kind = 'lottery_fee'`),
    active: await sums(`${onPlayer} AND t.kind IN ('lottery_bet', 'vendor_bet')`, 'COUNT(DISTINCT a.owner)::bigint AS v, 0::bigint AS n'),
    gameStakes: await sums(`a.kind = 'house' AND t.kind IN ('lottery_bet', 'vendor_bet')`, undefined, `regexp_replace(a.code, ':[0-9]+$', '') || '/' || COALESCE(t.metadata->>'game', t.metadata->>'gameUid') || '/' || COALESCE(t.metadata->>'room', '')`),
  };
}

const get = async (url: string, who: OperatorClient = finance) => {
  const res = await who.call('GET', url);
  expect(res.statusCode, res.body).toBe(200);
  return res;
};

describe('reports equal ledger sums', () => {
  beforeEach(resetMoney);

  it('after random activity over IST day boundaries, with the fold at random points', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 25 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 1, max: 3 }), async (steps, a, b, limit) => {
        await resetMoney();
        let pending: { transferId: string; at: Date }[] = [];
        for (const s of steps) {
          const at = new Date(BOUNDARY_MS + s.minutes * 60_000);
          pending.push(...(await apply(s.op)).map((transferId) => ({ transferId, at })));
          if (s.fold) {
            await backdate(pending);
            pending = [];
            await t.app.jobs.runOnce('reports.fold');
          }
        }
        await backdate(pending);
        expect(await checkInvariants(db)).toEqual([]);

        // A random range of the four days touched (02-28 is the last of February: the range may
        // cover parts of two months of the month rollup), and a random P&L length.
        const DAYS = ['2026-02-28', '2026-03-01', '2026-03-02', '2026-03-03'];
        const from = DAYS[Math.min(a, b)]!;
        const to = DAYS[Math.max(a, b)]!;
        const report = (await get(`/api/admin/reports?from=${from}&to=${to}`)).json().data;
        const direct = await ledgerFigures(from, to);
        const at = (list: { day: string; v: number; n: number }[], d: string) => list.filter((r) => r.day === d).reduce((s, r) => ({ v: s.v + r.v, n: s.n + r.n }), { v: 0, n: 0 });
        for (const d of report.days) {
          expect([d.day, d.depositsMinor, d.depositsCount]).toEqual([d.day, at(direct.deposits, d.day).v, at(direct.deposits, d.day).n]);
          expect([d.day, d.withdrawalsMinor, d.withdrawalsCount]).toEqual([d.day, at(direct.withdrawals, d.day).v, at(direct.withdrawals, d.day).n]);
          expect([d.day, d.reversedMinor, d.reversedCount]).toEqual([d.day, at(direct.reversed, d.day).v, at(direct.reversed, d.day).n]);
          expect([d.day, d.stakesMinor, d.returnedMinor, d.payoutsMinor, d.feesMinor]).toEqual([d.day, at(direct.stakes, d.day).v, at(direct.returned, d.day).v, at(direct.payouts, d.day).v, at(direct.fees, d.day).v]);
          expect(d.ggrMinor).toBe(d.stakesMinor - d.returnedMinor - d.payoutsMinor);
          expect([d.day, d.activePlayers]).toEqual([d.day, at(direct.active, d.day).v]);
        }
        // Distinct active players over the whole range (a player active on two days counts once).
        const { rows: [activeInRange] } = await db.query<{ n: number }>(
          `SELECT COUNT(DISTINCT a.owner)::bigint AS n
             FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transfers t ON t.id = e.transfer_id
            WHERE a.kind = 'player' AND t.kind IN ('lottery_bet', 'vendor_bet') AND to_char(e.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') BETWEEN $1 AND $2`,
          [from, to],
        );
        expect(report.totals.activePlayers).toBe(Number(activeInRange!.n));
        // Channels over the range, and each game account's stakes.
        const byKey = (list: { k: string | null; v: number; n: number }[]) => {
          const m = new Map<string, { count: number; amountMinor: number }>();
          for (const r of list) {
            const k = r.k ?? 'unknown';
            const s = m.get(k) ?? { count: 0, amountMinor: 0 };
            m.set(k, { count: s.count + r.n, amountMinor: s.amountMinor + r.v });
          }
          return [...m].map(([channel, s]) => ({ channel, ...s })).sort((a, b) => a.channel.localeCompare(b.channel));
        };
        expect(report.deposits).toEqual(byKey(direct.deposits));
        expect(report.withdrawals).toEqual(byKey(direct.withdrawals));
        const gameStakes = byKey(direct.gameStakes).map((g) => [g.channel, g.amountMinor]);
        const reported = (report.games as { account: string; game: string; room: string; stakesMinor: number }[])
          .filter((g) => g.stakesMinor !== 0)
          .map((g) => [`${g.account}/${g.game}/${g.room}`, g.stakesMinor])
          .sort((a, b) => String(a[0]).localeCompare(String(b[0])));
        expect(reported).toEqual(gameStakes);

        // Player P&L over the range, from each player's own accounts.
        const pnl = (await get(`/api/admin/reports/players?from=${from}&to=${to}`)).json().data.items as { playerId: string; depositsMinor: number; withdrawalsMinor: number; stakesMinor: number; payoutsMinor: number; netMinor: number }[];
        const { rows } = await db.query<{ owner: string; dep: number; wd: number; st: number; po: number }>(
          `SELECT a.owner,
                  COALESCE(SUM(e.amount_minor) FILTER (WHERE t.kind IN ('deposit', 'deposit_usdt')), 0)::bigint AS dep,
                  COALESCE(-SUM(e.amount_minor) FILTER (WHERE t.kind LIKE 'withdrawal\\_%'), 0)::bigint AS wd,
                  COALESCE(-SUM(e.amount_minor) FILTER (WHERE t.kind IN ('lottery_bet', 'vendor_bet', 'lottery_refund', 'vendor_rollback')), 0)::bigint AS st,
                  COALESCE(SUM(e.amount_minor) FILTER (WHERE t.kind IN ('lottery_payout', 'vendor_win', 'vendor_free_round')), 0)::bigint AS po
             FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transfers t ON t.id = e.transfer_id
            WHERE a.kind = 'player' AND to_char(e.created_at AT TIME ZONE 'Asia/Kolkata', 'YYYY-MM-DD') BETWEEN $1 AND $2
              AND t.kind NOT IN ('vendor_transfer_in', 'sweep', 'adjustment')
            GROUP BY a.owner`,
          [from, to],
        );
        const expected = rows
          .map((r) => ({ playerId: r.owner, depositsMinor: Number(r.dep), withdrawalsMinor: Number(r.wd), stakesMinor: Number(r.st), payoutsMinor: Number(r.po), netMinor: Number(r.po) - Number(r.st) }))
          .sort((a, b) => a.playerId.localeCompare(b.playerId));
        expect([...pnl].sort((a, b) => a.playerId.localeCompare(b.playerId))).toEqual(expected);
        // The ranking: the `limit` who staked most (net of returns), then by shorter id, then id.
        const top = (await get(`/api/admin/reports/players?from=${from}&to=${to}&limit=${limit}`)).json().data.items;
        const ranked = [...expected].sort((a, b) => b.stakesMinor - a.stakesMinor || a.playerId.length - b.playerId.length || a.playerId.localeCompare(b.playerId));
        expect(top).toEqual(ranked.slice(0, limit));

        // Liabilities: balances now.
        const liabilities = (await get('/api/admin/reports/liabilities')).json().data;
        const bal = async (where: string) => Number((await db.query<{ s: number }>(`SELECT COALESCE(SUM(balance_minor), 0)::bigint AS s FROM ledger_accounts WHERE ${where}`)).rows[0]!.s);
        expect(liabilities.playerBalancesMinor).toBe(await bal(`kind = 'player' AND code NOT LIKE '%:vendor:%'`));
        expect(liabilities.vendorPursesMinor).toBe(await bal(`kind = 'player' AND code LIKE '%:vendor:%'`));
        expect(liabilities.pendingWithdrawalsMinor).toBe(await bal(`code = 'house:withdrawal-hold'`));
        expect(liabilities.custodyMinor).toBe(0 - (await bal(`code IN ('house:deposits', 'house:withdrawals')`)));
        expect(liabilities.differenceMinor).toBe(await bal(`kind = 'house' AND code NOT IN ('house:deposits', 'house:withdrawals', 'house:withdrawal-hold')`));
      }),
      { numRuns: 12 },
    );
  });

  it('puts an entry at 23:59:59.999 IST on its day and one at 00:00 IST on the next', async () => {
    const before = await apply({ op: 'deposit', player: 1, amount: 1_000, usdt: false });
    const after = await apply({ op: 'deposit', player: 1, amount: 2_000, usdt: false });
    await backdate([
      ...before.map((transferId) => ({ transferId, at: new Date(BOUNDARY_MS - 1) })),
      ...after.map((transferId) => ({ transferId, at: new Date(BOUNDARY_MS) })),
    ]);
    const days = async () => (await get('/api/admin/reports?from=2026-03-01&to=2026-03-02')).json().data.days.map((d: { day: string; depositsMinor: number }) => [d.day, d.depositsMinor]);
    // Read live (nothing folded), then from the daily table: the same days.
    expect(await days()).toEqual([['2026-03-01', 1_000], ['2026-03-02', 2_000]]);
    await t.app.jobs.runOnce('reports.fold');
    expect((await db.query<{ w: number }>('SELECT folded_through_entry_id AS w FROM report_fold_state')).rows[0]!.w).toBeGreaterThan(0);
    expect(await days()).toEqual([['2026-03-01', 1_000], ['2026-03-02', 2_000]]);
  });
});

describe('the month rollup (decision 445)', () => {
  beforeEach(resetMoney);

  it('ranks the P&L exactly when a live entry moves a folded leader down', async () => {
    const at = new Date(BOUNDARY_MS + 3_600_000);
    const place = async (o: Op) => backdate((await apply(o)).map((transferId) => ({ transferId, at })));
    await place({ op: 'deposit', player: 1, amount: 5_000, usdt: false });
    await place({ op: 'deposit', player: 2, amount: 5_000, usdt: false });
    await place({ op: 'bet', player: 1, game: 'wingo', room: '30s', shard: 0, amount: 1_000 });
    await place({ op: 'bet', player: 2, game: 'wingo', room: '30s', shard: 0, amount: 500 });
    await t.app.jobs.runOnce('reports.fold');
    // Past the fold: player 1's stake mostly comes back, so player 2 now staked most.
    await place({ op: 'refund', player: 1, game: 'wingo', room: '30s', shard: 0, amount: 800 });
    const top = (await get('/api/admin/reports/players?from=2026-03-02&to=2026-03-02&limit=1')).json().data.items;
    expect(top.map((p: { playerId: string; stakesMinor: number }) => [p.playerId, p.stakesMinor])).toEqual([['2', 500]]);
  });

  it("migration 033's backfill builds from report_player_daily what the fold builds", async () => {
    const day = 86_400_000;
    // Days around the February/March month boundary (02-27 .. 03-03 IST), every kind a player sees.
    const steps: [Op, number][] = [
      [{ op: 'deposit', player: 1, amount: 90_000, usdt: false }, -3 * day],
      [{ op: 'deposit', player: 2, amount: 90_000, usdt: true }, -2 * day],
      [{ op: 'bet', player: 1, game: 'wingo', room: '30s', shard: 0, amount: 1_000 }, -3 * day + 60_000],
      [{ op: 'bet', player: 2, game: 'k3', room: '1m', shard: 1, amount: 700 }, -day],
      [{ op: 'refund', player: 1, game: 'wingo', room: '30s', shard: 0, amount: 300 }, -day],
      [{ op: 'vendor_bet', player: 1, purse: false, amount: 400 }, 60_000],
      [{ op: 'to_purse', player: 2, amount: 2_000 }, 2 * day],
      [{ op: 'vendor_bet', player: 2, purse: true, amount: 900 }, 2 * day + 60_000],
      [{ op: 'vendor_rollback', player: 2, purse: true, amount: 100 }, 2 * day + 120_000],
      [{ op: 'adjust', player: 3, amount: 50 }, 2 * day],
      [{ op: 'withdraw', player: 1, amount: 5_000, fee: 10, channel: 'bank', end: 'paid' }, day],
    ];
    for (const [o, offset] of steps) await backdate((await apply(o)).map((transferId) => ({ transferId, at: new Date(BOUNDARY_MS + offset) })));
    await t.app.jobs.runOnce('reports.fold');
    const rollups = async () => ({
      active: (await db.query(`SELECT to_char(day, 'YYYY-MM-DD') AS day, players::int AS players FROM report_active_daily WHERE players > 0 ORDER BY day`)).rows,
      months: (await db.query(`SELECT to_char(month, 'YYYY-MM-DD') AS month, player_id, active_days, pnl_days, played_cum::text AS played FROM report_player_month ORDER BY month, player_id`)).rows,
    });
    const folded = await rollups();
    expect(folded.months.length).toBeGreaterThan(3);
    const migration = readFileSync(path.join(MIGRATIONS_DIR, '033_report_rollups.sql'), 'utf8');
    await asOwner(db, (owner) => owner.exec(`TRUNCATE report_active_daily, report_player_month; ${migration.slice(migration.indexOf('-- Backfill'))}`));
    expect(await rollups()).toEqual(folded);
  });
});

describe('the month rollup on disk (decision 498)', () => {
  beforeEach(resetMoney);

  it("rewrites a player's month row on its own page, so the fold's updates do not grow the table", async () => {
    const at = new Date(BOUNDARY_MS + 3_600_000);
    const place = async (o: Op) => backdate((await apply(o)).map((transferId) => ({ transferId, at })));
    const players = Array.from({ length: 40 }, (_, i) => i + 1);
    for (const p of players) {
      await place({ op: 'deposit', player: p, amount: 5_000, usdt: false });
      await place({ op: 'bet', player: p, game: 'wingo', room: '30s', shard: 0, amount: 100 });
    }
    await t.app.jobs.runOnce('reports.fold');
    const pages = async () =>
      new Map((await db.query<{ player_id: string; page: number }>(`SELECT player_id, (ctid::text::point)[0]::int AS page FROM report_player_month`)).rows.map((r) => [r.player_id, r.page]));
    const before = await pages();
    expect(before.size).toBe(40);
    // Five players of the first page stake again on the same day: their month rows are rewritten.
    // With every page filled to the brim (fillfactor 100), each new version had to go elsewhere.
    const again = [...before].filter(([, page]) => page === 0).slice(0, 5).map(([id]) => Number(id));
    expect(again).toHaveLength(5);
    for (const p of again) await place({ op: 'bet', player: p, game: 'wingo', room: '30s', shard: 0, amount: 100 });
    await t.app.jobs.runOnce('reports.fold');
    const after = await pages();
    expect(again.map((p) => [p, after.get(String(p))])).toEqual(again.map((p) => [p, 0]));
    const played = await db.query<{ player_id: string; played: string }>(`SELECT player_id, played_cum[31]::text AS played FROM report_player_month WHERE player_id = ANY($1::text[])`, [again.map(String)]);
    expect(played.rows.map((r) => r.played)).toEqual(again.map(() => '200'));
  });
});

describe('registration cohorts', () => {
  beforeEach(resetMoney);

  it('counts new players per IST day, first-deposit conversion and D1/D7 retention from stakes', async () => {
    await asOwner(db, (owner) => owner.exec('TRUNCATE players RESTART IDENTITY CASCADE'));
    // IST day 2026-03-02 starts at BOUNDARY_MS. Two players register on it (one a millisecond
    // after midnight), one a millisecond before it (on 03-01).
    const register = async (phone: string, at: number) => String((await insertPlayer(db, { phone, passwordHash: 'x', inviteCode: undefined, now: new Date(at) })).id);
    const a = await register('9800000001', BOUNDARY_MS + 1);
    await register('9800000002', BOUNDARY_MS + 3_600_000);
    const c = await register('9800000003', BOUNDARY_MS - 1);
    const day = 86_400_000;
    const place = async (o: Op, at: number) => backdate((await apply(o)).map((transferId) => ({ transferId, at: new Date(at) })));
    // a deposits on day 0 and stakes on day 1 and day 7; the second never deposits; c deposits and stakes on its day 1 (03-02).
    await place({ op: 'deposit', player: Number(a), amount: 10_000, usdt: false }, BOUNDARY_MS + 2 * 3_600_000);
    await place({ op: 'bet', player: Number(a), game: 'wingo', room: '30s', shard: 0, amount: 100 }, BOUNDARY_MS + day + 60_000);
    await place({ op: 'bet', player: Number(a), game: 'wingo', room: '30s', shard: 0, amount: 100 }, BOUNDARY_MS + 7 * day + 60_000);
    await place({ op: 'deposit', player: Number(c), amount: 5_000, usdt: true }, BOUNDARY_MS + 60_000);
    await t.app.jobs.runOnce('reports.fold');
    // A stake of c's after the fold: read live.
    await place({ op: 'bet', player: Number(c), game: 'k3', room: '1m', shard: 1, amount: 100 }, BOUNDARY_MS + 120_000);

    const cohorts = (await get('/api/admin/reports?from=2026-03-01&to=2026-03-02')).json().data.cohorts;
    expect(cohorts).toEqual([
      { day: '2026-03-01', newPlayers: 1, depositors: 1, conversionBasisPoints: 10_000, d1: { players: 1, basisPoints: 10_000 }, d7: { players: 0, basisPoints: 0 }, d30: { players: 0, basisPoints: null } },
      { day: '2026-03-02', newPlayers: 2, depositors: 1, conversionBasisPoints: 5_000, d1: { players: 1, basisPoints: 5_000 }, d7: { players: 1, basisPoints: 5_000 }, d30: { players: 0, basisPoints: null } },
    ]);
  });
});

describe('report access and CSV', () => {
  beforeAll(resetMoney);

  it('lets finance and admin read reports, refuses support (403) and anonymous callers (401)', async () => {
    const q = '?from=2026-03-01&to=2026-03-02';
    for (const path of [`/api/admin/reports${q}`, `/api/admin/reports/players${q}`, '/api/admin/reports/liabilities', `/api/admin/reports.csv${q}&report=daily`]) {
      expect((await finance.call('GET', path)).statusCode, path).toBe(200);
      expect((await admin.call('GET', path)).statusCode, path).toBe(200);
      const refused = await support.call('GET', path);
      expect(refused.statusCode, path).toBe(403);
      expect(refused.json().error.code).toBe('FORBIDDEN');
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(401);
    }
  });

  it('refuses a bad range with a clear error', async () => {
    const res = await finance.call('GET', '/api/admin/reports?from=2026-03-05&to=2026-03-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect((await finance.call('GET', '/api/admin/reports?from=2026-02-30&to=2026-03-01')).statusCode).toBe(400);
  });

  it('exports each report as CSV with the rows of its table, and audits the export', async () => {
    const posted = [...(await apply({ op: 'deposit', player: 2, amount: 12_345, usdt: false })), ...(await apply({ op: 'bet', player: 2, game: 'wingo', room: '30s', shard: 0, amount: 1_000 }))];
    await backdate(posted.map((transferId) => ({ transferId, at: new Date(BOUNDARY_MS + 3_600_000) })));
    const today = '2026-03-02';
    const range = `from=${today}&to=${today}`;
    const summary = (await get(`/api/admin/reports?${range}`)).json().data;
    const csv = (await get(`/api/admin/reports.csv?report=daily&${range}`)).body;
    const rows = csv.trim().split('\r\n').map((line) => line.slice(1, -1).split('","'));
    expect(rows[0]![0]).toBe('day');
    expect(rows.slice(1)).toEqual(
      summary.days.map((d: Record<string, number | string | null>) => [
        d.day, String(d.depositsCount), inr(d.depositsMinor as number), String(d.withdrawalsCount), inr(d.withdrawalsMinor as number), String(d.reversedCount), inr(d.reversedMinor as number),
        inr(d.stakesMinor as number), inr(d.returnedMinor as number), inr(d.payoutsMinor as number), inr(d.ggrMinor as number), inr(d.feesMinor as number),
        d.holdBasisPoints === null ? '' : inr(d.holdBasisPoints as number), String(d.activePlayers),
      ]),
    );
    expect(rows[1]!.slice(0, 3)).toEqual([today, '1', '123.45']);
    const games = (await get(`/api/admin/reports.csv?report=games&${range}`)).body;
    expect(games).toContain('"house:lottery:wingo","wingo","30s","10.00","0.00","0.00","10.00","0.00","100.00"');
    const audit = (await db.query<{ target: string }>(`SELECT target FROM operator_audit_log WHERE action = 'reports.export' ORDER BY id`)).rows.map((r) => r.target);
    expect(audit).toEqual(expect.arrayContaining(['report:daily', 'report:games']));
  });
});

const inr = (minor: number) => `${minor < 0 ? '-' : ''}${Math.floor(Math.abs(minor) / 100)}.${String(Math.abs(minor) % 100).padStart(2, '0')}`;
