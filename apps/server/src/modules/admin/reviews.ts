import type { DepositReviewItem, UsdtReviewDecision, UsdtReviewItem } from '@colorplay/contract';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import type { DepositsService } from '../deposits';
import type { KycService } from '../kyc';
import type { UsdtDepositsService } from '../usdt-deposits';
import type { WithdrawalsService } from '../withdrawals';
import type { AuditLog, RequestOrigin } from './audit';
import type { OperatorPrincipal } from './operators';

/** The database's refusal of a second approver who is not independent (migration trigger, SQLSTATE CP001). */
export function notIndependentReason(err: unknown): string | null {
  const e = err as { code?: string; hint?: string } | null;
  return e?.code === 'CP001' ? (e.hint ?? 'not_independent') : null;
}

/** The console's answer to an approval the database refused (withdrawals and adjustments share the rule). */
export function notIndependentError(reason: string, what: 'withdrawal' | 'adjustment'): AppError {
  if (reason === 'not_countersigned') return new AppError('OPERATOR_NOT_COUNTERSIGNED', 'An approver made in the console must be countersigned by an admin of another origin first');
  return new AppError(
    'SECOND_APPROVER_NOT_INDEPENDENT',
    `A second approval must come from an operator of another origin than the first (neither made by the same person nor by each other) and created before the ${what} was requested`,
  );
}

export type ReviewsDeps = {
  db: Db;
  audit: AuditLog;
  deposits: DepositsService;
  withdrawals: () => WithdrawalsService;
  kyc: () => KycService;
  usdt: UsdtDepositsService | undefined;
};

/**
 * The review queues (UPI deposits, USDT transfers, withdrawals, KYC): what each shows and the
 * decisions on them. The decisions are the owning modules' (through their indexes); the console
 * audits each one after it committed, so a refused decision changed nothing and leaves no row.
 */
