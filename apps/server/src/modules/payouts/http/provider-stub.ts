/** A stand-in for the HTTP payout provider that speaks provider-format.ts; used by tests only. */
import { randomBytes } from 'node:crypto';
import { createOnce, startProviderStub, stubError, type StubCall, type StubRequest } from '../../../lib/providers/provider-stub';
import { PAYOUT_SIGNATURE, ProviderCreatePayoutSchema, type ProviderPayout, type ProviderPayoutWebhook } from './provider-format';

export type PayoutStubRequest = StubRequest;

/**
 * A local stand-in for the payout provider's documented API (docs/payments.md, "Payouts, HTTP
 * provider"), on the provider stub kit (Basic auth and merchant header checked, outages):
 * payouts idempotent by reference id (which must also be the Idempotency-Key), lookup by
 * reference id, and signed webhooks.
 */
export async function startPayoutProviderStub(opts: { merchantId: string; keyId: string; keySecret: string; callbackSecret: string }) {
  const payouts: ProviderPayout[] = [];

  function route(call: StubCall) {
    const { method, url, body } = call;
    if (method === 'POST' && url.pathname === '/v1/payouts') {
      const parsed = ProviderCreatePayoutSchema.safeParse(body);
      if (!parsed.success) return stubError(400, 'BAD_REQUEST', parsed.error.message);
      const want = parsed.data;
      const keyOf = (p: ProviderPayout) => p.reference_id;
      return createOnce(payouts, call, { key: want.reference_id, amount: want.amount, keyName: 'reference id', keyOf, createdStatus: 200 }, (): ProviderPayout => ({
        id: `pout_${randomBytes(8).toString('hex')}`,
        reference_id: want.reference_id,
        amount: want.amount,
        currency: 'INR',
        status: 'processing',
        utr: null,
        failure_reason: null,
      }));
    }
    if (method === 'GET' && url.pathname === '/v1/payouts') {
      const ref = url.searchParams.get('reference_id');
      return { status: 200, json: { items: payouts.filter((p) => p.reference_id === ref) } };
    }
    return stubError(404, 'NOT_FOUND', 'no such endpoint');
  }
  const kit = await startProviderStub(opts, route);

  return {
    ...kit,
    payouts,
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
      const { raw, headers } = PAYOUT_SIGNATURE.deliver(opts.callbackSecret, event, now);
      return { body: raw, headers };
    },
  };
}
