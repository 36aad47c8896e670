/** A stand-in for the HTTP UPI provider that speaks provider-format.ts; used by the adapter's tests only. */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  PROVIDER_SIGNATURE_HEADER,
  PROVIDER_TIMESTAMP_HEADER,
  ProviderCreateOrderSchema,
  signProviderWebhook,
  type ProviderOrder,
  type ProviderWebhook,
} from './provider-format';

export type StubRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: unknown };

/**
 * A local stand-in for the HTTP UPI provider that speaks its documented format
 * (docs/payments.md, "HTTP gateway"): Basic auth and merchant header checked, orders idempotent
 * by merchant order id, paged listing, and signed webhooks. Listens on 127.0.0.1 on a free port.
 */
export async function startUpiProviderStub(opts: { merchantId: string; keyId: string; keySecret: string; webhookSecret: string }) {
  const orders: ProviderOrder[] = [];
  const requests: StubRequest[] = [];
  /** Answers the next n calls with this HTTP status (a provider outage). */
  let failNext: { status: number; count: number } = { status: 0, count: 0 };
  let delayMs = 0;
  const auth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;
  let base = '';

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const body = raw ? (JSON.parse(raw) as unknown) : undefined;
      requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, headers: req.headers, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (delayMs) await new Promise((r) => setTimeout(r, delayMs));
      if (failNext.count > 0) {
        failNext.count--;
        return send(failNext.status, { error: { code: 'SERVER_ERROR', description: 'try again' } });
      }
      if (req.headers.authorization !== auth || req.headers['x-merchant-id'] !== opts.merchantId) {
        return send(401, { error: { code: 'UNAUTHORIZED', description: 'bad key' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/orders') {
        const parsed = ProviderCreateOrderSchema.safeParse(body);
        if (!parsed.success) return send(400, { error: { code: 'BAD_REQUEST', description: parsed.error.message } });
        if (req.headers['idempotency-key'] !== parsed.data.merchant_order_id) {
          return send(400, { error: { code: 'IDEMPOTENCY_KEY_REQUIRED', description: 'Idempotency-Key must be the merchant order id' } });
        }
        const existing = orders.find((o) => o.merchant_order_id === parsed.data.merchant_order_id);
        if (existing) {
          return existing.amount === parsed.data.amount
            ? send(200, existing)
            : send(409, { error: { code: 'IDEMPOTENCY_MISMATCH', description: 'same merchant order id, other amount' } });
        }
        const id = `pgo_${randomBytes(9).toString('base64url')}`;
        const order: ProviderOrder = {
          id,
          merchant_order_id: parsed.data.merchant_order_id,
          amount: parsed.data.amount,
          currency: 'INR',
          status: 'created',
          utr: null,
          payment_url: `${base}/pay/${id}`,
          paid_at: null,
        };
        orders.push(order);
        return send(201, order);
      }
      if (req.method === 'GET' && url.pathname === '/v1/orders') {
        let items = orders;
        const m = url.searchParams.get('merchant_order_id');
        if (m) items = items.filter((o) => o.merchant_order_id === m);
        if (url.searchParams.get('status')) items = items.filter((o) => o.status === url.searchParams.get('status'));
        const from = url.searchParams.get('paid_from');
        if (from) items = items.filter((o) => o.paid_at !== null && o.paid_at >= from);
        const limit = Number(url.searchParams.get('limit') ?? 100);
        const offset = Number(url.searchParams.get('cursor')?.replace('c', '') ?? 0);
        const page = items.slice(offset, offset + limit);
        return send(200, { items: page, next_cursor: offset + limit < items.length ? `c${offset + limit}` : null });
      }
      const one = /^\/v1\/orders\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
      if (req.method === 'GET' && one) {
        const order = orders.find((o) => o.id === one[1]);
        return order ? send(200, order) : send(404, { error: { code: 'NOT_FOUND', description: 'no such order' } });
      }
      return send(404, { error: { code: 'NOT_FOUND', description: 'no such route' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  let eventSeq = 0;
  return {
    baseUrl: base,
    orders,
    requests,
    failNext(status: number, count = 1) {
      failNext = { status, count };
    },
    setDelay(ms: number) {
      delayMs = ms;
    },
    /** The payer pays or declines; returns the order as the provider now records it. */
    decide(id: string, decision: 'paid' | 'failed', now: Date, utr = String(100_000_000_000 + orders.length * 7919 + eventSeq)): ProviderOrder {
      const order = orders.find((o) => o.id === id)!;
      if (order.status === 'created') {
        order.status = decision;
        order.utr = decision === 'paid' ? utr : null;
        order.paid_at = decision === 'paid' ? now.toISOString() : null;
      }
      return order;
    },
    /** A webhook as the provider sends it: headers and the exact raw body. */
    webhook(order: ProviderOrder, now: Date, type = order.status === 'paid' ? 'order.paid' : 'order.failed') {
      const event: ProviderWebhook = { event_id: `whe_${++eventSeq}_${order.id}`, type, created_at: now.toISOString(), data: { order: { ...order } } };
      const raw = JSON.stringify(event);
      const timestamp = Math.floor(now.getTime() / 1000);
      return {
        raw,
        headers: {
          'content-type': 'application/json',
          [PROVIDER_TIMESTAMP_HEADER]: String(timestamp),
          [PROVIDER_SIGNATURE_HEADER]: signProviderWebhook(opts.webhookSecret, timestamp, raw),
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type UpiProviderStub = Awaited<ReturnType<typeof startUpiProviderStub>>;
