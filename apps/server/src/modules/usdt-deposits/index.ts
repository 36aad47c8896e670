/**
 * The USDT deposits module's public face (docs/payments.md): orders with HD-derived addresses, the chain
 * watcher that credits confirmed Transfer logs through the ledger, and the sandbox dev chain.
 */
export { createUsdtChainAccess } from './chain-access';
export {
  createUsdtDepositsService,
  reviewTransferId,
  type UsdtDepositsService,
  type UsdtChainAccess,
  type UsdtReviewDecisionInput,
  type WatchReport,
  type CustodyDifference,
  type CustodyReport,
} from './service';
export { rateSourceOf, type RateSource } from './rate-source';
export { usdtRoutes, usdtFaucetRoutes, type UsdtRoutesOptions } from './routes';
export type { DevChain } from './dev-chain';
export type { UsdtReviewDecision, UsdtReviewItem } from '@colorplay/contract';
