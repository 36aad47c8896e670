import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { launch, launchableGame } from '../../../test/helpers/games';
import { fund, playerIdOf } from '../../../test/helpers/players';
import { PROMOTION_TERMS_VERSION } from '@colorplay/contract';
import { accountCodes, checkInvariants, getAccount, getBalance, withTransaction } from '../ledger';
import { signVendorCall } from './signature';

const SECRET = 'test-demo-vendor-secret-0123456789abcdef';
const clock = fakeClock(new Date('2026-07-02T10:00:00Z'));
let t: TestApp;
let player: PlayerClient;
let playerId: number;
let session: string;
let seq = 0;
const txId = () => `tx-${++seq}-${Date.now()}`;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  player = new PlayerClient(t.app, '203.0.113.41');
  expect((await player.register('9855555555')).statusCode).toBe(200);
  playerId = await playerIdOf(t.db, '9855555555');
  await fund(t.db, playerId, 1000_00);
  const launched = await launch(t.app, player, launchableGame('JILI').gameUid);
  expect(launched.opened.statusCode).toBe(302);
  session = launched.sessionToken;
});
afterEach(async () => {
  // Every scenario leaves the ledger balanced and no player below zero.
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

function call(name: string, body: object, opts: { secret?: string; at?: Date; raw?: string; signature?: string | null } = {}) {
  const raw = opts.raw ?? JSON.stringify(body);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (opts.signature !== null) headers['x-colorplay-signature'] = opts.signature ?? signVendorCall(opts.secret ?? SECRET, raw, opts.at ?? clock.now());
  return t.app.inject({ method: 'POST', url: `/api/vendor-wallet/demo/${name}`, headers, payload: raw });
}
const mainBalance = async (id = playerId) => (await getAccount(t.db, accountCodes.playerMain(id)))?.balanceMinor ?? 0;
const debit = (id: string, amountMinor: number, s = session) => call('debit', { sessionToken: s, txId: id, roundId: `r-${id}`, amountMinor });

describe('signature', () => {
  it('answers the session and balance to a signed call', async () => {
    const res = await call('session', { sessionToken: session });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ gameUid: launchableGame('JILI').gameUid, vendorCode: 'JILI', balanceMinor: 1000_00, active: true });
    expect((await call('balance', { sessionToken: session })).json().data.balanceMinor).toBe(1000_00);
  });

  it('refuses a missing, wrong or tampered signature, and changes nothing', async () => {
    const before = await mainBalance();
    expect((await call('debit', { sessionToken: session, txId: txId(), roundId: 'r', amountMinor: 100 }, { signature: null })).statusCode).toBe(401);
    const wrong = await call('debit', { sessionToken: session, txId: txId(), roundId: 'r', amountMinor: 100 }, { secret: 'another-secret-0123456789abcdef0123456' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('VENDOR_SIGNATURE_INVALID');
    const body = JSON.stringify({ sessionToken: session, txId: txId(), roundId: 'r', amountMinor: 100 });
    const signature = signVendorCall(SECRET, body, clock.now());
    const tampered = await call('debit', {}, { raw: body.replace('"amountMinor":100', '"amountMinor":1'), signature });
    expect(tampered.statusCode).toBe(401);
    expect(await mainBalance()).toBe(before);
  });

  it('keeps a 300 s replay window', async () => {
    const stale = new Date(clock.now().getTime() - 301_000);
    expect((await call('balance', { sessionToken: session }, { at: stale })).statusCode).toBe(401);
    const future = new Date(clock.now().getTime() + 301_000);
    expect((await call('balance', { sessionToken: session }, { at: future })).statusCode).toBe(401);
    const inside = new Date(clock.now().getTime() - 299_000);
    expect((await call('balance', { sessionToken: session }, { at: inside })).statusCode).toBe(200);
  });

  it('validates the body after the signature', async () => {
    const res = await call('debit', { sessionToken: session, txId: 'x', roundId: 'r', amountMinor: -5 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect((await call('balance', { sessionToken: 'n'.repeat(30) })).statusCode).toBe(404);
  });
});

describe('money calls', () => {
  it('a debit is one ledger transfer to vendor:JILI; a duplicate answers the same and moves nothing', async () => {
    const before = await mainBalance();
    const id = txId();
    const first = await debit(id, 250);
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ txId: id, status: 'ok', balanceMinor: before - 250 });
    const again = await debit(id, 250);
    expect(again.json().data).toEqual(first.json().data);
    expect(await mainBalance()).toBe(before - 250);
    const house = await getAccount(t.db, accountCodes.vendor('JILI'));
    expect(house!.balanceMinor).toBeGreaterThanOrEqual(250);
  });

  it('a reused id with another body is a conflict', async () => {
    const id = txId();
    expect((await debit(id, 100)).statusCode).toBe(200);
    const before = await mainBalance();
    const conflict = await debit(id, 101);
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().error.code).toBe('IDEMPOTENCY_CONFLICT');
    const asCredit = await call('credit', { sessionToken: session, txId: id, roundId: `r-${id}`, amountMinor: 100 });
    expect(asCredit.statusCode).toBe(409);
    expect(await mainBalance()).toBe(before);
  });

  it('insufficient funds answers with the balance and moves nothing', async () => {
    const before = await mainBalance();
    const res = await debit(txId(), before + 1);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'insufficient_funds', balanceMinor: before, transferId: null });
    expect(await mainBalance()).toBe(before);
  });

  it('never takes bonus money: the vendor sees main only, a debit past it is refused (decision 532)', async () => {
    await t.app.promotions.setConsent(playerId, true);
    const g = await withTransaction(t.db, (tx) =>
      t.app.promotions.grant(tx, { playerId, source: 'gift_code', sourceRef: 'VENDOR', amountMinor: 500_00, wageringMultiple: 1, validDays: 7, termsVersion: PROMOTION_TERMS_VERSION }),
    );
    const before = await mainBalance();
    expect((await call('balance', { sessionToken: session })).json().data.balanceMinor).toBe(before);
    const res = await debit(txId(), before + 1);
    expect(res.json().data).toMatchObject({ status: 'insufficient_funds', balanceMinor: before, transferId: null });
    expect(await getBalance(t.db, accountCodes.playerBonus(playerId, g.id))).toBe(500_00);
    // Ended here so that the other tests' player has no bonus.
    await withTransaction(t.db, (tx) => t.app.promotions.settleForWithdrawal(tx, playerId, true));
  });

  it('a credit for a debited round pays the player; zero is a no-op answer', async () => {
    const bet = txId();
    await debit(bet, 100);
    const before = await mainBalance();
    const res = await call('credit', { sessionToken: session, txId: txId(), roundId: `r-${bet}`, amountMinor: 500 });
    expect(res.json().data).toMatchObject({ status: 'ok', balanceMinor: before + 500 });
    const zero = await call('credit', { sessionToken: session, txId: txId(), roundId: `r-${bet}`, amountMinor: 0 });
    expect(zero.json().data).toMatchObject({ status: 'ok', balanceMinor: before + 500, transferId: null });
  });

  it('a rollback gives a debit back once', async () => {
    const before = await mainBalance();
    const id = txId();
    await debit(id, 300);
    expect(await mainBalance()).toBe(before - 300);
    const rb = await call('rollback', { sessionToken: session, txId: txId(), refTxId: id });
    expect(rb.json().data).toMatchObject({ status: 'ok', balanceMinor: before });
    const second = await call('rollback', { sessionToken: session, txId: txId(), refTxId: id });
    expect(second.json().data).toMatchObject({ status: 'ok', balanceMinor: before, transferId: null });
    expect(await mainBalance()).toBe(before);
  });

  it('a rollback of an unknown debit is recorded, and the late debit is refused', async () => {
    const before = await mainBalance();
    const lost = txId();
    const rb = await call('rollback', { sessionToken: session, txId: txId(), refTxId: lost });
    expect(rb.json().data).toMatchObject({ status: 'ok', balanceMinor: before, transferId: null });
    const late = await debit(lost, 400);
    expect(late.statusCode).toBe(200);
    expect(late.json().data).toMatchObject({ status: 'refused', balanceMinor: before });
    expect(await mainBalance()).toBe(before);
  });

  it('after logout: a debit is refused, a late credit and a rollback still succeed', async () => {
    const id = txId();
    const other = txId();
    expect((await debit(id, 200)).json().data.status).toBe('ok');
    expect((await debit(other, 200)).json().data.status).toBe('ok');
    const before = await mainBalance();
    expect((await player.call('POST', '/api/logout')).statusCode).toBeLessThan(300);
    const refused = await debit(txId(), 100);
    expect(refused.json().data).toMatchObject({ status: 'refused', balanceMinor: before });
    const credit = await call('credit', { sessionToken: session, txId: txId(), roundId: `r-${id}`, amountMinor: 700 });
    expect(credit.json().data).toMatchObject({ status: 'ok', balanceMinor: before + 700 });
    const rb = await call('rollback', { sessionToken: session, txId: txId(), refTxId: other });
    expect(rb.json().data).toMatchObject({ status: 'ok', balanceMinor: before + 900 });
    expect((await call('session', { sessionToken: session })).json().data.active).toBe(false);
  });
});

