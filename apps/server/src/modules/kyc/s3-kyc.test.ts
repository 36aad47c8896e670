import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { PlayerClient } from '../../../test/helpers/player-client';
import { startS3Server, type S3TestServer } from '../../../test/helpers/s3-server';
import { fakeClock } from '../../lib/clock';

/**
 * The app with KYC_DOCUMENT_STORE=s3: a player's submission lands in the bucket (not in the data
 * folder), the operator console serves it back from there, and a store that refuses the upload
 * leaves no submission behind.
 */
const clock = fakeClock(new Date('2026-11-23T10:00:00Z'));
let s3: S3TestServer;
let t: TestApp;
let player: PlayerClient;
let support: OperatorClient;
// A tiny PNG: the signature is what the KYC module checks.
const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(96, 5)]);
const kycBody = {
  fullName: 'Meera Shah',
  dateOfBirth: '1992-02-14',
  panNumber: 'ABCDE1234F',
  document: { base64: PNG.toString('base64'), fileName: 'pan.png' },
};

beforeAll(async () => {
  s3 = await startS3Server();
  t = await buildTestApp({ clock, env: s3.env({ KYC_S3_KEY_PREFIX: 'kyc/', KYC_S3_SERVER_SIDE_ENCRYPTION: 'AES256' }) });
  player = new PlayerClient(t.app, '203.0.113.90', true);
  expect((await player.register('9812345670')).statusCode).toBe(200);
  support = await OperatorClient.create(t.app, clock, 'sana', 'support');
  expect((await support.login()).statusCode).toBe(200);
});
afterAll(async () => {
  await t?.app.close();
  await s3?.stop();
});

describe('KYC with the S3 document store', () => {
  it('stores the submitted document in the bucket and serves it to the operator from there', async () => {
    expect(t.config.kyc.documents).toMatchObject({ kind: 's3', bucket: s3.bucket, keyPrefix: 'kyc/', forcePathStyle: true });
    const submitted = await player.call('POST', '/api/kyc/submit', kycBody);
    expect(submitted.statusCode, submitted.body).toBe(200);

    const { rows } = await t.db.query<{ id: string; document_key: string }>('SELECT id, document_key FROM kyc_submissions');
    expect(rows).toHaveLength(1);
    const key = rows[0]!.document_key;
    const put = s3.accepted.find((r) => r.method === 'PUT');
    expect(put).toMatchObject({ path: `/${s3.bucket}/kyc/${key}`, headers: { 'x-amz-server-side-encryption': 'AES256' } });
    // Nothing was written to the local document folder.
    const localDir = path.join(path.dirname(t.config.pgliteDir), 'kyc');
    expect(existsSync(localDir) ? readdirSync(localDir) : []).toEqual([]);

    const pending = (await support.call('GET', '/api/admin/kyc/pending')).json().data.items;
    expect(pending).toHaveLength(1);
    const doc = await support.call('GET', `/api/admin/kyc/${pending[0].id}/document`);
    expect(doc.statusCode).toBe(200);
    expect(doc.headers['content-type']).toBe('image/png');
    expect(Buffer.from(doc.rawPayload).equals(PNG)).toBe(true);
    expect(s3.accepted.at(-1)).toMatchObject({ method: 'GET', path: `/${s3.bucket}/kyc/${key}` });
  });

  it('refuses the submission and records nothing when the bucket refuses the upload', async () => {
    const refused = await buildTestApp({ clock, env: s3.env({ KYC_S3_SECRET_ACCESS_KEY: 'not-the-right-secret' }) });
    try {
      const other = new PlayerClient(refused.app, '203.0.113.91', true);
      expect((await other.register('9812345671')).statusCode).toBe(200);
      const before = s3.accepted.length;
      const res = await other.call('POST', '/api/kyc/submit', kycBody);
      expect(res.statusCode).toBe(500);
      expect(res.json().error.code).toBe('INTERNAL');
      // The secret never reaches the player.
      expect(res.body).not.toContain('not-the-right-secret');
      expect((await refused.db.query('SELECT 1 FROM kyc_submissions')).rows).toHaveLength(0);
      expect(s3.accepted.length).toBe(before);
    } finally {
      await refused.app.close();
    }
  });
});
