import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { wingoRounds } from '../../../test/helpers/wingo-rounds';
import { fakeClock } from '../../lib/clock';
import { HOUSE_ACCOUNTS, TRANSFER_KIND_CATEGORIES, TRANSFER_KINDS, accountCodes, checkInvariants, ensureAccount, postTransfer, type TransferKind } from '../ledger';
import { EVERY_SELECTION_CAN_LOSE } from '../lottery';
import { WAGERING_KINDS } from './rules';
import { deposit, newPlayer } from './test-fixtures';

/**
 * Decisions 190 and 192: what counts as money in and as play for the wagering lock. Every kind of deposit
 * (derived from the ledger's categories, so a new channel cannot be forgotten), and play as the
 * stake that could really be lost in a Wingo round (Big and Small together do not clear it).
 */

// 10:00 UTC is 15:30 IST: a round boundary of every room.
const START = Date.parse('2026-11-23T10:00:00.000Z');
const clock = fakeClock(new Date(START));
let t: TestApp;
let seq = 0;

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

const { nextRound, drawAndSettle, bet } = wingoRounds(() => t, clock, 'wager');

/** Money in of a given ledger kind, as its module posts it (house:deposits → main). */
async function moneyIn(playerId: number, kind: TransferKind, amountMinor: number): Promise<void> {
  const main = accountCodes.playerMain(playerId);
  await ensureAccount(t.db, { code: main, kind: 'player', owner: playerId });
  await ensureAccount(t.db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
  await postTransfer(t.db, {
    idempotencyKey: `wager-in:${kind}:${++seq}`,
    kind,
    entries: [
      { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -amountMinor },
      { accountCode: main, amountMinor },
    ],
  });
}

describe('every kind of deposit is locked until played', () => {
  // A kind named like a deposit must be filed as one: a new channel's `deposit_card` filed as
  // something else would skip the lock, exactly as `deposit_usdt` did before decision 190.
  it('files every deposit-like kind under the deposit category', () => {
    const depositLike = TRANSFER_KINDS.filter((k) => k.startsWith('deposit'));
    expect(depositLike.length).toBeGreaterThanOrEqual(2);
    for (const kind of depositLike) expect(TRANSFER_KIND_CATEGORIES[kind], kind).toBe('deposit');
    expect([...WAGERING_KINDS.deposits].sort()).toEqual(TRANSFER_KINDS.filter((k) => ['deposit', 'bonus'].includes(TRANSFER_KIND_CATEGORIES[k])).sort());
  });

  const moneyInKinds = TRANSFER_KINDS.filter((k) => ['deposit', 'bonus'].includes(TRANSFER_KIND_CATEGORIES[k]));
  it.each(moneyInKinds)('locks a %s credit until it is played through', async (kind) => {
    const playerId = await newPlayer(t.db, clock.now());
    await moneyIn(playerId, kind, 50_000);
    const info = await t.app.withdrawals.info(playerId);
    expect(info).toMatchObject({ balanceMinor: 50_000, withdrawableMinor: 0, wageringLockedMinor: 50_000, wagering: { remainingToPlayMinor: 50_000, lockReason: 'wagering' } });
  });
});

describe('play is what could be lost in a round (net exposure)', () => {
  it('Big and Small together in one round clear only what was really at risk', async () => {
    const playerId = await newPlayer(t.db, clock.now());
    await deposit(t.db, playerId, 50_000);
    const period = await nextRound();
    await bet(playerId, period, 'big', 250);
    await bet(playerId, period, 'small', 250);
    // ₹500 staked, ₹490 back whatever the digit (each side's ₹245 contract pays ×2): ₹10 at risk.
    let info = await t.app.withdrawals.info(playerId);
    expect(info).toMatchObject({ balanceMinor: 0, wagering: { remainingToPlayMinor: 49_000 } });
    await drawAndSettle();
    info = await t.app.withdrawals.info(playerId);
    expect(info).toMatchObject({ balanceMinor: 49_000, withdrawableMinor: 0, wageringLockedMinor: 49_000, wagering: { remainingToPlayMinor: 49_000, lockReason: 'wagering' } });
  });

  it('a genuine single-side stake counts in full, won or lost', async () => {
    const playerId = await newPlayer(t.db, clock.now());
    await deposit(t.db, playerId, 50_000);
    const period = await nextRound();
    await bet(playerId, period, 'big', 300);
    let info = await t.app.withdrawals.info(playerId);
    expect(info.wagering.remainingToPlayMinor).toBe(20_000);
    await drawAndSettle();
    const period2 = await nextRound();
    await bet(playerId, period2, 'small', 200);
    await drawAndSettle();
    info = await t.app.withdrawals.info(playerId);
    expect(info).toMatchObject({ wageringLockedMinor: 0, wagering: { remainingToPlayMinor: 0, lockReason: null } });
    expect(info.withdrawableMinor).toBe(info.balanceMinor);
  });

  it("counts each player's own round: one on Big and another on Small both played in full", async () => {
    const a = await newPlayer(t.db, clock.now());
    const b = await newPlayer(t.db, clock.now());
    await deposit(t.db, a, 50_000);
    await deposit(t.db, b, 50_000);
    const period = await nextRound();
    await bet(a, period, 'big', 500);
    await bet(b, period, 'small', 500);
    expect((await t.app.withdrawals.info(a)).wagering.remainingToPlayMinor).toBe(0);
    expect((await t.app.withdrawals.info(b)).wagering.remainingToPlayMinor).toBe(0);
    await drawAndSettle();
  });

  it('relies on every Wingo selection losing on some digit (a one-selection round hedges nothing)', () => {
    expect(EVERY_SELECTION_CAN_LOSE).toBe(true);
  });

  it('counts a partly covered round by its worst result (Red and Green: the 0 or the 5)', async () => {
    const playerId = await newPlayer(t.db, clock.now());
    await deposit(t.db, playerId, 50_000);
    const period = await nextRound();
    await bet(playerId, period, 'red', 100);
    await bet(playerId, period, 'green', 100);
    // On 0 Red pays ×1.5 on its ₹98 contract (₹147) and Green loses: ₹53 of ₹200 at risk.
    const info = await t.app.withdrawals.info(playerId);
    expect(info.wagering.remainingToPlayMinor).toBe(50_000 - 5_300);
    await drawAndSettle();
    expect((await t.app.withdrawals.info(playerId)).wagering.remainingToPlayMinor).toBe(50_000 - 5_300);
  });
});
