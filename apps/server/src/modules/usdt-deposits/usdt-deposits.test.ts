import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import type { DevChain, UsdtDepositsService } from './index';

/**
 * USDT recharge against a real local chain: the sandbox dev chain (ganache, in-process, on a free
 * port of 127.0.0.1) that this file's app starts on first use and stops on close. Blocks are
 * mined by hand (one per transaction, plus evm_mine), so confirmations are counted exactly.
 */

const REQUIRED = 3;
const clock = fakeClock(new Date());
let t: TestApp;
let usdt: UsdtDepositsService;
let chain: DevChain;
let player: PlayerClient;
let other: PlayerClient;
let keySeq = 0;
const key = () => `usdt-key-${++keySeq}`;

beforeAll(async () => {
  t = await buildTestApp({
    clock,
    env: { USDT_CHANNEL: 'sandbox', USDT_DEV_CHAIN_BLOCK_MS: '0', USDT_CONFIRMATIONS: String(REQUIRED), USDT_INR_RATE: '83.25' },
  });
  usdt = t.app.usdt!;
  player = new PlayerClient(t.app, '203.0.113.31', true);
  other = new PlayerClient(t.app, '203.0.113.32', true);
  expect((await player.register('9833333331')).statusCode).toBe(200);
  expect((await other.register('9833333332')).statusCode).toBe(200);
}, 60_000);
afterEach(async () => {
  // The ledger's invariants hold after every money scenario.
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

const balance = async (c = player) => (await c.call('GET', '/api/wallet/balance')).json().data.balanceMinor as number;
const order = async (amountMinor = 500_00, c = player) => {
  const res = await c.call('POST', '/api/wallet/get-recharge-url-usdt', { amountMinor, idempotencyKey: key() });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const status = async (id: string, c = player) => {
  const res = await c.call('GET', `/api/wallet/get-usdt-deposit-status-pooling?orderId=${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};
const mine = async (blocks: number) => {
  for (let i = 0; i < blocks; i++) await chain.rpc('evm_mine', []);
};
const devChain = async () => {
  // The faucet of the first order starts the chain; the tests then drive it directly.
  const first = await order(100_00);
  const res = await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: first.id, amountBaseUnits: '1' });
  expect(res.statusCode, res.body).toBe(200);
  return first;
};
const creditsOf = async (orderId: string) =>
  (await t.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ledger_transfers WHERE reference = $1`, [orderId])).rows[0]!.n;

describe('USDT orders', () => {
  it('locks the rate, derives an address per order and answers the same order to a retry', async () => {
    const res1 = await player.call('POST', '/api/wallet/get-recharge-url-usdt', { amountMinor: 500_00, idempotencyKey: 'same-key-1' });
    const res2 = await player.call('POST', '/api/wallet/get-recharge-url-usdt', { amountMinor: 500_00, idempotencyKey: 'same-key-1' });
    expect(res1.statusCode, res1.body).toBe(200);
    const a = res1.json().data;
    expect(res2.json().data.id).toBe(a.id);
    expect(res2.json().data.depositAddress).toBe(a.depositAddress);
    // ₹500 at ₹83.25 per USDT is 6.006006... USDT: asked as 6.01, rounded UP to two decimals
    // (what a wallet can send), kept in 18-decimal base units.
    expect(a).toMatchObject({
      status: 'waiting',
      amountMinor: 500_00,
      rate: '83.25',
      rateMinorPerToken: 8325,
      usdtAmount: '6.01',
      usdtAmountBaseUnits: '6010000000000000000',
      tokenSymbol: 'USDT',
      tokenDecimals: 18,
      chainId: 1337,
      network: 'Colorplay dev chain (sandbox)',
      confirmations: 0,
      requiredConfirmations: REQUIRED,
      underpaid: false,
      overpaid: false,
    });
    expect(a.depositAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    const b = await order(500_00);
    expect(b.depositAddress).not.toBe(a.depositAddress);
    const conflict = await player.call('POST', '/api/wallet/get-recharge-url-usdt', { amountMinor: 600_00, idempotencyKey: 'same-key-1' });
    expect(conflict.json().error.code).toBe('IDEMPOTENCY_CONFLICT');
    // Another player cannot read the order.
    const foreign = await other.call('GET', `/api/wallet/get-usdt-deposit-status-pooling?orderId=${a.id}`);
    expect(foreign.json().error.code).toBe('DEPOSIT_NOT_FOUND');
  });

  it('refuses bad input on every route and changes nothing', async () => {
    const ordersBefore = async () => (await t.db.query('SELECT count(*)::int AS n FROM usdt_orders')).rows[0];
    const before = await ordersBefore();
    const cases: Array<[string, string, unknown, string]> = [
      ['POST', '/api/wallet/get-recharge-url-usdt', { amountMinor: 1.5, idempotencyKey: key() }, 'VALIDATION_FAILED'],
      ['POST', '/api/wallet/get-recharge-url-usdt', { amountMinor: 500_00 }, 'VALIDATION_FAILED'],
      ['POST', '/api/wallet/get-recharge-url-usdt', { amountMinor: 500_00, idempotencyKey: key(), extra: 1 }, 'VALIDATION_FAILED'],
      ['POST', '/api/wallet/get-recharge-url-usdt', { amountMinor: 1, idempotencyKey: key() }, 'AMOUNT_OUT_OF_RANGE'],
      ['GET', '/api/wallet/get-usdt-deposit-status-pooling?orderId=dep_abcdefg', undefined, 'VALIDATION_FAILED'],
      ['GET', '/api/wallet/get-usdt-deposit-status-pooling', undefined, 'VALIDATION_FAILED'],
      ['GET', '/api/wallet/get-usdt-deposit-status-pooling?orderId=usdt_nosuchorder', undefined, 'DEPOSIT_NOT_FOUND'],
      ['GET', '/api/wallet/get-usdt-deposits?limit=0', undefined, 'VALIDATION_FAILED'],
      ['POST', '/api/wallet/cancel-deposit', { orderId: 'usdt_' }, 'VALIDATION_FAILED'],
      ['POST', '/api/wallet/cancel-deposit', { orderId: 'usdt_nosuchorder' }, 'DEPOSIT_NOT_FOUND'],
      ['POST', '/api/sandbox/usdt/faucet', { orderId: 'usdt_nosuchorder' }, 'DEPOSIT_NOT_FOUND'],
      ['POST', '/api/sandbox/usdt/faucet', { orderId: 'usdt_nosuchorder', amountBaseUnits: '-5' }, 'VALIDATION_FAILED'],
      ['POST', '/api/sandbox/usdt/faucet', { orderId: 'usdt_nosuchorder', amountBaseUnits: 5 }, 'VALIDATION_FAILED'],
    ];
    for (const [method, url, body, code] of cases) {
      const res = await player.call(method as 'GET' | 'POST', url, body);
      expect(res.json().error?.code, `${method} ${url} ${JSON.stringify(body)}`).toBe(code);
    }
    const tooMuch = await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: (await order(100_00)).id, amountBaseUnits: `1${'0'.repeat(25)}` });
    expect(tooMuch.json().error).toMatchObject({ code: 'VALIDATION_FAILED', issues: [{ path: 'amountBaseUnits' }] });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/wallet/get-recharge-url-usdt', payload: { amountMinor: 500_00, idempotencyKey: key() } });
    expect(anonymous.statusCode).toBe(401);
    // One order: the one the too-large faucet call was made for.
    expect(await ordersBefore()).toEqual({ n: (before as { n: number }).n + 1 });
  });

  it('shows the channel as on in the deposit info and the runtime config', async () => {
    const info = (await player.call('GET', '/api/wallet/get-deposit-info')).json().data;
    expect(info.channels.find((c: { channel: string }) => c.channel === 'usdt')).toMatchObject({ enabled: true, minMinor: 100_00 });
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data;
    expect(config).toMatchObject({ usdt: true, sandbox: { usdtChain: true } });
  });
});

describe('USDT on a real local chain', () => {
  beforeAll(async () => {
    await devChain();
    // The dev chain the app started, driven directly: mining, snapshots, another token.
    chain = (await usdt.devChain())!;
    await usdt.watch();
  }, 60_000);

  it('credits once after N confirmations, at the locked rate, and the history shows it', async () => {
    const o = await order(500_00);
    const before = await balance();
    const sent = await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: o.id });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.amountBaseUnits).toBe(o.usdtAmountBaseUnits);

    await usdt.watch();
    expect(await status(o.id)).toMatchObject({ status: 'seen', confirmations: 1, txHash: sent.json().data.txHash });
    await mine(REQUIRED - 2);
    await usdt.watch();
    expect(await status(o.id)).toMatchObject({ status: 'seen', confirmations: REQUIRED - 1 });
    expect(await balance()).toBe(before);

    await mine(1);
    await usdt.watch();
    const done = await status(o.id);
    expect(done).toMatchObject({ status: 'succeeded', creditedMinor: 500_00, receivedBaseUnits: o.usdtAmountBaseUnits, underpaid: false, overpaid: false });
    expect(await balance()).toBe(before + 500_00);

    // More passes and more blocks change nothing.
    await mine(3);
    await usdt.watch();
    await usdt.watch();
    expect(await balance()).toBe(before + 500_00);
    expect(await creditsOf(o.id)).toBe(1);

    const history = (await player.call('GET', '/api/wallet/get-usdt-deposits?status=succeeded')).json().data;
    expect(history.items.map((i: { id: string }) => i.id)).toContain(o.id);
    // The inbox hears of it like any recharge (DepositSucceeded, after commit).
    await t.app.events.dispatch();
    const inbox = (await player.call('GET', '/api/notifications')).json().data.items as Array<{ message: { key: string; params: { orderId?: string } } }>;
    expect(inbox.some((n) => n.message.key === 'depositSucceeded' && n.message.params.orderId === o.id)).toBe(true);
  });

  it('credits once when the watcher restarts between confirmations (cursor in the database)', async () => {
    const o = await order(200_00);
    const before = await balance();
    await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: o.id });
    await usdt.watch();
    // A new watcher (another node, or this one restarted): same database, same chain.
    const { createUsdtDepositsService, createUsdtChainAccess, rateSourceOf } = await import('./index');
    const reader = { ...t.config.usdt!, kind: 'rpc' as const, rpcUrl: chain.rpcUrl, tokenAddress: chain.tokenAddress };
    const deps = (config: typeof reader) => ({
      db: t.db,
      clock,
      config,
      chain: createUsdtChainAccess(config),
      rates: rateSourceOf(config.rate),
      events: t.app.events,
      log: t.app.log,
      currency: 'INR',
      safety: t.app.safety,
    });
    const second = createUsdtDepositsService(deps(reader));
    const cursorBefore = (await t.db.query<{ block_number: number }>('SELECT block_number FROM usdt_watch_cursor')).rows[0]!.block_number;
    await mine(1);
    const report = await second.watch();
    // It went on from the cursor: the blocks already scanned were not scanned again.
    expect(report.fromBlock).toBe(cursorBefore + 1);
    await mine(REQUIRED);
    await second.watch();
    await usdt.watch();
    await second.watch();
    expect(await status(o.id)).toMatchObject({ status: 'succeeded', creditedMinor: 200_00 });
    expect(await balance()).toBe(before + 200_00);
    expect(await creditsOf(o.id)).toBe(1);

    // After a long outage a pass scans at most 50 ranges and the next one goes on from there.
    const small = { ...reader, blockBatch: 1 };
    const catchingUp = createUsdtDepositsService({ ...deps(small), chain: createUsdtChainAccess(small) });
    await mine(60);
    const first = await catchingUp.watch();
    expect(first.toBlock - first.fromBlock + 1).toBe(50);
    expect((await catchingUp.watch()).fromBlock).toBe(first.toBlock + 1);
  });

  it('credits nothing for a transfer that a reorganisation drops', async () => {
    const o = await order(300_00);
    const before = await balance();
    const snapshot = await chain.rpc<string>('evm_snapshot', []);
    await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: o.id });
    await mine(1);
    await usdt.watch();
    expect(await status(o.id)).toMatchObject({ status: 'seen', confirmations: 2 });
    // The chain forgets the transfer's block and grows past the confirmation depth without it.
    expect(await chain.rpc<boolean>('evm_revert', [snapshot])).toBe(true);
    await mine(REQUIRED + 2);
    await usdt.watch();
    await usdt.watch();
    expect(await status(o.id)).toMatchObject({ status: 'waiting', creditedMinor: null, txHash: null });
    expect(await balance()).toBe(before);
    expect(await creditsOf(o.id)).toBe(0);
    const dropped = await t.db.query<{ status: string }>('SELECT status FROM usdt_transfers WHERE order_id = $1', [o.id]);
    expect(dropped.rows.map((r) => r.status)).toEqual(['dropped']);
  });

  it('ignores transfers of another token to the deposit address', async () => {
    const o = await order(150_00);
    const fake = await chain.deployToken('Fake USD', 'USDT');
    await chain.send(o.depositAddress, BigInt(o.usdtAmountBaseUnits), fake);
    expect(await chain.balanceOf(o.depositAddress, fake)).toBe(BigInt(o.usdtAmountBaseUnits));
    await mine(REQUIRED + 1);
    await usdt.watch();
    expect(await status(o.id)).toMatchObject({ status: 'waiting', txHash: null });
    expect(await creditsOf(o.id)).toBe(0);
  });

  it('credits what arrived on an underpayment and flags it; an overpayment up to the order (+1 %), the rest to review', async () => {
    const under = await order(1_000_00);
    const over = await order(100_00);
    const before = await balance();
    const half = BigInt(under.usdtAmountBaseUnits) / 2n;
    await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: under.id, amountBaseUnits: half.toString() });
    await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: over.id, amountBaseUnits: (BigInt(over.usdtAmountBaseUnits) * 2n).toString() });
    await mine(REQUIRED);
    await usdt.watch();
    const u = await status(under.id);
    // floor(half * 8325 / 10^18) paise: what arrived at the locked rate, rounded down.
    const expectedUnder = Number((half * 8325n) / 10n ** 18n);
    expect(u).toMatchObject({ status: 'succeeded', underpaid: true, overpaid: false, creditedMinor: expectedUnder, receivedBaseUnits: half.toString() });
    const v = await status(over.id);
    // Twice the ₹100 order arrived: worth the order's ₹100 plus the excess (1.21 USDT at ₹83.25,
    // rounded down); ₹101 is credited (the 1 % tolerance), the rest waits for an operator.
    const worth = 100_00 + Number((BigInt(over.usdtAmountBaseUnits) * 8325n) / 10n ** 18n);
    expect(worth).toBe(200_73);
    expect(v).toMatchObject({ status: 'succeeded', underpaid: false, overpaid: true, creditedMinor: 101_00, reviewReason: 'overpaid' });
    expect(await balance()).toBe(before + expectedUnder + 101_00);
    expect((await usdt.listForReview()).find((i) => i.orderId === over.id)).toMatchObject({ reviewReason: 'overpaid', creditMinor: worth - 101_00 });
  });

  it('sends a second payment to the same address to review, not to the wallet', async () => {
    const o = await order(100_00);
    await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: o.id });
    await mine(REQUIRED);
    await usdt.watch();
    const before = await balance();
    await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: o.id });
    await mine(REQUIRED);
    await usdt.watch();
    expect(await status(o.id)).toMatchObject({ status: 'succeeded', creditedMinor: 100_00, reviewReason: 'second_payment' });
    expect(await balance()).toBe(before);
    const rows = await t.db.query<{ status: string }>('SELECT status FROM usdt_transfers WHERE order_id = $1 ORDER BY block_number', [o.id]);
    expect(rows.rows.map((r) => r.status)).toEqual(['credited', 'review']);
  });

  it('sends a payment mined after the expiry to review', async () => {
    const o = await order(100_00);
    // Both clocks pass the deadline: the app's (the expiry sweep) and the chain's (the block time).
    clock.advance(31 * 60_000);
    await chain.rpc('evm_increaseTime', [31 * 60]);
    expect(await usdt.expireDue()).toBeGreaterThanOrEqual(1);
    expect((await status(o.id)).status).toBe('expired');
    const before = await balance();
    await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: o.id });
    await mine(REQUIRED);
    await usdt.watch();
    expect(await status(o.id)).toMatchObject({ status: 'review', reviewReason: 'late_payment', creditedMinor: null, receivedBaseUnits: o.usdtAmountBaseUnits });
    expect(await balance()).toBe(before);
    expect(await creditsOf(o.id)).toBe(0);
  });

  it('cancels before payment; a payment after the cancel goes to review', async () => {
    const o = await order(100_00);
    const cancelled = await player.call('POST', '/api/wallet/cancel-deposit', { orderId: o.id });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ id: o.id, channel: 'usdt', status: 'cancelled' });
    // Cancelling again is the same answer; another player cannot cancel it.
    expect((await player.call('POST', '/api/wallet/cancel-deposit', { orderId: o.id })).json().data.status).toBe('cancelled');
    expect((await other.call('POST', '/api/wallet/cancel-deposit', { orderId: o.id })).json().error.code).toBe('DEPOSIT_NOT_FOUND');
    const before = await balance();
    await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: o.id });
    await mine(REQUIRED);
    await usdt.watch();
    expect(await status(o.id)).toMatchObject({ status: 'review', reviewReason: 'paid_after_cancel' });
    expect(await balance()).toBe(before);
  });

  it('refuses to cancel once a transfer is seen', async () => {
    const o = await order(100_00);
    await player.call('POST', '/api/sandbox/usdt/faucet', { orderId: o.id });
    // The app's leader job runs the same watcher (here by hand: intervals are off in tests).
    await t.app.jobs.runOnce('usdt.watch');
    const res = await player.call('POST', '/api/wallet/cancel-deposit', { orderId: o.id });
    expect(res.json().error.code).toBe('DEPOSIT_STATE_CONFLICT');
    await mine(REQUIRED);
    await t.app.jobs.runOnce('usdt.watch');
    expect((await status(o.id)).status).toBe('succeeded');
  });
});
