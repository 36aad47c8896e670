/**
 * Starts the cluster under test: PostgreSQL, Redis, three app nodes from the production build
 * (the first migrates alone) and HAProxy in front, all on 127.0.0.1; plus the few questions every
 * scenario asks of it (who leads a job, is every node ready, is a round open long enough).
 */
import { randomBytes } from 'node:crypto';
import { openPostgres, type Db } from '../apps/server/src/db/db';
import { roomState, type LiveSocket, type Player } from './client';
import { base, freePort, sleep, startHaproxy, startNode, startRedis, type AppNode, type startPostgres } from './lib';

/** The room every scenario plays in: a round every 30 s. */
export const ROUND_MS = 30_000;

/** What the nodes connect to: one PostgreSQL (startPostgres) or Patroni's behind HAProxy (ha.ts). */
export type ClusterDatabase = { url: string; ownerUrl: string; superUrl: string; replicaUrl?: string };

export type Cluster<P extends ClusterDatabase = Awaited<ReturnType<typeof startPostgres>>> = Awaited<ReturnType<typeof startCluster<P>>>;
/** The cluster with its players and their live sockets, as the faults after the first find it. */
export type Stage<P extends ClusterDatabase = Awaited<ReturnType<typeof startPostgres>>> = Cluster<P> & { players: Player[]; sockets: LiveSocket[] };

/** The environment of every node: production, with the cluster's database and Redis, fresh secrets (the bench's cluster scenario uses it too). */
export function nodeEnv(pg: ClusterDatabase, redisUrl: string) {
  const secret = (n: number) => randomBytes(n).toString('hex');
  const metricsToken = secret(20);
  const vendorSecret = secret(20);
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: pg.url,
    MIGRATION_DATABASE_URL: pg.ownerUrl,
    // Reads that tolerate a little staleness go to the replicas when there are some (decision 428).
    ...(pg.replicaUrl ? { DATABASE_REPLICA_URL: pg.replicaUrl } : {}),
    // The sandbox beacon (a public demo, allowed with ALLOW_SANDBOX_IN_PRODUCTION): no network here.
    LOTTERY_BEACON: 'sandbox',
    REDIS_URL: redisUrl,
    TOKEN_SECRET: secret(24),
    WEBHOOK_SECRET: secret(24),
    LOTTERY_CHAIN_SECRET: secret(24),
    METRICS_TOKEN: metricsToken,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'warn',
    // A public demo: sandbox SMS and UPI give the test codes and play money. USDT needs a chain.
    ALLOW_SANDBOX_IN_PRODUCTION: 'demo',
    SMS_CHANNEL: 'sandbox',
    UPI_CHANNEL: 'sandbox',
    PAYOUT_CHANNEL: 'sandbox',
    USDT_CHANNEL: 'off',
    DEMO_VENDOR: '1',
    DEMO_VENDOR_SECRET: vendorSecret,
    DEMO_VENDOR_URL: 'http://127.0.0.1:9',
  };
  return { env, metricsToken };
}

/** Starts the database with `startDatabase`, then Redis, the nodes and their balancer. */
export async function startCluster<P extends ClusterDatabase>(startDatabase: () => Promise<P>) {
  const t0 = Date.now();
  console.log(`[cluster] run folder ${base}`);
  const pg = await startDatabase();
  const redis = await startRedis();
  const nodes: AppNode[] = await Promise.all(['n1', 'n2', 'n3'].map(async (name) => ({ name, port: await freePort(), up: false })));
  const { env, metricsToken } = nodeEnv(pg, redis.url);
  // The first node migrates alone; the others then start together (they find nothing to do).
  await startNode(nodes[0]!, env);
  await Promise.all(nodes.slice(1).map((n) => startNode(n, env)));
  const lb = await startHaproxy(nodes);
  const wsUrl = `${lb.url.replace('http', 'ws')}/api/lottery/wingo/live`;
  console.log(`[cluster] ${pg.replicaUrl ? 'Patroni' : 'PostgreSQL'}, Redis, HAProxy and 3 nodes up in ${Date.now() - t0} ms`);
  const db: Db = await openPostgres(pg.superUrl, 4);
  const nodeUrl = (n: AppNode) => `http://127.0.0.1:${n.port}`;

  async function leaderOf(job: string, among = nodes): Promise<AppNode[]> {
    const leaders: AppNode[] = [];
    for (const n of among.filter((x) => x.up)) {
      const text = await fetch(`${nodeUrl(n)}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } }).then((r) => r.text(), () => '');
      if (new RegExp(`^job_leader\\{job="${job.replace('.', '\\.')}"\\} 1$`, 'm').test(text)) leaders.push(n);
    }
    return leaders;
  }
  async function allReady(): Promise<boolean> {
    const answers = await Promise.all(nodes.filter((n) => n.up).map((n) => fetch(`${nodeUrl(n)}/readyz`).then((r) => r.ok, () => false)));
    return answers.every(Boolean);
  }
  const idOf = async (p: Player) => {
    const { rows } = await db.query<{ id: number }>('SELECT id FROM players WHERE phone = $1', [p.phone]);
    p.playerId = rows[0]!.id;
  };
  /** Waits until the 30 s room's current round has at least `minOpenMs` of betting left; returns it. */
  async function openRound(minOpenMs: number) {
    for (;;) {
      const s = await roomState(lb.url);
      const left = s.round.locksAtMs - s.serverTimeMs;
      // On a fresh start the round under way has no chain yet (the first chain serves the next
      // round on, lottery/chains.ts): it cannot take bets, so wait for one a chain serves.
      const served = s.chain !== null && s.round.period >= s.chain.firstPeriod;
      if (served && s.round.phase === 'open' && left >= minOpenMs) return s;
      await sleep(Math.max(100, s.round.drawsAtMs - s.serverTimeMs + 200));
    }
  }
  return { t0, pg, redis, nodes, env, lb, wsUrl, db, metricsToken, nodeUrl, leaderOf, allReady, idOf, openRound };
}
