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
  upi: { minMinor: number; maxMinor: number; presetsMinor: number[] };
};

export const DEFAULT_DEPOSIT_SETTINGS: DepositSettings = {
  currency: 'INR',
  payeeVpa: 'colorplay.sandbox@upi',
  payeeName: 'Colorplay Sandbox',
  expiryMinutes: 15,
  reconcile: { lookbackMinutes: 24 * 60, recheckMinutes: 10 },
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

/** Whether an amount is within a channel's limits. */
export function amountAllowed(settings: DepositSettings, channel: DepositChannel, amountMinor: number): boolean {
  if (channel !== 'upi') return false;
  return amountMinor >= settings.upi.minMinor && amountMinor <= settings.upi.maxMinor;
}
