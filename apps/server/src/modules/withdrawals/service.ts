import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { EventRecorder } from '../../events';
import type { Clock } from '../../lib/clock';
import type { KycService } from '../kyc';
import type { PayoutGateway } from '../payouts';
import type { SafetyService } from '../safety';
import { checkPayouts } from './payout-check';
import { createMethods } from './methods';
import { createWithdrawalMoney } from './money';
import { createRequests, type RequestsDeps } from './requests';
import { createReview } from './review';
import { createSending } from './sending';
import type { WithdrawalSettings } from './settings';
import { createSteps } from './steps';
import type { WithdrawalsService } from './types';

export type WithdrawalsDeps = {
  db: Db;
  clock: Clock;
  settings: WithdrawalSettings;
  payouts: PayoutGateway;
  kyc: Pick<KycService, 'isVerified' | 'status'>;
  /** Responsible gambling: a self-excluded player's wagering lock is waived (decision 400). */
  safety: Pick<SafetyService, 'wageringLockWaived' | 'assertMayWithdraw'>;
  /** Bonus money's step in a request (promotions, decision 490). */
  bonuses?: RequestsDeps['bonuses'];
  /** The player's VIP level: the review queue takes higher levels first (decision 547). */
  vipLevelOf?: RequestsDeps['vipLevelOf'];
  log: FastifyBaseLogger;
  events: EventRecorder;
  /**
   * Send an approved withdrawal to the gateway right after its transaction commits (the leader
   * job `withdrawals.send-payouts` is the safety net). Off in tests, which call sendApproved.
   */
  sendAfterCommit: boolean;
};

/**
 * The withdrawals use cases, composed from files that each do one job: where the money moves
 * (money.ts), the state machine's steps (steps.ts), the player's requests (requests.ts), payout
 * methods (methods.ts), the operators' review (review.ts) and sending to the payout gateway
 * with its answers (sending.ts).
 */
export function createWithdrawalsService(deps: WithdrawalsDeps): WithdrawalsService {
  const money = createWithdrawalMoney(deps.settings.currency);
  // An approval sends after commit; sending applies steps in turn, so the two are wired late.
  const steps = createSteps({ ...deps, send: (id) => sending.sendOne(id) });
  const sending = createSending(deps, steps, money);
  const requests = createRequests(deps, steps, money);

  return {
    ...requests,
    ...createMethods(deps),
    ...createReview(deps, steps, money),
    listForPlayer: (playerId, query) => requests.list(playerId, query),
    handlePayoutEvent: sending.handlePayoutEvent,
    sendApproved: sending.sendApproved,
    payoutCheck: (window) => checkPayouts(deps.db, deps.payouts, window),
  };
}
