import { API_PATHS } from '@colorplay/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { testConfig } from '../../../test/helpers/build-test-app';
import { PlayerClient } from '../../../test/helpers/player-client';
import { redisServerAvailable, startRedisServer, type RedisServer } from '../../../test/helpers/redis-server';
import { openTestDbTwice } from '../../../test/helpers/test-db';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { createSessionCache } from './session-cache';

/**
 * The session cache (decision 202): an authenticated request costs no database round trip, and
 * a revoked session is refused on the revoking node at once and on every other node within the
 * stated bound: the bus's delivery with Redis, SESSION_CACHE_TTL_MS without it.
 */

describe('session cache rules', () => {
  it('keeps an open session for at most the TTL, never past its expiry, and drops a lookup that raced an eviction', () => {
    let mono = 0;
    const cache = createSessionCache({ ttlMs: 1_000, monotonicMs: () => mono });
    cache.set('ses_a', 7, 5_000, cache.generation());
    expect(cache.get('ses_a', 7, 0)).toBe(true);
    expect(cache.get('ses_a', 8, 0)).toBe(false); // another subject never borrows it
    cache.set('ses_a', 7, 5_000, cache.generation());
    mono = 999;
    expect(cache.get('ses_a', 7, 4_999)).toBe(true);
    expect(cache.get('ses_a', 7, 5_000)).toBe(false); // the session's own expiry
    cache.set('ses_a', 7, 50_000, cache.generation());
    mono = 2_000;
    expect(cache.get('ses_a', 7, 0)).toBe(false); // the TTL
    // A lookup that began before an eviction must not store what it read.
    const before = cache.generation();
    cache.evictPlayer(7);
    cache.set('ses_a', 7, 50_000, before);
    expect(cache.get('ses_a', 7, 0)).toBe(false);
    cache.set('ses_b', 9, 50_000, cache.generation());
    cache.evictSession('ses_b');
    expect(cache.get('ses_b', 9, 0)).toBe(false);
  });

  it('is off at TTL 0', () => {
    const cache = createSessionCache({ ttlMs: 0 });
    cache.set('ses_a', 7, 5_000, cache.generation());
    expect(cache.get('ses_a', 7, 0)).toBe(false);
  });
});

async function twoNodes(env: Record<string, string>): Promise<{ a: FastifyInstance; b: FastifyInstance; dbA: Db; close: () => Promise<void> }> {
  const [dbA, dbB] = await openTestDbTwice();
  const config = testConfig(env);
  const a = await buildApp({ config, db: dbA, logger: false, startJobs: false });
  const b = await buildApp({ config, db: dbB, logger: false, startJobs: false });
  return {
    a,
    b,
    dbA,
    close: async () => {
      await a.close();
      await b.close();
    },
  };
}

let phoneSeq = 0;
async function loggedInOnBoth(a: FastifyInstance, b: FastifyInstance) {
  const onA = new PlayerClient(a, `198.51.100.${++phoneSeq}`);
  expect((await onA.register(`91234${String(10_000 + phoneSeq).padStart(5, '0')}`)).statusCode).toBe(200);
  const onB = new PlayerClient(b, onA.address);
  onB.token = onA.token;
  const balance = async (c: PlayerClient) => (await c.call('GET', API_PATHS.get_balance)).statusCode;
  expect(await balance(onA)).toBe(200);
  expect(await balance(onB)).toBe(200);
  return { onA, onB, balance };
}

describe('an authenticated read', () => {
  it('checks its session in the database once, not on every request', async () => {
    const nodes = await twoNodes({ SESSION_CACHE_TTL_MS: '60000' });
    try {
      const { onA, balance } = await loggedInOnBoth(nodes.a, nodes.b);
      const spy = vi.spyOn(nodes.dbA, 'query');
      for (let i = 0; i < 5; i++) expect(await balance(onA)).toBe(200);
      expect(spy.mock.calls.filter(([sql]) => String(sql).includes('FROM sessions'))).toEqual([]);
      spy.mockRestore();
    } finally {
      await nodes.close();
    }
  });
});

describe('a revoked session without Redis (each node its own bus)', () => {
  it('is refused on the revoking node at once and on the other within SESSION_CACHE_TTL_MS', async () => {
    const ttlMs = 400;
    const nodes = await twoNodes({ SESSION_CACHE_TTL_MS: String(ttlMs) });
    try {
      const { onA, onB, balance } = await loggedInOnBoth(nodes.a, nodes.b);
      const token = onA.token;
      expect((await onA.call('POST', API_PATHS.logout)).statusCode).toBe(200);
      const revokedAt = performance.now();
      onA.token = token;
      expect(await balance(onA)).toBe(401);
      await new Promise((r) => setTimeout(r, Math.max(0, ttlMs - (performance.now() - revokedAt))));
      expect(await balance(onB)).toBe(401);
    } finally {
      await nodes.close();
    }
  });
});

describe.skipIf(!redisServerAvailable())('a revoked session with Redis between two nodes', () => {
  let redis: RedisServer;
  beforeAll(async () => {
    redis = await startRedisServer();
  });
  afterAll(async () => {
    await redis?.stop();
  });

  it('is refused on the other node as soon as the revocation event arrives, long before the TTL', async () => {
    // A TTL of a minute: only the event can explain a refusal within the test's 2 s.
    const nodes = await twoNodes({ REDIS_URL: redis.url, SESSION_CACHE_TTL_MS: '60000' });
    try {
      expect(nodes.b.events.bus.kind).toBe('redis');
      const { onA, onB, balance } = await loggedInOnBoth(nodes.a, nodes.b);
      // A password reset ends every session of the player (one event for all of them).
      const phone = `91234${String(10_000 + phoneSeq).padStart(5, '0')}`;
      const resetCode = await onA.call('POST', API_PATHS.forgot_password_request_code, { phone });
      expect(resetCode.statusCode).toBe(200);
      const code = await onA.sandboxCode(resetCode.json().data.sandboxHandle);
      const reset = await onA.call('POST', API_PATHS.forgot_password_reset, { phone, code, newPassword: 'Other-Lily-77' });
      expect(reset.statusCode).toBe(200);
      expect(await balance(onA)).toBe(401);
      await vi.waitFor(async () => expect(await balance(onB)).toBe(401), { timeout: 2_000, interval: 20 });
    } finally {
      await nodes.close();
    }
  });
});
