import type { UsdtDeposit, UsdtReviewItem } from '@colorplay/contract';
import { getAddress } from 'viem';
import type { UsdtConfig } from '../../config';
import { creditForPayment, formatRate, formatTokenAmount } from './amounts';
import type { ReviewTransferRow, UsdtOrderRow, UsdtTransferRow } from './repo';

/** What players and operators see of USDT orders and transfers: pure, from rows and the channel's config. */

/** A transfer's id in the console: its transaction hash and log index ("0x…:3"). */
export const reviewTransferId = (t: { tx_hash: string; log_index: number }) => `${t.tx_hash}:${t.log_index}`;

export function parseReviewTransferId(id: string): { txHash: string; logIndex: number } | null {
  const m = /^(0x[0-9a-f]{64}):(\d{1,9})$/.exec(id);
  return m ? { txHash: m[1]!, logIndex: Number(m[2]) } : null;
}

/** What a payment under review credits when approved: its worth as a payment for its order. */
export function reviewedWorthMinor(arrived: bigint, order: { token_amount: string | bigint; amount_minor: number; rate_minor_per_token: number; token_decimals: number }): number {
  return Number(creditForPayment(arrived, { tokenAmount: BigInt(order.token_amount), amountMinor: order.amount_minor, rateMinorPerToken: order.rate_minor_per_token, decimals: order.token_decimals }));
}

export function createViews(config: UsdtConfig) {
  /** An order as its player sees it, with the transfer that matters most to them. */
  function view(order: UsdtOrderRow, transfers: UsdtTransferRow[], now: Date): UsdtDeposit {
    // The transfer the player sees: the credited one, else the newest still followed, else one in review.
    const shown =
      transfers.find((t) => t.status === 'credited') ??
      transfers.find((t) => t.status === 'approved') ??
      transfers.find((t) => t.status === 'pending') ??
      transfers.find((t) => t.status === 'review');
    const received = order.received_base_units ?? (shown ? shown.amount_base_units : null);
    const receivedUnits = received === null ? null : BigInt(received);
    const tokenAmount = BigInt(order.token_amount);
    const settledAmount = order.status === 'succeeded' || order.status === 'review';
    return {
      id: order.id,
      channel: 'usdt',
      status: order.status,
      amountMinor: order.amount_minor,
      currency: order.currency,
      usdtAmount: formatTokenAmount(tokenAmount, order.token_decimals),
      usdtAmountBaseUnits: order.token_amount,
      rate: formatRate(order.rate_minor_per_token),
      rateMinorPerToken: order.rate_minor_per_token,
      depositAddress: getAddress(order.address),
      network: config.networkName,
      chainId: order.chain_id,
      tokenAddress: getAddress(order.token_address),
      tokenSymbol: config.tokenSymbol,
      tokenDecimals: order.token_decimals,
      confirmations: shown ? Math.min(shown.confirmations, config.confirmations) : 0,
      requiredConfirmations: config.confirmations,
      receivedBaseUnits: received,
      receivedUsdt: receivedUnits === null ? null : formatTokenAmount(receivedUnits, order.token_decimals),
      creditedMinor: order.credited_minor,
      txHash: shown?.tx_hash ?? null,
      underpaid: settledAmount && receivedUnits !== null && receivedUnits < tokenAmount,
      overpaid: settledAmount && receivedUnits !== null && receivedUnits > tokenAmount,
      reviewReason: order.review_reason,
      createdAt: order.created_at.toISOString(),
      expiresAt: order.expires_at.toISOString(),
      completedAt: order.completed_at?.toISOString() ?? null,
      serverTime: now.toISOString(),
    };
  }

  /** A transfer waiting in the operators' review queue. */
  function reviewItem(r: ReviewTransferRow): Omit<UsdtReviewItem, 'limitWarning'> {
    const { order } = r;
    const received = BigInt(r.amount_base_units);
    return {
      transferId: reviewTransferId(r),
      orderId: order.id,
      playerId: order.player_id,
      orderStatus: order.status,
      // The excess of an overpayment says so even if a later payment changed the order's reason.
      reviewReason: r.excess_minor !== null ? 'overpaid' : order.review_reason,
      txHash: r.tx_hash,
      logIndex: r.log_index,
      fromAddress: getAddress(r.from_address),
      toAddress: getAddress(r.to_address),
      receivedBaseUnits: r.amount_base_units,
      receivedUsdt: formatTokenAmount(received, order.token_decimals),
      tokenSymbol: config.tokenSymbol,
      orderAmountMinor: order.amount_minor,
      orderUsdt: formatTokenAmount(BigInt(order.token_amount), order.token_decimals),
      rate: formatRate(order.rate_minor_per_token),
      creditMinor: r.excess_minor ?? reviewedWorthMinor(received, order),
      currency: order.currency,
      blockTime: r.block_time.toISOString(),
      seenAt: r.seen_at.toISOString(),
    };
  }

  return { view, reviewItem };
}
export type UsdtViews = ReturnType<typeof createViews>;
