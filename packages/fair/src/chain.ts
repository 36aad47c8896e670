import { bytesToHex, equalBytes, LINK_BYTES } from './bytes';
import { sha256 } from './web-crypto';

/**
 * The hash chain of a room (Bustabit's scheme, docs/fairness.md "The chain").
 *
 * A chain of length n is the links L[0] .. L[n]:
 *   L[n] = the secret seed (32 random bytes, chosen by the operator, never shown until the end);
 *   L[i] = SHA-256(L[i+1])  for i = n-1 down to 0.
 * L[0] is the "final hash" (the last one computed): it is published before round 1 and commits
 * the operator to every link. Round k (k = 1 .. n) uses L[k]; when betting on it closes L[k] is revealed,
 * and anyone checks SHA-256(L[k]) = L[k-1] (the previous round's link, or the final hash for
 * round 1). Because SHA-256 cannot be inverted, nobody can compute L[k] from what is already
 * public, and the operator cannot swap it for another value that still hashes to L[k-1].
 */
export interface Chain {
  /** L[0], published before the first round. */
  finalHash: Uint8Array;
  /** links[k - 1] is L[k], the link of round k; the last one is the seed. */
  links: Uint8Array[];
}

/** The chain of length n from a 32-byte seed (WebCrypto; for long chains use the Node entry). */
export async function generateChain(seed: Uint8Array, length: number): Promise<Chain> {
  assertChainArgs(seed, length);
  const links = new Array<Uint8Array>(length);
  let current: Uint8Array = Uint8Array.from(seed);
  links[length - 1] = current;
  for (let k = length - 1; k >= 1; k--) {
    current = await sha256(current);
    links[k - 1] = current;
  }
  return { finalHash: await sha256(current), links };
}

/** Throws when a seed or length cannot make a chain. */
export function assertChainArgs(seed: Uint8Array, length: number): void {
  if (seed.length !== LINK_BYTES) throw new Error(`the seed must be ${LINK_BYTES} bytes, got ${seed.length}`);
  if (!Number.isSafeInteger(length) || length < 1) throw new Error(`the chain length must be a positive integer, got ${length}`);
}

/**
 * How many times the link must be hashed to reach the target (1 when the target is the
 * previous link), or null when it is not reached within maxSteps hashes.
 */
export async function stepsToReach(link: Uint8Array, target: Uint8Array, maxSteps: number): Promise<number | null> {
  let current = link;
  for (let steps = 1; steps <= maxSteps; steps++) {
    current = await sha256(current);
    if (equalBytes(current, target)) return steps;
  }
  return null;
}

/** Hex of a chain's final hash and links, as they are published (tests, docs, the CLI). */
export function chainToHex(chain: Chain): { finalHash: string; links: string[] } {
  return { finalHash: bytesToHex(chain.finalHash), links: chain.links.map(bytesToHex) };
}
