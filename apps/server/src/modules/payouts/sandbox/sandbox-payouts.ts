import { PayoutCallbackEventSchema, type PayoutCallbackEvent } from '@colorplay/contract';
import type { Queryable } from '../../../db/db';
import { prefixedId } from '../../../lib/ids';
import { decisionEventId, sandboxChannel } from '../../../lib/providers/sandbox-kit';
import type { PayoutDestination, PayoutGateway, PayoutRecord } from '../payout-gateway';

type Row = {
  payout_ref: string;
  withdrawal_id: string;
  amount_minor: number;
  currency: string;
  destination: PayoutDestination;
  status: 'processing' | 'paid' | 'failed' | 'reversed';
  reference: string | null;
  failure_reason: string | null;
};
const COLUMNS = 'payout_ref, withdrawal_id, amount_minor, currency, destination, status, reference, failure_reason';

/** What a tester can do on the sandbox page, and the status each leads to. */
export type SandboxPayoutDecision = 'paid' | 'failed' | 'reversed';
const ALLOWED_FROM: Record<SandboxPayoutDecision, Row['status']> = { paid: 'processing', failed: 'processing', reversed: 'paid' };

/**
 * A pretend payout provider. It keeps its own book (`sandbox_payouts`), shows a page where a
 * tester marks a payout paid or failed (or a paid one reversed by the bank), and then notifies us
 * through the signed callback like a real provider. It never touches withdrawals or the ledger.
 */
export function createSandboxPayoutGateway(db: Queryable, { callbackSecret }: { callbackSecret: string }) {
  async function find(refOrWithdrawalId: string): Promise<Row | undefined> {
    const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM sandbox_payouts WHERE payout_ref = $1 OR withdrawal_id = $1`, [refOrWithdrawalId]);
    return rows[0];
  }
  const gateway: PayoutGateway & {
    /** The payout by its ref (`spo_...`) or by our withdrawal id. */
    findPayout(refOrWithdrawalId: string): Promise<Row | undefined>;
    /** Records the tester's decision once; returns the callback event to deliver, or undefined. */
    decide(refOrWithdrawalId: string, decision: SandboxPayoutDecision, now: Date): Promise<PayoutCallbackEvent | undefined>;
  } = {
    name: 'sandbox-payouts',
    sandbox: true,
    async createPayout(request, now) {
      // Idempotent by our withdrawal id, as a real provider is by its idempotency key.
      await db.query(
        `INSERT INTO sandbox_payouts (payout_ref, withdrawal_id, amount_minor, currency, destination, status, created_at)
         VALUES ($1, $2, $3, $4, $5, 'processing', $6) ON CONFLICT (withdrawal_id) DO NOTHING`,
        [prefixedId('spo'), request.withdrawalId, request.amountMinor, request.currency, JSON.stringify(request.destination), now],
      );
      return recordOf((await find(request.withdrawalId))!);
    },
    async lookupPayout(withdrawalId) {
      const row = await find(withdrawalId);
      return row && recordOf(row);
    },
    callback: sandboxChannel(callbackSecret, PayoutCallbackEventSchema, (event) => ({ event })),
    findPayout: find,
    async decide(refOrWithdrawalId, decision, now) {
      const current = await find(refOrWithdrawalId);
      if (!current) return undefined;
      const reference = decision === 'paid' ? `SBXPAY${String(now.getTime()).slice(-10)}` : current.reference;
      const reason = decision === 'failed' ? 'Sandbox: marked failed by the tester' : decision === 'reversed' ? 'Sandbox: returned by the bank' : null;
      const { rows } = await db.query<Row>(
        `UPDATE sandbox_payouts SET status = $2, reference = $3, failure_reason = $4, decided_at = $5
          WHERE payout_ref = $1 AND status = $6 RETURNING ${COLUMNS}`,
        [current.payout_ref, decision, reference, reason, now, ALLOWED_FROM[decision]],
      );
      // A second click (or a decision the status does not allow) changes nothing; the current
      // state is reported again so the callback can be redelivered.
      const row = rows[0] ?? (await find(current.payout_ref))!;
      return row.status === 'processing' ? undefined : eventOf(row);
    },
  };
  return gateway;
}
export type SandboxPayoutGateway = ReturnType<typeof createSandboxPayoutGateway>;

function recordOf(row: Row): PayoutRecord {
  return {
    payoutRef: row.payout_ref,
    withdrawalId: row.withdrawal_id,
    status: row.status,
    amountMinor: Number(row.amount_minor),
    reference: row.reference,
    failureReason: row.failure_reason,
  };
}

/** One event per payout outcome: redeliveries carry the same id, so we can deduplicate. */
function eventOf(row: Row): PayoutCallbackEvent {
  return {
    eventId: decisionEventId(row.payout_ref, row.status),
    payoutRef: row.payout_ref,
    withdrawalId: row.withdrawal_id,
    status: row.status === 'processing' ? 'failed' : row.status,
    amountMinor: Number(row.amount_minor),
    reference: row.reference,
    failureReason: row.failure_reason,
  };
}
