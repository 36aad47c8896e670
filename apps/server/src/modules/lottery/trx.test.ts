import { API_PATHS, type LotteryTrxFairness } from '@colorplay/contract';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import nodePath from 'node:path';
import { trxReadOfId, verifyTrxRound } from '@colorplay/fair';
// The CLI's entry as `npm run fair -- verify` runs it (the package exports no CLI path).
import { runFairCli } from '../../../../../packages/fair/src/cli-core';
import { roundAt, TRX_WIN, trxDigit, type AnyLotteryGame } from '@colorplay/lottery';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { BeaconSource } from './beacon-source';
import { appSandboxBeacon, buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { expectedPayoutOf, lotteryGameKit } from '../../../test/helpers/lottery-games';
import { fakeClock } from '../../lib/clock';
import { checkInvariants, getBalance, HOUSE_ACCOUNTS } from '../ledger';
import { createTronService, TronSourceError, type TronFullNodeClient, type TrxDrawVerdict } from '../tron';
import type { TrxBlockSource } from './draw';
import { createLotteryService, type LotteryDeps } from './service';
import { hedgedWingoStakeMinor } from './wagering';

// Trx Win on the round engine (decisions 351-353): chainless rounds drawn from the first TRON block
// after the lock (the sandbox chain here), settled exactly once by Wingo's rule table, waiting
// while the block source is down and refunded only after the give-up time; the block pair stored
// write-once and published in a record anyone verifies.

// 10:00 UTC is 15:30 IST: a round boundary of every room, and a 3-s TRON slot.
const START = Date.parse('2026-11-23T10:00:00.000Z');
const clock = fakeClock(new Date(START));
let t: TestApp;
const { player, bet, roundRow } = lotteryGameKit(() => t);
const RULES = TRX_WIN as unknown as AnyLotteryGame;
const ROOM = TRX_WIN.rooms['1m']!;
const SELECTIONS = TRX_WIN.selections;
const path = (template: string) => template.replace(':game', 'trx');

const now = () => clock.now().getTime();
const setTime = (ms: number) => clock.advance(ms - now());
/** The sandbox chain's blocks up to now (the leader job's work, by hand on the test clock). */
const produce = () => t.app.tron.sandbox!.produce();

// The app's own sandbox beacon (its key is stored, decision 382): a second node signs alike.
let appBeacon: BeaconSource;
beforeAll(async () => {
  t = await buildTestApp({ clock, lottery: { chainLength: 200, checkpointEvery: 16, chainRenewBeforeRounds: 20 } });
  appBeacon = await appSandboxBeacon(t, clock);
  await produce();
  await t.app.lottery.tick();
});
afterAll(async () => {
  await t.app.close();
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});

/** Moves the clock to the opening of the next 1 min round (blocks produced, engine run). */
async function nextRound() {
  setTime(roundAt(ROOM, now()).drawsAtMs);
  await produce();
  await t.app.lottery.tick();
  return roundAt(ROOM, now());
}

async function drawAndSettle() {
  setTime(roundAt(ROOM, now()).drawsAtMs);
  await produce();
  await t.app.lottery.tick();
}

const fairness = async (period: string): Promise<LotteryTrxFairness> => (await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_fairness)}?period=${period}` })).json().data;

/** Another node's lottery service over the same database, with its own TRON source (and test hooks). */
function serviceWith(tron: TrxBlockSource, extra: Partial<LotteryDeps> = {}) {
  return createLotteryService({
    db: t.db,
    safety: t.app.safety,
    clock,
    events: t.app.events,
    log: t.app.log,
    chainSecret: t.config.secrets.lotteryChain,
    beacon: appBeacon,
    settings: t.app.lottery.settings,
    tron,
    ...extra,
  });
}

/** A node that cannot be reached: every read fails as a timeout would. */
const unreachable: TronFullNodeClient = {
  name: 'unreachable',
  electedWitnesses: async () => {
    throw new TronSourceError('listwitnesses: no answer (TimeoutError)', false);
  },
  witnessSigner: async () => {
    throw new TronSourceError('getaccount: no answer (TimeoutError)', false);
  },
  nowBlock: async () => {
    throw new TronSourceError('getnowblock: no answer (TimeoutError)', false);
  },
  blockByNumber: async () => {
    throw new TronSourceError('getblockbynum: no answer (TimeoutError)', false);
  },
  head: async () => {
    throw new TronSourceError('getnowblock: no answer (TimeoutError)', false);
  },
  byNumber: async () => {
    throw new TronSourceError('getblockbynum: no answer (TimeoutError)', false);
  },
};

/** The app's TRON source, except for the rounds locking at `down`'s times: those read a node that is down. */
function sourceDownFor(down: Set<number>, giveUpMs?: number): TrxBlockSource {
  const dead = createTronService({ db: t.db, clock, config: t.config.tron, client: unreachable, ...(giveUpMs === undefined ? {} : { giveUpMs }) });
  return { kind: 'sandbox', decideDraw: (r) => (down.has(r.locksAtMs) ? dead.decideDraw(r) : t.app.tron.decideDraw(r)) };
}

describe('Trx Win on the engine', () => {
  it('settles every selection exactly as the rule table says, once, from the deciding block; answers source tron and no chain', async () => {
    const p = await player(1_000_000);
    const round = await nextRound();
    const state = (await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_state)}?room=1m` })).json().data;
    expect(state).toMatchObject({ game: 'trx', source: 'tron', chain: null, round: { period: round.period, locksAtMs: round.locksAtMs } });
    expect(state.betting.selections).toEqual([...SELECTIONS]);
    expect((await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_chains)}?room=1m` })).json().data).toEqual([]);
    for (const s of SELECTIONS) {
      const placed = await bet(p.client, 'trx', round.period, s, { quantity: 3 });
      expect(placed.statusCode, `${s}: ${placed.body}`).toBe(200);
      expect(placed.json().data.bet).toMatchObject({ game: 'trx', selection: s, totalMinor: 300, feeMinor: 6, contractMinor: 294, status: 'pending', commitment: null, locksAtMs: round.locksAtMs });
    }
    const before = await p.balance();
    expect(before).toBe(1_000_000 - 300 * SELECTIONS.length);
    const feesBefore = await getBalance(t.db, HOUSE_ACCOUNTS.fees);
    // An open round's record already names what decides it: its lock time.
    expect(await fairness(round.period)).toMatchObject({ source: 'tron', status: 'open', network: 'sandbox', locksAtMs: round.locksAtMs, block: null, parent: null, outcome: null });

    await drawAndSettle();
    const row = await roundRow('trx', round.period);
    expect(row).toMatchObject({ status: 'settled', digit: null });
    const { rows: stored } = await t.db.query<{ block_id: string; block_number: number; block_timestamp_ms: number; parent_ts: string }>(
      "SELECT block_id, block_number, block_timestamp_ms, parent_header->'raw_data'->>'timestamp' AS parent_ts FROM lottery_trx_blocks WHERE round_id = $1",
      [row.id],
    );
    // The deciding block: the slot 2 s after the lock (no slot is missed on the sandbox chain), its parent before the lock.
    expect(Number(stored[0]!.block_timestamp_ms)).toBe(round.locksAtMs + 2_000);
    expect(Number(stored[0]!.parent_ts)).toBe(round.locksAtMs - 1_000);
    expect(row.outcome).toEqual([trxDigit(Buffer.from(stored[0]!.block_id, 'hex')).digit]);

    const expected = expectedPayoutOf(RULES, SELECTIONS.map((s) => ({ selection: s, contractMinor: 294 })), row.outcome!);
    expect(expected).toBeGreaterThan(0);
    expect(await p.balance()).toBe(before + expected);
    expect((await getBalance(t.db, HOUSE_ACCOUNTS.fees)) - feesBefore).toBe(SELECTIONS.length * 6);
    const { rows: posted } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transfers tr ON tr.id = e.transfer_id
        WHERE tr.reference = ANY(SELECT id FROM lottery_bets WHERE player_id = $1) AND a.code LIKE 'house:lottery:trx:%'`,
      [p.playerId],
    );
    expect(posted[0]!.n).toBe(SELECTIONS.length);

    const mine = (await p.client.call('GET', `${path(API_PATHS.lottery_my_bets)}?room=1m&limit=50`)).json().data;
    expect(mine.items).toHaveLength(SELECTIONS.length);
    expect(mine.items.reduce((s: number, b: { payoutMinor: number }) => s + b.payoutMinor, 0)).toBe(expected);
    expect(mine.items.every((b: { commitment: unknown; locksAtMs: number; outcome: number[] }) => b.commitment === null && b.locksAtMs === round.locksAtMs && b.outcome[0] === row.outcome![0])).toBe(true);
    const history = (await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_history)}?room=1m&limit=1` })).json().data;
    const d = row.outcome![0]!;
    expect(history.items[0]).toMatchObject({
      game: 'trx',
      period: round.period,
      status: 'settled',
      outcome: row.outcome,
      summary: { sum: d, size: d >= 5 ? 'big' : 'small', parity: d % 2 ? 'odd' : 'even' },
      block: { number: Number(stored[0]!.block_number), id: stored[0]!.block_id, timestampMs: round.locksAtMs + 2_000 },
    });
    // The live sockets' result names the same block (the RoundDrawn event carries it).
    const { rows: drawnEvents } = await t.db.query<{ block: unknown }>(
      "SELECT payload->'block' AS block FROM domain_events WHERE name = 'RoundDrawn' AND payload->>'game' = 'trx' AND payload->>'period' = $1",
      [round.period],
    );
    expect(drawnEvents.map((e) => e.block)).toEqual([{ number: Number(stored[0]!.block_number), id: stored[0]!.block_id, timestampMs: round.locksAtMs + 2_000 }]);
    const state2 = (await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_state)}?room=1m` })).json().data;
    expect(state2.lastResult).toMatchObject({ period: round.period, block: { id: stored[0]!.block_id } });
    // Settling or drawing again changes nothing.
    expect(await t.app.lottery.settleRound(row.id)).toBe('skipped');
    expect(await t.app.lottery.drawRound(row.id)).toBe('skipped');
    expect(await p.balance()).toBe(before + expected);
  });

  it('publishes a record a stranger verifies (in code and with the CLI); a changed timestamp, outcome, parentHash or parent fails', async () => {
    const round = await nextRound();
    await drawAndSettle();
    const answer = (await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_fairness)}?period=${round.period}` })).json();
    const record: LotteryTrxFairness = answer.data;
    expect(record).toMatchObject({ source: 'tron', game: 'trx', status: 'settled', network: 'sandbox', locksAtMs: round.locksAtMs, drawsAtMs: round.drawsAtMs, void: null });
    const verified = verifyTrxRound({ locksAtMs: record.locksAtMs, block: record.block!, parent: record.parent!, outcome: record.outcome! });
    expect(verified, verified.reason).toMatchObject({ ok: true, digit: record.outcome![0] });
    expect(record.read).toEqual(verified.read);
    expect(record.read).toEqual({ ...trxReadOfId(record.block!.blockID), digit: undefined });

    const dir = mkdtempSync(nodePath.join(tmpdir(), 'fair-trx-'));
    const save = (name: string, body: unknown) => {
      const file = nodePath.join(dir, name);
      writeFileSync(file, JSON.stringify(body));
      return file;
    };
    const run = async (body: unknown) => {
      const lines: string[] = [];
      const code = await runFairCli(['verify', '--json', save(`r${Math.random()}.json`, body)], (l) => lines.push(l));
      return { code, last: lines.at(-1)!, lines };
    };
    const good = await run(answer);
    expect(good.code, good.lines.join('\n')).toBe(0);
    expect(good.last).toBe(`VERIFIED: trx period ${round.period} drew ${record.outcome![0]} from TRON block ${record.block!.raw_data.number}`);
    const block = record.block!;
    const parent = record.parent!;
    const tampered: Array<[string, LotteryTrxFairness]> = [
      ['timestamp', { ...record, block: { ...block, raw_data: { ...block.raw_data, timestamp: block.raw_data.timestamp + 3_000 } } }],
      ['outcome', { ...record, outcome: [(record.outcome![0]! + 1) % 10] }],
      ['parentHash', { ...record, block: { ...block, raw_data: { ...block.raw_data, parentHash: 'ab'.repeat(32) } } }],
      ['swapped parent', { ...record, block: parent, parent: block }],
      ['parent timestamp', { ...record, parent: { ...parent, raw_data: { ...parent.raw_data, timestamp: parent.raw_data.timestamp - 3_000 } } }],
      ['lock time', { ...record, locksAtMs: record.locksAtMs + 3_000 }],
    ];
    for (const [what, body] of tampered) {
      const bad = await run({ data: body });
      expect(bad.code, what).toBe(1);
      expect(bad.last, what).toMatch(/^NOT VERIFIED: /);
    }
    // A record that is not drawn yet is not verifiable; the CLI says so (exit 1).
    const open = await run({ data: await fairness(roundAt(ROOM, now()).period) });
    expect(open.code).toBe(1);
  });

  it('settles exactly once when two settlers race', async () => {
    const players = await Promise.all([player(50_000), player(50_000)]);
    const round = await nextRound();
    const picks = ['green', 'small', '7'];
    for (const p of players) for (const s of picks) expect((await bet(p.client, 'trx', round.period, s, { amountMinor: 1_000 })).statusCode).toBe(200);
    setTime(round.drawsAtMs);
    await produce();
    const row = await roundRow('trx', round.period);
    expect(await t.app.lottery.drawRound(row.id)).toBe('drawn');
    const outcomes = await Promise.all([t.app.lottery.settleRound(row.id), t.app.lottery.settleRound(row.id)]);
    expect(outcomes.sort()).toEqual(['settled', 'skipped']);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transfers WHERE reference = $1 AND kind = 'lottery_fee'", [`round_${row.id}`]);
    expect(rows[0]!.n).toBe(1);
    const drawn = (await roundRow('trx', round.period)).outcome!;
    const won = expectedPayoutOf(RULES, picks.map((s) => ({ selection: s, contractMinor: 980 })), drawn);
    for (const p of players) expect(await p.balance()).toBe(50_000 - 3_000 + won);
    const events = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM domain_events WHERE name = 'RoundDrawn' AND payload->>'game' = 'trx' AND payload->>'period' = $1", [round.period]);
    expect(events.rows[0]!.n).toBe(1);
    await drawAndSettle();
  });

  it('survives a crash inside the settlement: nothing is paid, and the next run pays once', async () => {
    const p = await player(50_000);
    const round = await nextRound();
    for (const s of SELECTIONS) expect((await bet(p.client, 'trx', round.period, s)).statusCode).toBe(200);
    const afterBets = await p.balance();
    let crash = true;
    const crashing = serviceWith({ kind: 'sandbox', decideDraw: (r) => t.app.tron.decideDraw(r) }, {
      beforeSettleCommit: async () => {
        if (crash) throw new Error('process killed mid-settlement');
      },
    });
    setTime(round.drawsAtMs + 1_000);
    await produce();
    await crashing.tick();
    const row = await roundRow('trx', round.period);
    expect(row.status).toBe('drawn');
    expect(await p.balance()).toBe(afterBets);
    crash = false;
    await t.app.lottery.tick();
    await t.app.lottery.tick();
    expect((await roundRow('trx', round.period)).status).toBe('settled');
    expect(await p.balance()).toBe(afterBets + expectedPayoutOf(RULES, SELECTIONS.map((s) => ({ selection: s, contractMinor: 98 })), row.outcome!));
  });

  it('refuses a bet at the lock and a selection not in the game, changing nothing; counts Big+Small as a hedge as in Wingo', async () => {
    const p = await player(10_000);
    const round = await nextRound();
    setTime(round.locksAtMs - 1);
    expect((await bet(p.client, 'trx', round.period, 'big')).statusCode).toBe(200);
    expect((await bet(p.client, 'trx', round.period, 'small')).statusCode).toBe(200);
    // 98 x 2 = 196 back whatever the digit: only 4 of the 200 staked was at risk.
    expect(await hedgedWingoStakeMinor(t.db, p.playerId)).toBe(196);
    for (const s of ['sum:10', 'A:1', '10', 'blue']) {
      const refused = await bet(p.client, 'trx', round.period, s);
      expect(refused.json().error.code, s).toBe('VALIDATION_FAILED');
    }
    setTime(round.locksAtMs);
    expect((await bet(p.client, 'trx', round.period, 'red')).json().error.code).toBe('ROUND_LOCKED');
    expect(await p.balance()).toBe(9_800);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lottery_bets WHERE player_id = $1', [p.playerId]);
    expect(rows[0]!.n).toBe(2);
    await drawAndSettle();
    expect((await bet(p.client, 'trx', round.period, 'red')).json().error.code).toBe('ROUND_CLOSED');
  });

  it('waits while the TRON source is down (never voids early), holds later rounds behind it, then draws them in period order', async () => {
    const p = await player(10_000);
    const a = await nextRound();
    expect((await bet(p.client, 'trx', a.period, 'big', { amountMinor: 1_000 })).statusCode).toBe(200);
    const down = new Set([a.locksAtMs]);
    const node = serviceWith(sourceDownFor(down));
    setTime(a.drawsAtMs);
    await produce();
    await node.tick();
    expect((await roundRow('trx', a.period)).status).toBe('locked');
    const b = roundAt(ROOM, now());
    expect((await bet(p.client, 'trx', b.period, 'small', { amountMinor: 1_000 })).statusCode).toBe(200);
    // Hours later (well within the give-up time), B's block exists and checks, but A still waits: B waits behind it.
    setTime(b.drawsAtMs + 3 * 60 * 60 * 1000);
    await produce();
    await node.tick();
    expect((await roundRow('trx', a.period)).status).toBe('locked');
    expect((await roundRow('trx', b.period)).status).toBe('locked');
    expect(await p.balance()).toBe(8_000);
    const { rows: audits } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lottery_void_audits v JOIN lottery_rounds r ON r.id = v.round_id WHERE r.period IN ($1, $2)', [a.period, b.period]);
    expect(audits[0]!.n).toBe(0);
    // The node answers again: A is drawn from its own block (however late), then B.
    down.clear();
    await node.tick();
    const [ra, rb] = [await roundRow('trx', a.period), await roundRow('trx', b.period)];
    expect([ra.status, rb.status]).toEqual(['settled', 'settled']);
    const { rows: order } = await t.db.query<{ period: string }>(
      "SELECT payload->>'period' AS period FROM domain_events WHERE name = 'RoundDrawn' AND payload->>'game' = 'trx' AND payload->>'period' IN ($1, $2) ORDER BY seq",
      [a.period, b.period],
    );
    expect(order.map((r) => r.period)).toEqual([a.period, b.period]);
    for (const r of [a, b]) {
      const f = await fairness(r.period);
      expect(verifyTrxRound({ locksAtMs: f.locksAtMs, block: f.block!, parent: f.parent!, outcome: f.outcome! }).ok).toBe(true);
      expect(f.block!.raw_data.timestamp).toBe(r.locksAtMs + 2_000);
    }
    const won = expectedPayoutOf(RULES, [{ selection: 'big', contractMinor: 980 }], ra.outcome!) + expectedPayoutOf(RULES, [{ selection: 'small', contractMinor: 980 }], rb.outcome!);
    expect(await p.balance()).toBe(8_000 + won);
    await nextRound();
  });

  it('voids a round only after the give-up time with no block: every stake refunded and the audit published', async () => {
    const p = await player(10_000);
    const round = await nextRound();
    for (const s of ['green', '3', 'big']) expect((await bet(p.client, 'trx', round.period, s, { amountMinor: 1_000 })).statusCode).toBe(200);
    const node = serviceWith(sourceDownFor(new Set([round.locksAtMs]), 90_000));
    setTime(round.drawsAtMs + 89_999);
    await produce();
    await node.tick();
    expect((await roundRow('trx', round.period)).status).toBe('locked');
    setTime(round.drawsAtMs + 90_000);
    await node.tick();
    const voided = await roundRow('trx', round.period);
    expect(voided).toMatchObject({ status: 'voided', outcome: null, digit: null });
    expect(await p.balance()).toBe(10_000);
    const record = await fairness(round.period);
    expect(record).toMatchObject({ status: 'voided', block: null, parent: null, read: null, outcome: null, summary: null });
    expect(record.void).toEqual({ reason: 'tron_unavailable', wouldOutcome: null, bets: 3, stakesMinor: 3_000, wouldPayoutMinor: null });
    const mine = (await p.client.call('GET', `${path(API_PATHS.lottery_my_bets)}?room=1m`)).json().data;
    expect(mine.items.map((b: { status: string; payoutMinor: number }) => `${b.status}:${b.payoutMinor}`)).toEqual(Array(3).fill('refunded:1000'));
    const history = (await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_history)}?room=1m&limit=5` })).json().data;
    expect(history.items.find((i: { period: string }) => i.period === round.period)).toMatchObject({ status: 'voided', outcome: null, block: null });
    // Nothing can give a voided round an outcome or a block afterwards.
    await expect(t.db.query("INSERT INTO lottery_trx_blocks (round_id, block_number, block_id, block_timestamp_ms, block_header, parent_header, created_at) SELECT $1, block_number, block_id, block_timestamp_ms, block_header, parent_header, now() FROM lottery_trx_blocks LIMIT 1", [voided.id])).rejects.toThrow(/only by the draw/);
    await nextRound();
  });

  it('refuses at the draw a block pair that does not check (a moved timestamp, a block that is not the deciding one), and writes nothing', async () => {
    const p = await player(10_000);
    const round = await nextRound();
    expect((await bet(p.client, 'trx', round.period, 'red')).statusCode).toBe(200);
    setTime(round.drawsAtMs);
    await produce();
    const real = await t.app.tron.decideDraw({ locksAtMs: round.locksAtMs, drawsAtMs: round.drawsAtMs });
    if (real.kind !== 'draw') throw new Error('the sandbox block should be there');
    const next = (await t.app.tron.source.blockByNumber(real.block.number + 1))!;
    const lies: TrxDrawVerdict[] = [
      // A node that moved the timestamp of a later block to make it decide: its id no longer matches.
      { ...real, block: { ...next, timestamp: real.block.timestamp, raw: { ...next.raw!, timestamp: real.block.timestamp } }, parent: real.parent },
      // A genuine, linked pair that is not the one the lock time names (one slot later).
      { ...real, block: next, parent: real.block },
      // A block without the header it was read from.
      { ...real, block: { ...real.block, raw: undefined } as never },
    ];
    for (const lie of lies) {
      const node = serviceWith({ kind: 'sandbox', decideDraw: async () => lie });
      await node.tick();
      expect((await roundRow('trx', round.period)).status).toBe('locked');
      const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lottery_trx_blocks b JOIN lottery_rounds r ON r.id = b.round_id WHERE r.period = $1', [round.period]);
      expect(rows[0]!.n).toBe(0);
    }
    await t.app.lottery.tick();
    expect((await roundRow('trx', round.period)).status).toBe('settled');
  });

  it('does not open a round first seen after its lock (a start in the lock window): the next one opens and is drawn', async () => {
    const skipped = roundAt(ROOM, roundAt(ROOM, now()).drawsAtMs);
    setTime(skipped.locksAtMs + 1_000);
    await produce();
    await t.app.lottery.tick();
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM lottery_rounds WHERE game = 'trx' AND period = $1", [skipped.period]);
    expect(rows[0]!.n).toBe(0);
    const round = await nextRound();
    expect((await roundRow('trx', round.period)).status).toBe('open');
    await drawAndSettle();
    expect((await roundRow('trx', round.period)).status).toBe('settled');
  });

  it('lets nothing change a stored block or a drawn result, and keeps Trx Win rounds chainless', async () => {
    const round = await nextRound();
    const open = await roundRow('trx', round.period);
    // A Trx Win round is drawn only with its block stored, and only with that block's digit.
    await expect(t.db.query("UPDATE lottery_rounds SET status = 'drawn', outcome = '{3}', drawn_at = now() WHERE id = $1", [open.id])).rejects.toThrow(/stored TRON block/);
    await expect(t.db.query('UPDATE lottery_rounds SET chain_id = (SELECT min(id) FROM lottery_chains), round_index = 1 WHERE id = $1', [open.id])).rejects.toThrow();
    await expect(
      t.db.query(
        `INSERT INTO lottery_rounds (game, room_id, ordinal, period, chain_id, round_index, opens_at, locks_at, draws_at, status)
         SELECT 'trx', room_id, ordinal + 100000, period || 'x', (SELECT min(id) FROM lottery_chains), 1, opens_at, locks_at, draws_at, 'open' FROM lottery_rounds WHERE id = $1`,
        [open.id],
      ),
    ).rejects.toThrow(/check/);
    await expect(
      t.db.query(
        `INSERT INTO lottery_rounds (game, room_id, ordinal, period, opens_at, locks_at, draws_at, status)
         SELECT 'k3', room_id, ordinal + 100000, period || 'y', opens_at, locks_at, draws_at, 'open' FROM lottery_rounds WHERE id = $1`,
        [open.id],
      ),
    ).rejects.toThrow(/check/);
    await drawAndSettle();
    const drawn = await roundRow('trx', round.period);
    expect(drawn.status).toBe('settled');
    const { rows } = await t.db.query<{ block_header: { raw_data: { timestamp: number } } }>('SELECT block_header FROM lottery_trx_blocks WHERE round_id = $1', [drawn.id]);
    const moved = { ...rows[0]!.block_header, raw_data: { ...rows[0]!.block_header.raw_data, timestamp: rows[0]!.block_header.raw_data.timestamp + 3_000 } };
    await expect(t.db.query('UPDATE lottery_trx_blocks SET block_header = $2::jsonb WHERE round_id = $1', [drawn.id, JSON.stringify(moved)])).rejects.toThrow(/append-only/);
    await expect(t.db.query('UPDATE lottery_trx_blocks SET block_timestamp_ms = block_timestamp_ms + 1 WHERE round_id = $1', [drawn.id])).rejects.toThrow(/append-only/);
    await expect(t.db.query('DELETE FROM lottery_trx_blocks WHERE round_id = $1', [drawn.id])).rejects.toThrow(/append-only/);
    await expect(t.db.query('UPDATE lottery_rounds SET outcome = $2::smallint[] WHERE id = $1', [drawn.id, [(drawn.outcome![0]! + 1) % 10]])).rejects.toThrow(/never changed/);
    const record = await fairness(round.period);
    expect(verifyTrxRound({ locksAtMs: record.locksAtMs, block: record.block!, parent: record.parent!, outcome: record.outcome! }).ok).toBe(true);
  });
});
