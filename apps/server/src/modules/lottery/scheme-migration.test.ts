import { randomBytes } from 'node:crypto';
import { API_PATHS, type WingoFairness } from '@colorplay/contract';
import { beaconRoundAfter, bytesToHex, verifyRound } from '@colorplay/fair';
import { chainCheckpointsSync, deriveDigitSync, linkFromCheckpointsSync } from '@colorplay/fair/node';
import { roundAt, roundByOrdinal, roundOfPeriod, WINGO_ROOMS } from '@colorplay/lottery';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { proofFromFairness } from '../../../../../packages/fair/src/cli-core';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { accountCodes, checkInvariants, ensureAccount, getBalance, HOUSE_ACCOUNTS, postTransfer } from '../ledger';
import { createSandboxBeacon } from './beacon-source';
import { ChainSecretMismatch } from './chains';
import { createCheckpointSeal } from './checkpoint-seal';
import { wingoBetOutcome } from './rules';
import { createLotteryService } from './service';

// Decisions 184 and 185: chains published before the beacon (scheme 1) draw the rounds already
// created on them the old way and serve no round after the upgrade; a scheme-2 chain takes over
// from the next round. A fresh database is on scheme 2 from its first round.

// 10:00 UTC is 15:30 IST: a round boundary of every room.
const START = Date.parse('2026-11-24T10:00:00.000Z');
const ROOM = WINGO_ROOMS['30s'];
const SETTINGS = { chainLength: 200, checkpointEvery: 16, chainRenewBeforeRounds: 20 };

type Row = { id: number; status: string; digit: number | null; link: string | null; chain_id: number; round_index: number; beacon_round: number | null };

