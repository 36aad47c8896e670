/** A stand-in for the HTTP UPI provider that speaks provider-format.ts; used by the adapter's tests only. */
import { randomBytes } from 'node:crypto';
import { createOnce, startProviderStub, stubError, type StubCall } from '../../../lib/providers/provider-stub';
import { PROVIDER_SIGNATURE, ProviderCreateOrderSchema, type ProviderOrder, type ProviderWebhook } from './provider-format';

export type { StubRequest } from '../../../lib/providers/provider-stub';

/**
 * A local stand-in for the HTTP UPI provider that speaks its documented format
 * (docs/payments.md, "HTTP gateway"), on the provider stub kit (Basic auth and merchant header
 * checked, outages, delays): orders idempotent by merchant order id, paged listing, and signed
 * webhooks.
 */
export async function startUpiProviderStub(opts: { merchantId: string; keyId: string; keySecret: string; webhookSecret: string }) {
  const orders: ProviderOrder[] = [];

  function route(call: StubCall) {
    const { method, url, body } = call;
    if (method === 'POST' && url.pathname === '/v1/orders') {
      const parsed = ProviderCreateOrderSchema.safeParse(body);
      if (!parsed.success) return stubError(400, 'BAD_REQUEST', parsed.error.message);
      const want = parsed.data;
      const keyOf = (o: ProviderOrder) => o.merchant_order_id;
      return createOnce(orders, call, { key: want.merchant_order_id, amount: want.amount, keyName: 'merchant order id', keyOf, createdStatus: 201 }, (): ProviderOrder => {
        const id = `pgo_${randomBytes(9).toString('base64url')}`;
        return { id, merchant_order_id: want.merchant_order_id, amount: want.amount, currency: 'INR', status: 'created', utr: null, payment_url: `${kit.baseUrl}/pay/${id}`, paid_at: null };
      });
    }
    if (method === 'GET' && url.pathname === '/v1/orders') {
      let items = orders;
      const m = url.searchParams.get('merchant_order_id');
      if (m) items = items.filter((o) => o.merchant_order_id === m);
      if (url.searchParams.get('status')) items = items.filter((o) => o.status === url.searchParams.get('status'));
      const from = url.searchParams.get('paid_from');
      if (from) items = items.filter((o) => o.paid_at !== null && o.paid_at >= from);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      const offset = Number(url.searchParams.get('cursor')?.replace('c', '') ?? 0);
      const page = items.slice(offset, offset + limit);
      return { status: 200, json: { items: page, next_cursor: offset + limit < items.length ? `c${offset + limit}` : null } };
    }
    const one = /^\/v1\/orders\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
    if (method === 'GET' && one) {
      const order = orders.find((o) => o.id === one[1]);
      return order ? { status: 200, json: order } : stubError(404, 'NOT_FOUND', 'no such order');
    }
    return stubError(404, 'NOT_FOUND', 'no such route');
  }
  const kit = await startProviderStub(opts, route);

  let eventSeq = 0;
  return {
    ...kit,
    orders,
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
      return PROVIDER_SIGNATURE.deliver(opts.webhookSecret, event, now);
    },
  };
}
export type UpiProviderStub = Awaited<ReturnType<typeof startUpiProviderStub>>;
