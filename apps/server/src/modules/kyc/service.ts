import type { Db } from '../../db/db';
import type { Clock } from '../../lib/clock';
import type { KycSettings } from './settings';
import type { KycService } from './types';
import type { DocumentStore } from './document-store';

export type KycDeps = { db: Db; clock: Clock; settings: KycSettings; store: DocumentStore };

const notYet = (): never => {
  throw new Error('kyc: not implemented yet (CONTRACT commit; the implementation follows)');
};

export function createKycService(_deps: KycDeps): KycService {
  return {
    status: notYet,
    submit: notYet,
    isVerified: notYet,
    listPending: notYet,
    verify: notYet,
    reject: notYet,
    getForPlayer: notYet,
    readDocument: notYet,
  };
}
