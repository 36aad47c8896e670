import { API_PATHS, LAZY_API_PATHS, PlayerLotteryBetsPageSchema, type PlayerLotteryBet } from '@colorplay/contract';
import { roundAt, WINGO_ROOMS, type AnyLotteryGame, FIVED, K3 } from '@colorplay/lottery';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { lotteryGameKit } from '../../../test/helpers/lottery-games';
import { OperatorClient } from '../../../test/helpers/operator-client';
import type { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import { SCAN_LIMIT } from './player-bets';

// Decision 362: one list of a player's bets across every lottery game (the full game history),
// newest first, by game, room and status, with cursor paging; decision 363: the console's lookup.

// 10:00 UTC is 15:30 IST: a round boundary of every room.
const clock = fakeClock(new Date('2026-11-23T10:00:00.000Z'));
const ROOM = { wingo: WINGO_ROOMS['1m'], k3: (K3 as unknown as AnyLotteryGame).rooms['1m']!, '5d': (FIVED as unknown as AnyLotteryGame).rooms['1m']! };
let t: TestApp;
let key = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock, lottery: { chainLength: 50, checkpointEvery: 8, chainRenewBeforeRounds: 5 } });
  await t.app.lottery.tick();
  // Every 1-minute room of every game opens its next round.
  clock.advance(roundAt(ROOM.k3, clock.now().getTime()).drawsAtMs - clock.now().getTime());
  await t.app.lottery.tick();
});
afterAll(async () => {
  await t.app.close();
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});

/** A registered player with ₹1,000 on the main wallet (the lottery games' test kit). */
const kit = lotteryGameKit(() => t);
const fundedPlayer = () => kit.player(100_000);

