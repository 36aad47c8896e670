import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where KYC documents live: outside the database and never under a public route (the SPA plugin
 * serves only the web build). The local folder store is the default; an S3-compatible store is
 * not built yet (docs/operations.md says so).
 */
export interface DocumentStore {
  /** Stores the bytes under a new opaque key and returns it. */
  put(bytes: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
  /** Removes a document whose submission could not be recorded (best effort). */
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{32}$/;

/** One file per document in `dir` (created owner-only), named by a random key. */
export function localDocumentStore(dir: string): DocumentStore {
  const fileOf = (key: string) => {
    // Keys come from our own rows; the check keeps a bad row from naming a path outside dir.
    if (!KEY_PATTERN.test(key)) throw new Error(`Not a document key: ${JSON.stringify(key)}`);
    return path.join(dir, key);
  };
  return {
    async put(bytes) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const key = randomBytes(16).toString('hex');
      await writeFile(fileOf(key), bytes, { mode: 0o600, flag: 'wx' });
      return key;
    },
    get: (key) => readFile(fileOf(key)),
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
