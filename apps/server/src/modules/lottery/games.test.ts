import { API_PATHS, LOTTERY_ROOM_IDS, LOTTERY_ROUTE_GAMES, type LotteryChain, type LotteryChainFairness } from '@colorplay/contract';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import nodePath from 'node:path';
import { GAME_DRAWS, valuesFromMacs, verifyGameRound } from '@colorplay/fair';
import { deriveDrawDigitSync } from '@colorplay/fair/node';
// The CLI's entry as `npm run fair -- verify` runs it (the package exports no CLI path).
import { gameProofFromFairness, runFairCli } from '../../../../../packages/fair/src/cli-core';
import { roundAt } from '@colorplay/lottery';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { appSandboxBeacon, buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { CHAIN_GAMES, chainGameRounds, expectedPayoutOf, lotteryGameKit, type ChainGameId } from '../../../test/helpers/lottery-games';
import { asOwner } from '../../../test/helpers/test-db';
import { fakeClock } from '../../lib/clock';
import { checkInvariants, getBalance, HOUSE_ACCOUNTS } from '../ledger';
import { ENGINE_GAMES, FIVED_ENGINE_GAME, K3_ENGINE_GAME, WINGO_ENGINE_GAME } from './games';
import * as repo from './repo';
import { createLotteryService } from './service';
import { hedgedWingoStakeMinor } from './wagering';
import { drawnDigit } from './wingo';

// K3 and 5D on the engine (decisions 330-334): each drawn and settled exactly once from its rule table,
// bets refused at the lock and for a selection not in the game's table, the outcome written once.

// 10:00 UTC is 15:30 IST: a round boundary of every room.
const START = Date.parse('2026-11-23T10:00:00.000Z');
const clock = fakeClock(new Date(START));
let t: TestApp;
const { player, bet, roundRow } = lotteryGameKit(() => t);

const GAMES = CHAIN_GAMES;
type GameId = ChainGameId;
const { now, setTime, roomOf, nextRound, drawAndSettle } = chainGameRounds(() => t, clock);
const path = (template: string, game: GameId) => template.replace(':game', game);

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

/**
 * The outcome of a record computed from docs/fairness.md "Reading K3 and 5D" alone (node:crypto,
 * nothing from packages/fair or the server): the stream mac[0] || mac[1] ..., big-endian words,
 * words at or above 2^32 - (2^32 mod n) skipped, min + (w mod n).
 */
function docOutcome(f: LotteryChainFairness): number[] {
  const [count, min, max] = f.game === 'k3' ? [3, 1, 6] : [5, 0, 9];
  const n = max - min + 1;
  const bound = 2 ** 32 - (2 ** 32 % n);
  const link = Buffer.from(f.link!, 'hex');
  let mac = createHmac('sha256', link).update(Buffer.concat([Buffer.from(`${f.game}:${f.period}:`, 'utf8'), Buffer.from(f.beacon!.randomness!, 'hex')])).digest();
  const values: number[] = [];
  for (;;) {
    for (let j = 0; j < 8 && values.length < count; j++) {
      const w = mac.readUInt32BE(4 * j);
      if (w < bound) values.push(min + (w % n));
    }
    if (values.length === count) return values;
    mac = createHmac('sha256', link).update(mac).digest();
  }
}

/** What the rule table pays a list of selections (each bet: 100 x quantity, 2 % fee) against an outcome. */
const expectedPayout = (game: GameId, bets: ReadonlyArray<{ selection: string; contractMinor: number }>, outcome: readonly number[]): number => expectedPayoutOf(GAMES[game], bets, outcome);

describe('the game registry', () => {
  it('runs Wingo, K3, 5D and Trx Win, with room ids unique within each game and the contract listing the same rooms', () => {
    expect([...ENGINE_GAMES.keys()]).toEqual(['wingo', 'k3', '5d', 'trx']);
    for (const g of ENGINE_GAMES.values()) expect(new Set(g.rooms.map((r) => r.id)).size).toBe(g.rooms.length);
    for (const id of LOTTERY_ROUTE_GAMES) expect(ENGINE_GAMES.get(id)!.rooms.map((r) => r.id)).toEqual([...LOTTERY_ROOM_IDS]);
    expect(K3_ENGINE_GAME.rooms.every((r) => r.roundMs >= 60_000)).toBe(true);
  });

  it("draws Wingo on the generic path exactly as its own digit rule (the same HMAC stream, one value 0-9)", () => {
    for (let i = 0; i < 200; i++) {
      const link = (BigInt(i + 1) * 0x9e3779b97f4a7c15n).toString(16).padStart(64, '0').slice(-64);
      const randomness = (BigInt(i + 7) * 0xc2b2ae3d27d4eb4fn).toString(16).padStart(64, 'a').slice(-64);
      const period = `20261123060${String(i).padStart(4, '0')}`;
      expect(WINGO_ENGINE_GAME.source.outcomeOf(2, link, period, randomness)).toEqual([drawnDigit(2, link, period, randomness)]);
      expect(WINGO_ENGINE_GAME.source.outcomeOf(1, link, period, null)).toEqual([drawnDigit(1, link, period, null)]);
      expect(drawnDigit(2, link, period, randomness)).toBe(deriveDrawDigitSync(link, 'wingo', period, randomness).digit);
    }
  });

  it("reads bytes exactly as the verifier's own draw table does (packages/fair GAME_DRAWS = the rule tables)", () => {
    for (const [id, rules] of Object.entries(GAMES)) {
      for (let i = 0; i < 300; i++) {
        // Mostly words at the top of the range, so that skipped words and a second MAC occur.
        const macs = [0, 1].map(() => Uint8Array.from(randomBytes(32), (b, j) => (j % 4 === 0 && i % 2 ? 0xff : b)));
        const verifier = valuesFromMacs(macs, GAME_DRAWS[id]!);
        const bytes = new Uint8Array(64);
        bytes.set(macs[0]!, 0);
        bytes.set(macs[1]!, 32);
        const read = rules.outcomeFromBytes(bytes);
        expect(verifier?.values ?? null).toEqual(read ? rules.encode(read.outcome) : null);
        const first = rules.outcomeFromBytes(macs[0]!);
        expect(valuesFromMacs([macs[0]!], GAME_DRAWS[id]!)?.values ?? null).toEqual(first ? rules.encode(first.outcome) : null);
      }
    }
  });

  it('gives K3 three dice 1-6 and 5D five digits 0-9, different for each game tag on the same link', () => {
    const link = 'ab'.repeat(32);
    const randomness = '5c'.repeat(32);
    const dice = K3_ENGINE_GAME.source.outcomeOf(2, link, '202611230600931', randomness);
    const digits = FIVED_ENGINE_GAME.source.outcomeOf(2, link, '202611230600931', randomness);
    expect(dice).toHaveLength(3);
    expect(dice.every((d) => d >= 1 && d <= 6)).toBe(true);
    expect(digits).toHaveLength(5);
    expect(digits.every((d) => d >= 0 && d <= 9)).toBe(true);
  });
});

describe("the withdrawals' wagering lock counts K3 and 5D hedges by their own rule tables", () => {
  it('subtracts what no K3 or 5D result could lose (big and small together), and nothing for a lone bet', async () => {
    const p = await player(10_000);
    const k3 = await nextRound('k3');
    expect((await bet(p.client, 'k3', k3.period, 'big')).statusCode).toBe(200);
    expect((await bet(p.client, 'k3', k3.period, 'small')).statusCode).toBe(200);
    // 98 x 1.92 = 188.16: paid 188 whatever the dice (triples included in big and small).
    expect(await hedgedWingoStakeMinor(t.db, p.playerId)).toBe(188);
    const fived = roundAt(roomOf('5d'), now());
    expect((await bet(p.client, '5d', fived.period, 'A:big')).statusCode).toBe(200);
    expect((await bet(p.client, '5d', fived.period, 'A:small')).statusCode).toBe(200);
    expect(await hedgedWingoStakeMinor(t.db, p.playerId)).toBe(188 + 196);
    const lone = await player(10_000);
    expect((await bet(lone.client, '5d', fived.period, 'sum:big')).statusCode).toBe(200);
    expect(await hedgedWingoStakeMinor(t.db, lone.playerId)).toBe(0);
    await drawAndSettle('k3');
    await drawAndSettle('5d');
  });
});

describe.each(['k3', '5d'] as const)('%s on the engine', (game) => {
  const selections = GAMES[game].selections;

  it('settles every selection exactly as the rule table says, once, with the fee to the fees account', async () => {
    const p = await player(1_000_000);
    const round = await nextRound(game);
    const state = (await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_state, game)}?room=1m` })).json().data;
    expect(state.round.period).toBe(round.period);
    expect(state.betting.selections).toEqual([...selections]);
    expect(state.chain.finalHash).toMatch(/^[0-9a-f]{64}$/);
    for (const s of selections) {
      const placed = await bet(p.client, game, round.period, s, { quantity: 3 });
      expect(placed.statusCode, `${s}: ${placed.body}`).toBe(200);
      expect(placed.json().data.bet).toMatchObject({ game, selection: s, totalMinor: 300, feeMinor: 6, contractMinor: 294, status: 'pending' });
    }
    const before = await p.balance();
    expect(before).toBe(1_000_000 - 300 * selections.length);
    const feesBefore = await getBalance(t.db, HOUSE_ACCOUNTS.fees);
    await drawAndSettle(game);
    const row = await roundRow(game, round.period);
    expect(row.status).toBe('settled');
    expect(row.digit).toBeNull();
    expect(GAMES[game].decode(row.outcome!)).not.toBeNull();
    const expected = expectedPayout(game, selections.map((s) => ({ selection: s, contractMinor: 294 })), row.outcome!);
    expect(expected).toBeGreaterThan(0);
    expect(await p.balance()).toBe(before + expected);
    expect((await getBalance(t.db, HOUSE_ACCOUNTS.fees)) - feesBefore).toBe(selections.length * 6);
    // Stakes went to the game's own house accounts, never Wingo's.
    const { rows: posted } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transfers tr ON tr.id = e.transfer_id
        WHERE tr.reference = ANY(SELECT id FROM lottery_bets WHERE player_id = $1) AND a.code LIKE $2`,
      [p.playerId, `house:lottery:${game}:%`],
    );
    expect(posted[0]!.n).toBe(selections.length);
    // The player's bets and the history say the same.
    let items: Array<{ payoutMinor: number; outcome: number[] | null; status: string }> = [];
    let cursor: string | null = null;
    do {
      const page: { items: typeof items; nextCursor: string | null } = (await p.client.call('GET', `${path(API_PATHS.lottery_my_bets, game)}?room=1m&limit=50${cursor ? `&before=${cursor}` : ''}`)).json().data;
      items = [...items, ...page.items];
      cursor = page.nextCursor;
    } while (cursor);
    expect(items).toHaveLength(selections.length);
    expect(items.reduce((s, b) => s + b.payoutMinor, 0)).toBe(expected);
    expect(items.every((b) => JSON.stringify(b.outcome) === JSON.stringify(row.outcome) && b.status !== 'pending')).toBe(true);
    const history = (await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_history, game)}?room=1m&limit=1` })).json().data;
    expect(history.items[0]).toMatchObject({ game, period: round.period, status: 'settled', outcome: row.outcome });
    const sum = row.outcome!.reduce((a, b) => a + b, 0);
    expect(history.items[0].summary).toEqual({ sum, size: sum >= (game === 'k3' ? 11 : 23) ? 'big' : 'small', parity: sum % 2 ? 'odd' : 'even' });
    // Wingo's reads do not see this game's bets.
    const wingoMine = (await p.client.call('GET', `${API_PATHS.wingo_my_bets}?room=1m`)).json().data;
    expect(wingoMine.items).toEqual([]);
    // Settling again changes nothing.
    expect(await t.app.lottery.settleRound(row.id)).toBe('skipped');
    expect(await p.balance()).toBe(before + expected);
  });

  it('settles exactly once when two settlers race', async () => {
    const players = await Promise.all([player(50_000), player(50_000)]);
    const round = await nextRound(game);
    const picks = [selections[0]!, selections[selections.length - 1]!, selections[10]!];
    for (const p of players) for (const s of picks) expect((await bet(p.client, game, round.period, s, { amountMinor: 1_000 })).statusCode).toBe(200);
    setTime(round.drawsAtMs);
    const row = await roundRow(game, round.period);
    expect(await t.app.lottery.drawRound(row.id)).toBe('drawn');
    const outcomes = await Promise.all([t.app.lottery.settleRound(row.id), t.app.lottery.settleRound(row.id)]);
    expect(outcomes.sort()).toEqual(['settled', 'skipped']);
    const { rows } = await t.db.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_transfers WHERE reference = $1 AND kind = 'lottery_fee'", [`round_${row.id}`]);
    expect(rows[0]!.n).toBe(1);
    const drawn = (await roundRow(game, round.period)).outcome!;
    const won = expectedPayout(game, picks.map((s) => ({ selection: s, contractMinor: 980 })), drawn);
    for (const p of players) expect(await p.balance()).toBe(50_000 - 3_000 + won);
    const events = await t.db.query<{ n: number; outcome: unknown }>(
      "SELECT count(*)::int AS n, min(payload->>'outcome') AS outcome FROM domain_events WHERE name = 'RoundDrawn' AND payload->>'game' = $1 AND payload->>'period' = $2",
      [game, round.period],
    );
    expect(events.rows[0]!.n).toBe(1);
    expect(JSON.parse(String(events.rows[0]!.outcome))).toEqual(drawn);
    await drawAndSettle(game);
  });

  it('survives a crash inside the settlement: nothing is paid, and the next run pays once', async () => {
    const p = await player(50_000);
    const round = await nextRound(game);
    const picks = selections.slice(0, 20);
    for (const s of picks) expect((await bet(p.client, game, round.period, s)).statusCode).toBe(200);
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
    const row = await roundRow(game, round.period);
    expect(row.status).toBe('drawn');
    expect(await p.balance()).toBe(afterBets);
    crash = false;
    await t.app.lottery.tick();
    await t.app.lottery.tick();
    expect((await roundRow(game, round.period)).status).toBe('settled');
    expect(await p.balance()).toBe(afterBets + expectedPayout(game, picks.map((s) => ({ selection: s, contractMinor: 98 })), row.outcome!));
  });

  it('refuses a bet at the lock, a selection not in the game, a room of another game and a reused key, changing nothing', async () => {
    const p = await player(10_000);
    const round = await nextRound(game);
    const ok = await bet(p.client, game, round.period, selections[3]!, { idempotencyKey: `same-key-${game}-0001` });
    expect(ok.statusCode).toBe(200);
    expect(await p.balance()).toBe(9_900);
    const bad = game === 'k3' ? ['sum:2', 'sum:19', 'pair:12', 'triple:777', 'diff3:112', 'red', '7', 'A:1'] : ['F:1', 'A:10', 'sum:1', 'A:', 'red', 'big', 'sum:3'];
    for (const s of bad) {
      const refused = await bet(p.client, game, round.period, s);
      expect(refused.statusCode, s).toBe(400);
      expect(refused.json().error.code, s).toBe('VALIDATION_FAILED');
    }
    // Wingo's 30 s room is not a room of this game.
    expect((await bet(p.client, game, round.period, selections[0]!, { room: '30s' })).json().error.code).toBe('VALIDATION_FAILED');
    // A game the generic routes do not serve.
    expect((await p.client.call('POST', path(API_PATHS.lottery_place_bet, 'trx' as GameId), {})).json().error.code).toBe('VALIDATION_FAILED');
    // The same key for another bet (here: another game's bet) is a conflict.
    const other: GameId = game === 'k3' ? '5d' : 'k3';
    const otherRound = roundAt(roomOf(other), now());
    const conflict = await bet(p.client, other, otherRound.period, GAMES[other].selections[0]!, { idempotencyKey: `same-key-${game}-0001` });
    expect(conflict.json().error.code).toBe('IDEMPOTENCY_CONFLICT');
    setTime(round.locksAtMs);
    const atLock = await bet(p.client, game, round.period, selections[0]!);
    expect(atLock.json().error.code).toBe('ROUND_LOCKED');
    expect(await p.balance()).toBe(9_900);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lottery_bets WHERE player_id = $1', [p.playerId]);
    expect(rows[0]!.n).toBe(1);
    const unauth = await t.app.inject({ method: 'POST', url: path(API_PATHS.lottery_place_bet, game), payload: { room: '1m', period: round.period, selection: selections[0], amountMinor: 100, quantity: 1, multiplier: 1, idempotencyKey: 'no-token-0001' } });
    expect(unauth.statusCode).toBe(401);
    await drawAndSettle(game);
    expect((await bet(p.client, game, round.period, selections[0]!)).json().error.code).toBe('ROUND_CLOSED');
  });

  it("lets nothing change a drawn outcome, and refuses an outcome of another game's shape", async () => {
    const round = await nextRound(game);
    const open = await roundRow(game, round.period);
    // The outcome's shape is the game's: a Wingo digit or the other game's outcome is refused.
    const wrong = game === 'k3' ? [[7, 1, 1], [1, 2], [0, 1, 2]] : [[1, 2, 3], [0, 0, 0, 0, 10], [1]];
    for (const o of wrong) {
      await expect(t.db.query("UPDATE lottery_rounds SET status = 'drawn', outcome = $2::smallint[], drawn_at = now() WHERE id = $1", [open.id, o])).rejects.toThrow(/check/);
    }
    await expect(
      t.db.query("UPDATE lottery_rounds SET status = 'drawn', digit = 3, outcome = $2::smallint[], drawn_at = now() WHERE id = $1", [open.id, game === 'k3' ? [1, 2, 3] : [1, 2, 3, 4, 5]]),
    ).rejects.toThrow(/check/);
    await drawAndSettle(game);
    const drawn = await roundRow(game, round.period);
    expect(drawn.status).toBe('settled');
    const changed = drawn.outcome!.map((v) => (game === 'k3' ? (v % 6) + 1 : (v + 1) % 10));
    await expect(t.db.query('UPDATE lottery_rounds SET outcome = $2::smallint[] WHERE id = $1', [drawn.id, changed])).rejects.toThrow(/never changed/);
    await expect(t.db.query('UPDATE lottery_rounds SET outcome = NULL WHERE id = $1', [drawn.id])).rejects.toThrow(/never changed/);
    await expect(t.db.query('UPDATE lottery_rounds SET digit = 1 WHERE id = $1', [drawn.id])).rejects.toThrow(/never changed/);
    // Its link was stored with the row and is never changed either (decision 380).
    await expect(t.db.query("UPDATE lottery_rounds SET link = $2 WHERE id = $1", [drawn.id, 'a'.repeat(64)])).rejects.toThrow(/never changed/);
    await expect(t.db.query("UPDATE lottery_rounds SET link = $2 WHERE id = $1", [(await roundRow(game, roundAt(roomOf(game), now()).period)).id, 'a'.repeat(64)])).rejects.toThrow(/never changed/);
    await expect(
      t.db.query(
        `INSERT INTO lottery_rounds (game, room_id, ordinal, period, chain_id, round_index, opens_at, locks_at, draws_at, status, outcome)
         SELECT game, room_id, ordinal + 100000, period || 'x', chain_id, round_index, opens_at, locks_at, draws_at, 'open', outcome FROM lottery_rounds WHERE id = $1`,
        [drawn.id],
      ),
    ).rejects.toThrow(/without a result/);
  });

  it('draws a round whose chain checkpoints are lost after its creation from its stored link, then moves the room to a new chain', async () => {
    const p = await player(10_000);
    const round = await nextRound(game);
    for (const s of selections.slice(0, 4)) expect((await bet(p.client, game, round.period, s, { amountMinor: 1_000 })).statusCode).toBe(200);
    expect(await p.balance()).toBe(6_000);
    const row = await roundRow(game, round.period);
    const { rows: chain } = await t.db.query<{ chain_id: number }>('SELECT chain_id FROM lottery_rounds WHERE id = $1', [row.id]);
    await asOwner(t.db, async (owner) => {
      await owner.query('ALTER TABLE lottery_chain_checkpoints DISABLE TRIGGER USER');
      await owner.query('DELETE FROM lottery_chain_checkpoints WHERE chain_id = $1', [chain[0]!.chain_id]);
      await owner.query('ALTER TABLE lottery_chain_checkpoints ENABLE TRIGGER USER');
    });
    // A node that starts now (the checkpoints are cached by the running one). Before 027 this
    // round was voided (link_lost); its link is stored since its creation, so it is drawn.
    const restarted = createLotteryService({ db: t.db, clock, events: t.app.events, log: t.app.log, safety: t.app.safety, chainSecret: t.config.secrets.lotteryChain, beacon: await appSandboxBeacon(t, clock), settings: t.app.lottery.settings });
    setTime(round.drawsAtMs);
    await restarted.tick();
    expect((await roundRow(game, round.period)).status).toBe('settled');
    const record: LotteryChainFairness = (await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_fairness, game)}?period=${round.period}` })).json().data;
    expect(record.void).toBeNull();
    const verified = await verifyGameRound(gameProofFromFairness(record as unknown as Record<string, unknown>)!);
    expect(verified.ok, JSON.stringify(verified.checks)).toBe(true);
    // The next round cannot get its link: the chain is retired from it and a new one serves the room.
    await restarted.tick();
    const chains: LotteryChain[] = (await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_chains, game)}?room=1m` })).json().data;
    expect(chains.find((c) => c.chainId === chain[0]!.chain_id)!.retiredFromPeriod).toBe(roundAt(roomOf(game), now()).period);
    const next = await nextRound(game);
    await restarted.tick();
    await drawAndSettle(game);
    expect((await roundRow(game, next.period)).status).toBe('settled');
  });

  it('stores a bet only against a round of its own game', async () => {
    const round = await nextRound(game);
    const row = await roundRow(game, round.period);
    const p = await player(1_000);
    const stored = { id: `bet_crossgame${game}0001`, round_id: row.id, room_id: '1m', player_id: p.playerId, idempotency_key: `cross-${game}-0001`, selection: '5', amount_minor: 100, quantity: 1, multiplier: 1, total_minor: 100, fee_minor: 2, contract_minor: 98, shard: 0, placed_at: clock.now(), bonus_stake_minor: 0, bonus_grant_id: null };
    await expect(repo.insertBets(t.db, [{ ...stored, game: 'wingo' }])).rejects.toThrow(/another game/);
    const { rows } = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM lottery_bets WHERE round_id = $1', [row.id]);
    expect(rows[0]!.n).toBe(0);
  });

  it('publishes a trend of the drawn outcomes and the chains of each room', async () => {
    await drawAndSettle(game);
    const trend = (await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_trend, game)}?room=1m&count=10` })).json().data;
    expect(trend.rounds).toBe(trend.results.length);
    expect(trend.rounds).toBeGreaterThan(0);
    expect(trend.big + trend.small).toBe(trend.rounds);
    expect(trend.odd + trend.even).toBe(trend.rounds);
    expect(trend.positionFrequency).toHaveLength(game === 'k3' ? 3 : 5);
    for (const position of trend.positionFrequency) expect(position.reduce((a: number, b: number) => a + b, 0)).toBe(trend.rounds);
    for (const room of LOTTERY_ROOM_IDS) {
      const chains = (await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_chains, game)}?room=${room}` })).json().data;
      expect(chains.length, room).toBeGreaterThan(0);
      expect(chains[0].roomId).toBe(room);
    }
    const notDrawn = await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_fairness, game)}?period=${roundAt(roomOf(game), now()).period}` });
    expect(notDrawn.json().error.code).toBe('ROUND_NOT_DRAWN');
    const proof: LotteryChainFairness = (await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_fairness, game)}?period=${trend.results.at(-1).period}` })).json().data;
    expect(proof).toMatchObject({ game, draw: game === 'k3' ? { count: 3, min: 1, max: 6 } : { count: 5, min: 0, max: 9 }, scheme: 2 });
  });

  it('publishes a fairness record a stranger verifies (in code and with the CLI), and a tampered one fails', async () => {
    const round = await nextRound(game);
    await drawAndSettle(game);
    const answer = (await t.app.inject({ method: 'GET', url: `${path(API_PATHS.lottery_fairness, game)}?period=${round.period}` })).json();
    const record: LotteryChainFairness = answer.data;
    expect(record).toMatchObject({ game, period: round.period, status: 'settled', outcome: (await roundRow(game, round.period)).outcome });
    expect(record.previousLink).toMatch(/^[0-9a-f]{64}$/);
    const verified = await verifyGameRound(gameProofFromFairness(answer)!);
    expect(verified.ok, JSON.stringify(verified.checks)).toBe(true);
    expect(verified.checks.map((c) => c.name)).toEqual(['input', 'link', 'chain', 'beacon', 'outcome']);
    expect(verified.derivation!.values).toEqual(record.outcome);
    expect(docOutcome(record)).toEqual(record.outcome);
    // The CLI takes the saved answer as is.
    const dir = mkdtempSync(nodePath.join(tmpdir(), 'fair-'));
    const save = (name: string, body: unknown) => {
      const file = nodePath.join(dir, name);
      writeFileSync(file, JSON.stringify(body));
      return file;
    };
    const lines: string[] = [];
    expect(await runFairCli(['verify', '--json', save('good.json', answer)], (l) => lines.push(l)), lines.join('\n')).toBe(0);
    expect(lines.at(-1)).toBe(`VERIFIED: ${game} period ${round.period} drew ${record.outcome!.join(' ')}`);
    // Tampered: another outcome, another link, a draw claimed for another range.
    const changed = record.outcome!.map((v, i) => (i === 1 ? (game === 'k3' ? (v % 6) + 1 : (v + 1) % 10) : v));
    const bad: string[] = [];
    expect(await runFairCli(['verify', '--json', save('outcome.json', { data: { ...record, outcome: changed } })], (l) => bad.push(l))).toBe(1);
    expect(bad.at(-1)).toBe('NOT VERIFIED: WRONG_OUTCOME');
    const link = record.link!.slice(0, 63) + (record.link!.endsWith('0') ? '1' : '0');
    expect((await verifyGameRound(gameProofFromFairness({ ...record, link })!)).failure).toBe('TAMPERED_LINK');
    expect((await verifyGameRound(gameProofFromFairness({ ...record, draw: { count: 3, min: 0, max: 5 } })!)).failure).toBe('MALFORMED_INPUT');
  });
});
