/**
 * The one money format (decision 474): an amount in integer minor units (paise for INR) as the
 * locale writes money, e.g. 10000000 -> "₹1,00,000.00" in 'en-IN' and 'hi-IN' (Indian digit
 * grouping, Latin digits). The player app (apps/web lib/format.ts, with the chosen language) and the
 * demo vendor's page both call it, so an amount reads the same on every screen. The amount is
 * never turned into a float: the whole and fractional parts are split with integer arithmetic and
 * formatted separately. No zod here: the player's `/` imports this file.
 */

interface CurrencyFormat {
  whole: Intl.NumberFormat;
  fractionDigits: number;
  decimalSymbol: string;
}

const currencyFormats = new Map<string, CurrencyFormat>();

function currencyFormat(locale: string, currency: string): CurrencyFormat {
  const id = `${locale}:${currency}`;
  let format = currencyFormats.get(id);
  if (!format) {
    const full = new Intl.NumberFormat(locale, { style: 'currency', currency });
    const fractionDigits = full.resolvedOptions().maximumFractionDigits ?? 2;
    const decimalSymbol = full.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    const whole = new Intl.NumberFormat(locale, { style: 'currency', currency, maximumFractionDigits: 0 });
    format = { whole, fractionDigits, decimalSymbol };
    currencyFormats.set(id, format);
  }
  return format;
}

/**
 * Formats an amount in minor units in an Intl locale, e.g. (123450, 'en-IN') -> "₹1,234.50".
 * Throws a RangeError for a non-integer or unsafe amount: that is a bug upstream, not a display
 * problem.
 */
export function formatMinorIn(locale: string, amountMinor: number, currency = 'INR'): string {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`amountMinor must be a safe integer, got ${amountMinor}`);
  }
  const { whole, fractionDigits, decimalSymbol } = currencyFormat(locale, currency);
  const scale = 10 ** fractionDigits;
  const absMinor = Math.abs(amountMinor);
  const fractionMinor = absMinor % scale;
  // Subtracting the remainder first keeps the division exact for every safe integer.
  const wholeMajor = (absMinor - fractionMinor) / scale;

  const parts = whole.formatToParts(wholeMajor);
  let lastInteger = -1;
  parts.forEach((part, i) => {
    if (part.type === 'integer') lastInteger = i;
  });
  let text = '';
  parts.forEach((part, i) => {
    text += part.value;
    if (i === lastInteger && fractionDigits > 0) {
      text += decimalSymbol + String(fractionMinor).padStart(fractionDigits, '0');
    }
  });
  return amountMinor < 0 ? `-${text}` : text;
}
