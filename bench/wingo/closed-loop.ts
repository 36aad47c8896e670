/**
 * Closed-loop betting: each player keeps one bet in flight on one 30 s round, from a separate load
 * process; bets per second, latency and CPU per bet. Over HTTP (bench/lib/bet-load.mjs, one
 * keep-alive connection per player) or as `bet` frames over each player's signed-in Wingo socket
 * (bench/lib/socket-bet-load.mjs, decision 570), so one run compares the two transports.
 */
import { API_PATHS } from '@colorplay/contract';
import type { FastifyInstance } from 'fastify';
import { cpuMeter } from '../lib/hot-path';
import { percentile, round2, runLoader } from './common';
import { roundWithLead } from './players';

export async function closedLoopScenario(
  app: FastifyInstance,
  base: string,
  tokens: string[],
  firstPeriod: string,
  seconds: number,
  databaseCpuMs: () => Promise<number | undefined>,
  clusterCpuMs: () => Promise<number | undefined>,
  transport: 'http' | 'socket' = 'http',
  writes?: () => Promise<(operations: number) => Promise<unknown>>,
) {
  const current = await roundWithLead(firstPeriod, (seconds + 2) * 1000);
  await app.lottery.tick();
  const cpuPer = await cpuMeter(databaseCpuMs);
  const clusterPer = await cpuMeter(clusterCpuMs);
  const writesPer = writes ? await writes() : null;
  const load = await runLoader<{ samplesMs: number[]; wallMs: number; statuses: Record<string, number>; sent: number; cpuUs: number }>(transport === 'http' ? 'bet-load.mjs' : 'socket-bet-load.mjs', {
    base,
    path: API_PATHS.wingo_place_bet,
    url: `${base.replace(/^http/, 'ws')}${API_PATHS.wingo_live}`,
    tokens,
    room: '30s',
    period: current.period,
    warmupMs: 1000,
    durationMs: seconds * 1000,
    runId: Date.now(),
  });
  const cpu = await cpuPer(load.sent);
  const cluster = await clusterPer(load.sent);
  const writesPerBet = writesPer ? await writesPer(load.sent) : null;
  const sorted = [...load.samplesMs].sort((a, b) => a - b);
  const ok = load.statuses['200'] ?? 0;
  return {
    transport,
    players: tokens.length,
    inFlightPerPlayer: 1,
    seconds,
    statuses: load.statuses,
    betsPerSecond: round2((ok / load.wallMs) * 1000),
    p50Ms: percentile(sorted, 50),
    p99Ms: percentile(sorted, 99),
    maxMs: percentile(sorted, 100),
    // Where a bet's CPU goes (warm-up included): this process (the server), the database's
    // backends, the load process. Two cores give 2,000,000 µs a second to share between them.
    cpuUsPerBet: {
      server: cpu.serverUs,
      database: cpu.databaseUs,
      loader: round2(load.cpuUs / load.sent),
      // The whole cluster from outside (WAL writer, checkpointer, autovacuum included): the meter
      // TPC-B's transaction is measured with (postgres.ts clusterCpu), for decision 525's comparison.
      databaseCluster: cluster.databaseUs,
    },
    // WAL and updates per bet (decision 575): the database's share in units the load does not move.
    writesPerBet,
  };
}
