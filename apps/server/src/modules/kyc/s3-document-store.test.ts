import net from 'node:net';
import { AwsClient } from 'aws4fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeTempDir, removeTempDir } from '../../../test/helpers/build-test-app';
import { startS3Server, type S3TestServer } from '../../../test/helpers/s3-server';
import { DocumentMissingError, localDocumentStore, S3StoreError, s3DocumentStore, type S3DocumentStoreSettings } from './index';

/**
 * The S3-compatible KYC document store against a real S3 server on 127.0.0.1 (s3rver behind a
 * proxy that checks Signature V4): round trip, a missing key, refused credentials, a private
 * bucket, the key prefix and the encryption header.
 */
let s3: S3TestServer;
let settings: S3DocumentStoreSettings;

beforeAll(async () => {
  s3 = await startS3Server();
  settings = {
    endpoint: s3.endpoint,
    region: s3.region,
    bucket: s3.bucket,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    keyPrefix: '',
    serverSideEncryption: undefined,
    timeoutMs: 5_000,
  };
});
afterAll(async () => {
  await s3?.stop();
});

const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 256))]);

describe('s3DocumentStore', () => {
  it('puts, gets and removes a document under a new random key', async () => {
    const store = s3DocumentStore(settings);
    const key = await store.put(PDF);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(await store.put(PDF)).not.toBe(key);
    expect((await store.get(key)).equals(PDF)).toBe(true);
    await store.remove(key);
    await expect(store.get(key)).rejects.toBeInstanceOf(DocumentMissingError);
    // Removing what is already gone is not an error (a failed submission cleans up best effort).
    await expect(store.remove(key)).resolves.toBeUndefined();
  });

  it('reports a key with nothing stored as missing, and refuses a key it did not hand out', async () => {
    const store = s3DocumentStore(settings);
    await expect(store.get('0'.repeat(32))).rejects.toBeInstanceOf(DocumentMissingError);
    await expect(store.get('../other-bucket/x')).rejects.toThrow(/Not a document key/);
  });

  it('is refused with a wrong secret or an unknown access key, and the bucket is not readable anonymously', async () => {
    const key = await s3DocumentStore(settings).put(PDF);
    const wrongSecret = s3DocumentStore({ ...settings, secretAccessKey: 'not-the-secret' });
    await expect(wrongSecret.get(key)).rejects.toMatchObject({ status: 403, code: 'SignatureDoesNotMatch' });
    await expect(wrongSecret.put(PDF)).rejects.toBeInstanceOf(S3StoreError);
    const wrongKeyId = s3DocumentStore({ ...settings, accessKeyId: 'AKIANOBODY' });
    await expect(wrongKeyId.get(key)).rejects.toMatchObject({ status: 403, code: 'InvalidAccessKeyId' });
    await expect(wrongKeyId.remove(key)).rejects.toThrow(/remove failed with HTTP 403 \(InvalidAccessKeyId\)/);
    // The refused remove changed nothing.
    expect((await s3DocumentStore(settings).get(key)).equals(PDF)).toBe(true);
    const anonymous = await fetch(`${s3.endpoint}/${s3.bucket}/${key}`);
    expect(anonymous.status).toBe(403);
    expect(await anonymous.text()).not.toContain('%PDF');
  });

  it('stores under the key prefix and sends the server-side encryption header', async () => {
    const store = s3DocumentStore({ ...settings, keyPrefix: 'kyc/docs/', serverSideEncryption: 'AES256' });
    const key = await store.put(PDF);
    expect(s3.accepted.at(-1)).toMatchObject({ method: 'PUT', path: `/${s3.bucket}/kyc/docs/${key}`, headers: { 'x-amz-server-side-encryption': 'AES256' } });
    expect((await store.get(key)).equals(PDF)).toBe(true);
    const client = new AwsClient({ accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey, region: s3.region, service: 's3' });
    const head = await client.fetch(`${s3.endpoint}/${s3.bucket}/kyc/docs/${key}`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get('content-length'))).toBe(PDF.length);
    expect((await client.fetch(`${s3.endpoint}/${s3.bucket}/${key}`, { method: 'HEAD' })).status).toBe(404);
  });

  it('gives up after its timeout when the store does not answer', async () => {
    const silent = net.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as net.AddressInfo;
    try {
      const store = s3DocumentStore({ ...settings, endpoint: `http://127.0.0.1:${port}`, timeoutMs: 300 });
      const started = Date.now();
      await expect(store.get('0'.repeat(32))).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      silent.close();
    }
  });
});

describe('localDocumentStore', () => {
  it('reports a missing document the same way as the S3 store', async () => {
    const dir = makeTempDir('colorplay-kyc-');
    try {
      const store = localDocumentStore(dir);
      const key = await store.put(PDF);
      expect((await store.get(key)).equals(PDF)).toBe(true);
      await store.remove(key);
      await expect(store.get(key)).rejects.toBeInstanceOf(DocumentMissingError);
    } finally {
      removeTempDir(dir);
    }
  });
});
