import type { Adjustment, AdminAdjustmentInput } from '@colorplay/contract';
import type { Db, Queryable } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { prefixedId } from '../../lib/ids';
import { accountCodes, ensureAccount, HOUSE_ACCOUNTS, postTransfer } from '../ledger';
import * as repo from './repo';
import { approvalsNeeded, playerSideMinor, secondApprovalVerdict } from './rules';

export type AdjustmentsDeps = {
  db: Db;
  clock: Clock;
  /** From this amount a second, independent operator must approve (ADJUSTMENT_SECOND_APPROVAL_MINOR). */
  secondApprovalMinor: number;
};

const LIST_LIMIT = 100;

function toAdjustment(r: repo.AdjustmentRow): Adjustment {
  return {
    id: r.id,
    playerId: r.player_id,
    direction: r.direction,
    amountMinor: r.amount_minor,
    reason: r.reason,
    note: r.note,
    requestedBy: r.requested_by,
    requestedAt: r.requested_at.toISOString(),
    approvalsNeeded: r.approvals_needed,
    approvers: r.approvers,
    status: r.status,
    transferId: r.transfer_id,
    appliedAt: r.applied_at?.toISOString() ?? null,
  };
}

/**
 * Operators' credits and debits of a player's main wallet (decision 421): each one a ledger
 * transfer of kind `adjustment` against house:adjustments, never a balance edit. The approvals
 * go through the database's two-person trigger (the withdrawal rule's functions, migration 030),
 * so whatever code path inserts one, a dependent or inactive approver's transaction fails.
 */
export function createAdjustmentsService({ db, clock, secondApprovalMinor }: AdjustmentsDeps) {
  /** Posts the transfer and marks the adjustment applied, in the approving transaction. */
  async function apply(tx: Queryable, a: repo.AdjustmentRow, now: Date): Promise<void> {
    const player = accountCodes.playerMain(a.player_id);
    await ensureAccount(tx, { code: player, kind: 'player', owner: a.player_id });
    await ensureAccount(tx, { code: HOUSE_ACCOUNTS.adjustments, kind: 'house' });
    const side = playerSideMinor(a.direction, a.amount_minor);
    // A debit past the balance is refused by the ledger (INSUFFICIENT_FUNDS): a player's money never goes negative.
    const posted = await postTransfer(tx, {
      idempotencyKey: `adj:${a.id}`,
      kind: 'adjustment',
      reference: a.id,
      metadata: { reason: a.reason, requestedBy: a.requested_by, approvers: [...a.approvers] },
      entries: [
        { accountCode: player, amountMinor: side },
        { accountCode: HOUSE_ACCOUNTS.adjustments, amountMinor: -side },
      ],
    });
    await repo.markApplied(tx, a.id, posted.id, now);
  }

  async function reread(q: Queryable, id: string): Promise<Adjustment> {
    return toAdjustment((await repo.selectById(q, id))!);
  }

  return {
    /**
     * An operator asks for an adjustment and approves it as its first approver. Below the
     * second-approval amount it is posted at once; from it on it waits for another operator. A
     * retry with the same idempotency key answers the adjustment it made (`replayed`).
     */
    async request(playerId: number, input: AdminAdjustmentInput, operatorId: number): Promise<Adjustment & { replayed: boolean }> {
      return db.transaction(async (tx) => {
        const existing = await repo.selectByKey(tx, input.idempotencyKey);
        if (existing) return { ...toAdjustment(existing), replayed: true };
        const now = clock.now();
        const id = prefixedId('adj');
        const needed = approvalsNeeded(input.amountMinor, secondApprovalMinor);
        const inserted = await repo.insertAdjustment(tx, {
          id,
          player_id: playerId,
          direction: input.direction,
          amount_minor: input.amountMinor,
          reason: input.reason,
          note: input.note,
          idempotency_key: input.idempotencyKey,
          requested_by: operatorId,
          requested_at: now,
          approvals_needed: needed,
        });
        if (!inserted) return { ...toAdjustment((await repo.selectByKey(tx, input.idempotencyKey))!), replayed: true };
        await repo.insertApproval(tx, id, operatorId, now);
        const row = (await repo.lockAdjustment(tx, id))!;
        if (needed === 1) await apply(tx, row, now);
        return { ...(await reread(tx, id)), replayed: false };
      });
    },

    /** A second operator's approval: the database checks their independence, then the transfer is posted. */
    async approve(adjustmentId: string, operatorId: number): Promise<Adjustment> {
      return db.transaction(async (tx) => {
        const row = await repo.lockAdjustment(tx, adjustmentId);
        if (!row) throw new AppError('ADJUSTMENT_NOT_FOUND', 'No such adjustment');
        const verdict = secondApprovalVerdict(row, operatorId);
        if (verdict === 'already_applied') throw new AppError('ADJUSTMENT_STATE_CONFLICT', 'This adjustment was already applied');
        if (verdict === 'same_operator') throw new AppError('SECOND_APPROVAL_SAME_OPERATOR', 'A second approval must come from another operator');
        const now = clock.now();
        await repo.insertApproval(tx, adjustmentId, operatorId, now);
        await apply(tx, (await repo.lockAdjustment(tx, adjustmentId))!, now);
        return reread(tx, adjustmentId);
      });
    },

    async get(adjustmentId: string): Promise<Adjustment> {
      const row = await repo.selectById(db, adjustmentId);
      if (!row) throw new AppError('ADJUSTMENT_NOT_FOUND', 'No such adjustment');
      return toAdjustment(row);
    },

    /** The player's adjustments, newest first. */
    async listForPlayer(playerId: number): Promise<Adjustment[]> {
      return (await repo.selectForPlayer(db, playerId, LIST_LIMIT)).map(toAdjustment);
    },
  };
}

export type AdjustmentsService = ReturnType<typeof createAdjustmentsService>;
