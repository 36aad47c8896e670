import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { secretSchema } from './shared';

/**
 * The server's own secrets. Required in production; elsewhere they are generated once and kept
 * beside the embedded database so sessions survive restarts.
 */

export const SECRETS_ENV = {
  TOKEN_SECRET: secretSchema.optional(),
  /** Seals the lottery chains' checkpoints at rest (decision 171). */
  LOTTERY_CHAIN_SECRET: secretSchema.optional(),
  WEBHOOK_SECRET: secretSchema.optional(),
};

export const SECRET_NAMES = ['TOKEN_SECRET', 'WEBHOOK_SECRET', 'LOTTERY_CHAIN_SECRET'] as const;
/** The secrets this server keys things with; in production each must be random and its own. */
const KEYING_SECRETS = [...SECRET_NAMES, 'DEMO_VENDOR_SECRET', 'METRICS_TOKEN'] as const;
/** 32 random base64 characters carry about 150 bits by this estimate, 32 hex ones about 115. */
export const MIN_SECRET_BITS = 100;
/** What a generated secret is made of: 256 random bits. */
const GENERATED_SECRET_BYTES = 32;

/** A repeat of earlier text at least this long is counted as a copy, not as new characters. */
const MIN_COPY_CHARS = 4;

/**
 * A cautious estimate of a secret's entropy (decisions 240 and 402): each character
 * costs the Shannon entropy of the secret's own character frequencies, except that a run which
 * repeats earlier text (4 characters or more, as an LZ77 parse finds it) costs only what naming
 * the copy does, its position and length (never more than the characters themselves). It cannot
 * prove randomness, but it catches what people type: repeated characters (32 × `a` is 0 bits),
 * short alphabets, and words repeated to length (`Password1` × 6 is about 35 bits, where the
 * frequencies alone said 159). Random secrets almost never repeat 4 characters, so they keep
 * their full estimate.
 */
export function estimatedSecretBits(secret: string): number {
  const chars = [...secret];
  const n = chars.length;
  const counts = new Map<string, number>();
  for (const ch of chars) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  let perChar = 0;
  for (const c of counts.values()) perChar -= (c / n) * Math.log2(c / n);
  let bits = 0;
  for (let i = 0; i < n; ) {
    let longest = 0;
    for (let from = 0; from < i; from++) {
      let k = 0;
      // The copy may run into itself (LZ77): `abcabcabc` is `abc` and one copy of 6.
      while (i + k < n && chars[from + k] === chars[i + k]) k++;
      longest = Math.max(longest, k);
    }
    if (longest >= MIN_COPY_CHARS) {
      bits += Math.min(perChar * longest, Math.log2(i) + Math.log2(longest));
      i += longest;
    } else {
      bits += perChar;
      i++;
    }
  }
  return Math.floor(bits);
}

/**
 * How two secrets are compared (decision 402): a copy in other case or with spaces added is the
 * same secret for whoever reads the configuration, so it counts as a twin.
 */
const comparable = (secret: string) => secret.normalize('NFKC').replace(/\s+/g, '').toLowerCase();

/** Production: each keying secret looks random, and no two are the same (one leak opens one door). */
export function weakSecrets(e: Partial<Record<(typeof KEYING_SECRETS)[number], string | undefined>>): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const name of KEYING_SECRETS) {
    const value = e[name];
    if (value === undefined) continue;
    const bits = estimatedSecretBits(value);
    if (bits < MIN_SECRET_BITS) problems.push(`${name}: too predictable for production (about ${bits} bits; use e.g. \`openssl rand -base64 32\`)`);
    const key = comparable(value);
    const twin = seen.get(key);
    if (twin) problems.push(`${name}: must differ from ${twin} (each secret keys something else)`);
    else seen.set(key, name);
  }
  return problems;
}

const GeneratedSecretsSchema = z.object({
  token: secretSchema,
  webhook: secretSchema,
  demoVendor: secretSchema.optional(),
  lotteryChain: secretSchema.optional(),
  tronSandboxWitness: secretSchema.optional(),
});

export type GeneratedSecrets = Required<z.infer<typeof GeneratedSecretsSchema>>;

const newSecret = () => randomBytes(GENERATED_SECRET_BYTES).toString('base64url');

/**
 * The secrets of a development or demo install, kept in DATA_DIR/secrets.json. A file written
 * before a secret existed keeps its secrets (sessions survive) and gains the new one.
 */
export function loadOrCreateSecrets(dataDir: string): GeneratedSecrets {
  const file = path.join(dataDir, 'secrets.json');
  let stored: z.infer<typeof GeneratedSecretsSchema> | undefined;
  if (existsSync(file)) {
    const parsed = GeneratedSecretsSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) stored = parsed.data;
  }
  const { demoVendor, lotteryChain, tronSandboxWitness } = stored ?? {};
  if (stored && demoVendor && lotteryChain && tronSandboxWitness) return { ...stored, demoVendor, lotteryChain, tronSandboxWitness };
  const secrets = {
    token: stored?.token ?? newSecret(),
    webhook: stored?.webhook ?? newSecret(),
    demoVendor: demoVendor ?? newSecret(),
    lotteryChain: lotteryChain ?? newSecret(),
    // The sandbox TRON witness's signing key (decision 388): its own secret, derived from no other.
    tronSandboxWitness: tronSandboxWitness ?? newSecret(),
  };
  mkdirSync(dataDir, { recursive: true });
  // Owner-only: the file holds the keys to every session.
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
