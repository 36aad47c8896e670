import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_PATHS, type WingoFairness } from '@colorplay/contract';
import { verifyRevealedLink, verifyRound } from '@colorplay/fair';
// The CLI's entry as `npm run fair -- verify` runs it (the package exports no CLI path).
import { proofFromFairness, runFairCli } from '../../../../../packages/fair/src/cli-core';
import { roundAt, settleBet, WINGO, WINGO_ROOMS, type WingoDigit, type WingoSelection } from '@colorplay/lottery';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appSandboxBeacon, buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import type { PlayerClient } from '../../../test/helpers/player-client';
import { playerFactory } from '../../../test/helpers/players';
import { fakeClock } from '../../lib/clock';
import { checkInvariants, getBalance, HOUSE_ACCOUNTS } from '../ledger';
import { createCheckpointSeal, isLegacyPlain } from './checkpoint-seal';
import { createLotteryService } from './service';

// 10:00 UTC is 15:30 IST: a round boundary of every room.
const START = Date.parse('2026-11-23T10:00:00.000Z');
const clock = fakeClock(new Date(START));
const ROOM = WINGO_ROOMS['30s'];
let t: TestApp;

const now = () => clock.now().getTime();
const setTime = (ms: number) => clock.advance(ms - now());

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

const player = playerFactory(() => t, '98765', { autoRefresh: false });

/** Moves the clock to the opening of the next 30 s round and runs the engine. */
async function nextRound() {
  setTime(roundAt(ROOM, now()).drawsAtMs);
  await t.app.lottery.tick();
  return roundAt(ROOM, now());
}

let keySeq = 0;
const bet = (c: PlayerClient, period: string, selection: string, extra: Record<string, unknown> = {}) =>
  c.call('POST', API_PATHS.wingo_place_bet, {
    room: '30s',
    period,
    selection,
    amountMinor: 1_000,
    quantity: 1,
    multiplier: 1,
    idempotencyKey: `key-${++keySeq}-${Math.random().toString(36).slice(2, 8)}`,
    ...extra,
  });

async function drawAndSettle() {
  setTime(roundAt(ROOM, now()).drawsAtMs);
  await t.app.lottery.tick();
}

async function roundRow(period: string) {
  const { rows } = await t.db.query<{ id: number; status: string; digit: number | null }>('SELECT id, status, digit FROM lottery_rounds WHERE period = $1', [period]);
  return rows[0]!;
}

