import { createHmac, hash } from 'node:crypto';
import { parseLink, periodBytes } from './bytes';
import { assertChainArgs, type Chain } from './chain';
import { deriveFromFirstMacSync, drawMessage, type Derivation } from './derive';

/**
 * @colorplay/fair/node: synchronous twins of the WebCrypto functions on node:crypto, for the
 * server. Generating a 10-million-link chain is 10 million SHA-256 calls: awaiting WebCrypto
 * for each one costs tens of microseconds, `crypto.hash` about one. The results are identical
 * (tests compare both paths); only speed differs. Never import this from browser code.
 */

/** SHA-256 of the bytes (node:crypto, synchronous). */
export function sha256Sync(bytes: Uint8Array): Uint8Array {
  return hash('sha256', bytes, 'buffer');
}

/** HMAC-SHA256 of the message under the key (node:crypto, synchronous). */
export function hmacSha256Sync(key: Uint8Array, message: Uint8Array): Uint8Array {
  return createHmac('sha256', key).update(message).digest();
}

/** The digit of a round from its link (bytes or 64 hex characters) and period, with every step. */
export function deriveDigitSync(link: Uint8Array | string, period: string): Derivation {
  const key = typeof link === 'string' ? parseLink(link) : link;
  if (!key) throw new Error('link must be 64 hex characters');
  return deriveFromFirstMacSync(key, hmacSha256Sync(key, periodBytes(period)), hmacSha256Sync);
}

/** The whole chain in memory, same shape as generateChain; for chains up to a few million links. */
export function generateChainSync(seed: Uint8Array, length: number): Chain {
  assertChainArgs(seed, length);
  const links = new Array<Uint8Array>(length);
  let current: Uint8Array = Uint8Array.from(seed);
  links[length - 1] = current;
  for (let k = length - 1; k >= 1; k--) {
    current = sha256Sync(current);
    links[k - 1] = current;
  }
  return { finalHash: sha256Sync(current), links };
}

/** A chain's final hash and every checkpointEvery-th link: a long chain without keeping it all. */
export interface ChainCheckpoints {
  finalHash: Uint8Array;
  length: number;
  checkpointEvery: number;
  /** Link L[k] for every k that is a multiple of checkpointEvery, and for k = length (the seed). */
  checkpoints: Map<number, Uint8Array>;
}

/**
 * Walks the chain once from the seed, keeping only checkpoints. A server keeps the seed secret
 * and the checkpoints private, publishes the final hash, and recomputes any link with
 * linkFromCheckpointsSync in at most checkpointEvery hashes.
 */
export function chainCheckpointsSync(seed: Uint8Array, length: number, checkpointEvery: number): ChainCheckpoints {
  assertChainArgs(seed, length);
  if (!Number.isSafeInteger(checkpointEvery) || checkpointEvery < 1) throw new Error('checkpointEvery must be a positive integer');
  const checkpoints = new Map<number, Uint8Array>();
  let current: Uint8Array = Uint8Array.from(seed);
  checkpoints.set(length, current);
  for (let k = length - 1; k >= 0; k--) {
    current = sha256Sync(current);
    if (k > 0 && k % checkpointEvery === 0) checkpoints.set(k, current);
  }
  return { finalHash: current, length, checkpointEvery, checkpoints };
}

/** Link L[k] (1 <= k <= length) recomputed from the nearest checkpoint above it. */
export function linkFromCheckpointsSync(chain: ChainCheckpoints, k: number): Uint8Array {
  if (!Number.isSafeInteger(k) || k < 1 || k > chain.length) throw new Error(`round ${k} is outside the chain 1..${chain.length}`);
  const above = Math.min(Math.ceil(k / chain.checkpointEvery) * chain.checkpointEvery, chain.length);
  let current = chain.checkpoints.get(above);
  if (!current) throw new Error(`checkpoint ${above} is missing`);
  for (let i = above; i > k; i--) current = sha256Sync(current);
  return current;
}

/**
 * Links L[fromK] .. L[toK] in round order, from one walk down from the checkpoint at or above
 * toK: how a round engine fetches the next batch of links without one walk per round.
 */
export function linksFromCheckpointsSync(chain: ChainCheckpoints, fromK: number, toK: number): Uint8Array[] {
  if (!Number.isSafeInteger(fromK) || !Number.isSafeInteger(toK) || fromK < 1 || toK < fromK || toK > chain.length) {
    throw new Error(`rounds ${fromK}..${toK} are not a range inside the chain 1..${chain.length}`);
  }
  const out = new Array<Uint8Array>(toK - fromK + 1);
  let current = linkFromCheckpointsSync(chain, toK);
  out[toK - fromK] = current;
  for (let k = toK - 1; k >= fromK; k--) {
    current = sha256Sync(current);
    out[k - fromK] = current;
  }
  return out;
}

/** Scheme 2 (docs/fairness.md): the digit from link, game tag, period and beacon randomness. */
export function deriveDrawDigitSync(link: Uint8Array | string, game: string, period: string, randomness: Uint8Array | string): Derivation {
  const key = typeof link === 'string' ? parseLink(link) : link;
  const rnd = typeof randomness === 'string' ? parseLink(randomness) : randomness;
  if (!key || !rnd) throw new Error('link and randomness must be 32 bytes (64 hex characters)');
  return deriveFromFirstMacSync(key, hmacSha256Sync(key, drawMessage(game, period, rnd)), hmacSha256Sync);
}
