import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/db';
import type { EventRecorder } from '../../events';
import type { Clock } from '../../lib/clock';
import type { KycService } from '../kyc';
import type { PayoutGateway } from '../payouts';
import type { WithdrawalSettings } from './settings';
import type { WithdrawalsService } from './types';

export type WithdrawalsDeps = {
  db: Db;
  clock: Clock;
  settings: WithdrawalSettings;
  payouts: PayoutGateway;
  kyc: Pick<KycService, 'isVerified' | 'status'>;
  log: FastifyBaseLogger;
  events: EventRecorder;
};

const notYet = (): never => {
  throw new Error('withdrawals: not implemented yet (CONTRACT commit; the implementation follows)');
};

export function createWithdrawalsService(_deps: WithdrawalsDeps): WithdrawalsService {
  return {
    info: notYet,
    listMethods: notYet,
    addMethod: notYet,
    removeMethod: notYet,
    request: notYet,
    cancel: notYet,
    list: notYet,
    get: notYet,
    listForReview: notYet,
    getForReview: notYet,
    approve: notYet,
    reject: notYet,
    listForPlayer: notYet,
    handlePayoutEvent: notYet,
    sendApproved: notYet,
  };
}
