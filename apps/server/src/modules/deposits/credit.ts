import type { DepositChannel, DepositLimitPass } from '@colorplay/contract';
import type { Queryable } from '../../db/db';
import type { EventRecorder } from '../../events';
import { HOUSE_ACCOUNTS, accountCodes, ensureAccount, postTransfer, type PostedTransfer } from '../ledger';
import type { SafetyService } from '../safety';

/**
 * The credit of a deposit, whatever the channel (UPI here, USDT in the usdt-deposits module):
 * the one place that says how paid money reaches a player's main wallet. Everything happens in
 * the caller's transaction, the one that also moves the order to its paid state.
 */

/** What crediting needs besides the transaction: the outbox and the deposit-limit counter. */
export type DepositCreditDeps = {
  events: EventRecorder;
  safety: Pick<SafetyService, 'depositCredited'>;
};

export type DepositCredit = {
  orderId: string;
  playerId: number;
  channel: DepositChannel;
  currency: string;
  /** What the player receives, in minor units (a USDT order may credit less or more than ordered). */
  amountMinor: number;
  /**
   * A USDT transfer an operator approved on review: credited under its own key (the transfer's
   * hash and log index), because its order may already carry the automatic credit.
   */
  reviewedTransfer?: { txHash: string; logIndex: number };
  /** Facts about the payment kept on the ledger transfer (who approved it, which chain transfer). */
  metadata: Record<string, unknown>;
};

/**
 * Ledger idempotency keys of deposit credits: one per order and channel (one per reviewed
 * transfer for USDT reviews), so even a bug that tried twice could not credit twice.
 */
export const depositCreditKey = {
  upi: (orderId: string) => `deposit:${orderId}`,
  usdt: (orderId: string) => `deposit_usdt:${orderId}`,
  usdtReview: (txHash: string, logIndex: number) => `deposit_usdt_review:${txHash}:${logIndex}`,
};

function keyOf(c: DepositCredit): string {
  if (c.channel === 'upi') return depositCreditKey.upi(c.orderId);
  return c.reviewedTransfer ? depositCreditKey.usdtReview(c.reviewedTransfer.txHash, c.reviewedTransfer.logIndex) : depositCreditKey.usdt(c.orderId);
}

/**
 * Credits a paid deposit: house:deposits to the player's main wallet under the order's key,
 * counted toward the player's deposit limits as what was credited (paid money is the player's
 * even past a limit), and announced as DepositSucceeded after commit. When the credit takes the
 * player past a deposit limit (a payment that arrived for a cancelled or expired order, an
 * approval by hand, a limit lowered since the order), DepositLimitPassed is recorded too and
 * operators are alerted (decision 392). Wagering needs no bookkeeping of its own: it reads the
 * ledger's deposit kinds. Returns the ledger transfer, whose id the caller records on its order,
 * and the limits passed.
 */
export async function creditDeposit(tx: Queryable, deps: DepositCreditDeps, c: DepositCredit): Promise<{ transfer: PostedTransfer; limitPassed: DepositLimitPass[] }> {
  const key = keyOf(c);
  // The player's controls lock comes before the ledger's account locks, as on every money path.
  const limitPassed = await deps.safety.depositCredited(tx, { orderRef: c.orderId, creditKey: key, playerId: c.playerId, amountMinor: c.amountMinor });
  const main = accountCodes.playerMain(c.playerId);
  await ensureAccount(tx, { code: main, kind: 'player', owner: c.playerId, currency: c.currency });
  await ensureAccount(tx, { code: HOUSE_ACCOUNTS.deposits, kind: 'house', currency: c.currency });
  const transfer = await postTransfer(tx, {
    idempotencyKey: key,
    kind: c.channel === 'upi' ? 'deposit' : 'deposit_usdt',
    reference: c.orderId,
    metadata: { channel: c.channel, ...c.metadata },
    entries: [
      { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -c.amountMinor },
      { accountCode: main, amountMinor: c.amountMinor },
    ],
  });
  const facts = { orderId: c.orderId, playerId: c.playerId, amountMinor: c.amountMinor, currency: c.currency, channel: c.channel };
  await deps.events.record(tx, 'DepositSucceeded', { ...facts, transferId: transfer.id });
  if (limitPassed.length > 0) await deps.events.record(tx, 'DepositLimitPassed', { ...facts, passed: limitPassed });
  return { transfer, limitPassed };
}
