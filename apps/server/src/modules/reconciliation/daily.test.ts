import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import type { DevChain } from '../usdt-deposits';

/**
 * The daily reconciliation run against the sandbox's dev chain: a day where the chain and our USDT
 * records agree is recorded without an alert; a transfer planted on the chain to one of our deposit
 * addresses that the watcher no longer follows is found, recorded and alerted, once per day.
 */
// The dev chain's blocks carry the real time: the app's clock starts there too.
const clock = fakeClock(new Date());
const istDay = () => new Date(clock.now().getTime() + 5.5 * 3600_000).toISOString().slice(0, 10);
let t: TestApp;
let player: PlayerClient;
let chain: DevChain;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { USDT_CHANNEL: 'sandbox', USDT_DEV_CHAIN_BLOCK_MS: '0', USDT_CONFIRMATIONS: '1', USDT_INR_RATE: '83.00' } });
  player = new PlayerClient(t.app, '203.0.113.41', true);
  expect((await player.register('9844444441')).statusCode).toBe(200);
}, 60_000);
afterAll(async () => {
  await t.app.close();
});

const order = async () => {
  const res = await player.call('POST', '/api/wallet/get-recharge-url-usdt', { amountMinor: 500_00, idempotencyKey: `daily-key-${++seq}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; depositAddress: string; usdtAmountBaseUnits: string };
};
const faucet = async (orderId: string, amountBaseUnits?: string) => {
  const res = await player.call('POST', '/api/sandbox/usdt/faucet', { orderId, ...(amountBaseUnits ? { amountBaseUnits } : {}) });
  expect(res.statusCode, res.body).toBe(200);
};
const runs = async () => (await t.db.query<{ day: string; differences: number; result: { usdt: { differences: { orderId: string }[] } | null } }>(
  `SELECT to_char(day, 'YYYY-MM-DD') AS day, differences, result FROM recon_runs ORDER BY day`,
)).rows;
const alerts = async () =>
  (await t.db.query<{ target: string; details: { differences: number; usdt: { orderId: string; chainBaseUnits: string; recordedBaseUnits: string }[] } }>(
    `SELECT target, details FROM operator_alerts WHERE kind = 'reconciliation_difference' ORDER BY id`,
  )).rows;

describe('daily reconciliation run', () => {
  it('records a day without differences, then finds a transfer planted on the chain and alerts once', async () => {
    // The dev chain starts on first use; the watcher's first pass places its cursor.
    const first = await order();
    await faucet(first.id, '1');
    chain = (await t.app.usdt!.devChain())!;
    await t.app.usdt!.watch();
    // A paid and credited order: the chain and our records agree.
    const paid = await order();
    await faucet(paid.id);
    await chain.rpc('evm_mine', []);
    await t.app.usdt!.watch();
    await t.app.usdt!.watch();
    const credited = (await t.db.query<{ status: string }>('SELECT status FROM usdt_orders WHERE id = $1', [paid.id])).rows[0]!;
    expect(credited.status).toBe('succeeded');

    const firstDay = istDay();
    await t.app.jobs.runOnce('reconciliation.daily');
    expect(await runs()).toMatchObject([{ day: firstDay, differences: 0 }]);
    expect(await alerts()).toEqual([]);

    // An order cancelled long ago: the watcher no longer follows its address. Money sent there
    // now reaches the chain and never our records: the next day's run must find it.
    const old = await order();
    expect((await player.call('POST', '/api/wallet/cancel-deposit', { orderId: old.id })).statusCode).toBe(200);
    clock.advance(8 * 24 * 3600_000);
    await faucet(old.id, '1234');
    await chain.rpc('evm_mine', []);
    await t.app.usdt!.watch();
    const recordedThere = (await t.db.query('SELECT 1 FROM usdt_transfers WHERE order_id = $1', [old.id])).rows;
    expect(recordedThere).toEqual([]);

    const secondDay = istDay();
    await t.app.jobs.runOnce('reconciliation.daily');
    const [, second] = await runs();
    expect(second).toMatchObject({ day: secondDay, differences: 1 });
    expect(second!.result.usdt!.differences).toMatchObject([{ orderId: old.id }]);
    expect(await alerts()).toMatchObject([
      { target: `recon_run:${secondDay}`, details: { differences: 1, usdt: [{ orderId: old.id, chainBaseUnits: '1234', recordedBaseUnits: '0' }] } },
    ]);
    // The console's alerts list shows it; a second run the same day records and alerts nothing more.
    await t.app.jobs.runOnce('reconciliation.daily');
    expect(await runs()).toHaveLength(2);
    expect(await alerts()).toHaveLength(1);
    expect(await checkInvariants(t.db)).toEqual([]);
  });
});
