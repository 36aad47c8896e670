import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { FastifyInstance } from 'fastify';
import { makeTempDir, removeTempDir, testConfig } from './helpers/build-test-app';
import { collectLogLines } from './helpers/log-lines';
import { openTestDb } from './helpers/test-db';

// Every request costs one info line, not two (decision 092).
const { lines, sink } = collectLogLines();

let app: FastifyInstance;
let dataDir: string;
beforeAll(async () => {
  app = await buildApp({
    config: testConfig({}, (dataDir = makeTempDir('colorplay-test-'))),
    db: await openTestDb(),
    logger: { level: 'info', stream: sink },
  });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  removeTempDir(dataDir);
});

const linesOf = (reqId: string) => lines.filter((l) => l.reqId === reqId);

describe('request log', () => {
  it.each([
    ['/healthz', 200],
    ['/api/wallet/balance', 401],
  ])('writes one line for GET %s with method, url, status, duration and request id', async (url, status) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(status);
    const reqIds = [...new Set(lines.filter((l) => l.url === url).map((l) => l.reqId))];
    expect(reqIds).toHaveLength(1);
    const mine = linesOf(reqIds[0]!);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', url, statusCode: status });
    expect(mine[0]!.reqId).toMatch(/^req_/);
    expect(typeof mine[0]!.durationMs).toBe('number');
  });

  it('writes nothing per request above info', async () => {
    const before = lines.length;
    app.log.level = 'warn';
    try {
      expect((await app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    } finally {
      app.log.level = 'info';
    }
    expect(lines.length).toBe(before);
  });
});
