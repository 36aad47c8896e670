import { bls12_381 } from '@noble/curves/bls12-381';
import { bytesToHex, hexToBytes } from './bytes';
import { sha256 } from './web-crypto';

/**
 * The public randomness beacon mixed into every draw (docs/fairness.md, "The beacon").
 *
 * drand quicknet: BLS12-381, "unchained" (each round signs only its own number), signatures on
 * G1 (48 bytes compressed), the network's public key on G2 (96 bytes compressed), hash to curve
 * per RFC 9380 with DST `BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_`. Round r is produced at
 * genesis + (r - 1) x period; its signed message is SHA-256 of r as 8 bytes big-endian, and its
 * randomness is SHA-256 of the signature bytes. The local sandbox beacon uses exactly this
 * format with its own key, so one verifier serves both.
 */

/** What a chain publishes about its beacon: enough to recompute every round number and check every signature. */
export interface BeaconParams {
  /** Compressed G2 public key, 192 hex characters. */
  publicKey: string;
  /** Unix time of round 1, in milliseconds. */
  genesisMs: number;
  /** Time between rounds, in milliseconds. */
  periodMs: number;
}

/** The League of Entropy's quicknet network (https://api.drand.sh/<chainHash>/info). */
export const QUICKNET = {
  chainHash: '52db9ba70e0cc0f6eaf7803dd07447a1f5477735fd3f661792ba94600c84e971',
  publicKey:
    '83cf0f2896adee7eb8b5f01fcad3912212c437e0073e911fb90022d3e760183c8c4b450b6a0a6c3ac6a5776a2d1064510d1fec758c921cc22b0e17e63aaf4bcb5ed66304de9cf809bd274ca73bab4af5a6e9c76a4bc09e76eae8991ef5ece45a',
  genesisMs: 1_692_803_367_000,
  periodMs: 3_000,
} as const satisfies BeaconParams & { chainHash: string };

/** The signature scheme's domain separation tag (drand "bls-unchained-g1-rfc9380"). */
export const BEACON_DST = 'BLS_SIG_BLS12381G1_XMD:SHA-256_SSWU_RO_NUL_';

/** Time (ms) at which beacon round r is produced. */
export function beaconRoundTimeMs(params: Pick<BeaconParams, 'genesisMs' | 'periodMs'>, round: number): number {
  return params.genesisMs + (round - 1) * params.periodMs;
}

/**
 * The beacon round of a lottery period: the first round whose time is strictly after
 * lockMs + marginMs. It is fixed by the lock time and the chain's published parameters alone,
 * and produced only after betting on the period has closed.
 */
export function beaconRoundAfter(params: Pick<BeaconParams, 'genesisMs' | 'periodMs'>, lockMs: number, marginMs: number): number {
  const t = lockMs + marginMs;
  if (t < params.genesisMs) return 1;
  return Math.floor((t - params.genesisMs) / params.periodMs) + 2;
}

/** The 8 bytes of a round number, big-endian. */
export function roundBytes(round: number): Uint8Array {
  const out = new Uint8Array(8);
  new DataView(out.buffer).setBigUint64(0, BigInt(round), false);
  return out;
}

/** The message a beacon signs for round r: SHA-256 of r as 8 bytes big-endian. */
export function beaconMessage(round: number): Promise<Uint8Array> {
  return sha256(roundBytes(round));
}

/** The randomness of a beacon round: SHA-256 of its signature bytes. */
export async function beaconRandomness(signatureHex: string): Promise<Uint8Array> {
  const sig = hexToBytes(signatureHex);
  if (!sig) throw new Error('signature must be hex');
  return sha256(sig);
}

/** True when the signature (96 hex) is the beacon's BLS signature of round r under the public key (192 hex). */
export async function verifyBeaconSignature(publicKeyHex: string, round: number, signatureHex: string): Promise<boolean> {
  if (!/^[0-9a-fA-F]{96}$/.test(signatureHex) || !/^[0-9a-fA-F]{192}$/.test(publicKeyHex)) return false;
  if (!Number.isSafeInteger(round) || round < 1) return false;
  try {
    return bls12_381.verifyShortSignature(signatureHex.toLowerCase(), await beaconMessage(round), publicKeyHex.toLowerCase(), { DST: BEACON_DST });
  } catch {
    // A signature or key that is not a point of the right group: not a valid signature.
    return false;
  }
}

/** A beacon round as stored and published. */
export interface BeaconValue {
  round: number;
  /** 96 hex characters. */
  signature: string;
  /** SHA-256 of the signature, 64 hex characters. */
  randomness: string;
}

/** Checks a beacon value end to end: signature under the key, randomness = SHA-256(signature). */
export async function checkBeaconValue(publicKeyHex: string, value: BeaconValue): Promise<{ ok: boolean; detail: string }> {
  if (!(await verifyBeaconSignature(publicKeyHex, value.round, value.signature))) {
    return { ok: false, detail: `the signature of beacon round ${value.round} does not verify under the public key` };
  }
  const randomness = bytesToHex(await beaconRandomness(value.signature));
  if (randomness !== value.randomness.toLowerCase()) {
    return { ok: false, detail: `SHA-256(signature) = ${randomness}, but the randomness given is ${value.randomness}` };
  }
  return { ok: true, detail: `BLS signature of round ${value.round} verified; randomness = SHA-256(signature) = ${randomness}` };
}
