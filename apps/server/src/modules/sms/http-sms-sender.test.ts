import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HttpSmsConfig } from '../../config';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { httpSmsSender } from './http-sms-sender';
import { SmsDeliveryError } from './sms-sender';

/**
 * Contract tests of the HTTP SMS adapter against a local stub that speaks the gateway format of
 * docs/sms-gateway.md: it checks what a real gateway checks and answers the way it answers.
 */
type Reply = { status: number; body?: unknown; headers?: Record<string, string>; delayMs?: number };
type Received = { auth: string | undefined; contentType: string | undefined; body: Record<string, unknown> };

const API_KEY = 'stub-key-0123456789abcdef';
let server: Server;
let url: string;
const received: Received[] = [];
let replies: Reply[] = [];
const seenRefs = new Set<string>();

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = '';
  for await (const chunk of req) raw += String(chunk);
  return JSON.parse(raw) as Record<string, unknown>;
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await readJson(req);
    received.push({ auth: req.headers.authorization, contentType: req.headers['content-type'], body });
    const send = (r: Reply) => {
      res.writeHead(r.status, { 'content-type': 'application/json', ...r.headers });
      res.end(JSON.stringify(r.body ?? {}));
    };
    const scripted = replies.shift();
    if (scripted) {
      if (scripted.delayMs) await new Promise((r) => setTimeout(r, scripted.delayMs));
      return send(scripted);
    }
    // The gateway's own checks when nothing is scripted.
    if (req.headers.authorization !== `Bearer ${API_KEY}`) {
      return send({ status: 401, body: { status: 'error', error: { code: 'AUTH_FAILED', message: 'bad key' } } });
    }
    if (!/^91[6-9]\d{9}$/.test(String(body.recipient))) {
      return send({ status: 422, body: { status: 'error', error: { code: 'INVALID_RECIPIENT', message: 'bad number' } } });
    }
    const ref = String(body.client_ref);
    if (seenRefs.has(ref)) return send({ status: 409, body: { status: 'duplicate', message_id: `m-${ref}` } });
    seenRefs.add(ref);
    return send({ status: 202, body: { status: 'accepted', message_id: `m-${ref}` } });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/messages`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  received.length = 0;
  replies = [];
});

const settings = (over: Partial<HttpSmsConfig> = {}): HttpSmsConfig => ({
  url,
  apiKey: API_KEY,
  senderId: 'CLRPLY',
  entityId: '1101234567890123456',
  templateIds: { reset_code: '1107000000000000001', register_code: '1107000000000000002', register_taken: '1107000000000000003' },
  timeoutMs: 2000,
  ...over,
});
const silentLog = { warn() {}, info() {}, error() {} } as never;
const noWait = { sleep: async () => {} };

describe('HTTP SMS gateway adapter', () => {
  it('posts the DLT fields, the template id of the message kind and the full text', async () => {
    const sms = httpSmsSender(settings(), silentLog, noWait);
    await sms.send('9876543210', { template: 'register_code', body: 'Your code is 123456.' }, 'ref-1');
    expect(received).toEqual([
      {
        auth: `Bearer ${API_KEY}`,
        contentType: 'application/json',
        body: {
          sender: 'CLRPLY',
          route: 'transactional',
          dlt_entity_id: '1101234567890123456',
          dlt_template_id: '1107000000000000002',
          recipient: '919876543210',
          message: 'Your code is 123456.',
          client_ref: 'ref-1',
        },
      },
    ]);
  });

  it('retries 5xx, 429 and timeouts with the same client_ref, then succeeds', async () => {
    const waits: number[] = [];
    const sms = httpSmsSender(settings({ timeoutMs: 200 }), silentLog, {
      retryDelaysMs: [10, 20, 30],
      sleep: async (ms) => void waits.push(ms),
    });
    replies = [
      { status: 503, body: { status: 'error', error: { code: 'UPSTREAM_DOWN', message: 'operator down' } } },
      { status: 429, headers: { 'retry-after': '1' }, body: { status: 'error', error: { code: 'THROTTLED' } } },
      { status: 202, delayMs: 400, body: { status: 'accepted' } }, // answered after our timeout
    ];
    await sms.send('9876543210', { template: 'reset_code', body: 'x' }, 'ref-retry');
    expect(received.map((r) => r.body.client_ref)).toEqual(['ref-retry', 'ref-retry', 'ref-retry', 'ref-retry']);
    expect(waits).toEqual([10, 1000, 30]); // Retry-After honoured (up to the cap)
  });

  it('treats a duplicate answer (an earlier try was accepted) as sent', async () => {
    const sms = httpSmsSender(settings(), silentLog, noWait);
    await sms.send('9876543210', { template: 'reset_code', body: 'x' }, 'ref-dup');
    await expect(sms.send('9876543210', { template: 'reset_code', body: 'x' }, 'ref-dup')).resolves.toBeUndefined();
  });

  it('does not retry a refusal and reports it as rejected with the gateway code', async () => {
    const sms = httpSmsSender(settings({ apiKey: 'wrong-key-0123456789' }), silentLog, noWait);
    const err = await sms.send('9876543210', { template: 'reset_code', body: 'x' }, 'ref-401').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SmsDeliveryError);
    expect(err).toMatchObject({ reason: 'rejected', providerCode: 'AUTH_FAILED' });
    expect(received).toHaveLength(1);
  });

  it('gives up after the retries as unavailable', async () => {
    const sms = httpSmsSender(settings(), silentLog, { retryDelaysMs: [1], sleep: async () => {} });
    replies = [{ status: 500 }, { status: 502 }];
    const err = await sms.send('9876543210', { template: 'reset_code', body: 'x' }, 'ref-500').catch((e: unknown) => e);
    expect(err).toMatchObject({ reason: 'unavailable', providerCode: 'HTTP_502' });
    expect(received).toHaveLength(2);
  });

  it('reports a closed port as unavailable', async () => {
    const sms = httpSmsSender(settings({ url: 'http://127.0.0.1:1/v1/messages' }), silentLog, { retryDelaysMs: [], sleep: async () => {} });
    await expect(sms.send('9876543210', { template: 'reset_code', body: 'x' }, 'r')).rejects.toMatchObject({
      reason: 'unavailable',
      providerCode: 'NETWORK_ERROR',
    });
  });
});

describe('the app with SMS_CHANNEL=http', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      env: {
        SMS_CHANNEL: 'http',
        SMS_HTTP_URL: url,
        SMS_HTTP_API_KEY: API_KEY,
        SMS_SENDER_ID: 'CLRPLY',
        SMS_DLT_ENTITY_ID: '1101234567890123456',
        SMS_TEMPLATE_ID_RESET: '1107000000000000001',
        SMS_TEMPLATE_ID_REGISTER: '1107000000000000002',
        SMS_TEMPLATE_ID_REGISTER_TAKEN: '1107000000000000003',
        SMS_HTTP_TIMEOUT_MS: '1000',
      },
    });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('sends codes through the gateway, returns no sandbox handle and has no sandbox routes', async () => {
    const c = new PlayerClient(t.app, '198.51.100.200');
    const res = await c.call('POST', '/api/register/request-code', { phone: '9876500001' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ resendAfterSeconds: 60, expiresInSeconds: 300 });
    expect(received.at(-1)!.body).toMatchObject({ recipient: '919876500001', dlt_template_id: '1107000000000000002' });
    expect(String(received.at(-1)!.body.message)).toMatch(/registration code is \d{6}/);
    const outbox = await c.call('GET', `/api/sandbox/sms-outbox?handle=${'A'.repeat(32)}`);
    expect(outbox.statusCode).toBe(404);
    expect(outbox.json().error.code).toBe('NOT_FOUND');
    expect((await c.call('GET', '/api/config')).json()).toEqual({ data: { demo: false, sandbox: { sms: false, upi: true, demoVendor: true, payouts: true }, open_game_url: '/api/games/open-game-url' } });
  });

  it('answers 503 SMS_UNAVAILABLE when the gateway fails, and a new request may follow at once', async () => {
    const c = new PlayerClient(t.app, '198.51.100.201');
    replies = [{ status: 500 }, { status: 500 }, { status: 500 }];
    const res = await c.call('POST', '/api/register/request-code', { phone: '9876500002' });
    expect(res.statusCode).toBe(503);
    expect(res.json().error.code).toBe('SMS_UNAVAILABLE');
    // The failed code was removed, so the resend cooldown does not apply.
    expect((await c.call('POST', '/api/register/request-code', { phone: '9876500002' })).statusCode).toBe(200);
  }, 15_000);
});
