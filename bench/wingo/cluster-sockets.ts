/**
 * Live updates over several nodes: app nodes from the production build behind
 * HAProxy, with Redis as the bus between them, started with the cluster test's helpers
 * (cluster/lib.ts), and `sockets` Wingo clients spread over the rooms through the proxy: per draw
 * moment the delay from the draw to the last client, rooms drawing in the same second apart,
 * beside the 250 ms target.
 *
 * One process holds at most its open-file limit of sockets, and a proxied socket holds two of
 * HAProxy's; the hard limit is the ceiling (only a privileged process raises it). So the run
 * measures the largest size the limit admits, up to the one asked, on as many HAProxy instances
 * as that size needs (the same configuration on their own ports, as balancer replicas behind one
 * name), each fed by its own loader from its own 127.0.0.x source address (a source address has
 * about 28,000 ephemeral ports towards one proxy). The report names the size asked, the size run,
 * and what capped it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import type { AppNode } from '../../cluster/lib';
import { round2 } from './common';
import { fanoutFigures, loadSockets, mergeLoads, roomsBySpread } from './sockets';

/** The goal for two nodes behind HAProxy with Redis (50,000 sockets). */
export const CLUSTER_DRAW_TO_LAST_CLIENT_TARGET_MS = 250;

/** File descriptors a process keeps for itself (its logs, database and Redis connections, listeners). */
const FD_RESERVE = 200;

/** The hard open-file limit of this process, which its children inherit and cannot raise (null: unlimited). */
function hardFdLimit(): number | null {
  const out = spawnSync('sh', ['-c', 'ulimit -Hn'], { encoding: 'utf8' }).stdout.trim();
  return out === 'unlimited' ? null : Number(out);
}

/** How many sockets the open-file limit admits: per node, per proxy (two descriptors each), per loader. */
export function clusterSize(asked: number, nodes: number, fdLimit: number | null) {
  if (fdLimit === null) return { sockets: asked, proxies: 1, perProxy: asked, cappedBy: null };
  const perProcess = fdLimit - FD_RESERVE;
  const perNode = perProcess;
  const perProxy = Math.floor(perProcess / 2);
  const sockets = Math.min(asked, nodes * perNode);
  return {
    sockets,
    proxies: Math.ceil(sockets / perProxy),
    perProxy,
    cappedBy:
      sockets < asked
        ? `the hard open-file limit (ulimit -Hn) is ${fdLimit}: a node holds at most ${perNode} sockets, so ${nodes} nodes ${nodes * perNode}; ${asked} needs ${Math.ceil(asked / nodes) + FD_RESERVE} per node (raising the hard limit needs CAP_SYS_RESOURCE)`
        : null,
  };
}

/**
 * redis-server and haproxy, checked before the run's first phase: a missing one would otherwise
 * fail the run after its closed loops and bursts, minutes in, with nothing reported. The cluster
 * test's own check installs them with apt-get when missing and we may (root); else the run stops at once.
 */
export function ensureClusterParts(): void {
  const check = spawnSync(process.execPath, [path.join(import.meta.dirname, '..', '..', 'scripts', 'cluster-test.mjs'), '--parts-only'], { stdio: 'inherit' });
  if (check.status !== 0) throw new Error('clusterSockets needs redis-server and haproxy (above), or BENCH_CLUSTER_SOCKETS=0 to skip it');
}

export async function clusterSocketScenario(asked: number, options: { nodes: number; spread: string; observeMs: number }) {
  // Imported here: cluster/lib.ts makes its run folder when loaded, and only this scenario needs it.
  const lib = await import('../../cluster/lib');
  const { nodeEnv } = await import('../../cluster/harness');
  const size = clusterSize(asked, options.nodes, hardFdLimit());
  try {
    // The nodes run the production bundle, as in the cluster test (scripts/cluster-test.mjs builds it).
    if (!existsSync(lib.SERVER_BUNDLE)) execFileSync(process.execPath, [path.join(lib.ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
    const pg = await lib.startPostgres();
    const redis = await lib.startRedis();
    const { env } = nodeEnv(pg, redis.url);
    const nodes: AppNode[] = [];
    for (let i = 0; i < options.nodes; i++) nodes.push({ name: `n${i + 1}`, port: await lib.freePort(), up: false });
    // The first node migrates alone; the others then start together (they find nothing to do).
    await lib.startNode(nodes[0]!, env);
    await Promise.all(nodes.slice(1).map((n) => lib.startNode(n, env)));
    const proxies = [];
    for (let i = 0; i < size.proxies; i++) proxies.push(await lib.startHaproxy(nodes, { maxconn: size.perProxy }));
    const rooms = roomsBySpread(size.sockets, options.spread);
    // One loader per proxy, each its share of the rooms, from its own source address.
    const per = Math.ceil(rooms.length / proxies.length);
    const outs = await Promise.all(
      proxies.map((p, i) =>
        loadSockets(`${p.url.replace('http', 'ws')}/api/lottery/wingo/live`, rooms.slice(i * per, (i + 1) * per), {
          loaders: 1,
          observeMs: options.observeMs,
          localAddresses: [`127.0.0.${2 + i}`],
        }),
      ),
    );
    // The same round seen through several proxies is one round.
    const load = mergeLoads(outs);
    const figures = fanoutFigures(load.rounds);
    const withTarget = <T extends { targetMs: number; met: boolean | null; drawToLastClientMs: { max: number } | null }>(s: T) => ({
      ...s,
      targetMs: CLUSTER_DRAW_TO_LAST_CLIENT_TARGET_MS,
      met: s.drawToLastClientMs === null ? null : s.drawToLastClientMs.max < CLUSTER_DRAW_TO_LAST_CLIENT_TARGET_MS,
    });
    return {
      socketsAsked: asked,
      sockets: size.sockets,
      cappedBy: size.cappedBy,
      nodes: options.nodes,
      proxies: size.proxies,
      roomSpreadPercent: options.spread,
      opened: load.opened,
      failed: load.failed,
      loadAverageAtEnd: loadavg().map(round2),
      note: 'every process of the cluster (PostgreSQL, Redis, the nodes, HAProxy, the loaders) shares the machine\'s cores: the delays include all of them',
      draws: figures.draws,
      singleRoomDraws: withTarget(figures.singleRoomDraws),
      roomsDrawingTogether: withTarget(figures.roomsDrawingTogether),
    };
  } finally {
    lib.cleanup();
  }
}
