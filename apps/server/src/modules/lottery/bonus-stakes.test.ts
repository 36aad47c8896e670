import { PROMOTION_TERMS_VERSION } from '@colorplay/contract';
import { roundAt, WINGO, WINGO_ROOMS } from '@colorplay/lottery';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { chainGameRounds } from '../../../test/helpers/lottery-games';
import type { Db, Queryable } from '../../db/db';
import { fakeClock } from '../../lib/clock';
import { HOUSE_ACCOUNTS, accountCodes, checkInvariants, ensureAccount, findTransferByKey, getBalance, postTransfer, summarizeEntries, withTransaction } from '../ledger';
import { insertPlayer } from '../players';
import { createBonusStakes, createPromotionsService } from '../promotions';
import { createSandboxBeacon, type BeaconSource } from './beacon-source';
import { payoutTable } from './rules';
import { createLotteryService } from './service';

/**
 * Bonus money staked on the lottery (decisions 530-531) against the real app: cash first, then the
 * active grant's bonus account, in the bet batch (Wingo), single bets and slips of the other
 * games; wins and refunds split in the stake's proportion and sent where the grant stands; never
 * negative, idempotent. The ledger's invariants are checked after every test.
 */

// 10:00 UTC is 15:30 IST: a round boundary of every room.
const START = Date.parse('2026-11-25T10:00:00.000Z');
const clock = fakeClock(new Date(START));
const DAY = 86_400_000;
const ROOM = WINGO_ROOMS['30s'];
/** Statements of one bet batch of players without bonus money, measured on the code before bonus stakes (decision 530). */
const CASH_BATCH_STATEMENTS = 6;
const now = () => clock.now().getTime();
const setTime = (ms: number) => clock.advance(ms - now());

/** The sandbox beacon, with a switch to withhold its values (a round then voids past the give-up limit). */
let withhold = false;
let sandbox: ReturnType<typeof createSandboxBeacon>;
const switchable: BeaconSource = {
  name: 'sandbox',
  get params() {
    return sandbox.params;
  },
  fetch: async (round) => (withhold ? null : sandbox.fetch(round)),
};

let t: TestApp;
let seq = 0;
beforeAll(async () => {
  sandbox = createSandboxBeacon({ secret: 'test-lottery-chain-secret-0123456789abcd', clock });
  // A batch window long enough that bets sent together share one batch.
  t = await buildTestApp({ clock, beacon: switchable, lottery: { chainLength: 200, checkpointEvery: 16, chainRenewBeforeRounds: 20, betBatchWindowMs: 25 } });
  await t.app.lottery.tick();
}, 180_000);
afterAll(async () => t.app.close());
afterEach(async () => {
  withhold = false;
  expect(await checkInvariants(t.db)).toEqual([]);
});

