import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { API_PATHS, type WingoFairness } from '@colorplay/contract';
import { beaconRoundAfter, beaconRoundTimeMs, verifyRound } from '@colorplay/fair';
import { roundAt, WINGO_ROOMS } from '@colorplay/lottery';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { proofFromFairness } from '../../../../../packages/fair/src/cli-core';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { asOwner } from '../../../test/helpers/test-db';
import type { PlayerClient } from '../../../test/helpers/player-client';
import { playerFactory } from '../../../test/helpers/players';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import { createDrandHttpBeacon, createSandboxBeacon, type BeaconSource } from './beacon-source';
import { ChainSecretMismatch } from './chains';
import { createLotteryService } from './service';

// 10:00 UTC is 15:30 IST: a round boundary of every room.
const START = Date.parse('2026-11-24T10:00:00.000Z');
const clock = fakeClock(new Date(START));
const ROOM = WINGO_ROOMS['30s'];
const now = () => clock.now().getTime();
const setTime = (ms: number) => clock.advance(ms - now());

/** The sandbox beacon, with a switch: withhold values, or answer with a forged signature. */
let mode: 'honest' | 'withhold' | 'forge' = 'honest';
let sandbox: ReturnType<typeof createSandboxBeacon>;
const switchable: BeaconSource = {
  name: 'sandbox',
  get params() {
    return sandbox.params;
  },
  async fetch(round) {
    if (mode === 'withhold') return null;
    const v = await sandbox.fetch(round);
    if (!v || mode === 'honest') return v;
    // A value signed for another round: well formed, but not this round's signature.
    const other = sandbox.sign(round + 1);
    return { round, signature: other, randomness: v.randomness };
  },
};

let t: TestApp;
beforeAll(async () => {
  sandbox = createSandboxBeacon({ secret: 'test-lottery-chain-secret-0123456789abcd', clock });
  t = await buildTestApp({ clock, beacon: switchable, lottery: { chainLength: 200, checkpointEvery: 16, chainRenewBeforeRounds: 20 } });
  await t.app.lottery.tick();
});
afterAll(async () => {
  await t.app.close();
});
afterEach(async () => {
  mode = 'honest';
  expect(await checkInvariants(t.db)).toEqual([]);
});

const player = playerFactory(() => t, '98766', { address: (n) => `198.51.100.${(n % 200) + 1}`, autoRefresh: false });

async function nextRound() {
  setTime(roundAt(ROOM, now()).drawsAtMs);
  await t.app.lottery.tick();
  return roundAt(ROOM, now());
}

let keySeq = 0;
const bet = (c: PlayerClient, period: string, selection: string) =>
  c.call('POST', API_PATHS.wingo_place_bet, { room: '30s', period, selection, amountMinor: 1_000, quantity: 1, multiplier: 1, idempotencyKey: `bkey-${++keySeq}-${Math.random().toString(36).slice(2, 8)}` });

const roundRow = async (period: string) =>
  (await t.db.query<{ id: number; status: string; digit: number | null; chain_id: number; beacon_round: number; locks_at: Date }>('SELECT id, status, digit, chain_id, beacon_round, locks_at FROM lottery_rounds WHERE period = $1', [period])).rows[0]!;
const fairness = async (period: string): Promise<WingoFairness> => (await t.app.inject({ method: 'GET', url: `${API_PATHS.wingo_fairness}?period=${period}` })).json().data;

describe('the beacon round of a period', () => {
  it('is fixed at the round’s creation and produced strictly after its lock time + margin, before the draw', async () => {
    const round = await nextRound();
    const row = await roundRow(round.period);
    const margin = t.app.lottery.settings.beaconMarginMs;
    const produced = beaconRoundTimeMs(sandbox.params, row.beacon_round);
    expect(produced).toBeGreaterThan(round.locksAtMs + margin);
    // The first such round: the one before it is produced at or before lock time + margin.
    expect(beaconRoundTimeMs(sandbox.params, row.beacon_round - 1)).toBeLessThanOrEqual(round.locksAtMs + margin);
    expect(produced).toBeLessThanOrEqual(round.drawsAtMs);
    // While bets are open the beacon has no value for it.
    setTime(round.locksAtMs - 1);
    expect(await sandbox.fetch(row.beacon_round)).toBeNull();
  });
});

