import type { PayoutCallbackEvent } from '@colorplay/contract';
import type { PayoutHttpSettings } from '../../../config';
import { createProviderClient } from '../../../lib/providers/http-client';
import { issuesOf } from '../../../lib/providers/wire';
import { PayoutUnavailableError, type PayoutGateway, type PayoutRecord, type PayoutRequest } from '../payout-gateway';
import {
  PAYOUT_SIGNATURE,
  ProviderPayoutListSchema,
  ProviderPayoutSchema,
  ProviderPayoutWebhookSchema,
  verifyPayoutWebhook,
  type ProviderCreatePayout,
  type ProviderPayout,
} from './provider-format';

const STATUS: Record<ProviderPayout['status'], PayoutRecord['status']> = {
  processing: 'processing',
  processed: 'paid',
  failed: 'failed',
  reversed: 'reversed',
};
const EVENT_STATUS: Record<string, PayoutCallbackEvent['status']> = {
  'payout.processed': 'paid',
  'payout.failed': 'failed',
  'payout.reversed': 'reversed',
};

/**
 * The payout adapter for a real provider over HTTP (format: ./provider-format.ts and
 * docs/payments.md) on the shared provider client (lib/providers/http-client.ts): every failure to
 * get a well-formed answer becomes PayoutUnavailableError; the client never repeats the create
 * call, and the sender tries again later with the same idempotency key, so nothing is paid twice.
 */
export function createHttpPayoutGateway(settings: PayoutHttpSettings, fetchImpl: typeof fetch = fetch): PayoutGateway {
  const { call, expectShape } = createProviderClient(settings, {
    label: 'Payout gateway',
    unavailable: (message, cause) => new PayoutUnavailableError(message, cause),
    fetchImpl,
  });

  function bodyOf(request: PayoutRequest): ProviderCreatePayout {
    const d = request.destination;
    const common = { reference_id: request.withdrawalId, amount: request.amountMinor, currency: 'INR' as const };
    if (d.kind === 'upi') return { ...common, mode: 'UPI', beneficiary: { vpa: d.vpa } };
    if (d.kind === 'bank') return { ...common, mode: 'IMPS', beneficiary: { name: d.accountHolder, account_number: d.accountNumber, ifsc: d.ifsc } };
    return { ...common, mode: 'USDT', beneficiary: { address: d.address } };
  }

  return {
    name: 'http-payouts',
    sandbox: false,
    async createPayout(request) {
      // Asked once per call: the withdrawals sender's next attempt, with the same key, is the only repeat.
      const answer = await call('POST', '/v1/payouts', { body: bodyOf(request), idempotencyKey: request.withdrawalId });
      const p = expectShape(ProviderPayoutSchema, answer, 'create payout');
      if (p.reference_id !== request.withdrawalId || p.amount !== request.amountMinor) {
        throw new PayoutUnavailableError('Payout gateway create payout: the answer is for another withdrawal or amount');
      }
      return recordOf(p);
    },
    async lookupPayout(withdrawalId) {
      const list = expectShape(ProviderPayoutListSchema, await call('GET', `/v1/payouts?reference_id=${encodeURIComponent(withdrawalId)}`), 'list payouts');
      const mine = list.items.find((p) => p.reference_id === withdrawalId);
      return mine && recordOf(mine);
    },
    callback: {
      description: PAYOUT_SIGNATURE.describe('callback secret'),
      verify: (headers, rawBody, now) => verifyPayoutWebhook(settings.callbackSecret, headers, rawBody, now),
      parse(json) {
        const parsed = ProviderPayoutWebhookSchema.safeParse(json);
        if (!parsed.success) return { ok: false, issues: issuesOf(parsed.error) };
        const { event_id, type, data } = parsed.data;
        const status = EVENT_STATUS[type];
        const p = data.payout;
        // Not an outcome (e.g. payout.queued), or not one of ours: acknowledged and left alone.
        if (!status || !/^wd_[A-Za-z0-9_-]{6,40}$/.test(p.reference_id)) return { ok: true, event: null };
        return {
          ok: true,
          event: {
            eventId: `po_${event_id}`,
            payoutRef: p.id,
            withdrawalId: p.reference_id,
            status,
            amountMinor: p.amount,
            reference: p.utr,
            failureReason: p.failure_reason,
          },
        };
      },
    },
  };
}

function recordOf(p: ProviderPayout): PayoutRecord {
  return { payoutRef: p.id, withdrawalId: p.reference_id, status: STATUS[p.status], amountMinor: p.amount, reference: p.utr, failureReason: p.failure_reason };
}
