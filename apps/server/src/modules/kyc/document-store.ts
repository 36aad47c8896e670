import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where KYC documents live: outside the database and never under a public route (the SPA plugin
 * serves only the web build). The local folder store is the default; an S3-compatible bucket is
 * chosen with KYC_DOCUMENT_STORE=s3 (s3-document-store.ts, docs/operations.md).
 */
export interface DocumentStore {
  /** Stores the bytes under a new opaque key and returns it. */
  put(bytes: Buffer): Promise<string>;
  /** The stored bytes; throws DocumentMissingError when nothing is stored under the key. */
  get(key: string): Promise<Buffer>;
  /** Removes a document whose submission could not be recorded (best effort). */
  remove(key: string): Promise<void>;
}

const KEY_PATTERN = /^[0-9a-f]{32}$/;

/** True for a key this module hands out (32 hex characters). */
export const isDocumentKey = (key: string): boolean => KEY_PATTERN.test(key);

/** No document under this key (lost or removed): the caller decides what a reader sees. */
export class DocumentMissingError extends Error {
  constructor(readonly key: string) {
    super(`No KYC document is stored under ${JSON.stringify(key)}`);
    this.name = 'DocumentMissingError';
  }
}

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
    async get(key) {
      try {
        return await readFile(fileOf(key));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new DocumentMissingError(key);
        throw err;
      }
    },
    async remove(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
