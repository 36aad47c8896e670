/**
 * Recharge amounts typed by the player in rupees, turned into integer paise without ever going
 * through a float: "500.5" is split at the decimal point and both parts are read as integers, so
 * 0.1 + 0.2 style errors cannot reach the money (docs/ledger.md: money is integers).
 */

/** Why a typed amount was refused. */
export type AmountProblem = 'empty' | 'invalid' | 'too_precise' | 'below_min' | 'above_max';

/** The outcome of reading an amount. */
export type AmountCheck = { ok: true; amountMinor: number } | { ok: false; problem: AmountProblem };

/** Limits of one channel, in paise. */
export interface AmountLimits {
  minMinor: number;
  maxMinor: number;
}

// Whole rupees and any decimals (commas are removed first, so "1,500" and "1,50,000" both read;
// more than two decimals is checked separately so "1.234" gets its own message).
const AMOUNT_PATTERN = /^(\d+)(?:\.(\d*))?$/;
// Far above any limit; keeps the arithmetic below Number.MAX_SAFE_INTEGER.
const MAX_WHOLE_DIGITS = 13;

/** Reads "1,500.50" / "₹ 500" / "500." as paise (150050 / 50000 / 50000); no limits applied. */
export function parseRupeesToMinor(text: string): AmountCheck {
  const cleaned = text.trim().replace(/^₹\s*/, '').replace(/,/g, '');
  if (cleaned === '') return { ok: false, problem: 'empty' };
  const match = AMOUNT_PATTERN.exec(cleaned);
  if (!match) return { ok: false, problem: 'invalid' };
  const whole = match[1]!.replace(/^0+(?=\d)/, '');
  const fraction = match[2] ?? '';
  if (fraction.length > 2) return { ok: false, problem: 'too_precise' };
  if (whole.length > MAX_WHOLE_DIGITS) return { ok: false, problem: 'above_max' };
  const amountMinor = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return { ok: true, amountMinor };
}

/** Reads an amount and checks it against a channel's limits. */
export function checkAmount(text: string, limits: AmountLimits): AmountCheck {
  const parsed = parseRupeesToMinor(text);
  if (!parsed.ok) return parsed;
  if (parsed.amountMinor < limits.minMinor) return { ok: false, problem: 'below_min' };
  if (parsed.amountMinor > limits.maxMinor) return { ok: false, problem: 'above_max' };
  return parsed;
}

/** Paise as the plain rupee text an input shows: 50000 -> "500", 50050 -> "500.50". */
export function minorToInputText(amountMinor: number): string {
  const fraction = amountMinor % 100;
  const whole = (amountMinor - fraction) / 100;
  return fraction === 0 ? String(whole) : `${whole}.${String(fraction).padStart(2, '0')}`;
}

/**
 * What a transfer-mode game proposes to move from the main wallet (decision 475): a modest stake,
 * not the whole balance a player may have meant for something else. ₹100 (the smallest recharge),
 * never under the vendor's minimum, never over the main balance; the player can type more.
 */
export const MODEST_TRANSFER_MINOR = 100_00;

/** The proposed transfer for a main balance and a vendor minimum, in paise. */
export function modestTransferMinor(mainMinor: number, vendorMinMinor: number): number {
  return Math.min(mainMinor, Math.max(vendorMinMinor, MODEST_TRANSFER_MINOR));
}
