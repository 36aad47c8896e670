import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { AwsV4Signer } from 'aws4fetch';
import S3rver from 's3rver';
import { makeTempDir, removeTempDir } from './build-test-app';

export type S3TestServer = {
  /** http://127.0.0.1:<port>, to be used with path-style addressing. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** The env a test app needs to keep its KYC documents in this server's bucket. */
  env(extra?: Record<string, string>): Record<string, string>;
  /** Every request that passed the signature check, oldest first (method, path, headers). */
  accepted: { method: string; path: string; headers: http.IncomingHttpHeaders }[];
  stop(): Promise<void>;
};

// s3rver's built-in account: it refuses any other access key id.
const ACCESS_KEY_ID = 'S3RVER';
const SECRET_ACCESS_KEY = 'S3RVER';
const REGION = 'ap-south-1';

/**
 * An S3-compatible server on 127.0.0.1 and a free port: s3rver (npm) behind a small proxy that
 * checks every request's AWS Signature V4 and payload hash. The proxy exists because s3rver
 * accepts any V4 signature from a known access key id and serves unsigned requests, while a real
 * private bucket refuses both; with it, a wrong secret or an anonymous read is refused here too.
 */
export async function startS3Server(bucket = 'colorplay-kyc'): Promise<S3TestServer> {
  const dir = makeTempDir('colorplay-s3-');
  const s3rver = new S3rver({ address: '127.0.0.1', port: 0, silent: true, directory: dir, configureBuckets: [{ name: bucket }] });
  const backend = await s3rver.run();
  const accepted: S3TestServer['accepted'] = [];

  const proxy = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      void checkSignature(req, body).then(
        (refusal) => {
          if (refusal) return sendError(res, refusal.status, refusal.code);
          accepted.push({ method: req.method!, path: req.url!, headers: req.headers });
          forward(req, body, backend.port, res);
        },
        () => sendError(res, 500, 'InternalError'),
      );
    });
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  const { port } = proxy.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;

  return {
    endpoint,
    bucket,
    region: REGION,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    accepted,
    env: (extra = {}) => ({
      KYC_DOCUMENT_STORE: 's3',
      KYC_S3_ENDPOINT: endpoint,
      KYC_S3_REGION: REGION,
      KYC_S3_BUCKET: bucket,
      KYC_S3_ACCESS_KEY_ID: ACCESS_KEY_ID,
      KYC_S3_SECRET_ACCESS_KEY: SECRET_ACCESS_KEY,
      KYC_S3_FORCE_PATH_STYLE: '1',
      ...extra,
    }),
    async stop() {
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
      await s3rver.close();
      removeTempDir(dir);
    },
  };
}

type Refusal = { status: number; code: string };

async function checkSignature(req: http.IncomingMessage, body: Buffer): Promise<Refusal | undefined> {
  const auth = req.headers.authorization ?? '';
  const match = /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(auth);
  if (!match) return { status: 403, code: 'AccessDenied' };
  const [, accessKeyId, region, signedHeaders] = match;
  if (accessKeyId !== ACCESS_KEY_ID) return { status: 403, code: 'InvalidAccessKeyId' };
  const declaredHash = String(req.headers['x-amz-content-sha256'] ?? '');
  if (declaredHash !== 'UNSIGNED-PAYLOAD' && declaredHash !== createHash('sha256').update(body).digest('hex')) {
    return { status: 400, code: 'XAmzContentSHA256Mismatch' };
  }
  // Sign the same request again with the real secret; the result must be what the client sent.
  const headers: Record<string, string> = {};
  for (const name of signedHeaders!.split(';')) if (name !== 'host') headers[name] = String(req.headers[name] ?? '');
  const signer = new AwsV4Signer({
    method: req.method!,
    url: `http://${req.headers.host}${req.url}`,
    headers,
    accessKeyId: ACCESS_KEY_ID,
    secretAccessKey: SECRET_ACCESS_KEY,
    region: region!,
    service: 's3',
    datetime: String(req.headers['x-amz-date'] ?? ''),
  });
  const expected = (await signer.sign()).headers.get('authorization');
  return expected === auth ? undefined : { status: 403, code: 'SignatureDoesNotMatch' };
}

function forward(req: http.IncomingMessage, body: Buffer, port: number, res: http.ServerResponse): void {
  const upstream = http.request(
    { host: '127.0.0.1', port, method: req.method, path: req.url, headers: { ...req.headers, 'content-length': String(body.length) } },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => sendError(res, 502, 'BadGateway'));
  upstream.end(body);
}

function sendError(res: http.ServerResponse, status: number, code: string): void {
  if (res.headersSent) return void res.destroy();
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
}
