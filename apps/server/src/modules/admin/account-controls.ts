import type { AccountSuspension, AdminSuspendInput } from '@colorplay/contract';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { findPlayerById } from '../players';
import type { SafetyService } from '../safety';
import type { AuditLog, RequestOrigin } from './audit';
import type { OperatorPrincipal } from './operators';

export type AccountControlsDeps = {
  db: Db;
  audit: AuditLog;
  safety: Pick<SafetyService, 'suspend' | 'liftSuspension'>;
};

/**
 * An operator's controls over a player account (decision 420): suspend and lift. The change is
 * the safety module's (the lock every money path takes); the console audits it after it
 * committed, so a refused change (already suspended, not suspended) leaves no row.
 */
export function createAccountControls({ db, audit, safety }: AccountControlsDeps) {
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
  };
}
