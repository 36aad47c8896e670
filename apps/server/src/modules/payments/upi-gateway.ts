import type { UpiWebhookEvent } from '@colorplay/contract';
import type { SignatureVerdict } from './webhook-signature';

/**
 * What the deposits module needs from a UPI payment gateway. One adapter per provider; the
 * configuration (`UPI_CHANNEL`) chooses it. The sandbox adapter (sandbox-upi/) runs in-process
 * and moves no real money; the HTTP adapter (http-upi/) talks to a real provider.
 */
export interface UpiGateway {
  readonly name: string;
  /** True when no real money can move: shown to players as such, refused in production. */
  readonly sandbox: boolean;
  /**
   * Opens a collect request for an order and says where the payer can pay. Idempotent by our
   * order id (sent as the merchant order id): calling it again for the same order, concurrently
   * or after a crash, returns the same payment, so an order never has two.
   */
  createPayment(
    order: { orderId: string; amountMinor: number; payeeVpa: string; expiresAt: Date },
    now: Date,
  ): Promise<{ gatewayRef: string; paymentUrl: string | null }>;
  /** The gateway's own record of a payment (the pull side of its webhook). */
  lookupPayment(gatewayRef: string): Promise<GatewayPayment | undefined>;
  /** The payment opened for one of our orders, found by merchant order id (reconciliation). */
  lookupOrder(merchantOrderId: string): Promise<GatewayPayment | undefined>;
  /**
   * Closes the payment opened for one of our orders (by merchant order id) so that it can no
   * longer be paid: 'closed' when nothing can be paid any more (also when no payment was ever
   * opened, or it was declined), 'paid' when it is too late (the money moved; its notice credits
   * the order). Optional: a provider without a close call leaves the payment payable until the
   * window it was given (`expiresAt`) has passed (decision 390).
   */
  closePayment?(merchantOrderId: string, now: Date): Promise<'closed' | 'paid'>;
  /** Payments that became paid at or after `since`, oldest first (reconciliation). */
  listPaidSince(since: Date, limit: number): Promise<GatewayPayment[]>;
  /** The provider's webhook format: its signature scheme and its event body. */
  readonly webhook: GatewayWebhook;
}

export type GatewayPayment = {
  gatewayRef: string;
  merchantOrderId: string;
  status: 'pending' | 'paid' | 'declined';
  amountMinor: number;
  utr: string | null;
};

/** A gateway notice in our own terms, whichever provider sent it. */
export type GatewayNotice = UpiWebhookEvent;

export type WebhookParseResult =
  /** `notice: null`: a valid event that is not about a payment's outcome (acknowledged, ignored). */
  | { ok: true; notice: GatewayNotice | null }
  | { ok: false; issues: { path: string; message: string }[] };

export interface GatewayWebhook {
  /** Checks the provider's signature over the exact raw body received. */
  verify(headers: Record<string, string | string[] | undefined>, rawBody: string, now: Date): SignatureVerdict;
  /** Maps a verified, JSON-parsed body to a notice, or says what is wrong with it. */
  parse(json: unknown): WebhookParseResult;
  /** For the API document: how the provider signs. */
  readonly description: string;
}

/** The gateway did not answer or refused: the caller may retry later; nothing was recorded. */
export class GatewayUnavailableError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'GatewayUnavailableError';
  }
}