async function newPlayer(cashMinor: number): Promise<number> {
  const id = (await insertPlayer(t.db, { phone: `96${String(++seq + 2_000_000).padStart(8, '0')}`, passwordHash: 'not-a-login', inviteCode: undefined, now: clock.now() })).id;
  await ensureAccount(t.db, { code: accountCodes.playerMain(id), kind: 'player', owner: id });
  if (cashMinor > 0) await deposit(id, cashMinor);
  await t.app.promotions.setConsent(id, true);
  return id;
}
async function deposit(playerId: number, amountMinor: number): Promise<void> {
  await ensureAccount(t.db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
  await postTransfer(t.db, {
    idempotencyKey: `stake-dep:${++seq}`,
    kind: 'deposit',
    entries: [{ accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -amountMinor }, { accountCode: accountCodes.playerMain(playerId), amountMinor }],
  });
}
/** A player with `cashMinor` on main and an active bonus of `bonusMinor` (wagering multiple 5 unless told). */
async function withBonus(cashMinor: number, bonusMinor: number, wageringMultiple = 5) {
  const playerId = await newPlayer(cashMinor);
  const g = await withTransaction(t.db, (tx) =>
    t.app.promotions.grant(tx, { playerId, source: 'gift_code', sourceRef: 'STAKE', amountMinor: bonusMinor, wageringMultiple, validDays: 7, termsVersion: PROMOTION_TERMS_VERSION }),
  );
  return { playerId, grantId: g.id, bonusAccount: accountCodes.playerBonus(playerId, g.id) };
}
const balancesOf = async (p: { playerId: number; bonusAccount: string }) => ({
  main: await getBalance(t.db, accountCodes.playerMain(p.playerId)),
  bonus: await getBalance(t.db, p.bonusAccount),
});

async function nextRound(): Promise<string> {
  setTime(roundAt(ROOM, now()).drawsAtMs);
  await t.app.lottery.tick();
  return roundAt(ROOM, now()).period;
}
async function drawAndSettle(): Promise<void> {
  setTime(roundAt(ROOM, now()).drawsAtMs);
  await t.app.lottery.tick();
}
/** A Wingo bet of `minor` (₹1 × quantity) on the 30 s room; its refusal code, or the result. */
const bet = (playerId: number, period: string, selection: string, minor: number, idempotencyKey = `stake-bet-${++seq}`) =>
  t.app.lottery.placeBet(playerId, { room: '30s', period, selection, amountMinor: 100, quantity: minor / 100, multiplier: 1, idempotencyKey } as never);
const codeOf = (p: Promise<unknown>) => p.then(() => 'placed', (e: { code?: string }) => e.code);

type StoredBet = { id: string; selection: string; total_minor: number; contract_minor: number; bonus_stake_minor: number; bonus_grant_id: string | null; round_id: number };
async function betsOf(playerId: number): Promise<StoredBet[]> {
  const { rows } = await t.db.query<StoredBet>(
    'SELECT id, selection, total_minor, contract_minor, bonus_stake_minor, bonus_grant_id, round_id FROM lottery_bets WHERE player_id = $1 ORDER BY seq',
    [playerId],
  );
  return rows.map((r) => ({ ...r, total_minor: Number(r.total_minor), contract_minor: Number(r.contract_minor), bonus_stake_minor: Number(r.bonus_stake_minor), round_id: Number(r.round_id) }));
}
async function digitOf(roundId: number): Promise<number> {
  const { rows } = await t.db.query<{ digit: number; status: string }>('SELECT digit, status FROM lottery_rounds WHERE id = $1', [roundId]);
  expect(rows[0]!.status).toBe('settled');
  return rows[0]!.digit;
}
/** Each bet's payout and its bonus part (decision 531: floor(payout × bonus stake / total)), computed here from Wingo's table. */
function expectedWin(bets: readonly StoredBet[], digit: number): { payoutMinor: number; bonusMinor: number } {
  const table = payoutTable(WINGO, digit as never);
  let payoutMinor = 0;
  let bonusMinor = 0;
  for (const b of bets) {
    const i = table.selections.indexOf(b.selection as never);
    const payout = Math.floor((b.contract_minor * table.nums[i]!) / table.dens[i]!);
    payoutMinor += payout;
    bonusMinor += Math.floor((payout * b.bonus_stake_minor) / b.total_minor);
  }
  return { payoutMinor, bonusMinor };
}
/** Every ledger entry grouped (kind, account, day) with its count: any transfer posted changes it. */
const ledgerFacts = () => summarizeEntries(t.db, { afterEntryId: 0, throughEntryId: null });

describe('a stake takes the main wallet first, then the bonus', () => {
  it('cash enough, partly, none, then short: refused only when cash and bonus together are short, changing nothing', async () => {
    const p = await withBonus(30_00, 100_00);
    const period = await nextRound();
    expect((await bet(p.playerId, period, 'red', 20_00)).balanceMinor).toBe(10_00);
    expect(await balancesOf(p)).toEqual({ main: 10_00, bonus: 100_00 });
    expect((await bet(p.playerId, period, 'red', 30_00)).balanceMinor).toBe(0);
    expect(await balancesOf(p)).toEqual({ main: 0, bonus: 80_00 });
    await bet(p.playerId, period, 'red', 50_00);
    expect(await balancesOf(p)).toEqual({ main: 0, bonus: 30_00 });
    const before = await ledgerFacts();
    expect(await codeOf(bet(p.playerId, period, 'red', 40_00))).toBe('INSUFFICIENT_FUNDS');
    expect(await ledgerFacts()).toEqual(before);
    await bet(p.playerId, period, 'red', 30_00);
    expect(await balancesOf(p)).toEqual({ main: 0, bonus: 0 });
    expect((await betsOf(p.playerId)).map((b) => [b.total_minor, b.bonus_stake_minor, b.bonus_grant_id])).toEqual([
      [20_00, 0, null],
      [30_00, 20_00, p.grantId],
      [50_00, 50_00, p.grantId],
      [30_00, 30_00, p.grantId],
    ]);
    // The bonus stakes count toward the grant's wagering like cash stakes: ₹130 of ₹500.
    expect((await t.app.promotions.bonuses(p.playerId))[0]).toMatchObject({ status: 'active', wageredMinor: 130_00, balanceMinor: 0 });
    await drawAndSettle();
  }, 180_000);

  it('several bets of one player in one batch cross the boundary in arrival order', async () => {
    const p = await withBonus(25_00, 100_00);
    const period = await nextRound();
    const placed = await Promise.all([10_00, 10_00, 10_00, 10_00, 10_00].map((m) => bet(p.playerId, period, 'green', m)));
    expect(placed).toHaveLength(5);
    expect(await balancesOf(p)).toEqual({ main: 0, bonus: 75_00 });
    // In the order the bets were written: cash only, then the one that crosses, then bonus only.
    expect((await betsOf(p.playerId)).map((b) => b.bonus_stake_minor)).toEqual([0, 0, 5_00, 10_00, 10_00]);
    await drawAndSettle();
  });

  it('concurrent bets of one player never take either balance below zero', async () => {
    const p = await withBonus(50_00, 100_00);
    const period = await nextRound();
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => codeOf(bet(p.playerId, period, 'violet', 10_00))));
    expect(outcomes.filter((o) => o === 'placed')).toHaveLength(15);
    expect(outcomes.filter((o) => o === 'INSUFFICIENT_FUNDS')).toHaveLength(5);
    expect(await balancesOf(p)).toEqual({ main: 0, bonus: 0 });
    const stored = await betsOf(p.playerId);
    expect(stored.reduce((s, b) => s + b.bonus_stake_minor, 0)).toBe(100_00);
    await drawAndSettle();
  });

  it('a retry with the same key answers the first bet and takes nothing again', async () => {
    const p = await withBonus(10_00, 100_00);
    const period = await nextRound();
    const first = await bet(p.playerId, period, 'red', 30_00, 'stake-replay-1');
    const before = await ledgerFacts();
    const [again, racing] = await Promise.all([bet(p.playerId, period, 'red', 30_00, 'stake-replay-1'), bet(p.playerId, period, 'red', 30_00, 'stake-replay-1')]);
    expect(again.bet.id).toBe(first.bet.id);
    expect(racing.bet.id).toBe(first.bet.id);
    expect(await ledgerFacts()).toEqual(before);
    expect(await balancesOf(p)).toEqual({ main: 0, bonus: 80_00 });
    expect((await betsOf(p.playerId)).map((b) => b.bonus_stake_minor)).toEqual([20_00]);
    await drawAndSettle();
  });

  it('a grant past its expiry (not yet ended by the job) gives nothing to a stake', async () => {
    const p = await withBonus(0, 100_00);
    await bet(p.playerId, await nextRound(), 'red', 10_00);
    expect(await balancesOf(p)).toEqual({ main: 0, bonus: 90_00 });
    clock.advance(7 * DAY);
    const period = await nextRound();
    // The first bet's round has settled by now (a win on it went to the still active grant).
    const before = await balancesOf(p);
    expect(before.bonus).toBeGreaterThanOrEqual(90_00);
    expect(await codeOf(bet(p.playerId, period, 'red', 10_00))).toBe('INSUFFICIENT_FUNDS');
    expect(await balancesOf(p)).toEqual(before);
  });

  it('hedged bonus play counts by net exposure', async () => {
    const p = await withBonus(0, 600_00);
    const period = await nextRound();
    await bet(p.playerId, period, 'big', 250_00);
    await bet(p.playerId, period, 'small', 250_00);
    // ₹490 comes back whatever the digit: ₹10 was at risk.
    expect((await t.app.promotions.bonuses(p.playerId))[0]).toMatchObject({ status: 'active', wageredMinor: 10_00, balanceMinor: 100_00 });
    await drawAndSettle();
  });
});

