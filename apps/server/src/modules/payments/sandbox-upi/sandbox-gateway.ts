import { SETTLEMENT_FILE_HEADER, UpiWebhookEventSchema, type UpiWebhookEvent } from '@colorplay/contract';
import { isUniqueViolation, type Queryable } from '../../../db/db';
import { prefixedId, secureRandomInt } from '../../../lib/ids';
import type { GatewayPayment, UpiGateway } from '../upi-gateway';
import { decisionEventId, sandboxChannel } from '../../../lib/providers/sandbox-kit';

type Row = {
  gateway_ref: string;
  merchant_order_id: string;
  amount_minor: number;
  payee_vpa: string;
  status: 'pending' | 'paid' | 'declined';
  utr: string | null;
};

/**
 * A pretend UPI provider. It keeps its own book (`sandbox_upi_payments`), shows a "UPI app" page
 * where a tester pays or declines, and then notifies us through the signed webhook like a real
 * provider would. It never touches deposit orders or the ledger directly.
 */
export function createSandboxUpiGateway(db: Queryable, { webhookSecret }: { webhookSecret: string }) {
  const COLUMNS = 'gateway_ref, merchant_order_id, amount_minor, payee_vpa, status, utr';
  const gateway: UpiGateway & {
    findPayment(gatewayRef: string): Promise<Row | undefined>;
    settlementCsv(from: Date, to: Date): Promise<string>;
    decide(gatewayRef: string, decision: 'paid' | 'declined', now: Date): Promise<UpiWebhookEvent | undefined>;
  } = {
    name: 'sandbox-upi',
    sandbox: true,
    async createPayment(order, now) {
      // Idempotent by our order id, as a real provider is by its idempotency key: concurrent or
      // repeated opens for one order all get the first payment.
      await db.query(
        `INSERT INTO sandbox_upi_payments (gateway_ref, merchant_order_id, amount_minor, payee_vpa, status, created_at, idempotency_key)
         VALUES ($1, $2, $3, $4, 'pending', $5, $2) ON CONFLICT (idempotency_key) DO NOTHING`,
        [prefixedId('sbx'), order.orderId, order.amountMinor, order.payeeVpa, now],
      );
      const { rows } = await db.query<Row>(`SELECT ${COLUMNS} FROM sandbox_upi_payments WHERE idempotency_key = $1`, [order.orderId]);
      const gatewayRef = rows[0]!.gateway_ref;
      return { gatewayRef, paymentUrl: `/sandbox/upi/pay/${gatewayRef}` };
    },
    async lookupPayment(gatewayRef): Promise<GatewayPayment | undefined> {
      const row = await gateway.findPayment(gatewayRef);
      return row && paymentOf(row);
    },
    async lookupOrder(merchantOrderId) {
      // Books from before idempotency keys may hold several payments for one order: a paid one
      // is the one that matters, else the newest.
      const { rows } = await db.query<Row>(
        `SELECT ${COLUMNS} FROM sandbox_upi_payments WHERE merchant_order_id = $1
         ORDER BY (status = 'paid') DESC, created_at DESC LIMIT 1`,
        [merchantOrderId],
      );
      return rows[0] && paymentOf(rows[0]);
    },
    /**
     * Closes the order's pending payment. The sandbox's book has no separate closed state: a
     * closed payment is declined, as a provider reports an order closed before payment as failed,
     * so its page's Pay button no longer pays (decision 390).
     */
    async closePayment(merchantOrderId, now) {
      await db.query(`UPDATE sandbox_upi_payments SET status = 'declined', decided_at = $2 WHERE merchant_order_id = $1 AND status = 'pending'`, [
        merchantOrderId,
        now,
      ]);
      // Read after the update (a fresh snapshot): a Pay that won the race shows as paid.
      const { rows } = await db.query<{ paid: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM sandbox_upi_payments WHERE merchant_order_id = $1 AND status = 'paid') AS paid`,
        [merchantOrderId],
      );
      return rows[0]?.paid ? 'paid' : 'closed';
    },
    async listPaidSince(since, limit) {
      const { rows } = await db.query<Row>(
        `SELECT ${COLUMNS} FROM sandbox_upi_payments WHERE status = 'paid' AND decided_at >= $1
         ORDER BY decided_at, gateway_ref LIMIT $2`,
        [since, limit],
      );
      return rows.map(paymentOf);
    },
    webhook: sandboxChannel(webhookSecret, UpiWebhookEventSchema, (notice) => ({ notice })),
    async findPayment(gatewayRef) {
      const { rows } = await db.query<Row>(
        `SELECT ${COLUMNS} FROM sandbox_upi_payments WHERE gateway_ref = $1`,
        [gatewayRef],
      );
      return rows[0];
    },
    /**
     * The settlement file of the payments decided in [from, to) (docs/payments.md, "Settlement
     * file"), as a provider's daily report: paid ones with their UTR and time, declined (or
     * closed) ones as failed. Columns never need quoting (ids, digits, a word, an ISO time).
     */
    async settlementCsv(from, to) {
      const { rows } = await db.query<Row & { decided_at: Date }>(
        `SELECT ${COLUMNS}, decided_at FROM sandbox_upi_payments WHERE status <> 'pending' AND decided_at >= $1 AND decided_at < $2
         ORDER BY decided_at, gateway_ref`,
        [from, to],
      );
      const lines = rows.map((r) =>
        r.status === 'paid'
          ? [r.merchant_order_id, r.utr ?? '', r.amount_minor, 'paid', r.decided_at.toISOString()].join(',')
          : [r.merchant_order_id, '', r.amount_minor, 'failed', ''].join(','),
      );
      return [SETTLEMENT_FILE_HEADER.join(','), ...lines].join('\n') + '\n';
    },
    /**
     * Records the tester's decision once (a second click changes nothing) and returns the event
     * to deliver; a paid payment gets a fresh 12-digit UTR, as a bank would assign.
     */
    async decide(gatewayRef, decision, now) {
      for (let attempt = 0; attempt < 5; attempt++) {
        const current = await gateway.findPayment(gatewayRef);
        if (!current) return undefined;
        if (current.status !== 'pending') return eventOf(current);
        const utr = decision === 'paid' ? String(secureRandomInt(100_000_000_000, 999_999_999_999)) : null;
        try {
          const { rows } = await db.query<Row>(
            `UPDATE sandbox_upi_payments SET status = $2, utr = $3, decided_at = $4
             WHERE gateway_ref = $1 AND status = 'pending'
             RETURNING gateway_ref, merchant_order_id, amount_minor, payee_vpa, status, utr`,
            [gatewayRef, decision, utr, now],
          );
          if (rows[0]) return eventOf(rows[0]);
          // Decided by a concurrent click: the next pass reads and returns that decision.
        } catch (err) {
          if (!isUniqueViolation(err)) throw err; // a UTR collision: draw another
        }
      }
      throw new Error('sandbox gateway could not allocate a unique UTR');
    },
  };
  return gateway;
}
export type SandboxUpiGateway = ReturnType<typeof createSandboxUpiGateway>;

/** One event per payment decision: redeliveries carry the same id, so we can deduplicate. */
function eventOf(row: Row): UpiWebhookEvent {
  return {
    eventId: decisionEventId(row.gateway_ref, row.status),
    gatewayRef: row.gateway_ref,
    merchantOrderId: row.merchant_order_id,
    status: row.status === 'paid' ? 'paid' : 'declined',
    amountMinor: row.amount_minor,
    utr: row.utr,
  };
}

function paymentOf(row: Row): GatewayPayment {
  return { gatewayRef: row.gateway_ref, merchantOrderId: row.merchant_order_id, status: row.status, amountMinor: row.amount_minor, utr: row.utr };
}
