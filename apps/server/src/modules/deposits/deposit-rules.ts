import { minorToDecimal, type DepositChannel } from '@colorplay/contract';

/** Recharge limits and presets (configuration; amounts in paise). */
export type DepositSettings = {
  currency: string;
  payeeVpa: string;
  payeeName: string;
  expiryMinutes: number;
  /**
   * Reconciliation asks the gateway about orders that expired within `lookbackMinutes` without
   * payment, at most once every `recheckMinutes` per order.
   */
  reconcile: { lookbackMinutes: number; recheckMinutes: number };
  /**
   * How long after an order's expiry (the end of the payment window we give the gateway) a
   * cancelled or expired order that the gateway could not close still holds its share of the
   * player's deposit limits: room for clocks that differ and a payment made at the last second.
   */
  windowGraceMinutes: number;
  upi: { minMinor: number; maxMinor: number; presetsMinor: number[] };
};

export const DEFAULT_DEPOSIT_SETTINGS: DepositSettings = {
  currency: 'INR',
  payeeVpa: 'colorplay.sandbox@upi',
  payeeName: 'Colorplay Sandbox',
  expiryMinutes: 15,
  reconcile: { lookbackMinutes: 24 * 60, recheckMinutes: 10 },
  windowGraceMinutes: 5,
  upi: { minMinor: 100_00, maxMinor: 50_000_00, presetsMinor: [100_00, 200_00, 500_00, 1_000_00, 2_000_00, 5_000_00] },
};


/** The `upi://pay` link that UPI apps and the QR code understand (NPCI's deep-link fields). */
export function upiPayLink(p: { vpa: string; name: string; amountMinor: number; currency: string; orderId: string }): string {
  const q = new URLSearchParams({
    pa: p.vpa,
    pn: p.name,
    am: minorToDecimal(p.amountMinor),
    cu: p.currency,
    tr: p.orderId,
    tn: `Colorplay recharge ${p.orderId}`,
  });
  return `upi://pay?${q.toString()}`;
}

/**
 * Whether an order that ended unpaid (cancelled, expired) can no longer be paid at a gateway that
 * could not close its payment: the payment window (the order's expiry, which the gateway was
 * given) and the grace after it have passed (decision 390). Pure: the time is an argument.
 */
export function paymentWindowPassed(order: { status: string; expiresAt: Date }, settings: Pick<DepositSettings, 'windowGraceMinutes'>, now: Date): boolean {
  if (order.status !== 'cancelled' && order.status !== 'expired') return false;
  return now.getTime() >= order.expiresAt.getTime() + settings.windowGraceMinutes * 60_000;
}

/** Whether an amount is within a channel's limits. */
export function amountAllowed(settings: DepositSettings, channel: DepositChannel, amountMinor: number): boolean {
  if (channel !== 'upi') return false;
  return amountMinor >= settings.upi.minMinor && amountMinor <= settings.upi.maxMinor;
}