describe("a deposit's play-through (the withdrawals' wagering lock)", () => {
  it('counts the cash part of stakes only: bonus stakes, hedged or not, take nothing off it and add nothing to it', async () => {
    const p = await withBonus(0, 600_00);
    await deposit(p.playerId, 40_00);
    const remaining = async () => (await t.app.withdrawals.info(p.playerId)).wagering.remainingToPlayMinor;
    const before = await remaining();
    expect(before).toBeGreaterThan(0);
    await bet(p.playerId, await nextRound(), 'red', 40_00);
    expect(await remaining()).toBe(before - 40_00);
    // Main is empty now: Big and Small in another room are all bonus money, hedged.
    const other = roundAt(WINGO_ROOMS['1m'], now()).period;
    for (const selection of ['big', 'small']) {
      await t.app.lottery.placeBet(p.playerId, { room: '1m', period: other, selection, amountMinor: 100, quantity: 250, multiplier: 1, idempotencyKey: `stake-hedge-${++seq}` } as never);
    }
    expect(await balancesOf(p)).toEqual({ main: 0, bonus: 100_00 });
    expect(await remaining()).toBe(before - 40_00);
  });
});

describe('K3 single bets and slips', () => {
  const k3 = chainGameRounds(() => t, clock);
  it('a single bet and a slip cross the boundary, the slip item by item, all or none', async () => {
    const p = await withBonus(5_00, 20_00);
    const round = await k3.nextRound('k3');
    const single = await t.app.lottery.placeGameBet(p.playerId, 'k3', { room: '1m', period: round.period, selection: 'sum:9', amountMinor: 100, quantity: 3, multiplier: 1, idempotencyKey: `k3-single-${++seq}` } as never);
    expect(single.balanceMinor).toBe(2_00);
    const items = [
      { selection: 'sum:10', amountMinor: 100, quantity: 1, multiplier: 1 },
      { selection: 'sum:11', amountMinor: 100, quantity: 5, multiplier: 1 },
      { selection: 'sum:12', amountMinor: 100, quantity: 10, multiplier: 1 },
    ];
    const slip = await t.app.lottery.placeGameSlip(p.playerId, 'k3', { room: '1m', period: round.period, idempotencyKey: `k3-slip-${++seq}`, items } as never);
    expect(slip.totalMinor).toBe(16_00);
    expect(await balancesOf(p)).toEqual({ main: 0, bonus: 6_00 });
    expect((await betsOf(p.playerId)).map((b) => b.bonus_stake_minor)).toEqual([0, 0, 4_00, 10_00]);
    // A slip that cash and bonus together cannot pay is refused whole, naming its item.
    const before = await ledgerFacts();
    const refused = await t.app.lottery
      .placeGameSlip(p.playerId, 'k3', { room: '1m', period: round.period, idempotencyKey: `k3-slip-${++seq}`, items: items.slice(1) } as never)
      .catch((e: { code: string; publicDetails?: { itemIndex?: number } }) => e);
    expect(refused).toMatchObject({ code: 'INSUFFICIENT_FUNDS', publicDetails: { itemIndex: 1 } });
    expect(await ledgerFacts()).toEqual(before);
    await k3.drawAndSettle('k3');
  }, 180_000);
});

