import { createHash, randomBytes } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import type { KycS3Settings } from '../../config';
import { DocumentMissingError, type DocumentStore, isDocumentKey } from './document-store';

/** Where and how to reach an S3-compatible bucket (config/kyc.ts reads them; docs/operations.md). */
export type S3DocumentStoreSettings = Omit<KycS3Settings, 'kind'>;

/**
 * KYC documents as objects in an S3-compatible bucket, each under a random key, signed with
 * AWS Signature V4 (aws4fetch, decision 173). The bucket must be private: objects are read only
 * through the operator console's document route, never by a public URL.
 */
export function s3DocumentStore(settings: S3DocumentStoreSettings): DocumentStore {
  // Two retries on 5xx/429 only: an upload is part of a player's request, so it cannot wait long.
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    region: settings.region,
    service: 's3',
    retries: 2,
  });
  const endpoint = new URL(settings.endpoint);
  const base = settings.forcePathStyle
    ? `${endpoint.origin}${trimSlashes(endpoint.pathname)}/${settings.bucket}`
    : `${endpoint.protocol}//${settings.bucket}.${endpoint.host}${trimSlashes(endpoint.pathname)}`;
  const urlOf = (key: string) => {
    // Keys come from our own rows; the check keeps a bad row from naming another object.
    if (!isDocumentKey(key)) throw new Error(`Not a document key: ${JSON.stringify(key)}`);
    const name = `${settings.keyPrefix}${key}`;
    return `${base}/${name.split('/').map(encodeURIComponent).join('/')}`;
  };
  const call = (key: string, init: RequestInit) => client.fetch(urlOf(key), { ...init, signal: AbortSignal.timeout(settings.timeoutMs) });

  return {
    async put(bytes) {
      const key = randomBytes(16).toString('hex');
      const headers: Record<string, string> = {
        'content-type': 'application/octet-stream',
        // The payload's hash is signed too, so the store rejects a body altered on the way.
        'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
      };
      if (settings.serverSideEncryption) headers['x-amz-server-side-encryption'] = settings.serverSideEncryption;
      const res = await call(key, { method: 'PUT', body: new Uint8Array(bytes), headers });
      await expectOk(res, 'put');
      return key;
    },
    async get(key) {
      const res = await call(key, { method: 'GET' });
      if (res.status === 404) {
        await res.body?.cancel();
        throw new DocumentMissingError(key);
      }
      await expectOk(res, 'get', true);
      return Buffer.from(await res.arrayBuffer());
    },
    async remove(key) {
      // S3 answers 204 for a key that is already gone, which is what "remove" means here.
      await expectOk(await call(key, { method: 'DELETE' }), 'remove');
    },
  };
}

function trimSlashes(pathname: string): string {
  const trimmed = pathname.replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `/${trimmed}`;
}

/** Throws with the store's error code (never the credentials) unless the answer is 2xx. */
async function expectOk(res: Response, operation: string, keepBody = false): Promise<void> {
  if (res.ok) {
    if (!keepBody) await res.body?.cancel();
    return;
  }
  const text = await res.text().catch(() => '');
  const code = /<Code>([^<]{1,64})<\/Code>/.exec(text)?.[1] ?? 'no error code';
  throw new S3StoreError(operation, res.status, code);
}

/** A refusal or failure of the object store, e.g. `AccessDenied` or `SignatureDoesNotMatch`. */
export class S3StoreError extends Error {
  constructor(
    readonly operation: string,
    readonly status: number,
    readonly code: string,
  ) {
    super(`KYC document store: ${operation} failed with HTTP ${status} (${code})`);
    this.name = 'S3StoreError';
  }
}
