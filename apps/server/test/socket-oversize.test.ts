import { API_PATHS } from '@colorplay/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildApp } from '../src/app';
import { createLogSampler } from '../src/plugins/socket-errors';
import { makeTempDir, removeTempDir, testConfig } from './helpers/build-test-app';
import { collectLogLines } from './helpers/log-lines';
import { openTestDb } from './helpers/test-db';

/**
 * Decision 403: an anonymous socket's oversized message (70 KB, over the 8 KB cap) was logged at
 * error level with a stack, once per message, so strangers could flood the error log. It is
 * closed with 1009 (Message Too Big) and logged at a low level, at most once a minute per node.
 */
const { lines, sink } = collectLogLines();

let app: FastifyInstance;
let dataDir: string;
let port: number;
beforeAll(async () => {
  app = await buildApp({ config: testConfig({}, (dataDir = makeTempDir('colorplay-test-'))), db: await openTestDb(), logger: { level: 'debug', stream: sink }, startJobs: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  removeTempDir(dataDir);
});

/** Opens an anonymous socket, sends `bytes` of text, and resolves with the close code. */
async function oversized(path: string, bytes: number): Promise<number> {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  ws.send('x'.repeat(bytes));
  return closed;
}

describe('an oversized socket message', () => {
  it('closes the socket with 1009 and writes no error line; a burst is logged once, below warn', async () => {
    const before = lines.length;
    expect(await oversized(API_PATHS.wingo_live, 70 * 1024)).toBe(1009);
    for (let i = 0; i < 5; i++) expect(await oversized('/api/lottery/k3/live', 70 * 1024)).toBe(1009);
    const written = lines.slice(before);
    // level 50 is error, 40 warn (pino).
    expect(written.filter((l) => l.level >= 40)).toEqual([]);
    const noted = written.filter((l) => l.msg === 'socket message too big, closed');
    expect(noted).toHaveLength(1);
    expect(noted[0]).not.toHaveProperty('err');
    expect(noted[0]).toMatchObject({ suppressedSinceLast: 0 });
  });
});

describe('the log sampler', () => {
  it('writes once per interval and reports what it held back', () => {
    const sample = createLogSampler(60_000);
    expect(sample(0)).toEqual({ write: true, suppressedSinceLast: 0 });
    expect(sample(1)).toEqual({ write: false });
    expect(sample(59_999)).toEqual({ write: false });
    expect(sample(60_000)).toEqual({ write: true, suppressedSinceLast: 2 });
    expect(sample(120_001)).toEqual({ write: true, suppressedSinceLast: 0 });
  });
});
