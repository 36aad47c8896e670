/** A stand-in for the HTTP payout provider that speaks provider-format.ts; used by tests only. */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import {
  PAYOUT_SIGNATURE_HEADER,
  PAYOUT_TIMESTAMP_HEADER,
  ProviderCreatePayoutSchema,
  signPayoutWebhook,
  type ProviderPayout,
  type ProviderPayoutWebhook,
} from './provider-format';

export type PayoutStubRequest = { method: string; path: string; headers: IncomingMessage['headers']; body: unknown };

/**
 * A local stand-in for the payout provider's documented API (docs/payments.md, "Payouts, HTTP
 * provider"): Basic auth and merchant header checked, payouts idempotent by reference id (which
 * must also be the Idempotency-Key), lookup by reference id, and signed webhooks. Listens on
 * 127.0.0.1 on a free port.
 */
export async function startPayoutProviderStub(opts: { merchantId: string; keyId: string; keySecret: string; callbackSecret: string }) {
  const payouts: ProviderPayout[] = [];
  const requests: PayoutStubRequest[] = [];
  let failNext = { status: 0, count: 0 };
  const auth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (raw += c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stub');
      const body = raw ? (JSON.parse(raw) as unknown) : undefined;
      requests.push({ method: req.method ?? '', path: `${url.pathname}${url.search}`, headers: req.headers, body });
      const send = (status: number, json: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(json));
      };
      if (failNext.count > 0) {
        failNext.count--;
        return send(failNext.status, { error: { code: 'SERVER_ERROR', description: 'try again' } });
      }
      if (req.headers.authorization !== auth || req.headers['x-merchant-id'] !== opts.merchantId) {
        return send(401, { error: { code: 'UNAUTHORIZED', description: 'bad key' } });
      }
      if (req.method === 'POST' && url.pathname === '/v1/payouts') {
        const parsed = ProviderCreatePayoutSchema.safeParse(body);
        if (!parsed.success) return send(400, { error: { code: 'BAD_REQUEST', description: parsed.error.message } });
        if (req.headers['idempotency-key'] !== parsed.data.reference_id) {
          return send(400, { error: { code: 'IDEMPOTENCY_KEY_REQUIRED', description: 'Idempotency-Key must be the reference id' } });
        }
        const existing = payouts.find((p) => p.reference_id === parsed.data.reference_id);
        if (existing) {
          return existing.amount === parsed.data.amount
            ? send(200, existing)
            : send(409, { error: { code: 'IDEMPOTENCY_MISMATCH', description: 'same reference id, other amount' } });
        }
        const payout: ProviderPayout = {
          id: `pout_${randomBytes(8).toString('hex')}`,
          reference_id: parsed.data.reference_id,
          amount: parsed.data.amount,
          currency: 'INR',
          status: 'processing',
          utr: null,
          failure_reason: null,
        };
        payouts.push(payout);
        return send(200, payout);
      }
      if (req.method === 'GET' && url.pathname === '/v1/payouts') {
        const ref = url.searchParams.get('reference_id');
        return send(200, { items: payouts.filter((p) => p.reference_id === ref) });
      }
      return send(404, { error: { code: 'NOT_FOUND', description: 'no such endpoint' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    payouts,
    requests,
    /** Answers the next `count` calls with `status` (a provider outage). */
    failNext(status: number, count: number) {
      failNext = { status, count };
    },
    /** Moves a payout to an outcome and returns the signed webhook the provider would send. */
    settle(referenceId: string, status: 'processed' | 'failed' | 'reversed', now: Date) {
      const payout = payouts.find((p) => p.reference_id === referenceId);
      if (!payout) throw new Error(`stub: no payout for ${referenceId}`);
      payout.status = status;
      if (status === 'processed') payout.utr = `UTR${randomBytes(5).toString('hex').toUpperCase()}`;
      if (status !== 'processed') payout.failure_reason = status === 'failed' ? 'Beneficiary bank declined' : 'Returned by beneficiary bank';
      const event: ProviderPayoutWebhook = {
        event_id: `ev_${randomBytes(8).toString('hex')}`,
        type: `payout.${status}`,
        created_at: now.toISOString(),
        data: { payout: { ...payout } },
      };
      const body = JSON.stringify(event);
      const t = Math.floor(now.getTime() / 1000);
      return { body, headers: { 'content-type': 'application/json', [PAYOUT_TIMESTAMP_HEADER]: String(t), [PAYOUT_SIGNATURE_HEADER]: signPayoutWebhook(opts.callbackSecret, t, body) } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
