import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_CHANNELS_ENV, buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';

/**
 * USDT in production: the real channel (rpc) with its rate service, no sandbox chain and no
 * faucet route. The node is never reached here: creating an order needs only the rate.
 */
let t: TestApp;
let rates: Server;
let rate = '{"inrPerUsdt":"84.10"}';
beforeAll(async () => {
  rates = createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(rate));
  await new Promise<void>((resolve) => rates.listen(0, '127.0.0.1', resolve));
  const USDT_RATE_URL = `http://127.0.0.1:${(rates.address() as AddressInfo).port}/usdt-inr`;
  t = await buildTestApp({ env: { ...PRODUCTION_CHANNELS_ENV, USDT_RATE_URL } });
}, 30_000);
afterAll(async () => {
  await t.app.close();
  await new Promise<void>((resolve) => rates.close(() => resolve()));
});

describe('USDT in production', () => {
  it('has no faucet route and says the channel is on but the sandbox chain is not', async () => {
    const faucet = await t.app.inject({ method: 'POST', url: '/api/sandbox/usdt/faucet', payload: { orderId: 'usdt_abcdefgh' } });
    expect(faucet.statusCode).toBe(404);
    const config = (await t.app.inject({ method: 'GET', url: '/api/config' })).json().data;
    expect(config).toMatchObject({ usdt: true, sandbox: { usdtChain: false } });
    // The player routes exist (they need a session).
    const create = await t.app.inject({ method: 'POST', url: '/api/wallet/get-recharge-url-usdt', payload: { amountMinor: 500_00, idempotencyKey: 'anonymous-1' } });
    expect(create.statusCode).toBe(401);
  });

  it('locks the rate the rate service gives, and refuses an order when it gives none', async () => {
    // Orders belong to a real player (the safety controls and the ledger refer to players).
    const { rows } = await t.db.query<{ id: number }>(
      `INSERT INTO players (uid, phone, password_hash, nickname, age_confirmed_at) VALUES (70000001, '9800000001', 'x', 'usdt-prod', now()) RETURNING id`,
    );
    const playerId = Number(rows[0]!.id);
    const order = await t.app.usdt!.createOrder(playerId, { amountMinor: 841_00, idempotencyKey: 'prod-key-1' });
    expect(order).toMatchObject({ rate: '84.10', usdtAmount: '10', chainId: 56, network: 'BNB Smart Chain (BEP-20)', requiredConfirmations: 12 });
    expect(order.tokenAddress.toLowerCase()).toBe(PRODUCTION_CHANNELS_ENV.USDT_TOKEN_ADDRESS);
    rate = '{"error":"stale"}';
    await expect(t.app.usdt!.createOrder(playerId, { amountMinor: 841_00, idempotencyKey: 'prod-key-2' })).rejects.toMatchObject({ code: 'USDT_RATE_UNAVAILABLE' });
    // A retry of the first order needs no rate: the locked one stays.
    expect((await t.app.usdt!.createOrder(playerId, { amountMinor: 841_00, idempotencyKey: 'prod-key-1' })).id).toBe(order.id);
  });
});

describe('USDT_CHANNEL=off', () => {
  it('registers no USDT route, says so in the config, and cancel-deposit knows no usdt_ order', async () => {
    const off = await buildTestApp({ env: { USDT_CHANNEL: 'off' } });
    try {
      expect(off.app.usdt).toBeUndefined();
      for (const [method, url] of [
        ['POST', '/api/wallet/get-recharge-url-usdt'],
        ['GET', '/api/wallet/get-usdt-deposit-status-pooling?orderId=usdt_abcdefgh'],
        ['GET', '/api/wallet/get-usdt-deposits'],
        ['POST', '/api/sandbox/usdt/faucet'],
      ] as const) {
        expect((await off.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) })).statusCode, url).toBe(404);
      }
      const config = (await off.app.inject({ method: 'GET', url: '/api/config' })).json().data;
      expect(config).toMatchObject({ usdt: false, sandbox: { usdtChain: false } });
    } finally {
      await off.app.close();
    }
  });
});
