import { API_PATHS, LAZY_API_PATHS, TodayFiguresSchema, type TodayFigures } from '@colorplay/contract';
import { roundAt, WINGO_ROOMS, type AnyLotteryGame, K3 } from '@colorplay/lottery';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { lotteryGameKit } from '../../../test/helpers/lottery-games';
import type { PlayerClient } from '../../../test/helpers/player-client';
import { asOwner } from '../../../test/helpers/test-db';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import { isFresh, istToday } from './rules';

// Decision 518: home's figures of the day. Rounds are played on both sides of an India midnight
// (18:30 UTC); the endpoint must give exactly today's sums as the tables say them, every player
// together, from a minute's cache, to anyone without signing in, and refuse a flood from one address.

// 23:55 in India on 23 November, a round boundary of the 1 and 5 minute rooms.
const clock = fakeClock(new Date('2026-11-23T18:25:00.000Z'));
const MIDNIGHT_IST = new Date('2026-11-23T18:30:00.000Z');
const ROOM = { wingo: WINGO_ROOMS['1m'], k3: (K3 as unknown as AnyLotteryGame).rooms['1m']! };
let t: TestApp;
let key = 0;
const kit = lotteryGameKit(() => t);

beforeAll(async () => {
  t = await buildTestApp({ clock, lottery: { chainLength: 50, checkpointEvery: 8, chainRenewBeforeRounds: 5 } });
});
afterAll(async () => {
  await t.app.close();
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});

function bet(c: PlayerClient, game: keyof typeof ROOM, selection: string) {
  const body = { room: '1m', period: roundAt(ROOM[game], clock.now().getTime()).period, selection, amountMinor: 100, quantity: 1, multiplier: 1, idempotencyKey: `today-key-${++key}-0000` };
  return c.call('POST', game === 'wingo' ? API_PATHS.wingo_place_bet : API_PATHS.lottery_place_bet.replace(':game', game), body);
}

/**
 * Moves the clock to the next 1-minute draw and runs the engine until the Wingo and K3 rounds due
 * are settled (Trx Win's wait for sandbox blocks this test does not make: they stay undrawn).
 */
async function drawNext() {
  const drawsAtMs = roundAt(ROOM.k3, clock.now().getTime()).drawsAtMs;
  clock.advance(drawsAtMs - clock.now().getTime());
  for (let i = 0; i < 5; i++) {
    await t.app.lottery.tick();
    const { rows } = await t.db.query<{ waiting: number }>(`SELECT count(*)::int AS waiting FROM lottery_rounds WHERE game IN ('wingo', 'k3') AND draws_at <= $1 AND status NOT IN ('settled', 'voided')`, [clock.now()]);
    if (rows[0]!.waiting === 0) return;
  }
  throw new Error('rounds still unsettled after five ticks');
}

/**
 * The ledger stamps entries with the database's own now(); the test's day is the fake clock's,
 * so the entries written since the last call are moved to the clock's instant.
 */
async function stampNewEntries(after: number): Promise<number> {
  await asOwner(t.db, (owner) =>
    owner.transaction(async (tx) => {
      await tx.query('ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only');
      await tx.query('UPDATE ledger_entries SET created_at = $2 WHERE id > $1', [after, clock.now()]);
      await tx.query('ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only');
    }),
  );
  return (await t.db.query<{ id: number }>('SELECT coalesce(max(id), 0)::int AS id FROM ledger_entries')).rows[0]!.id;
}

/** The figures straight from the tables: rounds settled since `from`, their bets, lottery wins paid to players since `from`. */
async function directSums(from: Date) {
  const { rows } = await t.db.query<{ rounds: number; bets: number; paid: number }>(
    `SELECT (SELECT count(*) FROM lottery_rounds WHERE status = 'settled' AND settled_at >= $1)::int AS rounds,
            (SELECT count(*) FROM lottery_bets b JOIN lottery_rounds r ON r.id = b.round_id WHERE r.status = 'settled' AND r.settled_at >= $1)::int AS bets,
            (SELECT coalesce(sum(e.amount_minor), 0) FROM ledger_entries e JOIN ledger_transfers x ON x.id = e.transfer_id JOIN ledger_accounts a ON a.id = e.account_id
              WHERE x.kind = 'lottery_payout' AND a.kind = 'player' AND e.created_at >= $1)::bigint AS paid`,
    [from],
  );
  return { roundsDrawn: rows[0]!.rounds, betsSettled: rows[0]!.bets, paidOutMinor: Number(rows[0]!.paid) };
}

async function today(address = '198.51.100.7'): Promise<TodayFigures> {
  const res = await t.app.inject({ method: 'GET', url: LAZY_API_PATHS.today_figures, remoteAddress: address });
  expect(res.statusCode, res.body).toBe(200);
  return TodayFiguresSchema.parse(res.json().data);
}