export function createReviews({ db, audit, deposits, withdrawals, kyc, usdt }: ReviewsDeps) {
  return {
    async depositsForReview(): Promise<DepositReviewItem[]> {
      const rows = await deposits.listForReview();
      return rows.map((o) => ({
        id: o.id,
        playerId: o.player_id,
        amountMinor: o.amount_minor,
        currency: o.currency,
        utr: o.utr,
        gatewayUtr: o.gateway_utr,
        reviewReason: o.review_reason,
        limitWarning: o.limitWarning,
        createdAt: o.created_at.toISOString(),
        updatedAt: o.updated_at.toISOString(),
      }));
    },

    /**
     * Approves (credits through the ledger, the transfer naming the operator) or rejects an order
     * under review. The audit row is written after the decision committed: a refused decision
     * changed nothing and leaves no row.
     */
    async reviewDeposit(orderId: string, decision: 'approve' | 'reject', note: string, by: OperatorPrincipal, origin: RequestOrigin) {
      const order = await deposits.review(orderId, decision, note, by.id);
      await audit.write(db, by, decision === 'approve' ? 'deposit.approve' : 'deposit.reject', `deposit:${orderId}`, origin, {
        before: { status: 'utr_submitted' },
        after: { status: order.status, note, transferId: order.transfer_id ?? null },
      });
      return { id: order.id, status: order.status };
    },

    async usdtForReview(): Promise<UsdtReviewItem[]> {
      return usdt ? usdt.listForReview() : [];
    },

    /**
     * Approves (credits through the ledger, naming the operator) or rejects (the operator returns
     * the tokens on chain) a USDT transfer under review. Audited after the decision committed.
     */
    async reviewUsdt(transferId: string, decision: 'approve' | 'reject', note: string, by: OperatorPrincipal, origin: RequestOrigin): Promise<UsdtReviewDecision> {
      if (!usdt) throw new AppError('DEPOSIT_NOT_FOUND', 'No such USDT transfer');
      const input = { transferId, operatorId: by.id, note };
      const result = decision === 'approve' ? await usdt.approveReview(input) : await usdt.rejectReview(input);
      await audit.write(db, by, decision === 'approve' ? 'usdt.approve' : 'usdt.reject', `usdt_transfer:${transferId}`, origin, {
        before: { status: 'review', orderId: result.orderId },
        after: { status: result.status, note, creditedMinor: result.creditedMinor, ledgerTransferId: result.ledgerTransferId, orderStatus: result.orderStatus },
      });
      return result;
    },

    async withdrawalsForReview(query: { cursor?: string | undefined }) {
      return withdrawals().listForReview(query.cursor ? { cursor: query.cursor } : {});
    },

    /**
     * One operator's approval of a withdrawal under review. Above the second-approval amount the
     * withdrawals module answers 'awaiting_second_approval' until a different operator approves
     * (the two-person rule lives there; the console only shows it). Audited after it committed.
     */
    async approveWithdrawal(withdrawalId: string, note: string, by: OperatorPrincipal, origin: RequestOrigin) {
      const w = withdrawals();
      const before = await w.getForReview(withdrawalId);
      let result;
      try {
        result = await w.approve({ withdrawalId, operatorId: String(by.id), note });
      } catch (err) {
        // The database refused: this approver is not independent of the first (migration trigger).
        const reason = notIndependentReason(err);
        if (reason === null) throw err;
        await audit.raiseAlert(db, 'approval_not_independent', by, `withdrawal:${withdrawalId}`, origin, {
          reason,
          approvers: before.approvals.map((a) => a.operatorId),
          amountMinor: before.amountMinor,
        });
        throw notIndependentError(reason, 'withdrawal');
      }
      await audit.write(db, by, 'withdrawal.approve', `withdrawal:${withdrawalId}`, origin, {
        before: { status: before.status, approvals: before.approvals.length },
        after: { status: result.status, withdrawalStatus: result.withdrawal.status, approvals: result.withdrawal.approvals.length, note },
      });
      return result;
    },

    async rejectWithdrawal(withdrawalId: string, note: string, by: OperatorPrincipal, origin: RequestOrigin) {
      const w = withdrawals();
      const before = await w.getForReview(withdrawalId);
      const after = await w.reject({ withdrawalId, operatorId: String(by.id), note });
      await audit.write(db, by, 'withdrawal.reject', `withdrawal:${withdrawalId}`, origin, { before: { status: before.status }, after: { status: after.status, note } });
      return after;
    },

    /** Pending submissions, each with the other accounts whose open submission has the same PAN. */
    async kycPending() {
      return kyc().listPending();
    },

    async verifyKyc(submissionId: string, by: OperatorPrincipal, origin: RequestOrigin) {
      const after = await kyc().verify({ submissionId, operatorId: String(by.id) });
      // The queue showed it; a verification despite a shared PAN is raised for someone to look at.
      const shared = await kyc().panSharedWith(submissionId);
      await audit.write(db, by, 'kyc.verify', `kyc:${submissionId}`, origin, { before: { status: 'pending' }, after: { status: after.status, playerId: after.playerId, panSharedWith: shared } });
      if (shared.length > 0) await audit.raiseAlert(db, 'pan_shared', by, `kyc:${submissionId}`, origin, { playerId: after.playerId, panSharedWith: shared });
      return after;
    },

    async rejectKyc(submissionId: string, reason: string, by: OperatorPrincipal, origin: RequestOrigin) {
      const after = await kyc().reject({ submissionId, operatorId: String(by.id), reason });
      await audit.write(db, by, 'kyc.reject', `kyc:${submissionId}`, origin, { before: { status: 'pending' }, after: { status: after.status, reason, playerId: after.playerId } });
      return after;
    },

    /** Looking at an identity document is itself recorded: who saw whose papers, and when. */
    async kycDocument(submissionId: string, by: OperatorPrincipal, origin: RequestOrigin) {
      const doc = await kyc().readDocument(submissionId);
      await audit.write(db, by, 'kyc.document_view', `kyc:${submissionId}`, origin);
      return doc;
    },
  };
}