describe('draws with the beacon', () => {
  it('refuses a beacon value with a bad signature: the draw waits, then draws with the real value', async () => {
    const p = await player(10_000);
    const round = await nextRound();
    expect((await bet(p.client, round.period, 'red')).statusCode).toBe(200);
    mode = 'forge';
    setTime(round.drawsAtMs + 60_000);
    await t.app.lottery.tick();
    expect((await roundRow(round.period)).status).toBe('locked');
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lottery_beacon_values WHERE round = $1', [(await roundRow(round.period)).beacon_round]);
    expect(rows[0]!.n).toBe(0);
    mode = 'withhold';
    await t.app.lottery.tick();
    expect((await roundRow(round.period)).status).toBe('locked');
    mode = 'honest';
    await t.app.lottery.tick();
    const row = await roundRow(round.period);
    expect(row.status).toBe('settled');
    const verified = await verifyRound(proofFromFairness(await fairness(round.period)));
    expect(verified.ok, JSON.stringify(verified.checks)).toBe(true);
    expect(verified.derivation!.digit).toBe(row.digit);
  });

  it('gives each bet receipt and My bets row the commitment the fairness data later proves', async () => {
    const p = await player(10_000);
    const round = await nextRound();
    const placed = await bet(p.client, round.period, 'big');
    const receipt = placed.json().data.bet.commitment;
    const row = await roundRow(round.period);
    expect(receipt).toMatchObject({ chainId: row.chain_id, roundIndex: expect.any(Number), beaconRound: row.beacon_round });
    expect(receipt.finalHash).toMatch(/^[0-9a-f]{64}$/);
    const mine = (await p.client.call('GET', `${API_PATHS.wingo_my_bets}?limit=1`)).json().data.items[0];
    expect(mine.commitment).toEqual(receipt);
    setTime(round.drawsAtMs);
    await t.app.lottery.tick();
    const f = await fairness(round.period);
    expect({ chainId: f.chainId, finalHash: f.finalHash, roundIndex: f.roundIndex, beaconRound: f.beacon!.round }).toEqual(receipt);
    // Verified against the receipt's commitment; a changed commitment fails.
    const proof = { ...proofFromFairness(f), finalHash: receipt.finalHash, roundIndex: receipt.roundIndex };
    expect((await verifyRound(proof)).ok).toBe(true);
    expect((await verifyRound({ ...proof, roundIndex: receipt.roundIndex + 1 })).failure).toBe('BROKEN_CHAIN');
    expect((await verifyRound({ ...proof, beacon: { ...proof.beacon!, round: receipt.beaconRound + 1 } })).failure).toBe('BAD_BEACON');
  });
});

describe('voids', () => {
  it('voids a round from before 024 whose link is lost only once its beacon value is at hand, publishes it, retires the chain and publishes a new one', async () => {
    const p = await player(10_000);
    await nextRound();
    // A row as the code before 024 wrote it: no link (it was computed at the draw).
    const round = roundAt(ROOM, now() + ROOM.roundMs);
    setTime(round.opensAtMs);
    const chainId = (await t.db.query<{ chain_id: number }>("SELECT chain_id FROM lottery_rounds WHERE room_id = '30s' ORDER BY ordinal DESC LIMIT 1")).rows[0]!.chain_id;
    const firstOrdinal = (await t.db.query<{ first_ordinal: string }>('SELECT first_ordinal FROM lottery_chains WHERE id = $1', [chainId])).rows[0]!.first_ordinal;
    await t.db.query(
      `INSERT INTO lottery_rounds (game, room_id, ordinal, period, chain_id, round_index, opens_at, locks_at, draws_at, status, beacon_round)
       VALUES ('wingo', '30s', $1, $2, $3, $4, $5, $6, $7, 'open', $8)`,
      [round.ordinal, round.period, chainId, round.ordinal - Number(firstOrdinal) + 1, new Date(round.opensAtMs), new Date(round.locksAtMs), new Date(round.drawsAtMs), beaconRoundAfter(sandbox.params, round.locksAtMs, 1_000)],
    );
    expect((await bet(p.client, round.period, 'green')).statusCode).toBe(200);
    expect((await bet(p.client, round.period, '5')).statusCode).toBe(200);
    const row = await roundRow(round.period);
    // The link is lost: the chain's checkpoints are gone (a restored backup without them, say).
    // Only the owner role may switch the table's guard off (the app role cannot; decision 241).
    await asOwner(t.db, async (owner) => {
      await owner.query('ALTER TABLE lottery_chain_checkpoints DISABLE TRIGGER USER');
      await owner.query('DELETE FROM lottery_chain_checkpoints WHERE chain_id = $1', [row.chain_id]);
    });
    const restarted = createLotteryService({ db: t.db, clock, events: t.app.events, log: t.app.log, safety: t.app.safety, chainSecret: t.config.secrets.lotteryChain, beacon: switchable, settings: t.app.lottery.settings });
    // Without its beacon value the void waits: its record is to carry the signature (decision 383).
    mode = 'withhold';
    setTime(round.drawsAtMs);
    await restarted.tick();
    expect((await roundRow(round.period)).status).toMatch(/^(open|locked)$/);
    mode = 'honest';
    await restarted.tick();
    expect((await roundRow(round.period)).status).toBe('voided');
    expect(await p.balance()).toBe(10_000);
    const f = await fairness(round.period);
    expect(f.void).toEqual({ reason: 'link_lost', wouldDigit: null, bets: 2, stakesMinor: 2_000, wouldPayoutMinor: null });
    expect(f.link).toBeNull();
    expect(f.beacon!.signature).toBe(sandbox.sign(row.beacon_round));
    const chains = (await t.app.inject({ method: 'GET', url: `${API_PATHS.wingo_chains}?room=30s` })).json().data;
    const old = chains.find((c: { chainId: number }) => c.chainId === row.chain_id);
    // Retired from the round after it, the first whose row could not get its link.
    expect(old.retiredFromPeriod).toBe(roundAt(ROOM, round.drawsAtMs).period);
    const fresh = chains.at(-1);
    expect(fresh.chainId).not.toBe(row.chain_id);
    expect(fresh.scheme).toBe(2);
    // The round running now, still open, is the new chain's first (decision 380).
    expect(fresh.firstPeriod).toBe(roundAt(ROOM, now()).period);
    const next = roundAt(ROOM, now());
    setTime(next.drawsAtMs);
    await restarted.tick();
    expect((await roundRow(next.period)).status).toBe('settled');
    expect((await roundRow(next.period)).chain_id).toBe(fresh.chainId);
  });

  it('refunds a round whose beacon value never came only past the give-up limit, and publishes its link, bets and stakes', async () => {
    const p = await player(10_000);
    const round = await nextRound();
    for (const s of ['red', 'green', 'violet', '3']) expect((await bet(p.client, round.period, s)).statusCode).toBe(200);
    // The beacon never came (drand stopped): past the give-up limit the round is refunded.
    mode = 'withhold';
    setTime(round.drawsAtMs + t.app.lottery.settings.beaconGiveUpMs + 1);
    await t.app.lottery.tick();
    expect((await roundRow(round.period)).status).toBe('voided');
    const f = await fairness(round.period);
    expect(f.void).toMatchObject({ reason: 'beacon_unavailable', wouldDigit: null, bets: 4, stakesMinor: 4_000 });
    // Its link is published, so once the beacon value is public anyone computes the would-be digit.
    expect(f.link).toMatch(/^[0-9a-f]{64}$/);
    mode = 'honest';
  });
});

