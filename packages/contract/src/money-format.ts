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

/** The locales the player app writes rupees in (its two languages): `formatRupees` writes them as Intl does. */
const RUPEE_LOCALE = /^(en|hi)-IN$/;

/**
 * Rupees as 'en-IN' and 'hi-IN' write them ("₹1,00,000.00": the sign, Indian grouping of the
 * rupees, two digits of paise), without Intl. The first `Intl.NumberFormat` of a currency makes
 * the browser load the locale's and the currency's data: 60-100 ms on a phone (Lighthouse's 4x
 * slowed CPU), a long task on every lottery page's start (decision 580). A test holds this to
 * Intl's text over many amounts in both locales.
 */
function formatRupees(amountMinor: number): string {
  const absMinor = Math.abs(amountMinor);
  const paise = absMinor % 100;
  // A comma after each digit followed by pairs of digits and the last three: 12345678 -> 1,23,45,678.
  const rupees = String((absMinor - paise) / 100).replace(/(\d)(?=(\d\d)*\d{3}$)/g, '$1,');
  return `${amountMinor < 0 ? '-' : ''}₹${rupees}.${String(paise).padStart(2, '0')}`;
}

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
  if (currency === 'INR' && RUPEE_LOCALE.test(locale)) return formatRupees(amountMinor);
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
