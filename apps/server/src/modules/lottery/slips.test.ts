import { API_PATHS, LAZY_API_PATHS, LOTTERY_SLIP_MAX_ITEMS } from '@colorplay/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { chainGameRounds, lotteryGameKit, type ChainGameId } from '../../../test/helpers/lottery-games';
import type { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';

// Multi-pick slips (decision 513): several selections of one round placed at once, accepted or
// refused whole, one transaction for the total, each item its own bet; idempotent by key.

const START = Date.parse('2026-11-23T10:00:00.000Z');
const clock = fakeClock(new Date(START));
let t: TestApp;
const { player, bet } = lotteryGameKit(() => t);

type GameId = ChainGameId;
const rounds = chainGameRounds(() => t, clock);
const { setTime } = rounds;
/** The opening of K3's (or the game's) next 1 min round. */
const nextRound = (game: GameId = 'k3') => rounds.nextRound(game);

beforeAll(async () => {
  t = await buildTestApp({ clock, lottery: { chainLength: 200, checkpointEvery: 16, chainRenewBeforeRounds: 20 } });
  await t.app.lottery.tick();
});
afterAll(async () => {
  await t.app.close();
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});


let keySeq = 0;
const freshKey = () => `slip-key-${++keySeq}-${Math.random().toString(36).slice(2, 8)}`;
type Item = { selection: string; amountMinor?: number; quantity?: number; multiplier?: number };
const slip = (c: PlayerClient, period: string, items: readonly Item[], { game = 'k3' as GameId, idempotencyKey = freshKey(), room = '1m' } = {}) =>
  c.call('POST', LAZY_API_PATHS.lottery_place_slip.replace(':game', game), {
    room,
    period,
    idempotencyKey,
    items: items.map((i) => ({ amountMinor: 100, quantity: 1, multiplier: 1, ...i })),
  });

async function betsOf(playerId: number): Promise<Array<{ id: string; selection: string; total_minor: number }>> {
  const { rows } = await t.db.query<{ id: string; selection: string; total_minor: number }>('SELECT id, selection, total_minor FROM lottery_bets WHERE player_id = $1 ORDER BY seq', [playerId]);
  return rows.map((r) => ({ ...r, total_minor: Number(r.total_minor) }));
}

describe('a multi-pick slip', () => {
  it('places every item as its own bet, debits the total once and lists the bets in My bets', async () => {
    const p = await player(10_000);
    const round = await nextRound();
    const res = await slip(p.client, round.period, [{ selection: 'sum:9' }, { selection: 'sum:10' }, { selection: 'sum:11', multiplier: 5 }]);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.bets.map((b: { selection: string }) => b.selection)).toEqual(['sum:9', 'sum:10', 'sum:11']);
    expect(new Set(data.bets.map((b: { id: string }) => b.id)).size).toBe(3);
    expect(data.totalMinor).toBe(700);
    expect(data.balanceMinor).toBe(9_300);
    expect(data.bets.every((b: { period: string; status: string; locksAtMs: number }) => b.period === round.period && b.status === 'pending' && b.locksAtMs === round.locksAtMs)).toBe(true);
    expect(await p.balance()).toBe(9_300);
    const mine = await p.client.call('GET', `${API_PATHS.lottery_my_bets.replace(':game', 'k3')}?room=1m`);
    expect(mine.json().data.items.map((b: { id: string }) => b.id).sort()).toEqual(data.bets.map((b: { id: string }) => b.id).sort());
  });

  it('places a 5D slip over several positions and the sum', async () => {
    const p = await player(10_000);
    const round = await nextRound('5d');
    const res = await slip(p.client, round.period, [{ selection: 'A:big' }, { selection: 'C:7' }, { selection: 'sum:odd' }], { game: '5d' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.bets).toHaveLength(3);
    expect(await p.balance()).toBe(9_700);
  });

  it('refuses the whole slip when one item is bad, naming the item, and places nothing', async () => {
    const p = await player(10_000);
    const round = await nextRound();
    const unknown = await slip(p.client, round.period, [{ selection: 'sum:9' }, { selection: 'sum:2' }, { selection: 'big' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toMatchObject({ code: 'VALIDATION_FAILED', details: { itemIndex: 1 }, issues: [{ path: 'items.1' }] });
    const tooMany = await slip(p.client, round.period, [{ selection: 'big' }, { selection: 'small', quantity: 1_001 }]);
    expect(tooMany.json().error).toMatchObject({ code: 'QUANTITY_OUT_OF_RANGE', details: { itemIndex: 1 } });
    const empty = await slip(p.client, round.period, []);
    expect(empty.json().error.code).toBe('VALIDATION_FAILED');
    const over = await slip(p.client, round.period, Array.from({ length: LOTTERY_SLIP_MAX_ITEMS + 1 }, (_, i) => ({ selection: `sum:${i + 3}` })));
    expect(over.json().error.code).toBe('VALIDATION_FAILED');
    expect(await betsOf(p.playerId)).toEqual([]);
    expect(await p.balance()).toBe(10_000);
  });

  it('refuses a slip whose total is more than the balance, though its first items alone could be paid', async () => {
    const p = await player(250);
    const round = await nextRound();
    const res = await slip(p.client, round.period, [{ selection: 'sum:9' }, { selection: 'sum:10' }, { selection: 'sum:11' }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'INSUFFICIENT_FUNDS', details: { itemIndex: 2 } });
    expect(await betsOf(p.playerId)).toEqual([]);
    expect(await p.balance()).toBe(250);
    // The two the balance covers are a slip that goes through.
    expect((await slip(p.client, round.period, [{ selection: 'sum:9' }, { selection: 'sum:10' }])).statusCode).toBe(200);
    expect(await p.balance()).toBe(50);
  });

  it("sums the round limit over the slip and the player's earlier bets of the round", async () => {
    const p = await player(70_000_000);
    const round = await nextRound();
    // 10,000,000 each (₹1 lakh, the largest bet); the round allows 50,000,000 per player.
    const big = { amountMinor: 100_000, quantity: 100 };
    for (const s of ['sum:3', 'sum:4', 'sum:5', 'sum:6']) expect((await bet(p.client, 'k3', round.period, s, big)).statusCode).toBe(200);
    const res = await slip(p.client, round.period, [{ selection: 'sum:7', ...big }, { selection: 'sum:8', ...big }]);
    expect(res.json().error).toMatchObject({ code: 'ROUND_LIMIT_EXCEEDED', details: { itemIndex: 1 } });
    expect((await betsOf(p.playerId)).length).toBe(4);
    expect(await p.balance()).toBe(30_000_000);
    expect((await slip(p.client, round.period, [{ selection: 'sum:7', ...big }])).statusCode).toBe(200);
    expect(await p.balance()).toBe(20_000_000);
  });

  it('sums a stake limit (responsible gambling) over the slip', async () => {
    const p = await player(100_000);
    expect((await p.client.call('POST', API_PATHS.safety_limit, { kind: 'stake', period: 'day', amountMinor: 50_00 })).statusCode).toBe(200);
    const round = await nextRound();
    const items = [{ selection: 'big', amountMinor: 1_000, quantity: 2 }, { selection: 'odd', amountMinor: 1_000, quantity: 2 }, { selection: 'sum:10', amountMinor: 1_000, quantity: 2 }];
    const res = await slip(p.client, round.period, items);
    expect(res.json().error).toMatchObject({ code: 'STAKE_LIMIT_EXCEEDED', details: { itemIndex: 2 } });
    expect(await betsOf(p.playerId)).toEqual([]);
    expect(await p.balance()).toBe(100_000);
    expect((await slip(p.client, round.period, items.slice(0, 2))).statusCode).toBe(200);
  });

  it('refuses a slip at the lock and for another period, and answers no one unauthenticated', async () => {
    const p = await player(10_000);
    const round = await nextRound();
    const unauth = await t.app.inject({
      method: 'POST',
      url: LAZY_API_PATHS.lottery_place_slip.replace(':game', 'k3'),
      payload: { room: '1m', period: round.period, idempotencyKey: 'no-token-slip-1', items: [{ selection: 'big', amountMinor: 100, quantity: 1, multiplier: 1 }] },
    });
    expect(unauth.statusCode).toBe(401);
    expect((await slip(p.client, '202611231600999', [{ selection: 'big' }])).json().error.code).toBe('ROUND_CLOSED');
    setTime(round.locksAtMs);
    expect((await slip(p.client, round.period, [{ selection: 'big' }])).json().error).toMatchObject({ code: 'ROUND_LOCKED', details: { itemIndex: 0 } });
    expect(await betsOf(p.playerId)).toEqual([]);
  });

  it('answers a retry with the same bets and refuses the same key with another body', async () => {
    const p = await player(10_000);
    const round = await nextRound();
    const key = freshKey();
    const items = [{ selection: 'sum:9' }, { selection: 'sum:10' }, { selection: 'big', quantity: 3 }];
    const first = await slip(p.client, round.period, items, { idempotencyKey: key });
    expect(first.statusCode).toBe(200);
    const ids = first.json().data.bets.map((b: { id: string }) => b.id);
    const again = await slip(p.client, round.period, items, { idempotencyKey: key });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toMatchObject({ totalMinor: 500, balanceMinor: 9_500 });
    expect(again.json().data.bets.map((b: { id: string }) => b.id)).toEqual(ids);
    for (const other of [items.slice(0, 2), [...items, { selection: 'small' }], [items[0]!, { selection: 'sum:11' }, items[2]!], [...items].reverse()]) {
      const conflict = await slip(p.client, round.period, other, { idempotencyKey: key });
      expect(conflict.json().error.code).toBe('IDEMPOTENCY_CONFLICT');
    }
    // After the lock a retry still gets its bets back; another body is still a conflict.
    setTime(round.locksAtMs + 1);
    expect((await slip(p.client, round.period, items, { idempotencyKey: key })).json().data.bets.map((b: { id: string }) => b.id)).toEqual(ids);
    expect((await slip(p.client, round.period, items.slice(1), { idempotencyKey: key })).json().error.code).toBe('IDEMPOTENCY_CONFLICT');
    expect((await betsOf(p.playerId)).map((b) => b.id)).toEqual(ids);
    expect(await p.balance()).toBe(9_500);
  });

  it('places one slip for concurrent requests with one key', async () => {
    const p = await player(10_000);
    const round = await nextRound();
    const key = freshKey();
    const items = [{ selection: 'sum:12' }, { selection: 'sum:13' }, { selection: 'even' }];
    const answers = await Promise.all(Array.from({ length: 6 }, () => slip(p.client, round.period, items, { idempotencyKey: key })));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const ids = answers[0]!.json().data.bets.map((b: { id: string }) => b.id);
    for (const a of answers) expect(a.json().data.bets.map((b: { id: string }) => b.id)).toEqual(ids);
    expect((await betsOf(p.playerId)).map((b) => b.id)).toEqual(ids);
    expect(await p.balance()).toBe(9_700);
  });
});
