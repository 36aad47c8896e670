import type { KycDocumentType } from '@colorplay/contract';

/**
 * Pure KYC checks: age from a date of birth, the document's real type from its first bytes,
 * and how a PAN is shown. No clock, no I/O (the caller passes today's date).
 */

const IST_OFFSET_MS = 330 * 60_000;

/** Today's calendar date in India (IST, UTC+5:30) as YYYY-MM-DD: ages turn over at IST midnight. */
export function istDate(now: Date): string {
  return new Date(now.getTime() + IST_OFFSET_MS).toISOString().slice(0, 10);
}

/** Whole years from `dateOfBirth` to `today` (both YYYY-MM-DD); a 29 February birthday counts on 1 March. */
export function ageInYears(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return age;
}

/** A date of birth no living person has (in the future, or more than 120 years ago). */
export function implausibleBirthDate(dateOfBirth: string, today: string): boolean {
  return dateOfBirth > today || ageInYears(dateOfBirth, today) > 120;
}

const SIGNATURES: { type: KycDocumentType; bytes: number[] }[] = [
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  // "%PDF-"
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/** The document's type by its magic bytes, whatever its name claims; null when not accepted. */
export function sniffDocumentType(bytes: Uint8Array): KycDocumentType | null {
  for (const { type, bytes: sig } of SIGNATURES) {
    if (bytes.length > sig.length && sig.every((b, i) => bytes[i] === b)) return type;
  }
  return null;
}

/** The decoded size of well-formed base64 text, without decoding it (to refuse large files first). */
export function base64DecodedBytes(base64: string): number {
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
}

/** Base64 whose length is a multiple of 4 (the contract already checked the alphabet). */
export function isWholeBase64(base64: string): boolean {
  return base64.length % 4 === 0;
}

/** A document that passed the checks, or why it did not. */
export type DocumentCheck = { ok: true; bytes: Buffer; contentType: KycDocumentType } | { ok: false; reason: 'too_large' | 'type_invalid' };

/**
 * The checks every uploaded document goes through (KYC, support attachments): its size from the
 * base64 text's length before anything is decoded, then its type by magic bytes. One function, so
 * a support attachment is exactly as safe to store and serve as an identity document.
 */
export function checkDocument(base64: string, maxBytes: number): DocumentCheck {
  if (base64DecodedBytes(base64) > maxBytes) return { ok: false, reason: 'too_large' };
  const bytes = isWholeBase64(base64) ? Buffer.from(base64, 'base64') : Buffer.alloc(0);
  const contentType = sniffDocumentType(bytes);
  return contentType ? { ok: true, bytes, contentType } : { ok: false, reason: 'type_invalid' };
}

/** `ABCDE1234F` → `ABCDE••••F`: enough for the player to recognise it, not to copy it. */
export function maskPan(pan: string): string {
  return `${pan.slice(0, 5)}••••${pan.slice(9)}`;
}
