import type { PayoutCallbackEvent } from '@colorplay/contract';
import type { SignatureVerdict } from '../payments';

/** Where the money goes, in full (the withdrawals module keeps these; the gateway needs them). */
export type PayoutDestination =
  | { kind: 'upi'; vpa: string }
  | { kind: 'bank'; accountHolder: string; accountNumber: string; ifsc: string }
  | { kind: 'usdt'; address: string };

export type PayoutRequest = {
  /** Our withdrawal id: the gateway's idempotency key, so one withdrawal is never paid twice. */
  withdrawalId: string;
  /** What the destination receives (the withdrawal's net amount). */
  amountMinor: number;
  currency: string;
  destination: PayoutDestination;
};

/** The gateway's record of a payout. */
export type PayoutRecord = {
  payoutRef: string;
  withdrawalId: string;
  status: 'processing' | 'paid' | 'failed' | 'reversed';
  amountMinor: number;
  reference: string | null;
  failureReason: string | null;
};

export type CallbackParseResult =
  | { ok: true; event: PayoutCallbackEvent | null }
  | { ok: false; issues: { path: string; message: string }[] };

/**
 * What the withdrawals module needs from a payout provider. One adapter per provider; the
 * configuration (`PAYOUT_CHANNEL`) chooses it. The sandbox adapter runs in-process and moves no
 * real money; the HTTP adapter talks to a real provider (docs/payments.md, "Payouts").
 */
export interface PayoutGateway {
  readonly name: string;
  /** True when no real money can move. */
  readonly sandbox: boolean;
  /**
   * Asks the provider to pay. Idempotent by `withdrawalId`: calling again (a retry, a crash
   * between the call and our write) returns the same payout and pays nothing twice.
   */
  createPayout(request: PayoutRequest, now: Date): Promise<PayoutRecord>;
  /** The provider's record of the payout for one of our withdrawals (the pull side of callbacks). */
  lookupPayout(withdrawalId: string): Promise<PayoutRecord | undefined>;
  /** The provider's callback: its signature scheme and its body. */
  readonly callback: {
    verify(headers: Record<string, string | string[] | undefined>, rawBody: string, now: Date): SignatureVerdict;
    parse(json: unknown): CallbackParseResult;
    readonly description: string;
  };
}

/** The provider did not answer or refused: retry later; nothing was recorded. */
export class PayoutUnavailableError extends Error {
  constructor(message: string, cause?: unknown) {
    super(message, { cause });
    this.name = 'PayoutUnavailableError';
  }
}
