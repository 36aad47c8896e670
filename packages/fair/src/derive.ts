import { bytesToHex, parseLink, periodBytes } from './bytes';
import { hmacSha256 } from './web-crypto';

/**
 * Turning a round's link and period into a digit 0-9 (docs/fairness.md, "Deriving the digit").
 *
 *   mac[0] = HMAC-SHA256(key = link bytes, message = UTF-8 bytes of the period)
 *   mac[r] = HMAC-SHA256(key = link bytes, message = mac[r-1] bytes)     (only if needed)
 *
 * Each MAC is read as eight 32-bit big-endian unsigned words, in byte order. The first word
 * below REJECTION_BOUND gives digit = word mod 10. The bound is the largest multiple of 10 not
 * above 2^32, so every digit has exactly 429,496,729 accepted words: the digit is exactly
 * uniform, not just nearly. A word is rejected with probability 6 / 2^32, all eight of a MAC
 * with about 10^-71, so mac[1] exists for completeness: the rule must say what happens.
 */

/** Words at or above this value are rejected: 4,294,967,290 = 10 x 429,496,729. */
export const REJECTION_BOUND = 4_294_967_290;

/** Words in one MAC: 32 bytes as 8 big-endian 32-bit words. */
export const WORDS_PER_MAC = 8;

/** The eight 32-bit big-endian words of a 32-byte MAC, first bytes first. */
export function macWords(mac: Uint8Array): number[] {
  const view = new DataView(mac.buffer, mac.byteOffset, mac.byteLength);
  const words: number[] = [];
  for (let i = 0; i + 4 <= mac.byteLength; i += 4) words.push(view.getUint32(i, false));
  return words;
}

/** The first accepted word of one MAC and its digit, or null when all eight are rejected. */
export function pickFromMac(mac: Uint8Array): { wordIndex: number; word: number; digit: number } | null {
  const words = macWords(mac);
  for (let i = 0; i < words.length; i++) {
    const word = words[i]!;
    if (word < REJECTION_BOUND) return { wordIndex: i, word, digit: word % 10 };
  }
  return null;
}

/** Every step of one derivation, so a verifier can show its work. */
export interface Derivation {
  digit: number;
  /** Hex of every MAC computed, mac[0] first. Almost always one. */
  macsHex: string[];
  /** Which MAC gave the digit (0 unless all words of earlier ones were rejected). */
  macIndex: number;
  /** Which word of that MAC gave the digit, 0-7. */
  wordIndex: number;
  /** The accepted word as an unsigned integer. */
  word: number;
  /** The rejected words before the accepted one, in the order they were read. */
  rejectedWords: number[];
}

// A hard stop that is never reached in practice (each extra MAC is needed with probability
// about 10^-71); it keeps a broken HMAC implementation from looping forever.
const MAX_MACS = 64;

function step(mac: Uint8Array, macsHex: string[], rejected: number[]): Derivation | null {
  macsHex.push(bytesToHex(mac));
  const pick = pickFromMac(mac);
  if (pick) return { digit: pick.digit, macsHex, macIndex: macsHex.length - 1, wordIndex: pick.wordIndex, word: pick.word, rejectedWords: rejected };
  rejected.push(...macWords(mac));
  return null;
}

/**
 * The derivation loop over any HMAC implementation, given the first MAC. Exported so tests can
 * start it from a constructed MAC whose words are all rejected.
 */
export async function deriveFromFirstMac(
  link: Uint8Array,
  firstMac: Uint8Array,
  hmac: (key: Uint8Array, message: Uint8Array) => Promise<Uint8Array> | Uint8Array,
): Promise<Derivation> {
  const macsHex: string[] = [];
  const rejected: number[] = [];
  let mac = firstMac;
  for (let r = 0; r < MAX_MACS; r++) {
    const done = step(mac, macsHex, rejected);
    if (done) return done;
    mac = await hmac(link, mac);
  }
  throw new Error(`no accepted word in ${MAX_MACS} MACs: the HMAC implementation is broken`);
}

/** Synchronous twin of deriveFromFirstMac, for the Node entry. */
export function deriveFromFirstMacSync(
  link: Uint8Array,
  firstMac: Uint8Array,
  hmac: (key: Uint8Array, message: Uint8Array) => Uint8Array,
): Derivation {
  const macsHex: string[] = [];
  const rejected: number[] = [];
  let mac = firstMac;
  for (let r = 0; r < MAX_MACS; r++) {
    const done = step(mac, macsHex, rejected);
    if (done) return done;
    mac = hmac(link, mac);
  }
  throw new Error(`no accepted word in ${MAX_MACS} MACs: the HMAC implementation is broken`);
}

/** The digit of a round from its link bytes and period, with every step (WebCrypto). */
export async function deriveDigitWith(
  link: Uint8Array,
  period: string,
  hmac: (key: Uint8Array, message: Uint8Array) => Promise<Uint8Array>,
): Promise<Derivation> {
  return deriveFromFirstMac(link, await hmac(link, periodBytes(period)), hmac);
}

/** The digit of a round from its link (64 hex characters) and period, with every step. */
export async function deriveDigit(linkHex: string, period: string): Promise<Derivation> {
  const link = parseLink(linkHex);
  if (!link) throw new Error('link must be 64 hex characters');
  return deriveDigitWith(link, period, hmacSha256);
}

/**
 * The HMAC message of a scheme-2 draw: the UTF-8 bytes of `<game>:<period>:` followed by the 32
 * raw bytes of the beacon round's randomness. The game tag (`wingo`, later `k3`, `5d`, ...)
 * keeps two games on one chain scheme from ever sharing digits; neither the tag nor the period
 * contains a colon, so the encoding is unambiguous.
 */
export function drawMessage(game: string, period: string, randomness: Uint8Array): Uint8Array {
  if (!/^[a-z0-9]+$/.test(game)) throw new Error('the game tag must be lowercase letters and digits');
  if (randomness.length !== 32) throw new Error('the beacon randomness must be 32 bytes');
  const head = new TextEncoder().encode(`${game}:${period}:`);
  const out = new Uint8Array(head.length + 32);
  out.set(head);
  out.set(randomness, head.length);
  return out;
}

/** Scheme 2: the digit from the link, the game tag, the period and the beacon randomness (WebCrypto). */
export async function deriveDrawDigit(linkHex: string, game: string, period: string, randomnessHex: string): Promise<Derivation> {
  const link = parseLink(linkHex);
  const randomness = parseLink(randomnessHex);
  if (!link || !randomness) throw new Error('link and randomness must be 64 hex characters');
  return deriveFromFirstMac(link, await hmacSha256(link, drawMessage(game, period, randomness)), hmacSha256);
}
