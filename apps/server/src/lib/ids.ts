import { randomBytes, randomInt } from 'node:crypto';

/** Opaque id with a kind prefix (`ses_…`), shown in logs and APIs. */
export function prefixedId(prefix: string, bytes = 12): string {
  return `${prefix}_${randomBytes(bytes).toString('base64url')}`;
}

/** A random integer in [min, max] from the CSPRNG. */
export function secureRandomInt(min: number, max: number): number {
  return randomInt(min, max + 1);
}