describe('transfer mode (MG_Fish)', () => {
  it('launch moves the main balance into the vendor purse; play uses it; transfer-to-main sweeps it back', async () => {
    const c = new PlayerClient(t.app, '203.0.113.42');
    expect((await c.register('9866666666')).statusCode).toBe(200);
    const id = await playerIdOf(t.db, '9866666666');
    await fund(t.db, id, 300_00);
    const { opened, sessionToken } = await launch(t.app, c, launchableGame('MG_Fish').gameUid);
    expect(opened.statusCode).toBe(302);
    expect(await mainBalance(id)).toBe(0);
    const purse = accountCodes.playerAtVendor(id, 'MG_Fish');
    expect((await getAccount(t.db, purse))!.balanceMinor).toBe(300_00);
    const betId = txId();
    const bet = await debit(betId, 100_00, sessionToken);
    expect(bet.json().data).toMatchObject({ status: 'ok', balanceMinor: 200_00 });
    const win = await call('credit', { sessionToken, txId: txId(), roundId: `r-${betId}`, amountMinor: 50_00 });
    expect(win.json().data.balanceMinor).toBe(250_00);
    const wallet = (await c.call('GET', '/api/wallet/get')).json().data;
    expect(wallet.vendors).toEqual([{ vendorCode: 'MG_Fish', balanceMinor: 250_00 }]);
    const swept = await c.call('POST', '/api/wallet/transfer-to-main-wallet', { idempotencyKey: 'sweep-fish-0001' });
    expect(swept.json().data.movedMinor).toBe(250_00);
    expect(await mainBalance(id)).toBe(250_00);
  });

  it('the ticket tells the Tips dialog the vendor and the bounds; a chosen amount moves exactly, the rest stays in main (issue 22)', async () => {
    const c = new PlayerClient(t.app, '203.0.113.43');
    expect((await c.register('9866666667')).statusCode).toBe(200);
    const id = await playerIdOf(t.db, '9866666667');
    await fund(t.db, id, 500_00);
    const gameUid = launchableGame('MG_Fish').gameUid;
    const minted = await c.call('POST', '/api/games/launch-ticket', { gameId: gameUid });
    expect(minted.json().data.transfer).toEqual({ vendorCode: 'MG_Fish', vendorTitle: 'MG Fish', mainMinor: 500_00, minMinor: 100 });
    const open = (amount: string, ticket = minted.json().data.ticket as string) =>
      t.app.inject({ method: 'GET', url: `/api/games/open-game-url?token=${encodeURIComponent(ticket)}&game_id=${gameUid}&amount_minor=${amount}` });
    const opened = await open('12000');
    expect(opened.statusCode).toBe(302);
    expect(await mainBalance(id)).toBe(380_00);
    expect((await getAccount(t.db, accountCodes.playerAtVendor(id, 'MG_Fish')))!.balanceMinor).toBe(120_00);
    // The same ticket again moves nothing more (it is used up).
    expect((await open('12000')).statusCode).toBe(401);
    expect(await mainBalance(id)).toBe(380_00);
  });

  it('refuses an amount above the main balance or not a positive whole number, and moves nothing', async () => {
    const c = new PlayerClient(t.app, '203.0.113.44');
    expect((await c.register('9866666668')).statusCode).toBe(200);
    const id = await playerIdOf(t.db, '9866666668');
    await fund(t.db, id, 50_00);
    const gameUid = launchableGame('MG_Fish').gameUid;
    const openWith = async (amount: string) => {
      const ticket = (await c.call('POST', '/api/games/launch-ticket', { gameId: gameUid })).json().data.ticket as string;
      return t.app.inject({ method: 'GET', url: `/api/games/open-game-url?token=${encodeURIComponent(ticket)}&game_id=${gameUid}&amount_minor=${encodeURIComponent(amount)}` });
    };
    const over = await openWith('5001');
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('LAUNCH_AMOUNT_OVER_BALANCE');
    // Strict digits (decision 402): hex, exponent, padded and leading-zero forms were coerced before,
    // and the ₹1 minimum holds on the server (`0x10` moved 16 paise).
    for (const bad of ['0', '-5', '12.5', 'all', '0x10', '1e3', ' 100', '100 ', '0100', '+100', '99', '16']) {
      const res = await openWith(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.code).toBe('LAUNCH_AMOUNT_INVALID');
    }
    expect(await mainBalance(id)).toBe(50_00);
    expect(await getAccount(t.db, accountCodes.playerAtVendor(id, 'MG_Fish'))).toBeNull();
    // Exactly the balance is allowed.
    expect((await openWith('5000')).statusCode).toBe(302);
    expect(await mainBalance(id)).toBe(0);
  });

  it('a seamless vendor\'s ticket carries no transfer', async () => {
    const c = new PlayerClient(t.app, '203.0.113.45');
    expect((await c.register('9866666669')).statusCode).toBe(200);
    const minted = await c.call('POST', '/api/games/launch-ticket', { gameId: launchableGame('JILI').gameUid });
    expect(minted.json().data.transfer).toBeUndefined();
  });
});
