/**
 * Where KYC documents live: outside the database and never under a public route. The local
 * folder store is the default; an S3-compatible store is not built yet (docs/operations.md).
 */
export interface DocumentStore {
  /** Stores the bytes under a new key and returns it. */
  put(bytes: Buffer): Promise<string>;
  get(key: string): Promise<Buffer>;
}