function harness() {
  const clock = fakeClock(new Date(START));
  const now = () => clock.now().getTime();
  const setTime = (ms: number) => clock.advance(ms - now());
  const sandbox = createSandboxBeacon({ secret: 'test-lottery-chain-secret-0123456789abcd', clock });
  const ctx = { clock, now, setTime, sandbox, t: undefined as unknown as TestApp, phoneSeq: 0, keySeq: 0 };
  const open = async () => {
    ctx.t = await buildTestApp({ clock, beacon: sandbox, lottery: SETTINGS });
  };
  const player = async (fundMinor: number, prefix: string) => {
    const t = ctx.t;
    ctx.phoneSeq += 1;
    const client = new PlayerClient(t.app, `198.51.100.${ctx.phoneSeq + 1}`);
    expect((await client.register(`${prefix}${String(10_000 + ctx.phoneSeq).padStart(5, '0')}`)).statusCode).toBe(200);
    const playerId = Number(JSON.parse(Buffer.from(client.token!.split('.')[1]!, 'base64url').toString()).sub);
    const code = accountCodes.playerMain(playerId);
    await ensureAccount(t.db, { code, kind: 'player', owner: playerId });
    await ensureAccount(t.db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
    await postTransfer(t.db, {
      idempotencyKey: `test-fund:${playerId}`,
      kind: 'deposit',
      entries: [
        { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -fundMinor },
        { accountCode: code, amountMinor: fundMinor },
      ],
    });
    return { client, balance: () => getBalance(t.db, code) };
  };
  const bet = (c: PlayerClient, period: string, selection: string) =>
    c.call('POST', API_PATHS.wingo_place_bet, { room: '30s', period, selection, amountMinor: 1_000, quantity: 1, multiplier: 1, idempotencyKey: `migration-key-${++ctx.keySeq}` });
  const roundRow = async (period: string): Promise<Row | undefined> =>
    (await ctx.t.db.query<Row>('SELECT id, status, digit, link, chain_id, round_index, beacon_round FROM lottery_rounds WHERE period = $1', [period])).rows[0];
  const fairness = async (period: string): Promise<WingoFairness> => (await ctx.t.app.inject({ method: 'GET', url: `${API_PATHS.wingo_fairness}?period=${period}` })).json().data;
  const chainsOf = async () => (await ctx.t.app.inject({ method: 'GET', url: `${API_PATHS.wingo_chains}?room=30s` })).json().data as Array<{ chainId: number; scheme: number; firstPeriod: string; retiredFromPeriod: string | null }>;
  return { ctx, open, player, bet, roundRow, fairness, chainsOf };
}

/** What a bet (as its receipt states it) pays on a settled digit, by the rules, not the server's settlement. */
const payoutOf = (b: { selection: string; contractMinor: number; totalMinor: number }, digit: number) => wingoBetOutcome(b, { status: 'settled', digit }).payoutMinor;

describe('a room with a scheme-1 chain from before the upgrade', () => {
  const h = harness();
  const { ctx } = h;
  beforeAll(h.open);
  afterAll(async () => {
    await ctx.t.app.close();
  });
  afterEach(async () => {
    expect(await checkInvariants(ctx.t.db)).toEqual([]);
  });

  it('draws the rounds created on it under scheme 1, retires it from the next round and hands over to a scheme-2 chain', async () => {
    const { t } = ctx;
    const c0 = roundAt(ROOM, START).ordinal;
    // The chains the old code published (decision 100): scheme 1 (the column's default, as
    // migration 017 leaves them), checkpoints sealed with the chain secret. The upgrade falls in
    // the chain's last chainRenewBeforeRounds rounds, so the old code had already published the
    // next chain, starting where this one ends.
    const seal = createCheckpointSeal(t.config.secrets.lotteryChain);
    const publishOld = async (firstOrdinal: number) => {
      const cp = chainCheckpointsSync(randomBytes(32), SETTINGS.chainLength, SETTINGS.checkpointEvery);
      const { rows } = await t.db.query<{ id: number }>(
        `INSERT INTO lottery_chains (game, room_id, first_ordinal, length, checkpoint_every, final_hash, first_period, published_at)
         VALUES ('wingo', '30s', $1, $2, $3, $4, $5, $6) RETURNING id`,
        [firstOrdinal, SETTINGS.chainLength, SETTINGS.checkpointEvery, bytesToHex(cp.finalHash), roundByOrdinal(ROOM, firstOrdinal).period, new Date(START - 3_600_000)],
      );
      const id = rows[0]!.id;
      for (const [k, link] of cp.checkpoints)
        await t.db.query('INSERT INTO lottery_chain_checkpoints (chain_id, k, link) VALUES ($1, $2, $3)', [id, k, seal.seal({ game: 'wingo', roomId: '30s', firstOrdinal, k }, bytesToHex(link))]);
      return { id, cp, firstOrdinal };
    };
    const old = await publishOld(c0 - 190);
    const prepublished = await publishOld(c0 - 190 + SETTINGS.chainLength);

    // Before the upgrade: the old server took bets on the previous round and the current one
    // (the bet path creates their rows on the chain serving them, without a beacon round).
    const prev = roundByOrdinal(ROOM, c0 - 1);
    const cur = roundByOrdinal(ROOM, c0);
    const staked: Array<{ period: string; selection: string; contractMinor: number; totalMinor: number }> = [];
    ctx.setTime(prev.opensAtMs + 1_000);
    const p = await h.player(40_000, '98765');
    for (const s of ['red', 'big', '4']) {
      const placed = await h.bet(p.client, prev.period, s);
      expect(placed.statusCode).toBe(200);
      staked.push(placed.json().data.bet);
    }
    ctx.setTime(cur.opensAtMs + 1_000);
    for (const s of ['green', 'small', '7']) {
      const placed = await h.bet(p.client, cur.period, s);
      expect(placed.statusCode).toBe(200);
      staked.push(placed.json().data.bet);
    }
    for (const r of [prev, cur]) expect(await h.roundRow(r.period)).toMatchObject({ chain_id: old.id, beacon_round: null, status: 'open' });
    expect(await p.balance()).toBe(40_000 - 6 * 1_000);

    // The upgraded engine's first run, during the current round (the previous one is due).
    await t.app.lottery.tick();
    ctx.setTime(cur.drawsAtMs);
    await t.app.lottery.tick();

    // Both old rounds are drawn with the scheme-1 digit of their own link and settled.
    let expected = 40_000 - 6 * 1_000;
    for (const r of [prev, cur]) {
      const row = (await h.roundRow(r.period))!;
      expect(row.status).toBe('settled');
      const link = linkFromCheckpointsSync(old.cp, row.round_index);
      expect(row.link).toBe(bytesToHex(link));
      expect(row.digit).toBe(deriveDigitSync(link, r.period).digit);
      const f = await h.fairness(r.period);
      expect(f.scheme).toBe(1);
      const proof = proofFromFairness(f);
      expect(proof.scheme).toBe(1);
      expect(proof.beacon).toBeUndefined();
      const verified = await verifyRound(proof);
      expect(verified.ok, JSON.stringify(verified.checks)).toBe(true);
      expect(verified.derivation!.digit).toBe(row.digit);
      for (const b of staked) if (b.period === r.period) expected += payoutOf(b, row.digit!);
    }
    expect(await p.balance()).toBe(expected);
    // Nothing was voided.
    expect((await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM lottery_rounds WHERE status = 'voided'")).rows[0]!.n).toBe(0);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lottery_void_audits')).rows[0]!.n).toBe(0);

    // The old chains serve no new round; one scheme-2 chain starts at the next round.
    const next = roundByOrdinal(ROOM, c0 + 1);
    const chains = await h.chainsOf();
    expect(chains.find((c) => c.chainId === old.id)).toMatchObject({ scheme: 1, retiredFromPeriod: next.period });
    expect(chains.find((c) => c.chainId === prepublished.id)).toMatchObject({ scheme: 1, retiredFromPeriod: expect.any(String) });
    const fresh = chains.filter((c) => c.scheme === 2);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]).toMatchObject({ firstPeriod: next.period, retiredFromPeriod: null });

    // Every round from the next one on, across the old pre-published chain's start, is on the
    // new chain and drawn with the beacon: no round is skipped and none is on scheme 1.
    for (let ordinal = c0 + 1; ordinal <= prepublished.firstOrdinal + 1; ordinal++) {
      const r = roundByOrdinal(ROOM, ordinal);
      ctx.setTime(r.opensAtMs + 1_000);
      await t.app.lottery.tick();
      const placed = await h.bet(p.client, r.period, 'violet');
      expect(placed.statusCode, `${r.period} takes bets`).toBe(200);
      expect(placed.json().data.bet.commitment).toMatchObject({ chainId: fresh[0]!.chainId, beaconRound: expect.any(Number) });
      ctx.setTime(r.drawsAtMs);
      await t.app.lottery.tick();
      const row = (await h.roundRow(r.period))!;
      expect(row).toMatchObject({ status: 'settled', chain_id: fresh[0]!.chainId, round_index: ordinal - c0 });
      const f = await h.fairness(r.period);
      expect(f.scheme).toBe(2);
      const verified = await verifyRound(proofFromFairness(f));
      expect(verified.ok, JSON.stringify(verified.checks)).toBe(true);
      expect(verified.derivation!.digit).toBe(row.digit);
    }
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lottery_void_audits')).rows[0]!.n).toBe(0);
  });
});

describe('a fresh database', () => {
  const h = harness();
  const { ctx } = h;
  beforeAll(h.open);
  afterAll(async () => {
    await ctx.t.app.close();
  });

  it('publishes only scheme-2 chains and draws its very first round with the beacon', async () => {
    const { t } = ctx;
    await t.app.lottery.tick();
    const chains = await h.chainsOf();
    expect(chains).toHaveLength(1);
    expect(chains[0]).toMatchObject({ scheme: 2, retiredFromPeriod: null });
    // The chain serves the round open at the start (decision 380), then the next.
    const first = roundByOrdinal(ROOM, roundAt(ROOM, START).ordinal + 1);
    expect(chains[0]!.firstPeriod).toBe(roundAt(ROOM, START).period);
    const p = await h.player(10_000, '98764');
    ctx.setTime(first.opensAtMs);
    await t.app.lottery.tick();
    expect((await h.bet(p.client, first.period, 'red')).statusCode).toBe(200);
    ctx.setTime(first.drawsAtMs);
    await t.app.lottery.tick();
    const rounds = (await t.db.query<Row & { period: string }>("SELECT period, status, digit, beacon_round FROM lottery_rounds WHERE room_id = '30s' AND ordinal > $1 ORDER BY ordinal", [roundAt(ROOM, START).ordinal])).rows;
    expect(rounds.map((r) => r.period)).toEqual([first.period, roundByOrdinal(ROOM, roundAt(ROOM, START).ordinal + 2).period]);
    expect(rounds[0]).toMatchObject({ status: 'settled', beacon_round: expect.any(Number) });
    const f = await h.fairness(first.period);
    expect(f.scheme).toBe(2);
    const verified = await verifyRound(proofFromFairness(f));
    expect(verified.ok, JSON.stringify(verified.checks)).toBe(true);
    expect(verified.derivation!.digit).toBe(rounds[0]!.digit);
    expect((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lottery_chains WHERE scheme <> 2')).rows[0]!.n).toBe(0);
    expect(await checkInvariants(t.db)).toEqual([]);
  });

  it('draws a locked round whose chain the operator retired after its lock (secret lost): its link was stored, no secret is needed', async () => {
    const { t, clock } = ctx;
    const p = await h.player(10_000, '98763');
    const round = roundAt(ROOM, ctx.now());
    expect((await h.bet(p.client, round.period, 'green')).statusCode).toBe(200);
    expect((await h.bet(p.client, round.period, '9')).statusCode).toBe(200);
    const row = (await h.roundRow(round.period))!;
    expect(row.link).toMatch(/^[0-9a-f]{64}$/);
    // The claimed loss of LOTTERY_CHAIN_SECRET after the lock, once the beacon value is public:
    // the node started with another secret refuses to start until the operator retires the
    // chains with the audited command (its service function, as the CLI runs it). Before 027
    // that voided this round (its result was known by then); now it is drawn like any other.
    const other = createLotteryService({ db: t.db, clock, events: t.app.events, log: t.app.log, safety: t.app.safety, chainSecret: 'a-new-secret-0123456789abcdefghijklmnop', beacon: ctx.sandbox, settings: t.app.lottery.settings });
    await expect(other.assertChainsOpen()).rejects.toBeInstanceOf(ChainSecretMismatch);
    ctx.setTime(round.locksAtMs + 3_000);
    const locked = await h.fairness(round.period);
    expect(locked).toMatchObject({ status: 'locked', link: row.link });
    const retired = await other.retireChains('chain secret lost in a disk failure');
    expect(retired).toContainEqual({ chainId: row.chain_id, roomId: '30s', fromPeriod: roundByOrdinal(ROOM, round.ordinal + 1).period });
    await other.assertChainsOpen();
    ctx.setTime(round.drawsAtMs);
    await other.tick();
    expect((await h.roundRow(round.period))!.status).toBe('settled');
    const f = await h.fairness(round.period);
    expect(f.void).toBeNull();
    expect(f.link).toBe(locked.link);
    const verified = await verifyRound(proofFromFairness(f));
    expect(verified.ok, JSON.stringify(verified.checks)).toBe(true);
    expect(f.digit).toBe(verified.derivation!.digit);
    // The next round is on a new chain the other node published, with its own secret.
    const next = roundAt(ROOM, ctx.now());
    expect((await h.chainsOf()).at(-1)).toMatchObject({ firstPeriod: next.period, retiredFromPeriod: null });
    expect(await p.balance()).toBe(10_000 - 2_000 + payoutOf({ selection: 'green', contractMinor: 980, totalMinor: 1_000 }, f.digit!) + payoutOf({ selection: '9', contractMinor: 980, totalMinor: 1_000 }, f.digit!));
    expect(await checkInvariants(t.db)).toEqual([]);
  });
});

describe('a round from before link-at-lock (migration 027)', () => {
  const h = harness();
  const { ctx } = h;
  beforeAll(h.open);
  afterAll(async () => {
    await ctx.t.app.close();
  });

  it('voids a round from before 027 (no stored link) of a retired chain as chain_retired, with its beacon value', async () => {
    const { t, clock } = ctx;
    const p = await h.player(10_000, '98762');
    await t.app.lottery.tick();
    const round = roundByOrdinal(ROOM, roundAt(ROOM, ctx.now()).ordinal + 1);
    ctx.setTime(round.opensAtMs);
    // A row as the code before 027 wrote it: no link (it was computed at the draw).
    const chain = (await h.chainsOf()).at(-1)!;
    const first = roundOfPeriod(ROOM, chain.firstPeriod)!;
    await t.db.query(
      `INSERT INTO lottery_rounds (game, room_id, ordinal, period, chain_id, round_index, opens_at, locks_at, draws_at, status, beacon_round)
       VALUES ('wingo', '30s', $1, $2, $3, $4, $5, $6, $7, 'open', $8)`,
      [round.ordinal, round.period, chain.chainId, round.ordinal - first.ordinal + 1, new Date(round.opensAtMs), new Date(round.locksAtMs), new Date(round.drawsAtMs), beaconRoundAfter(ctx.sandbox.params, round.locksAtMs, 1_000)],
    );
    expect((await h.bet(p.client, round.period, 'red')).statusCode).toBe(200);
    // The node's log, to read what it says about the void (decision 384: the published reason).
    const warned: Array<{ reason?: string }> = [];
    const log = Object.assign(Object.create(t.app.log) as typeof t.app.log, {
      warn: (obj: { reason?: string }, msg?: string) => {
        if (msg === 'lottery round voided') warned.push(obj);
      },
    });
    const newer = createLotteryService({ db: t.db, clock, events: t.app.events, log, safety: t.app.safety, chainSecret: 'yet-another-secret-0123456789abcdefghijk', beacon: ctx.sandbox, settings: t.app.lottery.settings });
    await expect(newer.assertChainsOpen()).rejects.toBeInstanceOf(ChainSecretMismatch);
    await newer.retireChains('chain secret lost again');
    ctx.setTime(round.drawsAtMs);
    await newer.tick();
    expect((await h.roundRow(round.period))!.status).toBe('voided');
    expect(await p.balance()).toBe(10_000);
    const f = await h.fairness(round.period);
    expect(f.void).toEqual({ reason: 'chain_retired', wouldDigit: null, bets: 1, stakesMinor: 1_000, wouldPayoutMinor: null });
    expect(warned.map((w) => w.reason)).toEqual(['chain_retired']);
    expect(f.link).toBeNull();
    // The beacon round was produced: its signature is published with the void (decision 383).
    expect(f.beacon!.signature).toMatch(/^[0-9a-f]{96}$/);
    expect(await checkInvariants(t.db)).toEqual([]);
  });
});
