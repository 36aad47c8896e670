import type { UsdtReviewDecision, UsdtReviewItem } from '@colorplay/contract';
import type { Queryable } from '../../db/db';
import { AppError } from '../../errors';
import { creditDeposit } from '../deposits';
import type { UsdtDepositsDeps } from './deps';
import { eventFacts, type ApplyStep } from './orders';
import { decideReviewTransfer, findTransfer, listReviewTransfers, lockOrder, lockTransfer, transfersOfOrder } from './repo';
import { parseReviewTransferId, reviewedWorthMinor, type UsdtViews } from './views';

/** An operator's decision on one transfer under review (the console's queue rows and answers are the contract's `UsdtReviewItem` and `UsdtReviewDecision`). */
export type UsdtReviewDecisionInput = { transferId: string; operatorId: number; note: string };

/**
 * The operators' review of USDT transfers the watcher would not credit on its own (late, second,
 * after cancel, worth nothing, the excess of an overpayment): approve credits, reject closes.
 */
export function createReview(deps: UsdtDepositsDeps, views: UsdtViews, applyStep: ApplyStep) {
  const { db, clock } = deps;

  /**
   * Locks the order, then the transfer under review (the watcher's order), or refuses: unknown
   * id, or a transfer that is no longer in review (decided already, perhaps a moment ago by
   * another operator: the second of two concurrent decisions waits on the lock and lands here).
   */
  async function lockForReview(tx: Queryable, transferId: string) {
    const key = parseReviewTransferId(transferId);
    const seen = key ? await findTransfer(tx, key.txHash, key.logIndex) : undefined;
    if (!key || !seen) throw new AppError('DEPOSIT_NOT_FOUND', 'No such USDT transfer');
    const order = (await lockOrder(tx, seen.order_id))!;
    const transfer = (await lockTransfer(tx, key.txHash, key.logIndex))!;
    if (transfer.status !== 'review') throw new AppError('DEPOSIT_STATE_CONFLICT', `This transfer is ${transfer.status}, not in review`);
    return { order, transfer };
  }

  return {
    /** Transfers waiting for an operator's decision, oldest first. */
    async listForReview(limit = 200): Promise<UsdtReviewItem[]> {
      const items: UsdtReviewItem[] = [];
      for (const row of await listReviewTransfers(db, limit)) {
        const item = views.reviewItem(row);
        // What an approval would do to the player's deposit limits, said before the operator
        // decides (decision 393): the money is the player's either way, but a person should know.
        items.push({ ...item, limitWarning: await deps.safety.depositLimitWarning(db, item.playerId, item.creditMinor) });
      }
      return items;
    },

    /**
     * An operator credits a transfer under review: the INR value of what arrived at the order's
     * locked rate, through the ledger, exactly once. Once is held three ways: the transfer row is
     * locked and must still be in review, the ledger key names the transfer, and the table allows
     * one ledger transfer per approved row. The player hears of it like an automatic credit.
     */
    async approveReview(input: UsdtReviewDecisionInput): Promise<UsdtReviewDecision> {
      return db.transaction(async (tx) => {
        const { order, transfer } = await lockForReview(tx, input.transferId);
        // An overpayment's excess is what the automatic credit left out; any other payment in
        // review is worth what it would have credited in time (the rounded amount asked counts
        // as exactly the order, decision 260).
        const creditMinor = transfer.excess_minor ?? reviewedWorthMinor(BigInt(transfer.amount_base_units), order);
        if (creditMinor <= 0) throw new AppError('DEPOSIT_STATE_CONFLICT', 'What arrived is worth less than one paisa at the order\'s rate: reject it and return it on chain');
        const now = clock.now();
        const { transfer: posted, limitPassed } = await creditDeposit(tx, deps, {
          orderId: order.id,
          playerId: order.player_id,
          channel: 'usdt',
          currency: order.currency,
          amountMinor: creditMinor,
          reviewedTransfer: { txHash: transfer.tx_hash, logIndex: transfer.log_index },
          metadata: {
            txHash: transfer.tx_hash,
            logIndex: transfer.log_index,
            receivedBaseUnits: transfer.amount_base_units,
            review: true,
            reviewReason: transfer.excess_minor !== null ? 'overpaid' : order.review_reason,
            ...(transfer.excess_minor !== null ? { overpaymentExcess: true } : {}),
            operatorId: input.operatorId,
          },
        });
        await decideReviewTransfer(tx, transfer, { status: 'approved', operatorId: input.operatorId, note: input.note, creditedMinor: creditMinor, ledgerTransferId: posted.id }, now);
        // A second payment leaves its order as it was (succeeded by the first); an order that
        // waited for a person succeeds with this credit.
        const after =
          order.status === 'review'
            ? await applyStep(tx, order, 'review_approved', now, { received_base_units: transfer.amount_base_units, credited_minor: creditMinor, transfer_id: posted.id, completed_at: now })
            : order;
        return { transferId: input.transferId, orderId: order.id, status: 'approved' as const, creditedMinor: creditMinor, ledgerTransferId: posted.id, orderStatus: after.status, limitPassed };
      });
    },

    /**
     * An operator refuses a transfer under review: nothing is credited, and the operator returns
     * the tokens on chain outside the platform. The order closes once nothing of it is in review.
     */
    async rejectReview(input: UsdtReviewDecisionInput): Promise<UsdtReviewDecision> {
      return db.transaction(async (tx) => {
        const { order, transfer } = await lockForReview(tx, input.transferId);
        const now = clock.now();
        await decideReviewTransfer(tx, transfer, { status: 'rejected', operatorId: input.operatorId, note: input.note, creditedMinor: null, ledgerTransferId: null }, now);
        let after = order;
        const stillInReview = (await transfersOfOrder(tx, order.id)).some((t) => t.status === 'review');
        if (order.status === 'review' && !stillInReview) {
          after = await applyStep(tx, order, order.review_reason === 'paid_after_cancel' ? 'review_rejected_after_cancel' : 'review_rejected', now, { completed_at: now });
          await deps.events.record(tx, 'DepositFailed', { ...eventFacts(order, order.amount_minor), reason: 'usdt_returned_on_chain' });
        }
        return { transferId: input.transferId, orderId: order.id, status: 'rejected' as const, creditedMinor: null, ledgerTransferId: null, orderStatus: after.status, limitPassed: [] };
      });
    },
  };
}