describe('LOTTERY_CHAIN_SECRET', () => {
  it('a changed secret refuses to start and voids nothing; a round created before it is drawn from its stored link', async () => {
    const p = await player(10_000);
    const round = await nextRound();
    expect((await bet(p.client, round.period, 'small')).statusCode).toBe(200);
    const other = createLotteryService({ db: t.db, clock, events: t.app.events, log: t.app.log, safety: t.app.safety, chainSecret: 'another-secret-0123456789abcdefghijklmn', beacon: switchable, settings: t.app.lottery.settings });
    await expect(other.assertChainsOpen()).rejects.toBeInstanceOf(ChainSecretMismatch);
    setTime(round.drawsAtMs + 120_000);
    await other.tick();
    // Before 024 it waited for the right secret; its link is public since its lock, so no secret is needed.
    expect((await roundRow(round.period)).status).toBe('settled');
    await t.app.lottery.assertChainsOpen();
    await t.app.lottery.tick();
  });
});

describe('drand over HTTP', () => {
  let server: Server;
  let forge = false;
  let base = '';
  beforeAll(async () => {
    // A stand-in for a drand HTTP relay serving rounds signed with the sandbox key.
    server = createServer((req, res) => {
      const m = /^\/([0-9a-f]{64})\/public\/(\d+)$/.exec(req.url ?? '');
      if (!m) {
        res.writeHead(404).end();
        return;
      }
      const round = Number(m[2]);
      const signature = sandbox.sign(forge ? round + 7 : round);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ round, signature, randomness: '00'.repeat(32) }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('accepts a round only when its signature verifies under the pinned key, and recomputes the randomness', async () => {
    const refused: string[] = [];
    const drand = createDrandHttpBeacon({ urls: [base], chainHash: 'ab'.repeat(32), params: sandbox.params, timeoutMs: 2_000, onRefused: (d) => refused.push(d.reason) });
    const good = await drand.fetch(5_000_000);
    expect(good).toEqual({ round: 5_000_000, signature: sandbox.sign(5_000_000), randomness: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(good!.randomness).not.toBe('00'.repeat(32));
    forge = true;
    expect(await drand.fetch(5_000_001)).toBeNull();
    expect(refused[0]).toMatch(/does not verify/);
    forge = false;
    // Nothing listening: no value, no throw.
    const dead = createDrandHttpBeacon({ urls: ['http://127.0.0.1:9'], chainHash: 'ab'.repeat(32), params: sandbox.params, timeoutMs: 500 });
    expect(await dead.fetch(5_000_000)).toBeNull();
  });
});