describe("home's figures of the day", () => {
  it('are zero before anything was drawn, and public (no sign-in)', async () => {
    expect(await today()).toEqual({ day: '2026-11-23', roundsDrawn: 0, betsSettled: 0, paidOutMinor: 0, currency: 'INR', asOfMs: clock.now().getTime() });
  });

  it("equal the tables' own sums of today only, every player together, read again only after a minute", async () => {
    const a = await kit.player(100_000);
    const b = await kit.player(100_000);
    await t.app.lottery.tick();
    // Yesterday (in India): bets and draws up to 23:59.
    clock.advance(roundAt(ROOM.k3, clock.now().getTime()).drawsAtMs - clock.now().getTime());
    await t.app.lottery.tick();
    for (const selection of ['big', 'small']) expect((await bet(a.client, 'wingo', selection)).statusCode).toBe(200);
    while (roundAt(ROOM.k3, clock.now().getTime()).drawsAtMs < MIDNIGHT_IST.getTime()) await drawNext();
    let stamped = await stampNewEntries(0);
    clock.advance(MIDNIGHT_IST.getTime() - clock.now().getTime());
    await t.app.lottery.tick();
    const yesterday = await directSums(new Date(0));
    expect(yesterday.betsSettled).toBe(2);
    expect(yesterday.paidOutMinor).toBeGreaterThan(0);
    // Today: both players bet in Wingo and K3; big and small together always win one of them.
    for (const [c, game, selection] of [[a, 'wingo', 'big'], [b, 'wingo', 'small'], [b, 'k3', 'big'], [a, 'k3', 'odd']] as const) {
      expect((await bet(c.client, game, selection)).statusCode).toBe(200);
    }
    await drawNext();
    stamped = await stampNewEntries(stamped);
    // Half of today folded into the reports' daily tables, the rest read live past the fold.
    await t.app.jobs.runOnce('reports.fold');
    expect((await bet(b.client, 'wingo', 'big')).statusCode).toBe(200);
    expect((await bet(a.client, 'wingo', 'small')).statusCode).toBe(200);
    await drawNext();
    await stampNewEntries(stamped);

    const figures = await today();
    const expected = await directSums(MIDNIGHT_IST);
    expect(figures).toEqual({ day: '2026-11-24', ...expected, currency: 'INR', asOfMs: clock.now().getTime() });
    expect(figures.betsSettled).toBe(6);
    expect(figures.paidOutMinor).toBeGreaterThan(0);
    // Yesterday's rounds, bets and wins are not today's.
    const ever = await directSums(new Date(0));
    expect(ever.roundsDrawn).toBeGreaterThan(figures.roundsDrawn);
    expect(ever.paidOutMinor).toBe(yesterday.paidOutMinor + figures.paidOutMinor);

    // Within the minute the same figures come back, though the 30-second rooms drew more since.
    clock.advance(30_000);
    await t.app.lottery.tick();
    expect((await directSums(MIDNIGHT_IST)).roundsDrawn).toBeGreaterThan(figures.roundsDrawn);
    expect(await today()).toEqual(figures);
    clock.advance(30_000);
    await t.app.lottery.tick();
    const fresh = await today();
    expect(fresh).toEqual({ day: '2026-11-24', ...(await directSums(MIDNIGHT_IST)), currency: 'INR', asOfMs: clock.now().getTime() });
    expect(fresh.roundsDrawn).toBeGreaterThan(figures.roundsDrawn);
  });

  it('answers any number of reads from one address from the cache, writing nothing (no counter row per reader)', async () => {
    const rows = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM rate_limit_counters')).rows[0]!.n;
    const before = await rows();
    const answers = await Promise.all(Array.from({ length: 50 }, () => t.app.inject({ method: 'GET', url: LAZY_API_PATHS.today_figures, remoteAddress: '192.0.2.44' })));
    expect(answers.map((r) => r.statusCode)).toEqual(Array.from({ length: 50 }, () => 200));
    expect(new Set(answers.map((r) => r.json().data.asOfMs)).size).toBe(1);
    expect(await rows()).toBe(before);
  });
});

describe('the cache rule', () => {
  it('serves a figure under a minute old of the same India day, and reads again at midnight or after a clock step back', () => {
    const now = new Date('2026-11-24T06:00:00.000Z');
    const day = istToday(now).day;
    expect(day).toBe('2026-11-24');
    expect(istToday(now).from.toISOString()).toBe('2026-11-23T18:30:00.000Z');
    expect(istToday(now).to.toISOString()).toBe('2026-11-24T18:30:00.000Z');
    const at = (ms: number) => ({ day, asOfMs: now.getTime() - ms });
    expect(isFresh(at(0), now, 60_000)).toBe(true);
    expect(isFresh(at(59_999), now, 60_000)).toBe(true);
    expect(isFresh(at(60_000), now, 60_000)).toBe(false);
    expect(isFresh(at(-1), now, 60_000)).toBe(false);
    // Read at 23:59:50 IST: at 00:00:10 it is yesterday's, though 20 seconds old.
    const beforeMidnight = new Date('2026-11-24T18:29:50.000Z');
    expect(isFresh({ day: '2026-11-24', asOfMs: beforeMidnight.getTime() }, new Date('2026-11-24T18:30:10.000Z'), 60_000)).toBe(false);
  });
});
