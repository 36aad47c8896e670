import { IST_OFFSET_MINUTES } from '../config/constants';
import { getLocale, INTL_LOCALE } from './i18n';

/**
 * Formatting helpers. Numbers and money follow the chosen locale (English 'en', Hindi 'hi-IN':
 * Indian digit grouping, Latin digits), times are always India Standard Time (+5:30). Money arrives as integer minor units and is never turned into a float: the whole
 * and fractional parts are split with integer arithmetic and formatted separately.
 */

const numberFormats = new Map<string, Intl.NumberFormat>();

function numberFormat(compact: boolean): Intl.NumberFormat {
  const locale = INTL_LOCALE[getLocale()];
  const id = `${locale}:${compact}`;
  let format = numberFormats.get(id);
  if (!format) {
    format = new Intl.NumberFormat(locale, compact ? { notation: 'compact', maximumFractionDigits: 1 } : {});
    numberFormats.set(id, format);
  }
  return format;
}

/** Formats a number in the current locale, e.g. 1234567 -> "1,234,567", or "1.2M" when compact. */
export function formatNumber(value: number, options: { compact?: boolean } = {}): string {
  return numberFormat(options.compact ?? false).format(value);
}

interface CurrencyFormat {
  whole: Intl.NumberFormat;
  fractionDigits: number;
  decimalSymbol: string;
}

const currencyFormats = new Map<string, CurrencyFormat>();

function currencyFormat(currency: string): CurrencyFormat {
  const LOCALE = INTL_LOCALE[getLocale()];
  const id = `${LOCALE}:${currency}`;
  let format = currencyFormats.get(id);
  if (!format) {
    const full = new Intl.NumberFormat(LOCALE, { style: 'currency', currency });
    const fractionDigits = full.resolvedOptions().maximumFractionDigits ?? 2;
    const decimalSymbol = full.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.';
    const whole = new Intl.NumberFormat(LOCALE, { style: 'currency', currency, maximumFractionDigits: 0 });
    format = { whole, fractionDigits, decimalSymbol };
    currencyFormats.set(id, format);
  }
  return format;
}

/**
 * Formats an amount in minor units (paise for INR), e.g. 123450 -> "₹1,234.50". Throws a
 * RangeError for a non-integer or unsafe amount, because that is a bug upstream, not a display
 * problem.
 */
export function formatMoneyMinor(amountMinor: number, currency = 'INR'): string {
  if (!Number.isSafeInteger(amountMinor)) {
    throw new RangeError(`amountMinor must be a safe integer, got ${amountMinor}`);
  }
  const { whole, fractionDigits, decimalSymbol } = currencyFormat(currency);
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

function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Formats a moment as India Standard Time, "YYYY-MM-DD HH:mm:ss" (e.g. "2026-11-22 10:05:09"). */
export function formatDateTimeIst(date: Date | number): string {
  const ms = typeof date === 'number' ? date : date.getTime();
  // IST has no daylight saving, so a fixed offset is exact and needs no time zone database.
  const ist = new Date(ms + IST_OFFSET_MINUTES * 60_000);
  return (
    `${ist.getUTCFullYear()}-${pad2(ist.getUTCMonth() + 1)}-${pad2(ist.getUTCDate())} ` +
    `${pad2(ist.getUTCHours())}:${pad2(ist.getUTCMinutes())}:${pad2(ist.getUTCSeconds())}`
  );
}