describe('chains and fairness', () => {
  it('publishes each room chain before its first round, and each link from its lock on (never while betting is open)', async () => {
    const state = (await t.app.inject({ method: 'GET', url: `${API_PATHS.wingo_state}?room=30s` })).json().data;
    expect(state.chain.finalHash).toMatch(/^[0-9a-f]{64}$/);
    expect(state.serverTimeMs).toBe(now());
    // The round running when the chain was made, still open, is its first (decision 380).
    const first = roundAt(ROOM, now());
    expect(state.chain.firstPeriod).toBe(first.period);

    const early = await t.app.inject({ method: 'GET', url: `${API_PATHS.wingo_fairness}?period=${first.period}` });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('ROUND_NOT_DRAWN');

    // Betting closes: the link is public, the result waits for the beacon value.
    setTime(first.locksAtMs);
    const locked: WingoFairness = (await t.app.inject({ method: 'GET', url: `${API_PATHS.wingo_fairness}?period=${first.period}` })).json().data;
    expect(locked).toMatchObject({ status: 'locked', roundIndex: 1, digit: null, drawnAtMs: null, void: null, beacon: { signature: null } });
    expect(locked.link).toMatch(/^[0-9a-f]{64}$/);
    expect((await verifyRevealedLink({ finalHash: locked.finalHash, link: locked.link!, roundIndex: 1 })).ok).toBe(true);

    await drawAndSettle();
    const proof: WingoFairness = (await t.app.inject({ method: 'GET', url: `${API_PATHS.wingo_fairness}?period=${first.period}` })).json().data;
    expect(proof).toMatchObject({ roundIndex: 1, previousLink: null, status: 'settled', finalHash: state.chain.finalHash, link: locked.link });
    const verified = await verifyRound(proofFromFairness(proof));
    expect(verified.ok, JSON.stringify(verified.checks)).toBe(true);
    expect(verified.checks.find((c) => c.name === 'beacon')!.status).toBe('passed');

    // The next round links to this one, and the CLI accepts the published data as is.
    const second = roundAt(ROOM, now());
    await drawAndSettle();
    const p2: WingoFairness = (await t.app.inject({ method: 'GET', url: `${API_PATHS.wingo_fairness}?period=${second.period}` })).json().data;
    expect(p2.previousLink).toBe(proof.link);
    const lines: string[] = [];
    const code = await runFairCli(
      [
        'verify', '--final', p2.finalHash, '--link', p2.link!, '--period', p2.period, '--digit', String(p2.digit), '--previous', p2.previousLink!,
        '--game', p2.game, '--beacon-key', p2.beacon!.publicKey, '--beacon-round', String(p2.beacon!.round), '--beacon-signature', p2.beacon!.signature!,
        '--lock-ms', String(p2.locksAtMs), '--beacon-genesis-ms', String(p2.beacon!.genesisMs), '--beacon-period-ms', String(p2.beacon!.periodMs), '--beacon-margin-ms', String(p2.beacon!.marginMs),
      ],
      (l) => lines.push(l),
    );
    expect(code, lines.join('\n')).toBe(0);

    // A tampered link fails.
    const tampered = p2.link!.slice(0, 63) + (p2.link!.endsWith('0') ? '1' : '0');
    const bad = await verifyRound({ ...proofFromFairness(p2), link: tampered });
    expect(bad.failure).toBe('TAMPERED_LINK');
  });

  it('keeps the checkpoints sealed at rest, and seals the plain ones an older install wrote', async () => {
    const stored = async () => (await t.db.query<{ chain_id: number; k: number; link: string }>('SELECT chain_id, k, link FROM lottery_chain_checkpoints ORDER BY chain_id, k')).rows;
    const rows = await stored();
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((r) => isLegacyPlain(r.link))).toEqual([]);
    // An older install: the 30 s room's checkpoints in the clear.
    const seal = createCheckpointSeal(t.config.secrets.lotteryChain);
    const { rows: chains } = await t.db.query<{ id: number; room_id: string; first_ordinal: number }>(
      "SELECT id, room_id, first_ordinal FROM lottery_chains WHERE room_id = '30s'",
    );
    for (const c of chains) {
      for (const r of rows.filter((x) => x.chain_id === c.id)) {
        const plain = seal.open({ game: 'wingo', roomId: c.room_id, firstOrdinal: c.first_ordinal, k: r.k }, r.link);
        await t.db.query('UPDATE lottery_chain_checkpoints SET link = $3 WHERE chain_id = $1 AND k = $2', [c.id, r.k, plain]);
      }
    }
    // A node that starts now still draws from them, and seals them on the way.
    const restarted = createLotteryService({ db: t.db, clock, events: t.app.events, log: t.app.log, safety: t.app.safety, chainSecret: t.config.secrets.lotteryChain, beacon: await appSandboxBeacon(t, clock), settings: t.app.lottery.settings });
    const round = roundAt(ROOM, now());
    setTime(round.drawsAtMs);
    await restarted.tick();
    const proof: WingoFairness = (await t.app.inject({ method: 'GET', url: `${API_PATHS.wingo_fairness}?period=${round.period}` })).json().data;
    expect(proof.status).toBe('settled');
    expect((await verifyRound(proofFromFairness(proof))).ok).toBe(true);
    expect((await stored()).filter((r) => isLegacyPlain(r.link))).toEqual([]);
  });

  it('lets nothing change a drawn result: the database refuses it, and only the draw writes the digit', async () => {
    const [drawn] = (await t.db.query<{ id: number; digit: number }>("SELECT id, digit FROM lottery_rounds WHERE status = 'settled' LIMIT 1")).rows;
    await expect(t.db.query('UPDATE lottery_rounds SET digit = $2 WHERE id = $1', [drawn!.id, (drawn!.digit + 1) % 10])).rejects.toThrow(/never changed/);
    await expect(t.db.query("UPDATE lottery_rounds SET status = 'drawn' WHERE id = $1", [drawn!.id])).rejects.toThrow(/cannot become/);
    await expect(t.db.query('DELETE FROM lottery_rounds WHERE id = $1', [drawn!.id])).rejects.toThrow(/never deleted/);
    await expect(t.db.query('UPDATE lottery_bets SET payout_minor = 1')).rejects.toThrow();
    // Source scan: the one statement that writes `digit` is the draw's.
    const dir = path.dirname(new URL(import.meta.url).pathname);
    const writers = readdirSync(dir)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .flatMap((f) => (readFileSync(path.join(dir, f), 'utf8').match(/(UPDATE|INSERT INTO) lottery_rounds[^`]*`/g) ?? []).filter((sql) => /\bdigit\b/.test(sql)));
    expect(writers).toHaveLength(1);
    expect(writers[0]).toMatch(/SET status = 'drawn', digit = \$2, link = COALESCE\(link, \$3\)/);
  });
});

