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

/** The shortest text the password is a whole number of copies of (the password itself when none). */
function repeatedUnit(password: string): string {
  for (let length = 1; length <= password.length / 2; length++) {
    if (password.length % length === 0 && password.slice(0, length).repeat(password.length / length) === password) return password.slice(0, length);
  }
  return password;
}

/**
 * True for passwords found in public breach lists (zxcvbn-ts's common list, 8+ characters),
 * compared after normalising (decision 402: Unicode compatibility forms, case, surrounding
 * spaces), and for a word repeated to length: `Password1` × 6 is as guessable as `Password1`,
 * and any short unit repeated (`abcabcabc`) is too.
 */
export function isCommonPassword(password: string): boolean {
  const normal = password.normalize('NFKC').trim().toLowerCase();
  if (COMMON.has(normal)) return true;
  const unit = repeatedUnit(normal);
  return unit !== normal && (unit.length < 8 || COMMON.has(unit));
}
