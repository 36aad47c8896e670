import type { Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { EventRecorder } from '../../events';
import type { SafetyService } from '../safety';
import { creditDeposit } from './credit';
import { step, type DepositEvent } from './deposit-machine';
import { recordStep, type DepositChange, type DepositRow } from './repo';

export type Actor = 'player' | 'gateway' | 'system' | 'operator';

export type OrderStepsDeps = {
  events: EventRecorder;
  safety: Pick<SafetyService, 'depositReleased' | 'depositCredited'>;
};

/** What the domain events of an order say about it. */
export function eventFacts(order: DepositRow) {
  return {
    orderId: order.id,
    playerId: order.player_id,
    amountMinor: order.amount_minor,
    currency: order.currency,
    channel: order.channel,
  };
}

/**
 * The one way a UPI order changes state: a step of the machine applied to a locked order, with
 * its audit row, its money (the credit, on the step to succeeded), its count toward the deposit
 * limits and its domain event, in the caller's transaction.
 */
export function createOrderSteps(deps: OrderStepsDeps) {
  /** Applies one state-machine event to a locked order, or refuses with a clear conflict. */
  async function applyStep(tx: Queryable, order: DepositRow, event: DepositEvent, actor: Actor, now: Date, change: DepositChange = {}, detail: Record<string, unknown> = {}) {
    const to = step(order.status, event);
    if (!to) {
      throw new AppError('DEPOSIT_STATE_CONFLICT', `This order is ${order.status.replace('_', ' ')} and cannot be changed that way`);
    }
    if (to === 'succeeded') return credit(tx, order, actor, now, change, detail);
    const next = await recordStep(tx, order, to, actor, now, change, detail);
    // A failed order (declined by the payer, rejected by an operator) can no longer be paid: its
    // share of the player's deposit limits is released. A cancelled or expired one still could be
    // paid at the gateway: its share is held until the gateway confirms it closed the payment, or
    // until the gateway's payment window has passed (service.ts, notices.ts; decision 390).
    if (to === 'failed') await deps.safety.depositReleased(tx, order.id);
    if (to === 'failed') {
      await deps.events.record(tx, 'DepositFailed', { ...eventFacts(order), reason: next.failure_reason });
    } else if (to === 'expired') {
      await deps.events.record(tx, 'DepositExpired', eventFacts(order));
    }
    return next;
  }

  /** Credits the player in the same database transaction as the step to succeeded (see credit.ts). */
  async function credit(tx: Queryable, order: DepositRow, actor: Actor, now: Date, change: DepositChange, detail: Record<string, unknown>) {
    const { transfer } = await creditDeposit(tx, deps, {
      orderId: order.id,
      playerId: order.player_id,
      channel: order.channel,
      currency: order.currency,
      amountMinor: order.amount_minor,
      // An operator's approval names the operator on the money movement itself.
      metadata: { actor, ...(typeof detail.operatorId === 'number' ? { operatorId: detail.operatorId } : {}) },
    });
    return recordStep(tx, order, 'succeeded', actor, now, { ...change, transfer_id: transfer.id, completed_at: now }, detail);
  }

  return { applyStep };
}
export type ApplyStep = ReturnType<typeof createOrderSteps>['applyStep'];
