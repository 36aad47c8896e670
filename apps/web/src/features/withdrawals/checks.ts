import { IST_OFFSET_MINUTES } from '../../config/constants';
import type { MessageRef } from '../../lib/api-errors';
import type { PlainMessageKey } from '../../lib/i18n';
import '../../lib/withdraw-texts';

/**
 * The contract's rules for payout methods and KYC (packages/contract/src/withdrawals.ts and
 * kyc.ts), checked in the browser before a call so a mistake shows at once. The server checks
 * again; the contract is not imported because it would pull zod into these chunks
 * (checks.test.ts holds the two sets of rules together).
 */

const VPA_PATTERN = /^[A-Za-z0-9._-]{2,256}@[A-Za-z][A-Za-z0-9.-]{1,64}$/;
const IFSC_PATTERN = /^[A-Z]{4}0[A-Z0-9]{6}$/;
const ACCOUNT_NUMBER_PATTERN = /^\d{9,18}$/;
const HOLDER_PATTERN = /^[A-Za-z][A-Za-z .'-]{1,99}$/;
const EVM_ADDRESS_PATTERN = /^0x[0-9a-fA-F]{40}$/;
const PAN_PATTERN = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const FULL_NAME_PATTERN = HOLDER_PATTERN;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

type Check = PlainMessageKey | MessageRef | null;

export const checkVpa = (vpa: string): Check => (VPA_PATTERN.test(vpa.trim()) ? null : 'methods.error.vpa');
export const checkHolder = (name: string): Check => (HOLDER_PATTERN.test(name.trim()) ? null : 'methods.error.holder');
export const checkAccountNumber = (n: string): Check => (ACCOUNT_NUMBER_PATTERN.test(n.replace(/\s/g, '')) ? null : 'methods.error.accountNumber');
export const checkIfsc = (ifsc: string): Check => (IFSC_PATTERN.test(ifsc.trim().toUpperCase()) ? null : 'methods.error.ifsc');
export const checkAddress = (address: string): Check => (EVM_ADDRESS_PATTERN.test(address.trim()) ? null : 'methods.error.address');
export const checkPan = (pan: string): Check => (PAN_PATTERN.test(pan.trim().toUpperCase()) ? null : 'kyc.error.pan');
export const checkFullName = (name: string): Check => (FULL_NAME_PATTERN.test(name.trim()) ? null : 'kyc.error.name');

/**
 * Whole years between a YYYY-MM-DD birth date and `today` (also YYYY-MM-DD), or null for a date
 * that does not exist. Calendar arithmetic on the parts, so no time zone can shift a birthday.
 */
export function ageInYears(dateOfBirth: string, today: string): number | null {
  const b = ISO_DATE.exec(dateOfBirth);
  const t = ISO_DATE.exec(today);
  if (!b || !t) return null;
  const [by, bm, bd] = [Number(b[1]), Number(b[2]), Number(b[3])];
  const probe = new Date(Date.UTC(by, bm - 1, bd));
  if (probe.getUTCFullYear() !== by || probe.getUTCMonth() !== bm - 1 || probe.getUTCDate() !== bd) return null;
  const [ty, tm, td] = [Number(t[1]), Number(t[2]), Number(t[3])];
  const hadBirthday = tm > bm || (tm === bm && td >= bd);
  return ty - by - (hadBirthday ? 0 : 1);
}

/** The date of birth is a real past date and the player is at least `minAgeYears` old. */
export function checkDateOfBirth(dateOfBirth: string, today: string, minAgeYears: number): Check {
  const age = ageInYears(dateOfBirth.trim(), today);
  if (age === null || age < 0) return 'kyc.error.dateOfBirth';
  return age >= minAgeYears ? null : { key: 'kyc.error.underAge', params: { age: minAgeYears } };
}

/** A document's type and size, as the browser reports them, against the server's limits. */
export function checkDocument(file: { type: string; size: number } | null, allowedTypes: readonly string[], maxBytes: number, maxText: string): Check {
  if (!file) return 'kyc.error.document';
  if (!allowedTypes.includes(file.type)) return 'kyc.error.documentType';
  if (file.size > maxBytes) return { key: 'kyc.error.documentSize', params: { max: maxText } };
  if (file.size === 0) return 'kyc.error.document';
  return null;
}

/** Bytes as "850 KB" or "4.2 MB" (1024-based, as file managers count). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  const mb = bytes / (1024 * 1024);
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}

/** The fee the server takes from an amount: fixed part plus floor(amount x bps / 10000). */
export function withdrawalFeeMinor(amountMinor: number, feeFixedMinor: number, feeBps: number): number {
  return feeFixedMinor + Math.floor((amountMinor * feeBps) / 10_000);
}

/** Today's date in India (the server's calendar for limits and ages), as YYYY-MM-DD. */
export function todayIst(nowMs: number): string {
  return new Date(nowMs + IST_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

/** A file's bytes as base64, as the KYC call sends them (shared with the Help page's attachments). */
export { fileToBase64 } from '../../lib/file-base64';