describe('wins and refunds of a bonus stake', () => {
  /** Big and Small in one round, one split and one all bonus: one of them wins whatever the digit. */
  async function splitPair(p: { playerId: number }) {
    const period = await nextRound();
    await bet(p.playerId, period, 'big', 50_00);
    await bet(p.playerId, period, 'small', 50_00);
    const bets = await betsOf(p.playerId);
    expect(bets.map((b) => b.bonus_stake_minor)).toEqual([20_00, 50_00]);
    return bets;
  }
  const payoutOf = async (playerId: number, roundId: number) => findTransferByKey(t.db, `wingo:payout:${roundId}:${playerId}`);

  it('while the grant is active: the bonus part of the win (floored) to the bonus account, the rest to cash', async () => {
    const p = await withBonus(30_00, 200_00);
    const bets = await splitPair(p);
    await drawAndSettle();
    const win = expectedWin(bets, await digitOf(bets[0]!.round_id));
    expect(win.bonusMinor).toBeGreaterThan(0);
    expect(await balancesOf(p)).toEqual({ main: win.payoutMinor - win.bonusMinor, bonus: 130_00 + win.bonusMinor });
    // A retried settlement posts nothing more.
    const transfers = async () => (await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ledger_transfers')).rows[0]!.n;
    const before = await transfers();
    expect(await t.app.lottery.settleRound(bets[0]!.round_id)).toBe('skipped');
    expect(await transfers()).toBe(before);
    // One transfer: the stake shard pays, the bonus account and (when the cash part is not 0) main get their parts.
    const credits = (await payoutOf(p.playerId, bets[0]!.round_id))!.entries.filter((e) => e.amountMinor > 0).map((e) => [e.accountCode, e.amountMinor]);
    const cashMinor = win.payoutMinor - win.bonusMinor;
    expect(credits).toEqual(expect.arrayContaining([[p.bonusAccount, win.bonusMinor], ...(cashMinor > 0 ? [[accountCodes.playerMain(p.playerId), cashMinor]] : [])]));
    expect(credits).toHaveLength(cashMinor > 0 ? 2 : 1);
  });

  it('after the grant converted: the whole win is cash', async () => {
    const p = await withBonus(30_00, 200_00, 1);
    const bets = await splitPair(p);
    // Cash play in another room completes the wagering; the read converts what is left (₹130).
    await deposit(p.playerId, 200_00);
    const other = roundAt(WINGO_ROOMS['1m'], now()).period;
    await t.app.lottery.placeBet(p.playerId, { room: '1m', period: other, selection: 'red', amountMinor: 100, quantity: 200, multiplier: 1, idempotencyKey: `stake-cash-${++seq}` } as never);
    expect((await t.app.promotions.bonuses(p.playerId))[0]).toMatchObject({ status: 'converted' });
    expect(await balancesOf(p)).toEqual({ main: 130_00, bonus: 0 });
    await drawAndSettle();
    const win = expectedWin(bets, await digitOf(bets[0]!.round_id));
    // The whole payout on main (the other room's bet may have settled too: its own transfer).
    const payout = await payoutOf(p.playerId, bets[0]!.round_id);
    expect(payout!.entries.filter((e) => e.amountMinor > 0).map((e) => [e.accountCode, e.amountMinor])).toEqual([[accountCodes.playerMain(p.playerId), win.payoutMinor]]);
    expect(await getBalance(t.db, p.bonusAccount)).toBe(0);
  });

  it('after the grant was forfeited: the bonus part of the win goes back to house:bonuses', async () => {
    const p = await withBonus(30_00, 200_00);
    const bets = await splitPair(p);
    await withTransaction(t.db, (tx) => t.app.promotions.settleForWithdrawal(tx, p.playerId, true));
    const house = await getBalance(t.db, HOUSE_ACCOUNTS.bonuses);
    await drawAndSettle();
    const win = expectedWin(bets, await digitOf(bets[0]!.round_id));
    expect(await balancesOf(p)).toEqual({ main: win.payoutMinor - win.bonusMinor, bonus: 0 });
    expect(await getBalance(t.db, HOUSE_ACCOUNTS.bonuses)).toBe(house + win.bonusMinor);
  });

  it('after the grant expired: the bonus part of the win goes back to house:bonuses', async () => {
    const p = await withBonus(30_00, 200_00);
    const bets = await splitPair(p);
    // The settle job as it would run after the grant's expiry (a clock 8 days on), before the round settles.
    const later = createPromotionsService({
      db: t.db,
      clock: fakeClock(new Date(now() + 8 * DAY)),
      safetyFacts: () => Promise.reject(new Error('not used')),
      audit: { write: () => Promise.reject(new Error('not used')) },
    });
    await later.settleDue();
    expect((await t.app.promotions.bonuses(p.playerId))[0]).toMatchObject({ status: 'expired' });
    const house = await getBalance(t.db, HOUSE_ACCOUNTS.bonuses);
    await drawAndSettle();
    const win = expectedWin(bets, await digitOf(bets[0]!.round_id));
    expect(await balancesOf(p)).toEqual({ main: win.payoutMinor - win.bonusMinor, bonus: 0 });
    expect(await getBalance(t.db, HOUSE_ACCOUNTS.bonuses)).toBe(house + win.bonusMinor);
  });

  it('a voided round gives the bonus part of each stake back to the grant, the cash part to main', async () => {
    const p = await withBonus(30_00, 200_00);
    const bets = await splitPair(p);
    withhold = true;
    setTime(roundAt(ROOM, now()).drawsAtMs + t.app.lottery.settings.beaconGiveUpMs + 1);
    await t.app.lottery.tick();
    const { rows } = await t.db.query<{ status: string }>('SELECT status FROM lottery_rounds WHERE id = $1', [bets[0]!.round_id]);
    expect(rows[0]!.status).toBe('voided');
    expect(await balancesOf(p)).toEqual({ main: 30_00, bonus: 200_00 });
    // Refunds are stakes handed back: the grant's wagering is back at 0.
    expect((await t.app.promotions.bonuses(p.playerId))[0]).toMatchObject({ status: 'active', wageredMinor: 0 });
    withhold = false;
  }, 180_000);
});

describe('what bonus money costs a batch of players without it', () => {
  /** The app's database with every transaction's statements recorded, one list per transaction. */
  function recording(db: Db, transactions: string[][]): Db {
    return Object.assign(Object.create(db) as Db, {
      transaction: <T>(fn: (tx: Queryable) => Promise<T>, options?: Parameters<Db['transaction']>[1]) =>
        db.transaction((tx) => {
          const statements: string[] = [];
          transactions.push(statements);
          return fn({ ...tx, query: (sql: string, params?: readonly unknown[]) => (statements.push(sql), tx.query(sql, params)) } as Queryable);
        }, options),
    });
  }
  /** The statements of the batch transaction that placed these players' bets (one batch: they are sent together). */
  async function batchStatements(players: readonly number[], period: string): Promise<number> {
    const transactions: string[][] = [];
    const node = createLotteryService({
      db: recording(t.db, transactions),
      clock,
      events: t.app.events,
      log: t.app.log,
      safety: t.app.safety,
      chainSecret: t.config.secrets.lotteryChain,
      beacon: switchable,
      settings: { ...t.app.lottery.settings, betBatchWindowMs: 150, betBatchMax: 500 },
      bonus: createBonusStakes({ clock }),
    });
    // Warm up the node's round lookup, so the batch below is the bets' only transaction.
    await node.placeBet(players[0]!, { room: '30s', period, selection: 'red', amountMinor: 100, quantity: 1, multiplier: 1, idempotencyKey: `stake-warm-${++seq}` });
    transactions.length = 0;
    await Promise.all(players.map((id) => node.placeBet(id, { room: '30s', period, selection: 'green', amountMinor: 100, quantity: 10, multiplier: 1, idempotencyKey: `stake-cost-${++seq}` })));
    const batches = transactions.filter((st) => st.some((sql) => sql.includes('INSERT INTO lottery_bets')));
    expect(batches).toHaveLength(1);
    return batches[0]!.length;
  }

  it('runs the statements it ran before (cash players), one more only when a player of the batch has bonus money', async () => {
    const period = await nextRound();
    const cash = await Promise.all(Array.from({ length: 20 }, () => newPlayer(100_00)));
    // The code before bonus stakes ran 6 statements for this batch (measured with this recorder).
    expect(await batchStatements(cash, period)).toBe(CASH_BATCH_STATEMENTS);
    const withGrant = await withBonus(0, 100_00);
    expect(await batchStatements([...cash, withGrant.playerId], period)).toBe(CASH_BATCH_STATEMENTS + 1);
    // Its one bet of the batch (the warm-up bet was another player's) is all bonus.
    expect((await betsOf(withGrant.playerId)).map((b) => b.bonus_stake_minor)).toEqual([10_00]);
    await drawAndSettle();
  });
});
