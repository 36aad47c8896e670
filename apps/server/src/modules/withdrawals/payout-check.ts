import type { Queryable } from '../../db/db';
import type { PayoutGateway } from '../payouts';

/** One withdrawal whose payout the gateway records otherwise than we do. */
export type PayoutDifference = {
  withdrawalId: string;
  ours: { status: string; netMinor: number };
  /** The gateway's record; null when it has none, or did not answer (`unavailable`). */
  gateway: { status: string; amountMinor: number } | null;
  unavailable: boolean;
};
export type PayoutCheckReport = { checked: number; differences: PayoutDifference[] };

/** The gateway status each of our sent states must show (failed after paid: the payout was reversed). */
const EXPECTED: Record<string, string> = { processing: 'processing', paid: 'paid', failed: 'failed', failed_after_paid: 'reversed' };

/**
 * Our withdrawals sent to the payout gateway in [from, to) against the gateway's own records
 * (reconciliation, decision 417): the status each must have there, and the net amount paid. A
 * gateway that does not answer about one is a difference too (it stays unproven).
 */
export async function checkPayouts(db: Queryable, payouts: Pick<PayoutGateway, 'lookupPayout'>, window: { from: Date; to: Date }): Promise<PayoutCheckReport> {
  const { rows } = await db.query<{ id: string; status: string; amount_minor: number; fee_minor: number }>(
    `SELECT id, status, amount_minor, fee_minor FROM withdrawals WHERE payout_ref IS NOT NULL AND sent_at >= $1 AND sent_at < $2 ORDER BY sent_at, id`,
    [window.from, window.to],
  );
  const differences: PayoutDifference[] = [];
  for (const w of rows) {
    const ours = { status: w.status, netMinor: Number(w.amount_minor) - Number(w.fee_minor) };
    let record;
    try {
      record = await payouts.lookupPayout(w.id);
    } catch {
      differences.push({ withdrawalId: w.id, ours, gateway: null, unavailable: true });
      continue;
    }
    const gateway = record ? { status: record.status, amountMinor: record.amountMinor } : null;
    if (!gateway || gateway.status !== EXPECTED[w.status] || gateway.amountMinor !== ours.netMinor) {
      differences.push({ withdrawalId: w.id, ours, gateway, unavailable: false });
    }
  }
  return { checked: rows.length, differences };
}
