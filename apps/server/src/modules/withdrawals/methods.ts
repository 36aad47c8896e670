import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import { prefixedId } from '../../lib/ids';
import type { PayoutDestination } from '../payouts';
import { findActiveMethodByFingerprint, insertMethod, listActiveMethods, lockPlayerWithdrawals, removeMethod, toMethod } from './repo';
import { kindEnabled, methodFingerprint, methodSummary } from './rules';
import type { WithdrawalSettings } from './settings';
import type { WithdrawalsService } from './types';

/** A player's saved payout methods (UPI, bank, USDT), at most `maxMethods` of them. */
export function createMethods(deps: { db: Db; clock: Clock; settings: WithdrawalSettings }): Pick<WithdrawalsService, 'listMethods' | 'addMethod' | 'removeMethod'> {
  const { db, clock, settings } = deps;

  async function listMethods(playerId: number) {
    return { items: (await listActiveMethods(db, playerId)).map(toMethod), maxMethods: settings.maxMethods };
  }

  return {
    listMethods,

    async addMethod(playerId, input) {
      if (!kindEnabled(input.kind, settings)) throw new AppError('PAYOUT_METHOD_UNAVAILABLE', 'This payout method cannot be used yet');
      const fingerprint = methodFingerprint(input);
      return db.transaction(async (tx) => {
        await lockPlayerWithdrawals(tx, playerId);
        // Saving the same destination again returns the saved one (a retried form submit).
        const same = await findActiveMethodByFingerprint(tx, playerId, fingerprint);
        if (same) return toMethod(same);
        if ((await listActiveMethods(tx, playerId)).length >= settings.maxMethods) {
          throw new AppError('PAYOUT_METHOD_LIMIT', `You can keep at most ${settings.maxMethods} payout methods. Remove one first.`);
        }
        const details: PayoutDestination =
          input.kind === 'upi'
            ? { kind: 'upi', vpa: input.vpa }
            : input.kind === 'bank'
              ? { kind: 'bank', accountHolder: input.accountHolder, accountNumber: input.accountNumber, ifsc: input.ifsc }
              : { kind: 'usdt', address: input.address };
        const row = await insertMethod(tx, {
          id: prefixedId('pm', 9),
          player_id: playerId,
          kind: input.kind,
          details,
          summary: methodSummary(input),
          fingerprint,
          created_at: clock.now(),
        });
        return toMethod(row ?? (await findActiveMethodByFingerprint(tx, playerId, fingerprint))!);
      });
    },

    async removeMethod(playerId, methodId) {
      if (!(await removeMethod(db, playerId, methodId, clock.now()))) throw new AppError('PAYOUT_METHOD_NOT_FOUND', 'No such payout method');
      return listMethods(playerId);
    },
  };
}
