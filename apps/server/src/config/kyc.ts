import path from 'node:path';
import { z } from 'zod';
import { type EnvOf, flagSchema, isOn, KIB, MIB, MINUTE_MS, msSchema, SECOND_MS } from './shared';

/** KYC: the age and document-size checks, and where identity documents are stored. */

/** An S3-compatible bucket for KYC documents (docs/operations.md, "KYC documents in S3"). */
export type KycS3Settings = {
  kind: 's3';
  /** Base URL of the service, e.g. https://s3.ap-south-1.amazonaws.com (no trailing slash). */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted stores). */
  forcePathStyle: boolean;
  /** Prepended to every object name, e.g. `kyc/`, so one bucket can hold other things too. */
  keyPrefix: string;
  /** Asks the store to encrypt each object at rest (`x-amz-server-side-encryption`). */
  serverSideEncryption: 'AES256' | 'aws:kms' | undefined;
  timeoutMs: number;
};
export type KycDocumentStoreConfig = { kind: 'local'; dir: string } | KycS3Settings;
export type KycConfig = { minAgeYears: number; maxDocumentBytes: number; documents: KycDocumentStoreConfig };

/** No player younger than 18, ever; an operator may ask more, up to MAX_MIN_AGE_YEARS. */
const LEGAL_AGE_YEARS = 18;
const MAX_MIN_AGE_YEARS = 25;

export const KYC_DEFAULTS = {
  minAgeYears: LEGAL_AGE_YEARS,
  maxDocumentBytes: 5 * MIB,
  s3TimeoutMs: 10 * SECOND_MS,
  /** Documents stay beside the database unless KYC_DOCUMENT_DIR says otherwise. */
  localSubdir: 'kyc',
} as const;

export const KYC_ENV = {
  KYC_MIN_AGE_YEARS: z.coerce.number().int().min(LEGAL_AGE_YEARS, `must be at least ${LEGAL_AGE_YEARS}`).max(MAX_MIN_AGE_YEARS).default(KYC_DEFAULTS.minAgeYears),
  KYC_MAX_DOCUMENT_BYTES: z.coerce
    .number()
    .int()
    .min(10 * KIB, `must be at least ${10 * KIB}`)
    .max(10 * MIB, `must be at most ${10 * MIB} (10 MiB)`)
    .default(KYC_DEFAULTS.maxDocumentBytes),
  KYC_DOCUMENT_DIR: z.string().min(1).optional(),
  KYC_DOCUMENT_STORE: z.enum(['local', 's3'], { error: 'must be local or s3' }).default('local'),
  KYC_S3_ENDPOINT: z.string().regex(/^https?:\/\/[^/\s?#]+(\/[^\s?#]*)?$/, 'must be an http:// or https:// URL').optional(),
  KYC_S3_REGION: z.string().regex(/^[a-z0-9-]{1,32}$/, 'must be a region name such as ap-south-1').optional(),
  // The S3 bucket naming rules (lower case, digits, dots and hyphens, 3 to 63 characters).
  KYC_S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots or hyphens').optional(),
  KYC_S3_ACCESS_KEY_ID: z.string().regex(/^[A-Za-z0-9_+=,.@-]{3,128}$/, 'must be 3 to 128 characters without spaces').optional(),
  KYC_S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  KYC_S3_FORCE_PATH_STYLE: flagSchema.optional(),
  KYC_S3_KEY_PREFIX: z.string().regex(/^[A-Za-z0-9!_.*'()/-]{0,200}$/, 'must be at most 200 letters, digits or !_.*\'()/-').optional(),
  KYC_S3_SERVER_SIDE_ENCRYPTION: z.enum(['AES256', 'aws:kms'], { error: 'must be AES256 or aws:kms' }).optional(),
  KYC_S3_TIMEOUT_MS: msSchema(500, MINUTE_MS, KYC_DEFAULTS.s3TimeoutMs),
};

type KycEnv = EnvOf<typeof KYC_ENV>;

const KYC_S3_REQUIRED = ['KYC_S3_ENDPOINT', 'KYC_S3_REGION', 'KYC_S3_BUCKET', 'KYC_S3_ACCESS_KEY_ID', 'KYC_S3_SECRET_ACCESS_KEY'] as const;

/** The KYC settings; documents go to DATA_DIR/kyc unless KYC_DOCUMENT_DIR or an S3 bucket says otherwise. */
export function kycConfigOf(e: KycEnv & { DATA_DIR: string }, cwd: string, problems: string[]): KycConfig {
  const localDir = path.resolve(cwd, e.KYC_DOCUMENT_DIR ?? path.join(e.DATA_DIR, KYC_DEFAULTS.localSubdir));
  return {
    minAgeYears: e.KYC_MIN_AGE_YEARS,
    maxDocumentBytes: e.KYC_MAX_DOCUMENT_BYTES,
    documents: kycDocumentStoreOf(e, localDir, problems),
  };
}

/** The local folder by default; an S3-compatible bucket with KYC_DOCUMENT_STORE=s3 and its settings. */
function kycDocumentStoreOf(e: KycEnv, localDir: string, problems: string[]): KycDocumentStoreConfig {
  if (e.KYC_DOCUMENT_STORE === 'local') return { kind: 'local', dir: localDir };
  const absent = KYC_S3_REQUIRED.filter((name) => e[name] === undefined);
  problems.push(...absent.map((name) => `${name}: required when KYC_DOCUMENT_STORE is s3`));
  if (e.NODE_ENV === 'production' && e.KYC_S3_ENDPOINT?.startsWith('http://')) {
    problems.push('KYC_S3_ENDPOINT: must be https:// in production (identity documents and keys travel with every call)');
  }
  const prefix = e.KYC_S3_KEY_PREFIX ?? '';
  if (prefix.startsWith('/') || prefix.includes('//')) problems.push('KYC_S3_KEY_PREFIX: must not start with / or contain //');
  return {
    kind: 's3',
    endpoint: (e.KYC_S3_ENDPOINT ?? '').replace(/\/+$/, ''),
    region: e.KYC_S3_REGION ?? '',
    bucket: e.KYC_S3_BUCKET ?? '',
    accessKeyId: e.KYC_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: e.KYC_S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: isOn(e.KYC_S3_FORCE_PATH_STYLE),
    keyPrefix: prefix,
    serverSideEncryption: e.KYC_S3_SERVER_SIDE_ENCRYPTION,
    timeoutMs: e.KYC_S3_TIMEOUT_MS,
  };
}
