/**
 * What the deposits module needs from a UPI payment gateway. One adapter per provider; the
 * sandbox adapter (sandbox-upi/) runs in-process and moves no real money.
 */
export interface UpiGateway {
  readonly name: string;
  readonly sandbox: boolean;
  /** Opens a collect request for an order and says where the payer can pay. */
  createPayment(order: { orderId: string; amountMinor: number; payeeVpa: string }, now: Date): Promise<{
    gatewayRef: string;
    paymentUrl: string | null;
  }>;
  /** The gateway's own record of a payment (the pull side of its webhook). */
  lookupPayment(gatewayRef: string): Promise<GatewayPayment | undefined>;
}

export type GatewayPayment = {
  status: 'pending' | 'paid' | 'declined';
  amountMinor: number;
  utr: string | null;
};
