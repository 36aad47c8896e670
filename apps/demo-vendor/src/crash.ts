import { createHash, createHmac } from 'node:crypto';

/**
 * The demo vendor's second game: a crash round with an automatic cash-out target, provably fair.
 * Before the bet the player sees SHA-256(serverSeed); the crash point comes from
 * HMAC-SHA256(serverSeed, "clientSeed:nonce"), and the seed is revealed after the round so
 * anyone can recompute both. With R the game's RTP, P(crash >= t) = R / t for every target t, so
 * a cash-out at t returns t x R / t = R whatever target the player picks.
 */
export const MIN_TARGET = 1.01;
export const MAX_TARGET = 1000;

export const commitmentOf = (serverSeed: string): string => createHash('sha256').update(serverSeed).digest('hex');

/** A uniform number in [0, 1) from the first 52 bits of the round's HMAC. */
export function roundUniform(serverSeed: string, clientSeed: string, nonce: number): number {
  const hex = createHmac('sha256', serverSeed).update(`${clientSeed}:${nonce}`).digest('hex');
  return parseInt(hex.slice(0, 13), 16) / 2 ** 52;
}

/** The crash point (two decimals, at least 1.00) for a uniform draw and an RTP in basis points. */
export function crashPointOf(u: number, rtpBasisPoints: number): number {
  const r = rtpBasisPoints / 10_000;
  // floor(100 R / (1 - u)) / 100 >= t  <=>  1 - u <= R / t, which has probability R / t.
  return Math.max(1, Math.floor((100 * r) / (1 - u)) / 100);
}

export function crashRound(serverSeed: string, clientSeed: string, nonce: number, rtpBasisPoints: number) {
  return crashPointOf(roundUniform(serverSeed, clientSeed, nonce), rtpBasisPoints);
}

/** Payout multiplier for a cash-out target: the target when the round got there, else 0. */
export const crashPayout = (crashPoint: number, target: number): number => (crashPoint >= target ? target : 0);
