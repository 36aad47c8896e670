import type { UpiHttpSettings } from '../../../config';
import { createProviderClient } from '../../../lib/providers/http-client';
import { issuesOf } from '../../../lib/providers/wire';
import { GatewayUnavailableError, type GatewayPayment, type UpiGateway } from '../upi-gateway';
import {
  PROVIDER_SIGNATURE,
  ProviderOrderPageSchema,
  ProviderOrderSchema,
  ProviderWebhookSchema,
  verifyProviderWebhook,
  type ProviderCreateOrder,
  type ProviderOrder,
} from './provider-format';

/**
 * The UPI gateway adapter for a real provider over HTTP (format: ./provider-format.ts and
 * docs/payments.md) on the shared provider client (lib/providers/http-client.ts): every failure to
 * get a well-formed answer becomes GatewayUnavailableError, so callers either retry or leave the
 * order for reconciliation; nothing is guessed. Opening an order is never repeated by the client.
 */
export function createHttpUpiGateway(settings: UpiHttpSettings, fetchImpl: typeof fetch = fetch): UpiGateway {
  const { call, expectShape } = createProviderClient(settings, {
    label: 'UPI gateway',
    unavailable: (message, cause) => new GatewayUnavailableError(message, cause),
    fetchImpl,
  });
  const order = (json: unknown, what: string): ProviderOrder => expectShape(ProviderOrderSchema, json, what);
  const pageOf = (json: unknown) => expectShape(ProviderOrderPageSchema, json, 'list orders');

  return {
    name: 'http-upi',
    sandbox: false,
    async createPayment(o) {
      const body: ProviderCreateOrder = {
        merchant_order_id: o.orderId,
        amount: o.amountMinor,
        currency: 'INR',
        payee_vpa: o.payeeVpa,
        expires_at: o.expiresAt.toISOString(),
      };
      // The idempotency key is our order id: the provider returns the order it already opened.
      const created = order(await call('POST', '/v1/orders', { body, idempotencyKey: o.orderId }), 'create order');
      if (created.merchant_order_id !== o.orderId || created.amount !== o.amountMinor) {
        throw new GatewayUnavailableError('UPI gateway create order: the answer is for another order or amount');
      }
      return { gatewayRef: created.id, paymentUrl: created.payment_url };
    },
    async lookupPayment(gatewayRef) {
      const json = await call('GET', `/v1/orders/${encodeURIComponent(gatewayRef)}`, { allowNotFound: true });
      return json === undefined ? undefined : paymentOf(order(json, 'get order'));
    },
    async lookupOrder(merchantOrderId) {
      const page = pageOf(await call('GET', `/v1/orders?merchant_order_id=${encodeURIComponent(merchantOrderId)}`));
      const mine = page.items.filter((o) => o.merchant_order_id === merchantOrderId);
      const best = mine.find((o) => o.status === 'paid') ?? mine[0];
      return best && paymentOf(best);
    },
    async listPaidSince(since, limit) {
      const out: GatewayPayment[] = [];
      let cursor: string | null = null;
      do {
        const q = new URLSearchParams({ status: 'paid', paid_from: since.toISOString(), limit: String(Math.min(limit - out.length, 100)) });
        if (cursor) q.set('cursor', cursor);
        const page = pageOf(await call('GET', `/v1/orders?${q.toString()}`));
        out.push(...page.items.filter((o) => o.status === 'paid').map(paymentOf));
        cursor = page.next_cursor;
      } while (cursor && out.length < limit);
      return out.slice(0, limit);
    },
    webhook: {
      description: PROVIDER_SIGNATURE.describe('webhook secret'),
      verify: (headers, rawBody, now) => verifyProviderWebhook(settings.webhookSecret, headers, rawBody, now),
      parse(json) {
        const parsed = ProviderWebhookSchema.safeParse(json);
        if (!parsed.success) {
          return { ok: false, issues: issuesOf(parsed.error) };
        }
        const { event_id, type, data } = parsed.data;
        if (type !== 'order.paid' && type !== 'order.failed') return { ok: true, notice: null };
        const o = data.order;
        return {
          ok: true,
          notice: {
            eventId: `pg_${event_id}`,
            gatewayRef: o.id,
            merchantOrderId: /^dep_[A-Za-z0-9_-]{6,40}$/.test(o.merchant_order_id) ? o.merchant_order_id : undefined,
            status: type === 'order.paid' ? 'paid' : 'declined',
            amountMinor: o.amount,
            utr: o.utr,
          },
        };
      },
    },
  };
}

function paymentOf(o: ProviderOrder): GatewayPayment {
  return {
    gatewayRef: o.id,
    merchantOrderId: o.merchant_order_id,
    status: o.status === 'paid' ? 'paid' : o.status === 'failed' ? 'declined' : 'pending',
    amountMinor: o.amount,
    utr: o.utr,
  };
}
