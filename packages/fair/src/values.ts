import { bytesToHex, parseLink } from './bytes';
import { drawMessage } from './derive';
import { hmacSha256 } from './web-crypto';

/**
 * Outcomes of several values (docs/fairness.md "Reading K3 and 5D", decision 334): the same HMAC
 * stream as Wingo's digit, read for `count` values each in min..max.
 *
 *   mac[0] = HMAC-SHA256(L[k], "<game>:<period>:" || beacon randomness), mac[r] = HMAC-SHA256(L[k], mac[r-1])
 *
 * The MACs are one byte stream (mac[0] then mac[1] ...), read as consecutive 32-bit big-endian
 * words; with n = max - min + 1, a word w below bound = 2^32 - (2^32 mod n) gives the next value
 * min + (w mod n), a word at or above it is skipped. The same rule as packages/lottery's
 * drawUniform (a test checks them against each other); Wingo is count 1 in 0..9.
 */
export interface DrawSpec {
  count: number;
  min: number;
  max: number;
}

/** What each game's outcome is, by game tag: the verifier's own table, never taken from a record. */
export const GAME_DRAWS: Readonly<Record<string, DrawSpec>> = {
  wingo: { count: 1, min: 0, max: 9 },
  k3: { count: 3, min: 1, max: 6 },
  '5d': { count: 5, min: 0, max: 9 },
};

export const drawSpecOfGame = (game: string): DrawSpec | null => (Object.hasOwn(GAME_DRAWS, game) ? GAME_DRAWS[game]! : null);

/** Words at or above this are skipped when drawing among n values. */
export const valuesBound = (n: number): number => 2 ** 32 - (2 ** 32 % n);

/** Every step of reading the values, so a verifier can show its work. */
export interface ValuesDerivation {
  values: number[];
  /** Hex of every MAC computed, mac[0] first. */
  macsHex: string[];
  /** Every word read, in order, with the value it gave (null = skipped). */
  words: Array<{ word: number; value: number | null }>;
  bound: number;
}

/** The values from MACs already computed, or null when they run out first. */
export function valuesFromMacs(macs: readonly Uint8Array[], spec: DrawSpec): Omit<ValuesDerivation, 'macsHex'> | null {
  const n = spec.max - spec.min + 1;
  const bound = valuesBound(n);
  const values: number[] = [];
  const words: ValuesDerivation['words'] = [];
  for (const mac of macs) {
    const view = new DataView(mac.buffer, mac.byteOffset, mac.byteLength);
    for (let i = 0; i + 4 <= mac.byteLength && values.length < spec.count; i += 4) {
      const word = view.getUint32(i, false);
      const value = word < bound ? spec.min + (word % n) : null;
      words.push({ word, value });
      if (value !== null) values.push(value);
    }
    if (values.length === spec.count) return { values, words, bound };
  }
  return null;
}

// Never reached in practice (a further MAC is needed with probability below 10^-9); it keeps a
// broken HMAC implementation from looping forever.
const MAX_MACS = 64;

/** The values from the first MAC and the link (the loop over mac[r] = HMAC(link, mac[r-1])). */
export async function valuesFromFirstMac(link: Uint8Array, firstMac: Uint8Array, spec: DrawSpec): Promise<ValuesDerivation> {
  const macs = [firstMac];
  for (let r = 0; r < MAX_MACS; r++) {
    const read = valuesFromMacs(macs, spec);
    if (read) return { ...read, macsHex: macs.map(bytesToHex) };
    macs.push(await hmacSha256(link, macs[macs.length - 1]!));
  }
  throw new Error(`no outcome in ${MAX_MACS} MACs: the HMAC implementation is broken`);
}

/** Scheme 2: a game's values from the link, the game tag, the period and the beacon randomness (WebCrypto). */
export async function deriveDrawValues(linkHex: string, game: string, period: string, randomnessHex: string, spec: DrawSpec): Promise<ValuesDerivation> {
  const link = parseLink(linkHex);
  const randomness = parseLink(randomnessHex);
  if (!link || !randomness) throw new Error('link and randomness must be 64 hex characters');
  return valuesFromFirstMac(link, await hmacSha256(link, drawMessage(game, period, randomness)), spec);
}
