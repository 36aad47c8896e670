import type { WithdrawalStatus } from '@colorplay/contract';

/**
 * The withdrawal state machine: the one place that says which event may move a withdrawal from
 * which state to which, and which times the step sets. Pure: no I/O, the time is passed in.
 *
 *   requested --auto_approved--> approved          (verified, small, no risk flag)
 *   requested --review_needed--> review
 *   review --operator_approved--> approved         (after the last approval the rule needs)
 *   requested | review --player_cancelled--> cancelled
 *   requested | review --operator_rejected--> rejected
 *   approved --sent--> processing                  (the payout gateway took it)
 *   approved | processing --gateway_paid--> paid
 *   approved | processing --gateway_failed--> failed
 *   paid --gateway_reversed--> failed_after_paid   (the bank returned a paid payout)
 */
export type WithdrawalEvent =
  | 'auto_approved'
  | 'review_needed'
  | 'operator_approved'
  | 'player_cancelled'
  | 'operator_rejected'
  | 'sent'
  | 'gateway_paid'
  | 'gateway_failed'
  | 'gateway_reversed';

const TABLE: Record<WithdrawalEvent, Partial<Record<WithdrawalStatus, WithdrawalStatus>>> = {
  auto_approved: { requested: 'approved' },
  review_needed: { requested: 'review' },
  operator_approved: { review: 'approved' },
  player_cancelled: { requested: 'cancelled', review: 'cancelled' },
  operator_rejected: { requested: 'rejected', review: 'rejected' },
  sent: { approved: 'processing' },
  // A gateway may report the outcome before we recorded that it took the payout (a crash
  // between its answer and our write), so approved accepts the outcomes too.
  gateway_paid: { approved: 'paid', processing: 'paid' },
  gateway_failed: { approved: 'failed', processing: 'failed' },
  gateway_reversed: { paid: 'failed_after_paid' },
};

/** No event leaves these. */
export const FINAL_WITHDRAWAL_STATUSES: ReadonlySet<WithdrawalStatus> = new Set(['failed', 'cancelled', 'rejected', 'failed_after_paid']);

/** The timestamps a step sets besides updated_at. */
export type WithdrawalTimes = { approved_at?: Date; sent_at?: Date; paid_at?: Date; completed_at?: Date };

/** One step of the machine: the next state and the times it sets, or null when the event is not allowed in this state. */
export function step(status: WithdrawalStatus, event: WithdrawalEvent, now: Date): { status: WithdrawalStatus; times: WithdrawalTimes } | null {
  const to = TABLE[event][status];
  if (!to) return null;
  const times: WithdrawalTimes = {};
  if (to === 'approved') times.approved_at = now;
  if (to === 'processing') times.sent_at = now;
  if (to === 'paid') times.paid_at = now;
  // Paid is final for the player unless the bank returns it; failed_after_paid completes again.
  if (to === 'paid' || FINAL_WITHDRAWAL_STATUSES.has(to)) times.completed_at = now;
  return { status: to, times };
}
