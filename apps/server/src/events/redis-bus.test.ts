import type { DomainEvent } from '@colorplay/contract';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REDIS_SERVER_BIN, redisServerAvailable, startRedisServer, type RedisServer } from '../../test/helpers/redis-server';
import { openTestDbTwice } from '../../test/helpers/test-db';
import type { Db } from '../db/db';
import { testConfig } from '../../test/helpers/build-test-app';
import { buildApp } from '../app';
import { createRedisBus, EVENTS_CHANNEL, type Bus, type EventsDeps } from './index';

const silent = { level: 'silent', fatal() {}, error() {}, warn() {}, info() {}, debug() {}, trace() {}, silent() {}, child: () => silent } as unknown as EventsDeps['log'];

const event = (orderId: string): DomainEvent<'DepositSucceeded'> => ({
  id: `evt_${orderId}`,
  name: 'DepositSucceeded',
  payload: { orderId, playerId: 3, amountMinor: 100_00, currency: 'INR', channel: 'upi', transferId: 'tr_1' },
  occurredAt: new Date().toISOString(),
});

// Skipped only when the binary is missing; scripts/test.mjs installs it with apt-get.
describe.skipIf(!redisServerAvailable())(`events over Redis (redis-server at ${REDIS_SERVER_BIN})`, () => {
  let redis: RedisServer;
  const buses: Bus[] = [];
  const bus = async () => {
    const b = await createRedisBus(redis.url, silent);
    buses.push(b);
    return b;
  };
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await Promise.all(buses.map((b) => b.close()));
    await redis?.stop();
  });

  it('carries an event published by one node to the listeners of both', async () => {
    const [a, b] = [await bus(), await bus()];
    const heardA: string[] = [];
    const heardB: DomainEvent[] = [];
    a.subscribe((e) => heardA.push(e.id));
    b.subscribe((e) => heardB.push(e));
    const sent = event('dep_one');
    await a.publish(sent);
    await vi.waitFor(() => expect(heardB).toHaveLength(1));
    expect(heardB[0]).toEqual(sent);
    await vi.waitFor(() => expect(heardA).toEqual(['evt_dep_one']));
  });

  it('fails at once, with the reason, when Redis cannot be reached', async () => {
    const closed = await startRedisServer();
    await closed.stop();
    await expect(createRedisBus(closed.url, silent)).rejects.toThrow(/ECONNREFUSED|connect/i);
  });

  it('drops a malformed message instead of handing it to listeners', async () => {
    const b = await bus();
    const heard: string[] = [];
    b.subscribe((e) => heard.push(e.id));
    const raw = new Redis(redis.url);
    try {
      await raw.publish(EVENTS_CHANNEL, 'not json');
      await raw.publish(EVENTS_CHANNEL, JSON.stringify({ ...event('dep_bad'), payload: { orderId: 'x' } }));
      await raw.publish(EVENTS_CHANNEL, JSON.stringify(event('dep_good')));
    } finally {
      raw.disconnect();
    }
    await vi.waitFor(() => expect(heard).toEqual(['evt_dep_good']));
  });

  describe('two nodes on one database', () => {
    let dbA: Db;
    let dbB: Db;
    beforeAll(async () => {
      [dbA, dbB] = await openTestDbTwice();
    });
    afterAll(async () => {
      await dbA?.close();
      await dbB?.close();
    });

    it('lets a second app instance hear an event committed on the first (REDIS_URL set)', async () => {
      const config = testConfig({ REDIS_URL: redis.url });
      const appA = await buildApp({ config, db: dbA, logger: false, startJobs: false });
      const appB = await buildApp({ config, db: dbB, logger: false, startJobs: false });
      try {
        expect(appA.events.bus.kind).toBe('redis');
        const heardOnB: string[] = [];
        appB.events.bus.subscribe((e) => heardOnB.push(e.name === 'DepositSucceeded' ? e.payload.orderId : e.id));
        await dbA.transaction((tx) =>
          appA.events.record(tx, 'DepositSucceeded', { orderId: 'dep_cross', playerId: 3, amountMinor: 1, currency: 'INR', channel: 'upi', transferId: 'tr_x' }),
        );
        await vi.waitFor(() => expect(heardOnB).toEqual(['dep_cross']));
        // B's own pass (its poll) finds the event already relayed by A: it is published once.
        await appB.events.dispatch();
        await new Promise((r) => setTimeout(r, 100));
        expect(heardOnB).toEqual(['dep_cross']);
      } finally {
        await appA.close();
        await appB.close();
      }
    });
  });

  it('says when it loses Redis and when it has it back (the Wingo socket pauses on it)', async () => {
    const own = await startRedisServer();
    const b = await createRedisBus(own.url, silent);
    buses.push(b);
    const changes: boolean[] = [];
    b.onConnectionChange?.((up) => changes.push(up));
    expect(b.connected?.()).toBe(true);
    await own.stop();
    await vi.waitFor(() => expect(b.connected?.()).toBe(false), { timeout: 5_000 });
    const again = await startRedisServer(own.port);
    try {
      await vi.waitFor(() => expect(b.connected?.()).toBe(true), { timeout: 10_000 });
      expect(changes).toEqual([false, true]);
      // Re-subscribed by itself: an event published after the restart reaches the listener.
      const heard: string[] = [];
      b.subscribe((e) => heard.push(e.id));
      await vi.waitFor(
        async () => {
          await b.publish(event('after-restart'));
          expect(heard).toContain('evt_after-restart');
        },
        { timeout: 5_000 },
      );
    } finally {
      await again.stop();
    }
  });
});
