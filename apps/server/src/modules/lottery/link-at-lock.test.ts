import { API_PATHS, LAZY_API_PATHS, type LotteryRoomState, type LotteryVoidsPage } from '@colorplay/contract';
import { MINUTE_ROOMS, roundAt, WINGO_ROOMS } from '@colorplay/lottery';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { appSandboxBeacon, buildTestApp, testConfig, type TestApp } from '../../../test/helpers/build-test-app';
import { lotteryGameKit } from '../../../test/helpers/lottery-games';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import { createSandboxBeacon, type BeaconSource } from './beacon-source';
import { ChainSecretMismatch } from './chains';
import { createLotteryService } from './service';

// Decisions 380-384: a round's link is stored with its row and public from its lock on, so a
// locked round is decided by public data alone; rooms have their chain before a player sees them;
// a retirement publishes one chain per gap; voids are listed.

const SETTINGS = { chainLength: 200, checkpointEvery: 16, chainRenewBeforeRounds: 20 };
const CHAIN_GAMES = ['wingo', 'k3', '5d'] as const;

describe('a fresh start', () => {
  // 12:00:02 UTC: two seconds into a round of every room, as a player opens K3 right after `npm start`.
  const clock = fakeClock(new Date(Date.parse('2026-11-24T12:00:02.000Z')));
  let t: TestApp;
  const { player, bet, roundRow } = lotteryGameKit(() => t);
  beforeAll(async () => {
    t = await buildTestApp({ clock, lottery: SETTINGS });
  });
  afterAll(async () => {
    await t.app.close();
  });
  afterEach(async () => {
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('takes a K3 bet placed in the first seconds, before the engine ever ran, and debits it', async () => {
    const p = await player(10_000);
    const round = roundAt(MINUTE_ROOMS['1m'], clock.now().getTime());
    const res = await bet(p.client, 'k3', round.period, 'big');
    expect(res.statusCode, res.body).toBe(200);
    expect(await p.balance()).toBe(9_900);
    expect((await roundRow('k3', round.period)).status).toBe('open');
  });

  it("takes a 5D bet after the engine's first run, and shows every room open only with a chain behind its round", async () => {
    await t.app.lottery.tick();
    const p = await player(10_000);
    const round = roundAt(MINUTE_ROOMS['10m'], clock.now().getTime());
    const res = await bet(p.client, '5d', round.period, 'A:big', { room: '10m' });
    expect(res.statusCode, res.body).toBe(200);
    for (const game of ['k3', '5d'] as const) {
      for (const room of ['1m', '3m', '5m', '10m'] as const) {
        const state: LotteryRoomState = (await t.app.inject({ method: 'GET', url: `${API_PATHS.lottery_state.replace(':game', game)}?room=${room}` })).json().data;
        expect(state.round.phase).toBe('open');
        // The chain shown is the one the open round is drawn from.
        expect(state.chain!.firstPeriod <= state.round.period, `${game} ${room}`).toBe(true);
        expect((await roundRow(game, state.round.period))?.status ?? 'open').toBe('open');
      }
    }
  });
});

describe('retire-chains', () => {
  // Mid-round of every room (the 10-minute rooms stay in this round for the ticks below).
  const start = Date.parse('2026-11-24T12:00:30.000Z');
  const clock = fakeClock(new Date(start));
  let t: TestApp;
  let beacon: BeaconSource;
  beforeAll(async () => {
    t = await buildTestApp({ clock, lottery: SETTINGS });
    beacon = await appSandboxBeacon(t, clock);
    await t.app.lottery.tick();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('publishes one new chain per room and gap, however many engine runs follow (no chain storm)', async () => {
    const other = createLotteryService({ db: t.db, clock, events: t.app.events, log: t.app.log, safety: t.app.safety, chainSecret: 'a-new-secret-0123456789abcdefghijklmnop', beacon, settings: t.app.lottery.settings });
    const retired = await other.retireChains('chain secret replaced after a leak');
    // Every chain of every chain game's rooms: 4 Wingo, 4 K3, 4 5D.
    expect(retired).toHaveLength(12);
    for (let i = 0; i < 20; i++) {
      clock.advance(5_000);
      await other.tick();
    }
    const { rows } = await t.db.query<{ game: string; room_id: string; n: number; live: number }>(
      'SELECT game, room_id, count(*)::int AS n, count(*) FILTER (WHERE retired_from_ordinal IS NULL)::int AS live FROM lottery_chains GROUP BY game, room_id ORDER BY game, room_id',
    );
    const tenMinute = rows.filter((r) => r.room_id === '10m');
    expect(tenMinute.map((r) => r.game).sort()).toEqual(['5d', 'k3']);
    // The 10-minute rooms never left their round: the retired chain and exactly one new one.
    for (const r of tenMinute) expect(r, `${r.game} ${r.room_id}`).toMatchObject({ n: 2, live: 1 });
    for (const r of rows) expect(r.live, `${r.game} ${r.room_id}`).toBe(1);
    expect(rows.reduce((s, r) => s + r.n, 0)).toBeLessThanOrEqual(24);
  });
});

describe('a changed LOTTERY_CHAIN_SECRET', () => {
  const clock = fakeClock(new Date(Date.parse('2026-11-24T12:00:30.000Z')));
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ clock, lottery: SETTINGS });
    await t.app.lottery.tick();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('refuses to start naming every chain it cannot open, of every game', async () => {
    const other = createLotteryService({ db: t.db, clock, events: t.app.events, log: t.app.log, safety: t.app.safety, chainSecret: 'a-new-secret-0123456789abcdefghijklmnop', beacon: await appSandboxBeacon(t, clock), settings: t.app.lottery.settings });
    const { rows } = await t.db.query<{ id: number }>("SELECT id FROM lottery_chains WHERE game IN ('wingo', 'k3', '5d') ORDER BY id");
    expect(rows).toHaveLength(12);
    const refused = await other.assertChainsOpen().then(
      () => null,
      (err: unknown) => err,
    );
    expect(refused).toBeInstanceOf(ChainSecretMismatch);
    expect((refused as ChainSecretMismatch).chainIds).toEqual(rows.map((r) => Number(r.id)));
    expect((refused as Error).message).toContain(`lottery chains ${rows.map((r) => r.id).join(', ')} (`);
  });

  it('leaves the sandbox beacon key alone: a node started with another chain secret signs with the same key', async () => {
    const config = testConfig({ LOTTERY_CHAIN_SECRET: 'another-chain-secret-0123456789abcdefgh' });
    // A second node on the same database (its close must not close the shared one).
    const second = await buildApp({ config, db: { ...t.db, close: async () => {} }, logger: false, clock, startJobs: false });
    try {
      expect(second.lottery.beacon.params.publicKey).toBe(t.app.lottery.beacon.params.publicKey);
      // So the rounds of the chains already published get their beacon values and are drawn.
      const round = roundAt(WINGO_ROOMS['30s'], clock.now().getTime());
      clock.advance(round.drawsAtMs - clock.now().getTime());
      await second.lottery.tick();
      const { rows } = await t.db.query<{ status: string }>("SELECT status FROM lottery_rounds WHERE game = 'wingo' AND room_id = '30s' AND period = $1", [round.period]);
      expect(rows[0]!.status).toBe('settled');
    } finally {
      await second.close();
    }
  });
});

describe('the list of voids', () => {
  const clock = fakeClock(new Date(Date.parse('2026-11-24T12:00:02.000Z')));
  let t: TestApp;
  let withhold = false;
  beforeAll(async () => {
    // A sandbox beacon that can be stopped, as drand stopping for a day.
    const real = createSandboxBeacon({ secret: 'test-voids-beacon-0123456789abcdefghijkl', clock });
    const switchable: BeaconSource = { name: 'sandbox', params: real.params, fetch: (round) => (withhold ? Promise.resolve(null) : real.fetch(round)) };
    t = await buildTestApp({ clock, lottery: SETTINGS, beacon: switchable });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('lists a room’s voids newest first with the link and the would-be fields, and refuses a room of another game', async () => {
    const { player } = lotteryGameKit(() => t);
    const p = await player(10_000);
    const room = WINGO_ROOMS['30s'];
    const round = roundAt(room, clock.now().getTime());
    const res = await p.client.call('POST', API_PATHS.wingo_place_bet, { room: '30s', period: round.period, selection: 'red', amountMinor: 1_000, quantity: 1, multiplier: 1, idempotencyKey: 'void-list-1' });
    expect(res.statusCode, res.body).toBe(200);
    // drand stops for a day: the round is refunded past the give-up time.
    withhold = true;
    clock.advance(round.drawsAtMs + t.app.lottery.settings.beaconGiveUpMs + 1 - clock.now().getTime());
    await t.app.lottery.tick();
    withhold = false;
    const url = (game: string, query: string) => `${LAZY_API_PATHS.lottery_voids.replace(':game', game)}?${query}`;
    const page: LotteryVoidsPage = (await t.app.inject({ method: 'GET', url: url('wingo', 'room=30s') })).json().data;
    expect(page.items[0]).toMatchObject({ game: 'wingo', roomId: '30s', period: round.period, reason: 'beacon_unavailable', bets: 1, stakesMinor: 1_000, wouldOutcome: null, wouldPayoutMinor: null });
    expect(page.items[0]!.link).toMatch(/^[0-9a-f]{64}$/);
    expect(page.nextCursor).toBeNull();
    const other = await t.app.inject({ method: 'GET', url: url('k3', 'room=30s') });
    expect(other.statusCode).toBe(400);
    expect(other.json().error.code).toBe('VALIDATION_FAILED');
    expect((await t.app.inject({ method: 'GET', url: url('k3', 'room=1m') })).json().data).toEqual({ items: [], nextCursor: null });
    for (const game of CHAIN_GAMES) expect((await t.app.inject({ method: 'GET', url: url(game, game === 'wingo' ? 'room=1m' : 'room=3m') })).statusCode).toBe(200);
  });
});
