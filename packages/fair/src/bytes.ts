/**
 * Byte encodings used by the fairness scheme. Every hash and link is published as lowercase
 * hexadecimal of its 32 bytes; the hashes themselves always run over the raw bytes, never over
 * the hex text (docs/fairness.md, "Encodings").
 */

/** Length in bytes of a SHA-256 digest, and so of every chain link. */
export const LINK_BYTES = 32;

const HEX_DIGITS = '0123456789abcdef';
const HEX_PATTERN = /^[0-9a-fA-F]*$/;

/** Lowercase hexadecimal of the bytes, two characters per byte. */
export function bytesToHex(bytes: Uint8Array): string {
  let out = '';
  for (const b of bytes) out += HEX_DIGITS[b >> 4]! + HEX_DIGITS[b & 15]!;
  return out;
}

/** The bytes of a hexadecimal string (either case), or null when it is not even-length hex. */
export function hexToBytes(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !HEX_PATTERN.test(hex)) return null;
  const out = new Uint8Array(hex.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  return out;
}

/** The 32 bytes of a link or hash given as 64 hex characters, or null when it is not one. */
export function parseLink(hex: string): Uint8Array | null {
  const bytes = hexToBytes(hex.trim());
  return bytes && bytes.length === LINK_BYTES ? bytes : null;
}

/** The UTF-8 bytes of a period string: the HMAC message of a round. */
export function periodBytes(period: string): Uint8Array {
  return new TextEncoder().encode(period);
}

/** True when both arrays hold the same bytes. */
export function equalBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
