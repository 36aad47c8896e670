import { isUniqueViolation, type Queryable } from '../../../db/db';
import { prefixedId, secureRandomInt } from '../../../lib/ids';
import type { UpiWebhookEvent } from '@colorplay/contract';
import type { GatewayPayment, UpiGateway } from '../upi-gateway';

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
export function createSandboxUpiGateway(db: Queryable) {
  const gateway: UpiGateway & {
    findPayment(gatewayRef: string): Promise<Row | undefined>;
    decide(gatewayRef: string, decision: 'paid' | 'declined', now: Date): Promise<UpiWebhookEvent | undefined>;
  } = {
    name: 'sandbox-upi',
    sandbox: true,
    async createPayment(order, now) {
      const gatewayRef = prefixedId('sbx');
      await db.query(
        `INSERT INTO sandbox_upi_payments (gateway_ref, merchant_order_id, amount_minor, payee_vpa, status, created_at)
         VALUES ($1, $2, $3, $4, 'pending', $5)`,
        [gatewayRef, order.orderId, order.amountMinor, order.payeeVpa, now],
      );
      return { gatewayRef, paymentUrl: `/sandbox/upi/pay/${gatewayRef}` };
    },
    async lookupPayment(gatewayRef): Promise<GatewayPayment | undefined> {
      const row = await gateway.findPayment(gatewayRef);
      return row && { status: row.status, amountMinor: row.amount_minor, utr: row.utr };
    },
    async findPayment(gatewayRef) {
      const { rows } = await db.query<Row>(
        'SELECT gateway_ref, merchant_order_id, amount_minor, payee_vpa, status, utr FROM sandbox_upi_payments WHERE gateway_ref = $1',
        [gatewayRef],
      );
      return rows[0];
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
    eventId: `evt_${row.gateway_ref}_${row.status}`,
    gatewayRef: row.gateway_ref,
    status: row.status === 'paid' ? 'paid' : 'declined',
    amountMinor: row.amount_minor,
    utr: row.utr,
  };
}
