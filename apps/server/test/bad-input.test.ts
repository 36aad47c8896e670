import type net from 'node:net';
import { ERROR_STATUS } from '@colorplay/contract';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhook } from '../src/modules/payments';
import { buildTestApp, type TestApp } from './helpers/build-test-app';
import { PlayerClient } from './helpers/player-client';
import { rawHttp } from './helpers/raw-http';

// Decision 052: input that used to end in a 500 or in an answer outside the API shape.

const TOKEN_SECRET = 'test-token-secret-0123456789abcdef0123';
const WEBHOOK_SECRET = 'test-webhook-secret-0123456789abcdef01';

let t: TestApp;
let cors: TestApp;
let player: PlayerClient;
let port: number;
beforeAll(async () => {
  t = await buildTestApp();
  cors = await buildTestApp({ env: { CORS_ORIGINS: 'https://app.example' } });
  player = new PlayerClient(t.app);
  expect((await player.register('9811111111')).statusCode).toBe(200);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
}, 180_000);
afterAll(async () => {
  await Promise.all([t.app.close(), cors.app.close()]);
});

const expectApiError = (res: { statusCode: number; headers: Record<string, unknown>; body: string }, code: keyof typeof ERROR_STATUS) => {
  expect(res.statusCode).toBe(ERROR_STATUS[code]);
  expect(String(res.headers['content-type'])).toContain('application/json');
  const body = JSON.parse(res.body);
  expect(body).toEqual({ error: expect.objectContaining({ code, message: expect.any(String) }) });
};

describe('strings and numbers the database cannot take', () => {
  it.each(['ntf_99999999999999999999', 'ntf_9223372036854775808', 'ntf_9007199254740993'])(
    'a notifications cursor past the integer range (%s) is a 400',
    async (before) => {
      const res = await player.call('GET', `/api/notifications?before=${before}`);
      expectApiError(res, 'VALIDATION_FAILED');
    },
  );

  it('a valid cursor still pages', async () => {
    const res = await player.call('GET', `/api/notifications?before=ntf_${Number.MAX_SAFE_INTEGER}`);
    expect(res.statusCode).toBe(200);
  });

  const webhook = (event: Record<string, unknown>) => {
    const raw = JSON.stringify(event);
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/upi/webhook',
      headers: { 'content-type': 'application/json', 'x-colorplay-signature': signWebhook(WEBHOOK_SECRET, raw, new Date()) },
      payload: raw,
    });
  };
  const event = { eventId: 'evt_1', gatewayRef: 'sbx_abcdef', status: 'paid', amountMinor: 100, utr: null };

  it.each([
    ['eventId', 'NUL', 'evt_\u0000'],
    ['eventId', 'a lone surrogate', 'evt_\ud800'],
    ['gatewayRef', 'NUL', 'sbx_\u0000abc'],
    ['gatewayRef', 'a lone surrogate', '\udc00sbx_abc'],
  ])('a signed webhook whose %s holds %s is a 400', async (field, _what, value) => {
    const before = (await t.db.query('SELECT count(*)::int AS n FROM payment_webhook_events')).rows;
    const res = await webhook({ ...event, [field]: value });
    expectApiError(res, 'VALIDATION_FAILED');
    expect((await t.db.query('SELECT count(*)::int AS n FROM payment_webhook_events')).rows).toEqual(before);
  });

  it('a validly signed access token whose session id holds a NUL is a 401', async () => {
    const sign = (sid: string) =>
      new SignJWT({ sid })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject('1')
        .setIssuedAt()
        .setExpirationTime('5m')
        .setAudience('colorplay-player')
        .sign(new TextEncoder().encode(TOKEN_SECRET));
    for (const sid of ['ses_abc\u0000def', 'ses_\ud800', '\u0000']) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/get-user-info',
        headers: { authorization: `Bearer ${await sign(sid)}` },
      });
      expectApiError(res, 'UNAUTHORIZED');
    }
  });
});

describe('answers outside the routes keep the API shape', () => {
  it.each(['/api/%', '/api/notifications%zz', '/api/%E0%A4%A', '/%', '/api/login?x=%zz'])('a bad percent-escape (%s)', async (url) => {
    const res = await t.app.inject({ method: 'GET', url });
    if (url.includes('?')) {
      // A bad escape in the query is read leniently and then judged by the route.
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().error.code).toBeDefined();
    } else {
      expectApiError(res, 'MALFORMED_URL');
    }
  });

  it('OPTIONS on /api without CORS is a JSON 404', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api' });
    expectApiError(res, 'NOT_FOUND');
  });

  it('OPTIONS that is not a preflight, with CORS on, is a JSON 400', async () => {
    for (const headers of [{}, { origin: 'https://app.example' }, { 'access-control-request-method': 'POST' }]) {
      for (const url of ['/api', '/api/login']) {
        const res = await cors.app.inject({ method: 'OPTIONS', url, headers });
        expectApiError(res, 'PREFLIGHT_INVALID');
      }
    }
  });

  it('a real preflight with CORS on is still answered', async () => {
    const res = await cors.app.inject({
      method: 'OPTIONS',
      url: '/api/login',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('https://app.example');
  });

  const RAW: Array<[string, string, keyof typeof ERROR_STATUS]> = [
    ['duplicate Content-Length', 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}', 'MALFORMED_REQUEST'],
    ['a bad Content-Length', 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 'MALFORMED_REQUEST'],
    ['a negative Content-Length', 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n', 'MALFORMED_REQUEST'],
    ['bad chunking', 'POST /api/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n', 'MALFORMED_REQUEST'],
    ['a NUL in a header', 'GET /api/get-user-info HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n', 'MALFORMED_REQUEST'],
    ['a request line that is not HTTP', 'HELLO\r\n\r\n', 'MALFORMED_REQUEST'],
    ['oversized headers', `GET /api/get-user-info HTTP/1.1\r\nHost: x\r\nX-A: ${'a'.repeat(20_000)}\r\n\r\n`, 'HEADERS_TOO_LARGE'],
    ['a bad percent-escape', 'GET /api/notifications%zz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 'MALFORMED_URL'],
  ];
  it.each(RAW)('raw HTTP with %s gets a complete JSON answer', async (_name, request, code) => {
    const responses = await rawHttp(port, request);
    expect(responses.length).toBeGreaterThan(0);
    const last = responses.at(-1)!;
    expect(last.status).toBe(ERROR_STATUS[code]);
    expect(last.headers['content-type']).toContain('application/json');
    expect(last.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(last.headers['content-length'])).toBe(Buffer.byteLength(last.body));
    expect(JSON.parse(last.body)).toEqual({ error: { code, message: expect.any(String) } });
  });
});
