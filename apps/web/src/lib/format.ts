import { IST_OFFSET_MINUTES } from '../config/constants';
import { formatMinorIn } from '@colorplay/contract/money-format';
import { getLocale, INTL_LOCALE, type Locale } from './i18n';

/**
 * Formatting helpers. Numbers follow the chosen locale (English 'en', Hindi 'hi-IN': Indian digit
 * grouping, Latin digits); money is in Indian grouping in both languages; times are always India
 * Standard Time (+5:30).
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

/**
 * The locale money is written in, per language: Indian grouping in English too ("₹1,00,000.00",
 * as in Hindi), since every amount is in rupees for players in India (decision 474).
 */
export const MONEY_LOCALE: Record<Locale, string> = { en: 'en-IN', hi: 'hi-IN' };

/**
 * Formats an amount in minor units (paise for INR) in the chosen language, e.g. 123450 ->
 * "₹1,234.50", 10000000 -> "₹1,00,000.00": the one money format (packages/contract's
 * money-format.ts). Throws a RangeError for a non-integer or unsafe amount.
 */
export function formatMoneyMinor(amountMinor: number, currency = 'INR'): string {
  return formatMinorIn(MONEY_LOCALE[getLocale()], amountMinor, currency);
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