const period = (game: keyof typeof ROOM) => roundAt(ROOM[game], clock.now().getTime()).period;
function bet(c: PlayerClient, game: keyof typeof ROOM, selection: string) {
  const body = { room: '1m', period: period(game), selection, amountMinor: 100, quantity: 1, multiplier: 1, idempotencyKey: `pb-key-${++key}-0000` };
  return c.call('POST', game === 'wingo' ? API_PATHS.wingo_place_bet : API_PATHS.lottery_place_bet.replace(':game', game), body);
}
async function list(c: PlayerClient, query: string) {
  const res = await c.call('GET', `${LAZY_API_PATHS.lottery_all_my_bets}?${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return PlayerLotteryBetsPageSchema.parse(res.json().data);
}
async function drawAll() {
  clock.advance(roundAt(ROOM.k3, clock.now().getTime()).drawsAtMs - clock.now().getTime());
  await t.app.lottery.tick();
}

it("lists the player's bets of every game newest first, by game, room and status, page by page", async () => {
  const me = await fundedPlayer();
  const other = await fundedPlayer();
  // Round 1: a bet in each game; round 2: another K3 bet, still pending when listed.
  const placed: string[] = [];
  for (const [game, selection] of [['wingo', 'big'], ['k3', 'big'], ['5d', 'A:big'], ['k3', 'small'], ['5d', 'sum:odd']] as const) {
    const res = await bet(me.client, game, selection);
    expect(res.statusCode, res.body).toBe(200);
    placed.push(res.json().data.bet.id);
  }
  expect((await bet(other.client, 'k3', 'big')).statusCode).toBe(200);
  await drawAll();
  const pendingRes = await bet(me.client, 'k3', 'odd');
  placed.push(pendingRes.json().data.bet.id);

  const all = await list(me.client, 'limit=50');
  expect(all.items.map((b) => b.id)).toEqual([...placed].reverse());
  expect(all.nextCursor).toBeNull();
  expect(all.items.map((b) => b.game)).toEqual(['k3', '5d', 'k3', '5d', 'k3', 'wingo']);
  const wingo = all.items.find((b) => b.game === 'wingo')!;
  // Wingo's bet in the generic shape: its outcome is its digit, its commitment its chain's.
  expect(wingo.outcome).toHaveLength(1);
  expect(wingo.commitment).not.toBeNull();
  // Each row is the game's own answer for that bet.
  const k3Own = (await me.client.call('GET', `${API_PATHS.lottery_my_bets.replace(':game', 'k3')}?limit=50`)).json().data.items as PlayerLotteryBet[];
  expect(all.items.filter((b) => b.game === 'k3')).toEqual(k3Own);
  const wingoOwn = (await me.client.call('GET', `${API_PATHS.wingo_my_bets}?limit=50`)).json().data.items[0];
  expect(wingo).toMatchObject({ id: wingoOwn.id, status: wingoOwn.status, payoutMinor: wingoOwn.payoutMinor, outcome: [wingoOwn.resultDigit], commitment: wingoOwn.commitment });

  // Filters: game, room, status (won and lost come from each game's rule table).
  expect((await list(me.client, 'game=5d')).items.map((b) => b.id)).toEqual([placed[4], placed[2]]);
  expect((await list(me.client, 'game=wingo&room=1m')).items.map((b) => b.id)).toEqual([placed[0]]);
  expect((await list(me.client, 'game=wingo&room=30s')).items).toEqual([]);
  // The day the bets were placed, in India Standard Time (10:01 UTC is 15:31 IST on the 23rd).
  expect((await list(me.client, 'date=2026-11-23&limit=50')).items.map((b) => b.id)).toEqual(all.items.map((b) => b.id));
  expect((await list(me.client, 'date=2026-11-22')).items).toEqual([]);
  expect((await list(me.client, 'date=2026-11-24')).items).toEqual([]);
  expect((await list(me.client, 'status=pending')).items.map((b) => b.id)).toEqual([placed[5]]);
  const won = (await list(me.client, 'status=won')).items;
  const lost = (await list(me.client, 'status=lost')).items;
  expect([...won, ...lost].map((b) => b.id).sort()).toEqual(placed.slice(0, 5).sort());
  expect(won.every((b) => b.status === 'won' && b.payoutMinor > 0)).toBe(true);
  expect(lost.every((b) => b.status === 'lost' && b.payoutMinor === 0)).toBe(true);
  expect(won.map((b) => b.id)).toEqual(all.items.filter((b) => b.status === 'won').map((b) => b.id));

  // Paging: two at a time, every bet once, in order.
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page = await list(me.client, `limit=2${cursor ? `&before=${cursor}` : ''}`);
    expect(page.items.length).toBeLessThanOrEqual(2);
    seen.push(...page.items.map((b) => b.id));
    cursor = page.nextCursor;
  } while (cursor);
  expect(seen).toEqual(all.items.map((b) => b.id));
  // A status filter pages too: one won or lost bet a page.
  const lostOneByOne: string[] = [];
  cursor = null;
  do {
    const page = await list(me.client, `status=lost&limit=1${cursor ? `&before=${cursor}` : ''}`);
    lostOneByOne.push(...page.items.map((b) => b.id));
    cursor = page.nextCursor;
  } while (cursor);
  expect(lostOneByOne).toEqual(lost.map((b) => b.id));

  // Someone else's bet id is no cursor into this list; their bets never show.
  const otherBet = (await list(other.client, '')).items[0]!;
  expect(all.items.some((b) => b.id === otherBet.id)).toBe(false);
  expect((await list(me.client, `before=${otherBet.id}`)).items).toEqual([]);
});

it('checks who is calling first, then the query: bad input is VALIDATION_FAILED and the console sees every game', async () => {
  const unauth = await t.app.inject({ method: 'GET', url: `${LAZY_API_PATHS.lottery_all_my_bets}?game=nope` });
  expect(unauth.statusCode).toBe(401);
  const me = await fundedPlayer();
  for (const q of ['game=nope', 'status=maybe', 'room=2m', 'limit=0', 'limit=51', 'before=x', 'extra=1', 'date=2026-02-30', 'date=23-11-2026']) {
    const res = await me.client.call('GET', `${LAZY_API_PATHS.lottery_all_my_bets}?${q}`);
    expect(res.statusCode, q).toBe(400);
    expect(res.json().error.code, q).toBe('VALIDATION_FAILED');
  }

  expect((await bet(me.client, 'wingo', 'red')).statusCode).toBe(200);
  expect((await bet(me.client, '5d', 'B:3')).statusCode).toBe(200);
  const operator = await OperatorClient.create(t.app, clock, 'pbsupport', 'support');
  expect((await operator.login()).statusCode).toBe(200);
  const url = LAZY_API_PATHS.admin_player_lottery_bets.replace(':playerId', String(me.playerId));
  const console = await operator.call('GET', url);
  expect(console.statusCode, console.body).toBe(200);
  expect(console.json().data).toEqual(await list(me.client, ''));
  expect(console.json().data.items.map((b: PlayerLotteryBet) => b.game)).toEqual(['5d', 'wingo']);
  expect((await operator.call('GET', `${url}?game=wingo`)).json().data.items.map((b: PlayerLotteryBet) => b.game)).toEqual(['wingo']);
  expect((await operator.call('GET', `${url}?game=nope`)).json().error.code).toBe('VALIDATION_FAILED');
  expect((await operator.call('GET', LAZY_API_PATHS.admin_player_lottery_bets.replace(':playerId', '99999999'))).statusCode).toBe(404);
});

it('reads a bounded number of bets per page for a won/lost filter, and says where to read on', async () => {
  const me = await fundedPlayer();
  // SCAN_LIMIT + 20 settled bets, of which none is won: 'won' reads SCAN_LIMIT of them, then the rest.
  // (Written straight into the table: the listing reads bets only, and the ledger is not involved.)
  const { rows } = await t.db.query<{ id: number; period: string; outcome: number[] }>(
    `SELECT id, period, outcome FROM lottery_rounds WHERE game = 'k3' AND status = 'settled' ORDER BY id LIMIT 1`,
  );
  const round = rows[0]!;
  const sum = round.outcome.reduce((s, v) => s + v, 0);
  const losing = sum >= 11 ? 'small' : 'big';
  await t.db.query(
    `INSERT INTO lottery_bets (id, round_id, room_id, player_id, idempotency_key, selection, amount_minor, quantity, multiplier, total_minor, fee_minor, contract_minor, shard, placed_at, game)
     SELECT 'bet_scan' || lpad(g::text, 6, '0'), $1, '1m', $2, 'scan-' || g, $3, 100, 1, 1, 100, 2, 98, 0, now(), 'k3' FROM generate_series(1, $4::int) g`,
    [round.id, me.playerId, losing, SCAN_LIMIT + 20],
  );
  const first = await list(me.client, 'status=won');
  expect(first.items).toEqual([]);
  expect(first.nextCursor).toBe(`bet_scan${String(21).padStart(6, '0')}`);
  const second = await list(me.client, `status=won&before=${first.nextCursor}`);
  expect(second).toEqual({ items: [], nextCursor: null });
  expect((await list(me.client, 'status=lost&limit=50')).items).toHaveLength(50);
});

it('takes a date as a day in India Standard Time', async () => {
  const me = await fundedPlayer();
  const { rows } = await t.db.query<{ id: number }>(`SELECT id FROM lottery_rounds WHERE game = 'k3' AND status = 'settled' ORDER BY id LIMIT 1`);
  // 18:29:59 UTC is 23:59:59 IST on the 23rd; 18:30 UTC is midnight IST, the 24th.
  await t.db.query(
    `INSERT INTO lottery_bets (id, round_id, room_id, player_id, idempotency_key, selection, amount_minor, quantity, multiplier, total_minor, fee_minor, contract_minor, shard, placed_at, game)
     VALUES ('bet_day0000023', $1, '1m', $2, 'day-23', 'big', 100, 1, 1, 100, 2, 98, 0, '2026-11-23T18:29:59.999Z', 'k3'),
            ('bet_day0000024', $1, '1m', $2, 'day-24', 'big', 100, 1, 1, 100, 2, 98, 0, '2026-11-23T18:30:00.000Z', 'k3')`,
    [rows[0]!.id, me.playerId],
  );
  expect((await list(me.client, 'date=2026-11-23')).items.map((b) => b.id)).toEqual(['bet_day0000023']);
  expect((await list(me.client, 'date=2026-11-24')).items.map((b) => b.id)).toEqual(['bet_day0000024']);
});

it("reads a player's history of every game from each game's index, so a bet writes no entry in an index of the player's bets alone (decision 575)", async () => {
  // A bet writes one entry in each of these; the history of every game reads (player_id, game,
  // seq DESC) game by game, so (player_id, seq DESC) is gone (migration 046).
  const { rows } = await t.db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'lottery_bets' ORDER BY indexname`);
  expect(rows.map((r) => r.indexname)).toEqual([
    'lottery_bets_bonus_round_idx',
    'lottery_bets_id_key',
    'lottery_bets_pkey',
    'lottery_bets_player_game_idx',
    'lottery_bets_player_id_idempotency_key_key',
    'lottery_bets_round_idx',
  ]);
});
