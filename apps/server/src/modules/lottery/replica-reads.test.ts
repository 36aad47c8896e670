import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/db';
import { makeTempDir, removeTempDir, testConfig } from '../../../test/helpers/build-test-app';
import { openTestDbTwice } from '../../../test/helpers/test-db';

/**
 * DATABASE_REPLICA_URL (decision 428): results and trends, which may lag a moment, are read
 * through the replicas' handle; a player's own bets and everything that writes stay on the
 * primary. Here both handles are one database, and the replica's records what it is asked.
 */
describe('reads sent to the replicas', () => {
  let app: FastifyInstance;
  let primary: Db;
  const replicaSql: string[] = [];
  const dataDir = makeTempDir('colorplay-test-');

  beforeAll(async () => {
    const [db, replica] = await openTestDbTwice();
    primary = db;
    const readDb: Db = {
      ...replica,
      query: (sql, params) => {
        replicaSql.push(sql);
        return replica.query(sql, params);
      },
    };
    app = await buildApp({ config: testConfig({}, dataDir), db, readDb, logger: false, startJobs: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    removeTempDir(dataDir);
  });

  it('reads Wingo\'s history and trend and the other games\' from the replicas', async () => {
    for (const url of ['/api/lottery/wingo/history?room=30s&limit=5', '/api/lottery/wingo/trend?room=30s', '/api/lottery/k3/history?room=1m&limit=5', '/api/lottery/k3/trend?room=1m']) {
      replicaSql.length = 0;
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(replicaSql.some((sql) => sql.includes('lottery_rounds')), url).toBe(true);
    }
  });

  it('keeps the room\'s state (which bets are taken against) on the primary', async () => {
    replicaSql.length = 0;
    await app.inject({ method: 'GET', url: '/api/lottery/wingo/state?room=30s' });
    expect(replicaSql).toEqual([]);
    expect(primary.kind).toBeDefined();
  });
});
