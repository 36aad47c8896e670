import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * argon2id with OWASP's minimum recommended cost (19 MiB, 2 passes, 1 lane). Raise these when
 * the hardware allows; old hashes keep verifying because the parameters live in the hash.
 */
const ARGON2ID = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** Verifying against this when the phone is unknown makes both failures take the same time. */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword('not-a-real-password-for-timing-only');
  return dummyHash;
}

const COMMON = new Set(
  (dictionary['passwords-common'] as string[]).filter((p) => p.length >= 8).map((p) => p.toLowerCase()),
);

/** True for passwords found in public breach lists (zxcvbn-ts's common list, 8+ characters). */
export function isCommonPassword(password: string): boolean {
  return COMMON.has(password.toLowerCase());
}
