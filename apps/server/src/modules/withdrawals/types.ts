import type { PayoutCheckReport } from './payout-check';
import type {
  AddPayoutMethodInput,
  ApproveWithdrawalResult,
  PayoutCallbackEvent,
  PayoutMethod,
  PayoutMethodList,
  RequestWithdrawalInput,
  WithdrawInfo,
  Withdrawal,
  WithdrawalReviewItem,
  WithdrawalReviewPage,
  WithdrawalsPage,
  WithdrawalsQuery,
} from '@colorplay/contract';

/** An operator as the withdrawals module records it: the operator console's account id. */
export type OperatorId = string;

/** What one pass of the payout sender did (leader job `withdrawals.send-payouts`). */
export type SendReport = { sent: number; failed: number; unanswered: number };

/**
 * The withdrawals use cases. Player functions take the authenticated player's id; operator
 * functions take the operator's id, which every money movement records in its ledger transfer
 * (metadata.operatorId). Errors are AppErrors with the contract's codes.
 */
export interface WithdrawalsService {
  // ---- player ----
  info(playerId: number): Promise<WithdrawInfo>;
  listMethods(playerId: number): Promise<PayoutMethodList>;
  addMethod(playerId: number, input: AddPayoutMethodInput): Promise<PayoutMethod>;
  /** Removes a saved method (withdrawals already made with it keep their summary). */
  removeMethod(playerId: number, methodId: string): Promise<PayoutMethodList>;
  /** Moves the amount from main to the withdrawal hold in one transfer; idempotent by key. */
  request(playerId: number, input: RequestWithdrawalInput): Promise<Withdrawal>;
  /** Player cancel while requested or review: the hold goes back to main. */
  cancel(playerId: number, withdrawalId: string): Promise<Withdrawal>;
  list(playerId: number, query: WithdrawalsQuery): Promise<WithdrawalsPage>;
  get(playerId: number, withdrawalId: string): Promise<Withdrawal>;

  // ---- operator (called by the operator console) ----
  /** Withdrawals waiting for an operator (status review), oldest first, cursor-paged. */
  listForReview(query?: { cursor?: string; limit?: number }): Promise<WithdrawalReviewPage>;
  /** One withdrawal with its approvals and review reasons (any status). */
  getForReview(withdrawalId: string): Promise<WithdrawalReviewItem>;
  /**
   * Records this operator's approval. At or above WITHDRAWAL_SECOND_APPROVAL_MINOR a second,
   * different operator must approve too ('awaiting_second_approval' until then; the same
   * operator again is SECOND_APPROVAL_SAME_OPERATOR). Approved withdrawals are sent to the
   * payout gateway after commit. A withdrawal no longer in review is WITHDRAWAL_STATE_CONFLICT.
   */
  approve(input: { withdrawalId: string; operatorId: OperatorId; note: string }): Promise<ApproveWithdrawalResult>;
  /** Rejects a requested or review withdrawal; the note is the reason the player reads. */
  reject(input: { withdrawalId: string; operatorId: OperatorId; note: string }): Promise<WithdrawalReviewItem>;
  /** A player's withdrawals for the operator console's player lookup. */
  listForPlayer(playerId: number, query: WithdrawalsQuery): Promise<WithdrawalsPage>;

  // ---- payout gateway ----
  /** A verified payout callback: applied once per event id; money returns exactly once. */
  handlePayoutEvent(event: PayoutCallbackEvent): Promise<{ outcome: 'applied' | 'duplicate' | 'ignored' }>;
  /** Sends approved withdrawals to the payout gateway (idempotent by withdrawal id). */
  sendApproved(limit?: number): Promise<SendReport>;
  /** Withdrawals sent in [from, to) against the payout gateway's records (reconciliation). */
  payoutCheck(window: { from: Date; to: Date }): Promise<PayoutCheckReport>;
}
