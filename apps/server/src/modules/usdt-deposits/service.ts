import type { UsdtFaucetResult } from '@colorplay/contract';
import { getAddress } from 'viem';
import { AppError } from '../../errors';
import { usdtCustodyCheck } from './custody';
import { chainDown, chainOrUnavailable, notFound, type UsdtDepositsDeps } from './deps';
import type { DevChain } from './dev-chain';
import { createOrders, createOrderSteps } from './orders';
import { findOrder } from './repo';
import { createReview } from './review';
import { createViews } from './views';
import { createWatcher } from './watcher';

export type { UsdtChainAccess, UsdtDepositsDeps } from './deps';
export type { UsdtReviewDecisionInput } from './review';
export { reviewTransferId } from './views';
export type { WatchReport } from './watcher';
export type { CustodyDifference, CustodyReport } from './custody';

/**
 * The USDT deposits use cases, composed from files that each do one job: the player's orders
 * (orders.ts), the chain watcher that credits or sends to review (watcher.ts), the operators'
 * review (review.ts) and what players and operators see (views.ts). Every credit goes through
 * the deposits module's one deposit credit.
 */
export function createUsdtDepositsService(deps: UsdtDepositsDeps) {
  const { db, config, chain, log } = deps;
  const views = createViews(config);
  const { applyStep } = createOrderSteps(deps);
  const orders = createOrders(deps, views, applyStep);
  const { watch } = createWatcher(deps, applyStep);
  const review = createReview(deps, views, applyStep);

  return {
    /** The channel's limits for get-deposit-info. */
    limits: { minMinor: config.minMinor, maxMinor: config.maxMinor },
    ...orders,

    /**
     * One pass of the chain watcher (run by one leader, see app.ts): scans new blocks for the
     * token's Transfer logs to our addresses from the cursor on, then follows every pending
     * transfer to N confirmations, re-verifying it on the chain before it is decided.
     */
    watch,
    ...review,

    /** Sandbox only: sends test USDT to the order's address (the whole order amount by default). */
    async faucet(playerId: number, input: { orderId: string; amountBaseUnits?: string | undefined }): Promise<UsdtFaucetResult> {
      const order = await findOrder(db, input.orderId);
      if (!order || order.player_id !== playerId) throw notFound();
      const amount = BigInt(input.amountBaseUnits ?? order.token_amount);
      // The deployer holds 10^12 test tokens; a sandbox payment needs far less than a million.
      if (amount > 10n ** BigInt(order.token_decimals + 6)) {
        const message = 'The faucet sends at most 1,000,000 test USDT';
        throw new AppError('VALIDATION_FAILED', message, [{ path: 'amountBaseUnits', message }]);
      }
      const { devChain } = await chainOrUnavailable(deps);
      if (!devChain) throw new AppError('NOT_FOUND', 'No faucet on this chain');
      try {
        const sent = await devChain.send(order.address, amount);
        return { txHash: sent.txHash, to: getAddress(order.address), amountBaseUnits: amount.toString(), blockNumber: sent.blockNumber };
      } catch (err) {
        throw chainDown(err, log);
      }
    },

    /** The chain's transfers into our deposit addresses against our records (reconciliation). */
    custodyCheck: () => usdtCustodyCheck(deps),

    /** The sandbox's dev chain (tests drive it: mining, snapshots); undefined on a real node. */
    async devChain(): Promise<DevChain | undefined> {
      return (await chain.get()).devChain;
    },

    close: () => chain.close(),
  };
}
export type UsdtDepositsService = ReturnType<typeof createUsdtDepositsService>;
