import type { AccountClosure, AccountSuspension, Adjustment, AdminAdjustmentInput, AdminCloseInput, AdminRgNoteInput, AdminSuspendInput, RgNote } from '@colorplay/contract';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import type { AdjustmentsService } from '../adjustments';
import { findPlayerById } from '../players';
import type { SafetyService } from '../safety';
import type { AuditLog, RequestOrigin } from './audit';
import type { OperatorPrincipal } from './operators';
import { notIndependentError, notIndependentReason } from './reviews';

export type AccountControlsDeps = {
  db: Db;
  audit: AuditLog;
  safety: Pick<SafetyService, 'suspend' | 'liftSuspension' | 'close' | 'addInteractionNote' | 'interactionNotes'>;
  adjustments: AdjustmentsService;
};

/**
 * An operator's controls over a player account: suspend and lift (decision 420), and balance
 * adjustments (decision 421). Each change is its owning module's (the safety module's controls
 * lock, the adjustments module's ledger transfer); the console audits it after it committed, so a
 * refused change leaves no row, and raises an alert when the two-person rule refused an approver.
 */
export function createAccountControls({ db, audit, safety, adjustments }: AccountControlsDeps) {
  async function playerOrThrow(playerId: number): Promise<void> {
    if (!(await findPlayerById(db, playerId))) throw new AppError('NOT_FOUND', 'No such player');
  }

  return {
    async suspendPlayer(playerId: number, input: AdminSuspendInput, by: OperatorPrincipal, origin: RequestOrigin): Promise<AccountSuspension> {
      await playerOrThrow(playerId);
      const suspension = await safety.suspend(playerId, input, by.id);
      await audit.write(db, by, 'player.suspend', `player:${playerId}`, origin, { before: { suspended: false }, after: { suspended: true, reason: input.reason, note: input.note } });
      return suspension;
    },

    async liftSuspension(playerId: number, note: string, by: OperatorPrincipal, origin: RequestOrigin): Promise<AccountSuspension> {
      await playerOrThrow(playerId);
      const lifted = await safety.liftSuspension(playerId);
      await audit.write(db, by, 'player.suspension_lift', `player:${playerId}`, origin, {
        before: { suspended: true, reason: lifted.reason, since: lifted.since, by: lifted.operatorId },
        after: { suspended: false, note },
      });
      return lifted;
    },

    /**
     * Closes the account for good (decision 440); the balance stays in place under the reason's
     * rule (decision 441). A retry of a closure in force changes nothing and is not audited again.
     */
    async closePlayer(playerId: number, input: AdminCloseInput, by: OperatorPrincipal, origin: RequestOrigin): Promise<AccountClosure> {
      await playerOrThrow(playerId);
      const { replayed, ...closure } = await safety.close(playerId, input, by.id);
      if (!replayed) {
        await audit.write(db, by, 'player.close', `player:${playerId}`, origin, {
          before: { closed: false },
          after: { closed: true, reason: closure.reason, note: closure.note, balanceRule: closure.balanceRule, balanceMinor: closure.balanceMinor },
        });
      }
      return closure;
    },

    /** A credit or debit with a reason code; from the second-approval amount on it waits for another operator. */
    async requestAdjustment(playerId: number, input: AdminAdjustmentInput, by: OperatorPrincipal, origin: RequestOrigin): Promise<Adjustment> {
      await playerOrThrow(playerId);
      const { replayed, ...a } = await approving(() => adjustments.request(playerId, input, by.id), by, `player:${playerId}`, origin, { amountMinor: input.amountMinor });
      // A retry of the same request changed nothing: it is not audited again.
      if (!replayed) {
        await audit.write(db, by, 'adjustment.request', `adjustment:${a.id}`, origin, {
          after: { playerId, direction: a.direction, amountMinor: a.amountMinor, reason: a.reason, note: a.note, status: a.status, transferId: a.transferId },
        });
      }
      return a;
    },

    /** The second, independent approval: the transfer is posted. */
    async approveAdjustment(adjustmentId: string, by: OperatorPrincipal, origin: RequestOrigin): Promise<Adjustment> {
      const before = await adjustments.get(adjustmentId);
      const a = await approving(() => adjustments.approve(adjustmentId, by.id), by, `adjustment:${adjustmentId}`, origin, {
        approvers: before.approvers,
        amountMinor: before.amountMinor,
      });
      await audit.write(db, by, 'adjustment.approve', `adjustment:${adjustmentId}`, origin, {
        before: { status: before.status, approvers: before.approvers },
        after: { status: a.status, approvers: a.approvers, transferId: a.transferId },
      });
      return a;
    },

    /** A responsible-gambling interaction note (decision 423): what the operator saw and did; audited. */
    async addRgNote(playerId: number, input: AdminRgNoteInput, by: OperatorPrincipal, origin: RequestOrigin): Promise<RgNote> {
      await playerOrThrow(playerId);
      const note = await safety.addInteractionNote(playerId, input, by.id);
      await audit.write(db, by, 'player.rg_note', `player:${playerId}`, origin, { after: { noteId: note.id, observed: note.observed, actionTaken: note.actionTaken } });
      return note;
    },

    async rgNotes(playerId: number): Promise<RgNote[]> {
      await playerOrThrow(playerId);
      return safety.interactionNotes(playerId);
    },

    async playerAdjustments(playerId: number): Promise<Adjustment[]> {
      await playerOrThrow(playerId);
      return adjustments.listForPlayer(playerId);
    },
  };

  /** Runs an approval; the database's refusal of a dependent or inactive approver becomes an alert and a 403. */
  async function approving<T>(work: () => Promise<T>, by: OperatorPrincipal, target: string, origin: RequestOrigin, details: Record<string, unknown>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      const reason = notIndependentReason(err);
      if (reason === null) throw err;
      await audit.raiseAlert(db, 'approval_not_independent', by, target, origin, { reason, ...details });
      throw notIndependentError(reason, 'adjustment');
    }
  }
}
