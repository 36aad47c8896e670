import type { FastifyBaseLogger } from 'fastify';
import type { UsdtConfig } from '../../config';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import type { EventRecorder } from '../../events';
import type { Clock } from '../../lib/clock';
import type { SafetyService } from '../safety';
import type { ChainReader } from './chain';
import type { DevChain } from './dev-chain';
import type { RateSource } from './rate-source';

/** The chain as the service reaches it: started lazily (the sandbox's dev chain starts on first use). */
export type UsdtChainAccess = {
  get(): Promise<{ reader: ChainReader; tokenAddress: string; devChain: DevChain | undefined }>;
  close(): Promise<void>;
};

export type UsdtDepositsDeps = {
  db: Db;
  clock: Clock;
  config: UsdtConfig;
  chain: UsdtChainAccess;
  rates: RateSource;
  events: EventRecorder;
  log: FastifyBaseLogger;
  currency: string;
  /** Responsible gambling: breaks, exclusion and deposit limits, checked in the order's transaction. */
  safety: Pick<SafetyService, 'checkDeposit' | 'depositReleased' | 'depositRestored' | 'depositCredited' | 'depositLimitWarning'>;
};

export const notFound = () => new AppError('DEPOSIT_NOT_FOUND', 'No such recharge order');

export const chainDown = (err: unknown, log: FastifyBaseLogger) => {
  log.error({ err }, 'the USDT chain node did not answer');
  return new AppError('CHAIN_UNAVAILABLE', 'The blockchain node is not answering. Try again in a moment.');
};

/** The chain, or CHAIN_UNAVAILABLE when its node does not answer. */
export async function chainOrUnavailable(deps: Pick<UsdtDepositsDeps, 'chain' | 'log'>) {
  try {
    return await deps.chain.get();
  } catch (err) {
    throw chainDown(err, deps.log);
  }
}
