import type { PlaceWingoBetInput } from '@colorplay/contract';
import { roundAt, WINGO_DEFAULT_LIMITS, WINGO_ROOMS } from '@colorplay/lottery';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BeaconSource } from './beacon-source';
import { appSandboxBeacon, buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { AppError } from '../../errors';
import { fakeClock } from '../../lib/clock';
import { accountCodes, checkInvariants, ensureAccount, getBalance, HOUSE_ACCOUNTS, postTransfer } from '../ledger';
import type { QueuedBet } from './bet-batch';
import { createLotteryService, type LotteryDeps } from './service';

/**
 * The set-based bet batch (decisions 200, 201): correctness only (speed lives in bench/).
 * Each service here batches for a fixed window, so bets placed together share one batch.
 */

const START = Date.parse('2026-11-23T10:00:00.000Z');
const clock = fakeClock(new Date(START));
const ROOM = WINGO_ROOMS['30s'];
const now = () => clock.now().getTime();
const setTime = (ms: number) => clock.advance(ms - now());
let t: TestApp;
let playerSeq = 800_000;
let keySeq = 0;

// The app's own sandbox beacon (its key is stored, decision 382): a second node signs alike.
let appBeacon: BeaconSource;
beforeAll(async () => {
  t = await buildTestApp({ clock, lottery: { chainLength: 200, checkpointEvery: 16, chainRenewBeforeRounds: 20 } });
  appBeacon = await appSandboxBeacon(t, clock);
  await t.app.lottery.tick();
  await ensureAccount(t.db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
});
afterAll(async () => {
  await t.app.close();
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
  // The round stakes the batch reads are the sums of the stored bets, for every (round, player).
  const { rows } = await t.db.query(
    `SELECT coalesce(b.round_id, s.round_id) AS round_id, coalesce(b.player_id, s.player_id) AS player_id, b.sum, s.staked_minor
       FROM (SELECT round_id, player_id, sum(total_minor)::bigint AS sum FROM lottery_bets GROUP BY 1, 2) b
       FULL JOIN lottery_round_stakes s ON s.round_id = b.round_id AND s.player_id = b.player_id
      WHERE b.sum IS DISTINCT FROM s.staked_minor`,
  );
  expect(rows).toEqual([]);
});

function service(extra: Partial<LotteryDeps> = {}, windowMs = 150, batchMax = 500) {
  return createLotteryService({
    db: t.db,
    clock,
    events: t.app.events,
    log: t.app.log,
    safety: t.app.safety,
    chainSecret: t.config.secrets.lotteryChain,
    beacon: appBeacon,
    settings: { ...t.app.lottery.settings, betBatchWindowMs: windowMs, betBatchMax: batchMax },
    ...extra,
  });
}

async function player(fundMinor: number) {
  const playerId = ++playerSeq;
  const code = accountCodes.playerMain(playerId);
  await ensureAccount(t.db, { code, kind: 'player', owner: playerId });
  if (fundMinor > 0) {
    await postTransfer(t.db, {
      idempotencyKey: `test-fund:${playerId}`,
      kind: 'deposit',
      entries: [
        { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -fundMinor },
        { accountCode: code, amountMinor: fundMinor },
      ],
    });
  }
  return { playerId, balance: () => getBalance(t.db, code) };
}

/** Moves to the opening of the next round and lets the app's engine draw what is due. */
async function nextRound() {
  setTime(roundAt(ROOM, now()).drawsAtMs);
  await t.app.lottery.tick();
  return roundAt(ROOM, now());
}

const input = (period: string, extra: Partial<PlaceWingoBetInput> = {}): PlaceWingoBetInput => ({
  room: '30s',
  period,
  selection: 'green',
  amountMinor: 1_000,
  quantity: 1,
  multiplier: 1,
  idempotencyKey: `bb-${++keySeq}`,
  ...extra,
});

const codeOf = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (err: unknown) => {
      if (err instanceof AppError) return err.code;
      throw err;
    },
  );

async function betsOf(playerId: number) {
  const { rows } = await t.db.query<{ id: string; idempotency_key: string; total_minor: number }>('SELECT id, idempotency_key, total_minor FROM lottery_bets WHERE player_id = $1 ORDER BY seq', [playerId]);
  return rows;
}

describe('the bet batch', () => {
  it('takes concurrent bets of one player over their balance in one batch: exactly what the balance covers', async () => {
    const round = await nextRound();
    const p = await player(2_500);
    const batches: number[] = [];
    const counting = service({ beforeBatchCommit: async (bets) => void batches.push(bets.length) });
    const outcomes = await Promise.all([1, 2, 3, 4, 5].map(() => codeOf(counting.placeBet(p.playerId, input(round.period)))));
    expect(batches).toEqual([5]);
    expect(outcomes.filter((o) => o === 'ok')).toHaveLength(2);
    expect(outcomes.filter((o) => o === 'INSUFFICIENT_FUNDS')).toHaveLength(3);
    expect(await p.balance()).toBe(500);
    expect(await betsOf(p.playerId)).toHaveLength(2);
  });

  it('refuses one bet inside a batch (funds, round limit, a hook) and commits the others', async () => {
    const round = await nextRound();
    const rich = await player(100_000);
    const poor = await player(500);
    const limited = await player(100_000);
    const excluded = await player(100_000);
    const seen: QueuedBet[][] = [];
    const lottery = service({
      limits: { ...WINGO_DEFAULT_LIMITS, maxRoundMinor: 1_500 },
      checkBets: async (tx, bets) => {
        seen.push([...bets]);
        // The hook runs in the batch's transaction: it can read the database there.
        await tx.query('SELECT 1');
        return new Map(bets.flatMap((b, i) => (b.playerId === excluded.playerId ? [[i, new AppError('FORBIDDEN', 'excluded')] as const] : [])));
      },
    });
    const [a, b, c1, c2, d] = await Promise.all([
      codeOf(lottery.placeBet(rich.playerId, input(round.period))),
      codeOf(lottery.placeBet(poor.playerId, input(round.period))),
      codeOf(lottery.placeBet(limited.playerId, input(round.period))),
      codeOf(lottery.placeBet(limited.playerId, input(round.period))),
      codeOf(lottery.placeBet(excluded.playerId, input(round.period))),
    ]);
    expect(seen.map((s) => s.length)).toEqual([5]);
    // The limited player's two bets may queue in either order: one fits, the other passes the limit.
    expect([a, b, ...[c1, c2].sort(), d]).toEqual(['ok', 'INSUFFICIENT_FUNDS', 'ROUND_LIMIT_EXCEEDED', 'ok', 'FORBIDDEN']);
    expect(await rich.balance()).toBe(99_000);
    expect(await poor.balance()).toBe(500);
    expect(await limited.balance()).toBe(99_000);
    expect(await excluded.balance()).toBe(100_000);
    expect(await betsOf(excluded.playerId)).toEqual([]);
  });

  it('counts the bets of earlier batches toward the per-round limit, and keeps the round stakes only through bets', async () => {
    const round = await nextRound();
    const p = await player(100_000);
    const lottery = service({ limits: { ...WINGO_DEFAULT_LIMITS, maxRoundMinor: 3_500 } }, 5);
    // Three batches one after the other: each reads the stake so far from lottery_round_stakes.
    for (let i = 0; i < 3; i++) expect(await codeOf(lottery.placeBet(p.playerId, input(round.period)))).toBe('ok');
    expect(await codeOf(lottery.placeBet(p.playerId, input(round.period)))).toBe('ROUND_LIMIT_EXCEEDED');
    // A smaller bet that still fits is accepted, and the next round starts from nothing.
    expect(await codeOf(lottery.placeBet(p.playerId, input(round.period, { amountMinor: 100, quantity: 5 })))).toBe('ok');
    expect(await p.balance()).toBe(100_000 - 3_500);
    const next = await nextRound();
    expect(await codeOf(lottery.placeBet(p.playerId, input(next.period, { quantity: 3 })))).toBe('ok');
    // Nobody writes the sums but the bets' own insert: the app's role is refused a direct change.
    const { rows } = await t.db.query<{ round_id: number }>('SELECT round_id FROM lottery_round_stakes WHERE player_id = $1 ORDER BY round_id LIMIT 1', [p.playerId]);
    const roundId = rows[0]!.round_id;
    await expect(t.db.query('UPDATE lottery_round_stakes SET staked_minor = 1 WHERE round_id = $1 AND player_id = $2', [roundId, p.playerId])).rejects.toThrow(/written only by the bets/);
    await expect(t.db.query('DELETE FROM lottery_round_stakes WHERE round_id = $1 AND player_id = $2', [roundId, p.playerId])).rejects.toThrow(/written only by the bets/);
    await expect(t.db.query('INSERT INTO lottery_round_stakes (round_id, player_id, staked_minor) VALUES ($1, $2, 1)', [roundId, ++playerSeq])).rejects.toThrow(/written only by the bets/);
  });

  it('refuses a player who never had an account for lack of funds, in the same batch as a good bet', async () => {
    const round = await nextRound();
    const ghost = ++playerSeq;
    const rich = await player(5_000);
    const lottery = service();
    const [g, r] = await Promise.all([codeOf(lottery.placeBet(ghost, input(round.period))), codeOf(lottery.placeBet(rich.playerId, input(round.period)))]);
    expect([g, r]).toEqual(['INSUFFICIENT_FUNDS', 'ok']);
    expect(await getBalance(t.db, accountCodes.playerMain(ghost))).toBe(0);
  });

  it('answers a retry racing its original with the same bet, in one batch or in two, and a reused key with another bet with a conflict', async () => {
    const round = await nextRound();
    const p = await player(10_000);
    const lottery = service();
    const same = input(round.period);
    const [r1, r2] = await Promise.all([lottery.placeBet(p.playerId, same), lottery.placeBet(p.playerId, same)]);
    expect(r2.bet.id).toBe(r1.bet.id);
    // Another node (another service) retrying after the first committed: the stored bet.
    const other = service();
    const r3 = await other.placeBet(p.playerId, same);
    expect(r3.bet.id).toBe(r1.bet.id);
    expect(await codeOf(other.placeBet(p.playerId, { ...same, selection: 'red' }))).toBe('IDEMPOTENCY_CONFLICT');
    // Two nodes racing the same new key: one bet, one debit.
    const fresh = input(round.period);
    const [x, y] = await Promise.all([lottery.placeBet(p.playerId, fresh), other.placeBet(p.playerId, fresh)]);
    expect(y.bet.id).toBe(x.bet.id);
    expect(await betsOf(p.playerId)).toHaveLength(2);
    expect(await p.balance()).toBe(8_000);
  });

  it('rolls back a batch that fails mid-way and places its bets one by one, each exactly once', async () => {
    const round = await nextRound();
    const players = await Promise.all([1, 2, 3].map(() => player(5_000)));
    let crashes = 1;
    const sizes: number[] = [];
    const lottery = service({
      beforeBatchCommit: async (bets) => {
        sizes.push(bets.length);
        if (crashes-- > 0) throw new Error('connection lost mid-batch');
      },
    });
    const results = await Promise.all(players.map((p) => lottery.placeBet(p.playerId, input(round.period))));
    expect(sizes).toEqual([3, 1, 1, 1]);
    for (const [i, p] of players.entries()) {
      expect(await p.balance()).toBe(4_000);
      expect((await betsOf(p.playerId)).map((b) => b.id)).toEqual([results[i]!.bet.id]);
    }
  });

  it('accepts a bet that arrived before the lock even when its batch commits after the round locked', async () => {
    const round = await nextRound();
    const p = await player(5_000);
    const lottery = service({}, 400);
    // Warm up: the round and the account are known, so the bet goes straight to the queue.
    await lottery.placeBet(p.playerId, input(round.period));
    setTime(round.locksAtMs - 1);
    const late = lottery.placeBet(p.playerId, input(round.period));
    setTime(round.locksAtMs + 1_000);
    await t.app.lottery.tick();
    expect((await t.db.query<{ status: string }>('SELECT status FROM lottery_rounds WHERE period = $1', [round.period])).rows[0]!.status).toBe('locked');
    const placed = await late;
    expect(placed.bet.placedAtMs).toBe(round.locksAtMs - 1);
    expect(await p.balance()).toBe(3_000);
    // A bet that arrives after the lock is still refused at once.
    expect(await codeOf(lottery.placeBet(p.playerId, input(round.period)))).toBe('ROUND_LOCKED');
  });

  it('judges a bet by when its request reached the server, even when its processing starts after the lock', async () => {
    const round = await nextRound();
    const p = await player(5_000);
    const lottery = service();
    // The route stamps arrival before authentication and parsing; here they took 2 s.
    setTime(round.locksAtMs + 2_000);
    const placed = await lottery.placeBet(p.playerId, input(round.period), new Date(round.locksAtMs - 5));
    expect(placed.bet.placedAtMs).toBe(round.locksAtMs - 5);
    expect(await codeOf(lottery.placeBet(p.playerId, input(round.period), new Date(round.locksAtMs)))).toBe('ROUND_LOCKED');
    expect(await p.balance()).toBe(4_000);
  });

  it('draws a round only after the bets that arrived before its lock are committed, and settles them', async () => {
    const round = await nextRound();
    const players = await Promise.all([1, 2].map(() => player(5_000)));
    const lottery = service({}, 400);
    for (const p of players) await lottery.placeBet(p.playerId, input(round.period, { selection: 'big' }));
    setTime(round.locksAtMs - 1);
    const inFlight = players.map((p) => lottery.placeBet(p.playerId, input(round.period, { selection: 'small' })));
    // The draw is due now; the bets are still queued on this node.
    setTime(round.drawsAtMs);
    await lottery.tick();
    const placed = await Promise.all(inFlight);
    const { rows } = await t.db.query<{ status: string; digit: number }>('SELECT status, digit FROM lottery_rounds WHERE period = $1', [round.period]);
    expect(rows[0]!.status).toBe('settled');
    // Big and small cover every digit: each player won exactly one of their two bets.
    const mine = await Promise.all(players.map((p) => t.app.lottery.myBets(p.playerId, { limit: 10 })));
    for (const [i, page] of mine.entries()) {
      expect(page.items.map((b) => b.id)).toContain(placed[i]!.bet.id);
      expect(page.items.map((b) => b.status).sort()).toEqual(['lost', 'won']);
    }
  });

  it('refuses (never commits) an in-time bet that reaches the database only after the draw', async () => {
    const round = await nextRound();
    const p = await player(5_000);
    const other = await player(5_000);
    await service().placeBet(p.playerId, input(round.period));
    // This node's batch flushes only when a second bet joins it (its window outlasts any test),
    // so the bet below waits in the queue, in time, for as long as the draw takes: no race with
    // a timer on a loaded machine.
    const lottery = service({}, 600_000, 2);
    setTime(round.locksAtMs - 1);
    const stuck = codeOf(lottery.placeBet(p.playerId, input(round.period)));
    // Another node draws (its queue is empty, so it does not wait for this node's).
    setTime(round.drawsAtMs);
    await t.app.lottery.tick();
    // A bet on the next round fills the batch: the stuck bet reaches the database after the draw.
    const filler = codeOf(lottery.placeBet(other.playerId, input(roundAt(ROOM, now()).period)));
    expect(await stuck).toBe('ROUND_CLOSED');
    expect(await filler).toBe('ok');
    expect(await betsOf(p.playerId)).toHaveLength(1);
  });
});
