import type { DepositStatus } from '@colorplay/contract';

/**
 * The deposit order state machine: the one place that says which event may move an order from
 * which state to which. Pure: no clock, no I/O (XState's transition idea).
 *
 *   created --opened--> pending_payment --utr_submitted--> utr_submitted
 *   pending_payment | utr_submitted --gateway_paid / operator_approved--> succeeded
 *   pending_payment | utr_submitted --gateway_declined / operator_rejected--> failed
 *   created | pending_payment --player_cancelled--> cancelled
 *   created | pending_payment --timed_out--> expired
 *   cancelled | expired --gateway_paid--> succeeded   (money that did arrive is always credited)
 *   created --gateway_paid / gateway_declined--> succeeded / failed   (the payment was opened but
 *     not recorded on our side, e.g. a crash: the gateway's notice names our order id)
 *   failed --paid_after_failure--> utr_submitted   (the gateway says paid after it said declined,
 *     or after an operator rejected: money may have moved, so a person must look)
 *   any unpaid state --settlement_confirmed--> succeeded   (an operator credits an order the
 *     gateway's settlement file reports paid: the person looked, with the file as evidence;
 *     decision 416)
 */
export type DepositEvent =
  | 'opened'
  | 'utr_submitted'
  | 'gateway_paid'
  | 'gateway_declined'
  | 'operator_approved'
  | 'operator_rejected'
  | 'player_cancelled'
  | 'timed_out'
  | 'review_needed'
  | 'paid_after_failure'
  | 'settlement_confirmed';

const TABLE: Record<DepositEvent, Partial<Record<DepositStatus, DepositStatus>>> = {
  opened: { created: 'pending_payment' },
  utr_submitted: { pending_payment: 'utr_submitted' },
  gateway_paid: {
    created: 'succeeded',
    pending_payment: 'succeeded',
    utr_submitted: 'succeeded',
    cancelled: 'succeeded',
    expired: 'succeeded',
  },
  gateway_declined: { created: 'failed', pending_payment: 'failed', utr_submitted: 'failed' },
  operator_approved: { utr_submitted: 'succeeded' },
  operator_rejected: { utr_submitted: 'failed' },
  player_cancelled: { created: 'cancelled', pending_payment: 'cancelled' },
  timed_out: { created: 'expired', pending_payment: 'expired' },
  // Something the gateway said does not add up (amount mismatch): a person must look.
  review_needed: { created: 'utr_submitted', pending_payment: 'utr_submitted', cancelled: 'utr_submitted', expired: 'utr_submitted' },
  paid_after_failure: { failed: 'utr_submitted' },
  settlement_confirmed: {
    created: 'succeeded',
    pending_payment: 'succeeded',
    utr_submitted: 'succeeded',
    cancelled: 'succeeded',
    expired: 'succeeded',
    failed: 'succeeded',
  },
};

/**
 * One step of the machine: the next state, or null when the event is not allowed in this state.
 * (`step` is the name every state machine here uses: deposits, USDT orders, withdrawals.)
 */
export function step(status: DepositStatus, event: DepositEvent): DepositStatus | null {
  return TABLE[event][status] ?? null;
}