describe('betting', () => {
  it('debits the stake, refuses bets at the lock time and after, and on a past period', async () => {
    const p = await player(100_000);
    const round = await nextRound();
    const placed = await bet(p.client, round.period, 'green', { quantity: 2, multiplier: 5 });
    expect(placed.statusCode, placed.body).toBe(200);
    expect(placed.json().data.bet).toMatchObject({ totalMinor: 10_000, feeMinor: 200, contractMinor: 9_800, status: 'pending' });
    expect(placed.json().data.balanceMinor).toBe(90_000);
    expect(await p.balance()).toBe(90_000);

    setTime(round.locksAtMs - 1);
    expect((await bet(p.client, round.period, 'red')).statusCode).toBe(200);
    setTime(round.locksAtMs);
    const atLock = await bet(p.client, round.period, 'red');
    expect(atLock.json().error.code).toBe('ROUND_LOCKED');
    setTime(round.locksAtMs + 2_000);
    expect((await bet(p.client, round.period, 'red')).json().error.code).toBe('ROUND_LOCKED');
    await drawAndSettle();
    const late = await bet(p.client, round.period, 'red');
    expect(late.json().error.code).toBe('ROUND_CLOSED');
    expect(await p.balance()).toBe(90_000 - 1_000 + (await settledPayouts(p.client)));
  });

  it('refuses bets beyond funds and limits without moving money, and replays a retried key', async () => {
    const p = await player(5_000);
    const round = await nextRound();
    const funds = await bet(p.client, round.period, 'big', { amountMinor: 10_000 });
    expect(funds.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect((await bet(p.client, round.period, 'big', { amountMinor: 300 })).json().error.code).toBe('AMOUNT_NOT_ALLOWED');
    expect((await bet(p.client, round.period, 'big', { multiplier: 3 })).json().error.code).toBe('MULTIPLIER_NOT_ALLOWED');
    expect((await bet(p.client, round.period, 'big', { quantity: 1_001 })).json().error.code).toBe('QUANTITY_OUT_OF_RANGE');
    expect((await bet(p.client, round.period, 'purple')).json().error.code).toBe('VALIDATION_FAILED');
    expect(await p.balance()).toBe(5_000);

    const first = await bet(p.client, round.period, '7', { idempotencyKey: 'retry-key-0001' });
    const again = await bet(p.client, round.period, '7', { idempotencyKey: 'retry-key-0001' });
    expect(again.json().data.bet.id).toBe(first.json().data.bet.id);
    expect(await p.balance()).toBe(4_000);
    expect((await bet(p.client, round.period, '8', { idempotencyKey: 'retry-key-0001' })).json().error.code).toBe('IDEMPOTENCY_CONFLICT');
    const unauth = await t.app.inject({
      method: 'POST',
      url: API_PATHS.wingo_place_bet,
      payload: { room: '30s', period: round.period, selection: 'red', amountMinor: 100, quantity: 1, multiplier: 1, idempotencyKey: 'no-token-0001' },
    });
    expect(unauth.statusCode).toBe(401);
  });

  it('lands a retry racing on another node on the same bet, although that node stakes on another shard', async () => {
    // Found by the cluster test (decision 234): one key sent to two nodes at once answered 409
    // IDEMPOTENCY_CONFLICT on one of them, because each node's batch stakes on its own shard and
    // the shard is part of the ledger transfer's request hash.
    const p = await player(5_000);
    const round = await nextRound();
    const otherNode = createLotteryService({ db: t.db, clock, events: t.app.events, log: t.app.log, safety: t.app.safety, chainSecret: t.config.secrets.lotteryChain, beacon: await appSandboxBeacon(t, clock), settings: t.app.lottery.settings });
    expect(t.app.lottery.settings.stakeShards).toBeGreaterThan(1);
    // The other node's next batch now uses another shard than this node's next one.
    const warmUp = await player(1_000);
    await otherNode.placeBet(warmUp.playerId, { room: '30s', period: round.period, selection: 'red', amountMinor: 1_000, quantity: 1, multiplier: 1, idempotencyKey: 'warm-up-0001' });
    const input = { room: '30s' as const, period: round.period, selection: 'big' as const, amountMinor: 1_000, quantity: 1, multiplier: 1, idempotencyKey: 'two-nodes-0001' };
    const [here, there] = await Promise.all([bet(p.client, round.period, 'big', { idempotencyKey: input.idempotencyKey }), otherNode.placeBet(p.playerId, input).then((r) => r, (e: unknown) => e)]);
    expect(here.statusCode).toBe(200);
    expect(there).toMatchObject({ bet: { id: here.json().data.bet.id } });
    expect(await p.balance()).toBe(4_000);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lottery_bets WHERE player_id = $1', [p.playerId]);
    expect(rows[0]!.n).toBe(1);
    // The same key with another body is still a conflict, whichever node sees it.
    await expect(otherNode.placeBet(p.playerId, { ...input, selection: 'small' })).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
  });

  it('commits concurrent bets together and refuses only the ones that break a rule (group commit)', async () => {
    const a = await player(5_000);
    const b = await player(2_500);
    const round = await nextRound();
    const results = await Promise.all([
      ...Array.from({ length: 5 }, () => bet(a.client, round.period, 'red')),
      ...Array.from({ length: 3 }, () => bet(b.client, round.period, 'green')),
    ]);
    // a can pay all five; b only two of its three.
    expect(results.slice(0, 5).map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(results.slice(5).map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
    expect(results.slice(5).find((r) => r.statusCode === 409)!.json().error.code).toBe('INSUFFICIENT_FUNDS');
    expect(await a.balance()).toBe(0);
    expect(await b.balance()).toBe(500);
    const { rows } = await t.db.query<{ n: number; shards: number }>(
      "SELECT count(*)::int AS n, count(DISTINCT shard)::int AS shards FROM lottery_bets WHERE player_id = ANY($1::bigint[]) AND room_id = '30s'",
      [[a.playerId, b.playerId]],
    );
    expect(rows[0]!.n).toBe(7);
  });

  it('enforces the per-round limit across a player’s bets', async () => {
    const rich = await player(200_000_000);
    const round = await nextRound();
    // 100 x 1000 x 100 rupees = the maximum bet; the round limit is five of them.
    for (let i = 0; i < 5; i++) expect((await bet(rich.client, round.period, 'small', { amountMinor: 100_000, quantity: 1, multiplier: 100 })).statusCode).toBe(200);
    const over = await bet(rich.client, round.period, 'small', { amountMinor: 100, quantity: 1, multiplier: 1 });
    expect(over.json().error.code).toBe('ROUND_LIMIT_EXCEEDED');
    expect(await rich.balance()).toBe(200_000_000 - 50_000_000);
  });
});

/** The sum of what the player's settled bets paid, as the API reports them. */
async function settledPayouts(c: PlayerClient): Promise<number> {
  const page = (await c.call('GET', `${API_PATHS.wingo_my_bets}?limit=50`)).json().data;
  return page.items.filter((b: { status: string }) => b.status !== 'pending').reduce((s: number, b: { payoutMinor: number }) => s + b.payoutMinor, 0);
}

describe('settlement', () => {
  it('pays every selection exactly what the rule table says, once, with the fee to the fees account', async () => {
    const p = await player(1_000_000);
    const round = await nextRound();
    const selections = WINGO.selections;
    for (const s of selections) expect((await bet(p.client, round.period, s, { amountMinor: 100, quantity: 3 })).statusCode).toBe(200);
    const before = await p.balance();
    const feesBefore = await getBalance(t.db, HOUSE_ACCOUNTS.fees);
    await drawAndSettle();
    const row = await roundRow(round.period);
    expect(row.status).toBe('settled');
    const expected = selections.reduce((sum, s) => sum + settleBet(WINGO, { selection: s as WingoSelection, contractMinor: 294 }, row.digit as WingoDigit).payoutMinor, 0);
    expect(await p.balance()).toBe(before + expected);
    expect((await getBalance(t.db, HOUSE_ACCOUNTS.fees)) - feesBefore).toBe(selections.length * 6);
    const page = (await p.client.call('GET', `${API_PATHS.wingo_my_bets}?room=30s&limit=50`)).json().data;
    expect(page.items.reduce((s: number, b: { payoutMinor: number }) => s + b.payoutMinor, 0)).toBe(expected);
    expect(page.items.every((b: { resultDigit: number }) => b.resultDigit === row.digit)).toBe(true);
    // Settling again changes nothing.
    expect(await t.app.lottery.settleRound(row.id)).toBe('skipped');
    expect(await p.balance()).toBe(before + expected);
  });

  it('settles exactly once when two settlers race', async () => {
    const players = await Promise.all([player(50_000), player(50_000), player(50_000)]);
    const round = await nextRound();
    for (const [i, p] of players.entries()) {
      for (const s of ['red', 'green', String(i), 'big']) expect((await bet(p.client, round.period, s)).statusCode).toBe(200);
    }
    setTime(round.drawsAtMs);
    const row = await roundRow(round.period);
    expect(await t.app.lottery.drawRound(row.id)).toBe('drawn');
    const outcomes = await Promise.all([t.app.lottery.settleRound(row.id), t.app.lottery.settleRound(row.id)]);
    expect(outcomes.sort()).toEqual(['settled', 'skipped']);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transfers WHERE reference = $1 AND kind = 'lottery_fee'", [`round_${row.id}`]);
    expect(rows[0]!.n).toBe(1);
    const digit = (await roundRow(round.period)).digit as WingoDigit;
    for (const [i, p] of players.entries()) {
      const won = ['red', 'green', String(i), 'big'].reduce((s, sel) => s + settleBet(WINGO, { selection: sel as WingoSelection, contractMinor: 980 }, digit).payoutMinor, 0);
      expect(await p.balance()).toBe(50_000 - 4_000 + won);
    }
    const events = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM domain_events WHERE name = 'RoundDrawn' AND payload->>'period' = $1", [round.period]);
    expect(events.rows[0]!.n).toBe(1);
    // The round's players in one event (decision 312), each with the balance after the round.
    const settled = await t.db.query<{ payload: { playerIds: number[]; bets: number[]; balancesMinor: number[] } }>(
      "SELECT payload FROM domain_events WHERE name = 'RoundPlayersSettled' AND payload->>'period' = $1",
      [round.period],
    );
    expect(settled.rows).toHaveLength(1);
    const news = settled.rows[0]!.payload;
    const byPlayer = new Map(news.playerIds.map((id, i) => [id, { bets: news.bets[i], balance: news.balancesMinor[i] }]));
    for (const p of players) expect(byPlayer.get(p.playerId)).toEqual({ bets: 4, balance: await p.balance() });
    expect(byPlayer.size).toBe(players.length);
  });

  it('survives a crash inside the settlement: nothing is paid, and the next run pays once', async () => {
    const p = await player(50_000);
    const round = await nextRound();
    for (const s of WINGO.selections) await bet(p.client, round.period, s);
    const afterBets = await p.balance();
    let crash = true;
    const crashing = createLotteryService({
      db: t.db,
      safety: t.app.safety,
      clock,
      events: t.app.events,
      log: t.app.log,
      chainSecret: t.config.secrets.lotteryChain,
      beacon: await appSandboxBeacon(t, clock),
      settings: t.app.lottery.settings,
      beforeSettleCommit: async () => {
        if (crash) throw new Error('process killed mid-settlement');
      },
    });
    setTime(round.drawsAtMs + 1_000);
    await crashing.tick();
    const row = await roundRow(round.period);
    expect(row.status).toBe('drawn');
    expect(await p.balance()).toBe(afterBets);
    crash = false;
    await t.app.lottery.tick();
    await t.app.lottery.tick();
    expect((await roundRow(round.period)).status).toBe('settled');
    const won = WINGO.selections.reduce((s, sel) => s + settleBet(WINGO, { selection: sel, contractMinor: 980 }, row.digit as WingoDigit).payoutMinor, 0);
    expect(await p.balance()).toBe(afterBets + won);
  });

  it('draws and settles a long-overdue round with the result fixed for it (a stalled engine never voids)', async () => {
    const p = await player(50_000);
    const round = await nextRound();
    await bet(p.client, round.period, 'violet', { quantity: 3 });
    await bet(p.client, round.period, '0');
    expect(await p.balance()).toBe(46_000);
    // The engine was stalled (a paused process, a locked table, a restart) for ten minutes past
    // the draw time: twenty times the old 30 s void limit.
    setTime(round.drawsAtMs + 10 * 60_000);
    await t.app.lottery.tick();
    const row = await roundRow(round.period);
    expect(row.status).toBe('settled');
    const proof: WingoFairness = (await t.app.inject({ method: 'GET', url: `${API_PATHS.wingo_fairness}?period=${round.period}` })).json().data;
    const verified = await verifyRound(proofFromFairness(proof));
    expect(verified.ok, JSON.stringify(verified.checks)).toBe(true);
    // The result is the one fixed for the round: link, game tag, period and its beacon round.
    expect(row.digit).toBe(verified.derivation!.digit);
    const won = settleBet(WINGO, { selection: 'violet', contractMinor: 2_940 }, row.digit as WingoDigit).payoutMinor + settleBet(WINGO, { selection: '0', contractMinor: 980 }, row.digit as WingoDigit).payoutMinor;
    expect(await p.balance()).toBe(46_000 + won);
    // Every later round the stall skipped past is drawn too, in order.
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM lottery_rounds WHERE room_id = '30s' AND status IN ('open', 'locked') AND draws_at <= $1", [clock.now()]);
    expect(rows[0]!.n).toBe(0);
  });
});

describe('reads', () => {
  it('pages the game history and my bets, and computes the trend from the drawn digits', async () => {
    const p = await player(20_000);
    for (let i = 0; i < 3; i++) {
      const r = await nextRound();
      await bet(p.client, r.period, 'small');
    }
    await drawAndSettle();
    const page1 = (await t.app.inject({ method: 'GET', url: `${API_PATHS.wingo_history}?room=30s&limit=2` })).json().data;
    expect(page1.items).toHaveLength(2);
    const page2 = (await t.app.inject({ method: 'GET', url: `${API_PATHS.wingo_history}?room=30s&limit=2&before=${page1.nextCursor}` })).json().data;
    expect(page2.items[0].period < page1.items[1].period).toBe(true);
    for (const item of [...page1.items, ...page2.items].filter((x: { digit: number | null }) => x.digit !== null)) {
      expect(item.size).toBe(item.digit >= 5 ? 'big' : 'small');
    }
    const mine1 = (await p.client.call('GET', `${API_PATHS.wingo_my_bets}?room=30s&limit=2`)).json().data;
    const mine2 = (await p.client.call('GET', `${API_PATHS.wingo_my_bets}?room=30s&limit=2&before=${mine1.nextCursor}`)).json().data;
    expect(mine1.items).toHaveLength(2);
    expect(mine2.items).toHaveLength(1);
    expect((await p.client.call('GET', `${API_PATHS.wingo_my_bets}?room=1m`)).json().data.items).toHaveLength(0);

    const trend = (await t.app.inject({ method: 'GET', url: `${API_PATHS.wingo_trend}?room=30s&count=10` })).json().data;
    expect(trend.rounds).toBe(trend.digits.length);
    expect(trend.frequency.reduce((a: number, b: number) => a + b, 0)).toBe(trend.rounds);
    expect(trend.big + trend.small).toBe(trend.rounds);
    const last = trend.digits[trend.digits.length - 1].digit;
    expect(trend.missing[last]).toBe(0);
  });
});
