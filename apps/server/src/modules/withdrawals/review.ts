import type { ApproveWithdrawalResult, WithdrawalReviewItem } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { WithdrawalMoney } from './money';
import { findWithdrawal, insertApproval, listApprovals, listInReview, recordEvent, toWithdrawal, type ApprovalRow, type WithdrawalRow } from './repo';
import { notFound, stateConflict, type WithdrawalSteps } from './steps';
import type { WithdrawalsService } from './types';

const REVIEW_PAGE_DEFAULT = 50;
const REVIEW_PAGE_MAX = 200;

function reviewItem(w: WithdrawalRow, approvals: ApprovalRow[]): WithdrawalReviewItem {
  return {
    ...toWithdrawal(w),
    playerId: w.player_id,
    approvals: approvals.map((a) => ({ operatorId: a.operator_id, note: a.note, at: a.created_at.toISOString() })),
    approvalsRequired: w.approvals_required,
    reviewReasons: w.review_reasons,
  };
}

const approvalsOf = (q: Queryable, w: WithdrawalRow): Promise<ApprovalRow[]> => listApprovals(q, [w.id]);

/** The operators' review: the queue, one withdrawal, approval (two-person rule) and rejection. */
export function createReview(
  deps: { db: Db; clock: Clock },
  steps: WithdrawalSteps,
  money: WithdrawalMoney,
): Pick<WithdrawalsService, 'listForReview' | 'getForReview' | 'approve' | 'reject'> {
  const { db, clock } = deps;
  const { applyStep, allows } = steps;

  return {
    async listForReview(query = {}) {
      const limit = Math.min(Math.max(1, query.limit ?? REVIEW_PAGE_DEFAULT), REVIEW_PAGE_MAX);
      const rows = await listInReview(db, query.cursor ?? null, limit + 1);
      const page = rows.slice(0, limit);
      const approvals = await listApprovals(db, page.map((r) => r.id));
      return {
        items: page.map((w) => reviewItem(w, approvals.filter((a) => a.withdrawal_id === w.id))),
        nextCursor: rows.length > limit ? (page.at(-1)?.id ?? null) : null,
      };
    },

    async getForReview(withdrawalId) {
      const w = await findWithdrawal(db, withdrawalId);
      if (!w) throw notFound();
      return reviewItem(w, await approvalsOf(db, w));
    },

    async approve({ withdrawalId, operatorId, note }): Promise<ApproveWithdrawalResult> {
      return db.transaction(async (tx) => {
        const w = await findWithdrawal(tx, withdrawalId, true);
        if (!w) throw notFound();
        if (w.status !== 'review') throw stateConflict(w);
        const before = await approvalsOf(tx, w);
        if (before.some((a) => a.operator_id === operatorId)) {
          throw new AppError('SECOND_APPROVAL_SAME_OPERATOR', 'You already approved this withdrawal; a second operator must approve it');
        }
        const now = clock.now();
        // The primary key (withdrawal, operator) is the database's own guard for the rule above.
        await insertApproval(tx, { withdrawal_id: w.id, operator_id: operatorId, note, created_at: now });
        const approvals = [...before, { withdrawal_id: w.id, operator_id: operatorId, note, created_at: now }];
        if (approvals.length < w.approvals_required) {
          await recordEvent(tx, { withdrawalId: w.id, from: w.status, to: w.status, actor: 'operator', operatorId, transferId: null, detail: { approval: approvals.length, note }, now });
          return { status: 'awaiting_second_approval' as const, withdrawal: reviewItem(w, approvals) };
        }
        const row = await applyStep(tx, w, 'operator_approved', { actor: 'operator', operatorId }, {}, { detail: { note, approvedBy: approvals.map((a) => a.operator_id) } });
        return { status: 'approved' as const, withdrawal: reviewItem(row, approvals) };
      });
    },

    async reject({ withdrawalId, operatorId, note }) {
      // The note is the reason the player reads; the console validates it too (WithdrawalRejectReasonSchema).
      if (note.trim() === '') throw new AppError('VALIDATION_FAILED', 'Write the reason the player will read', [{ path: 'note', message: 'Required' }]);
      return db.transaction(async (tx) => {
        const w = await findWithdrawal(tx, withdrawalId, true);
        if (!w) throw notFound();
        if (!allows(w, 'operator_rejected')) throw stateConflict(w);
        const transfer = await money.returnHold(tx, w, 'withdrawal_release', { actor: 'operator', operatorId, outcome: 'rejected', reason: note });
        const row = await applyStep(tx, w, 'operator_rejected', { actor: 'operator', operatorId }, { rejection_reason: note }, { transferId: transfer.id, detail: { note } });
        return reviewItem(row, await approvalsOf(tx, row));
      });
    },
  };
}
