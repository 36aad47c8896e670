import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { EventRecorder } from '../../events';
import type { Clock } from '../../lib/clock';
import { recordEvent, updateWithdrawal, type WithdrawalChange, type WithdrawalRow } from './repo';
import { step, type WithdrawalEvent } from './withdrawal-machine';

export type Actor = 'player' | 'operator' | 'system' | 'gateway';

export const notFound = () => new AppError('WITHDRAWAL_NOT_FOUND', 'No such withdrawal');
export const stateConflict = (w: WithdrawalRow) =>
  new AppError('WITHDRAWAL_STATE_CONFLICT', `This withdrawal is ${w.status.replace(/_/g, ' ')} and cannot be changed that way`);

export type StepsDeps = {
  clock: Clock;
  events: EventRecorder;
  log: FastifyBaseLogger;
  sendAfterCommit: boolean;
  /** Sends one approved withdrawal to the payout gateway (sending.ts). */
  send: (withdrawalId: string) => Promise<unknown>;
};

/**
 * The one way a withdrawal changes state: a step of the machine applied to a locked withdrawal,
 * with the row, its audit event and the domain event, in the caller's transaction. A step the
 * machine does not allow is a conflict. Money moves beside it, in money.ts.
 */
export function createSteps(deps: StepsDeps) {
  const { clock, log } = deps;

  async function applyStep(
    tx: Queryable,
    w: WithdrawalRow,
    event: WithdrawalEvent,
    who: { actor: Actor; operatorId?: string | null },
    change: WithdrawalChange = {},
    extra: { transferId?: string | null; detail?: Record<string, unknown> } = {},
  ): Promise<WithdrawalRow> {
    const now = clock.now();
    const next = step(w.status, event, now);
    if (!next) throw stateConflict(w);
    const row = await updateWithdrawal(tx, w.id, next.status, now, { ...change, ...next.times });
    await recordEvent(tx, {
      withdrawalId: w.id,
      from: w.status,
      to: next.status,
      actor: who.actor,
      operatorId: who.operatorId ?? null,
      transferId: extra.transferId ?? null,
      detail: extra.detail ?? {},
      now,
    });
    // The reason travels with the event so the inbox can tell the player why without reading
    // this module's tables: the operator's for a rejection, the gateway's for a failure.
    const reason = next.status === 'rejected' ? row.rejection_reason : next.status === 'failed' || next.status === 'failed_after_paid' ? row.failure_reason : null;
    await deps.events.record(tx, 'WithdrawalStatusChanged', {
      withdrawalId: w.id,
      playerId: w.player_id,
      amountMinor: w.amount_minor,
      feeMinor: w.fee_minor,
      currency: w.currency,
      status: next.status,
      reason: reason ?? null,
    });
    if (next.status === 'approved' && deps.sendAfterCommit) {
      tx.afterCommit?.(() => void deps.send(w.id).catch((err: unknown) => log.error({ err, withdrawalId: w.id }, 'payout send failed')));
    }
    return row;
  }

  /** Whether the machine allows this event now (checked before money moves). */
  const allows = (w: WithdrawalRow, event: WithdrawalEvent) => step(w.status, event, clock.now()) !== null;

  return { applyStep, allows };
}
export type WithdrawalSteps = ReturnType<typeof createSteps>;
