import { LAZY_API_PATHS, API_PATHS } from '@colorplay/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';
import { makeTempDir, removeTempDir, testConfig } from '../../../test/helpers/build-test-app';
import { openTestDb } from '../../../test/helpers/test-db';
import { buildApp } from '../../app';
import { createInProcessBus, type Bus } from '../../events';
import { LIVE_PAUSED_CLOSE_CODE } from './live';

// Decision 233: with Redis down a node hears no other node's draws, so its Wingo sockets would tick
// the clock but never show a result. The node closes them with 1013 (try again later) and
// refuses new ones until its bus is back; clients poll HTTP meanwhile (decision 233).
let app: FastifyInstance;
let port: number;
let dataDir: string;
let up = true;
const watchers = new Set<(connected: boolean) => void>();
function setBus(connected: boolean) {
  up = connected;
  for (const fn of watchers) fn(connected);
}

beforeAll(async () => {
  dataDir = makeTempDir('colorplay-live-bus-');
  const inner = createInProcessBus({ error() {}, warn() {}, info() {} } as never);
  const bus: Bus = {
    ...inner,
    connected: () => up,
    onConnectionChange(fn) {
      watchers.add(fn);
      return () => void watchers.delete(fn);
    },
  };
  app = await buildApp({ config: testConfig({}, dataDir), db: await openTestDb(), logger: false, bus, startJobs: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  port = (app.server.address() as { port: number }).port;
});
afterAll(async () => {
  await app.close();
  removeTempDir(dataDir);
});

/** Opens a socket; resolves with its first message (or null) and how it closed, if it did within `ms`. */
function connect(ms = 1_500, path: string = API_PATHS.wingo_live) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}${path}`);
  const firstMessage = new Promise<string | null>((resolve) => {
    ws.once('message', (raw) => resolve(String(raw)));
    ws.once('close', () => resolve(null));
  });
  const closed = new Promise<number | null>((resolve) => {
    ws.once('close', (code) => resolve(code));
    setTimeout(() => resolve(null), ms);
  });
  return { ws, firstMessage, closed };
}

it('closes open sockets with 1013 when the bus goes down, refuses new ones while down, and accepts them again once back', async () => {
  const before = connect();
  expect(JSON.parse((await before.firstMessage)!).type).toBe('clock');

  setBus(false);
  expect(await before.closed).toBe(LIVE_PAUSED_CLOSE_CODE);

  const whileDown = connect();
  expect(await whileDown.closed).toBe(LIVE_PAUSED_CLOSE_CODE);
  expect(await whileDown.firstMessage).toBeNull();

  setBus(true);
  const after = connect(500);
  expect(JSON.parse((await after.firstMessage)!).type).toBe('clock');
  expect(await after.closed).toBeNull();
  after.ws.close();
});

it('does the same for the other games’ sockets (decision 360)', async () => {
  const k3 = LAZY_API_PATHS.lottery_live.replace(':game', 'k3');
  const before = connect(1_500, k3);
  expect(JSON.parse((await before.firstMessage)!).type).toBe('clock');
  setBus(false);
  expect(await before.closed).toBe(LIVE_PAUSED_CLOSE_CODE);
  const whileDown = connect(1_500, k3);
  expect(await whileDown.closed).toBe(LIVE_PAUSED_CLOSE_CODE);
  expect(await whileDown.firstMessage).toBeNull();
  setBus(true);
  const after = connect(500, k3);
  expect(JSON.parse((await after.firstMessage)!).type).toBe('clock');
  expect(await after.closed).toBeNull();
  after.ws.close();
});
