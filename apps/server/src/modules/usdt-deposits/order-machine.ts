import type { UsdtDepositStatus } from '@colorplay/contract';

/**
 * The USDT order state machine: which event may move an order from which state. Pure: no
 * clock, no I/O (like deposits/deposit-machine.ts).
 *
 *   waiting --transfer_seen--> seen --transfer_dropped--> waiting   (a reorganisation took it)
 *   waiting | seen --credited--> succeeded                            (N confirmations, in time)
 *   waiting --timed_out--> expired   (a transfer in a block does not expire: seen stays)
 *   waiting --player_cancelled--> cancelled
 *   expired | cancelled | waiting | seen --review_needed--> review    (late payment, paid after
 *     cancel, worth nothing at the rate): money arrived, a person decides
 *   expired --transfer_seen--> seen   (paid in time by the block's clock, seen after the sweep)
 *   review --review_approved--> succeeded   (an operator credited what arrived)
 *   review --review_rejected--> expired | cancelled   (an operator returns it on chain; the order
 *     closes as it was before the payment: cancelled if the player had cancelled it)
 */
export type UsdtOrderEvent =
  | 'transfer_seen'
  | 'transfer_dropped'
  | 'credited'
  | 'timed_out'
  | 'player_cancelled'
  | 'review_needed'
  | 'review_approved'
  | 'review_rejected'
  | 'review_rejected_after_cancel';

const TABLE: Record<UsdtOrderEvent, Partial<Record<UsdtDepositStatus, UsdtDepositStatus>>> = {
  transfer_seen: { waiting: 'seen', seen: 'seen', expired: 'seen' },
  transfer_dropped: { seen: 'waiting' },
  credited: { waiting: 'succeeded', seen: 'succeeded' },
  timed_out: { waiting: 'expired' },
  player_cancelled: { waiting: 'cancelled' },
  review_needed: { waiting: 'review', seen: 'review', expired: 'review', cancelled: 'review' },
  review_approved: { review: 'succeeded' },
  review_rejected: { review: 'expired' },
  review_rejected_after_cancel: { review: 'cancelled' },
};

/** One step of the machine: the next state, or null when the event is not allowed in this state. */
export function step(status: UsdtDepositStatus, event: UsdtOrderEvent): UsdtDepositStatus | null {
  return TABLE[event][status] ?? null;
}
