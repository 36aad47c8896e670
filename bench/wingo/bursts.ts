/**
 * The open-loop burst (decision 203): `players` x `betsPerPlayer` bets at random moments in the
 * 10 s before one 30 s round's lock, each sent at its moment whatever the others are doing
 * (bench/lib/burst-load.mjs), its latency measured from that moment.
 */
import type { FastifyInstance } from 'fastify';
import { writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Db } from '../../apps/server/src/db/db';
import { percentile, round2, runLoader } from './common';
import { bulkPlayers, roundWithLead } from './players';

// sentBeforeLockMs <= 0: the request left the loader at or after the lock (the loader lagged).
type BurstResult = [status: number, code: string | null, latencyMs: number, sentBeforeLockMs: number];

/** How bets travel: HTTP, or frames on each player's signed-in Wingo socket (decision 589, what the Wingo screen does). */
export type BurstTransport = 'http' | 'socket';

/** Time the socket loader is given to open and sign in every player's socket before the window (a player on the screen holds one already). */
const SOCKET_SIGN_IN_LEAD_MS = 12_000;

export async function burstScenario(
  db: Db,
  app: FastifyInstance,
  base: string,
  tokenSecret: string,
  firstPeriod: string,
  players: number,
  betsPerPlayer: number,
  tag: number,
  transport: BurstTransport = 'http',
) {
  const tokens = await bulkPlayers(db, tokenSecret, players, tag);
  const windowMs = 10_000;
  const round = await roundWithLead(firstPeriod, windowMs + 1_500 + (transport === 'socket' ? SOCKET_SIGN_IN_LEAD_MS : 0));
  await app.lottery.tick();
  const runId = Date.now();
  // The server's own event-loop delay during the burst: a backlog before a request is even read
  // (CPU starvation on a shared machine) shows here, not in the database.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const cpu0 = process.cpuUsage();
  const out = await runLoader<{ results: BurstResult[]; maxSendLagMs: number; sentAfterLock: number }>('burst-load.mjs', {
    base,
    path: '/api/lottery/wingo/bets',
    transport,
    socketUrl: `${base.replace(/^http/, 'ws')}/api/lottery/wingo/live`,
    tokens,
    room: '30s',
    period: round.period,
    betsPerPlayer,
    lockAtMs: round.locksAtMs,
    windowMs,
    runId,
  });
  loopDelay.disable();
  if (process.env.BENCH_BURST_DUMP) writeFileSync(`${process.env.BENCH_BURST_DUMP}-${players}x${betsPerPlayer}-${transport}.json`, JSON.stringify(out.results));
  const cpu = process.cpuUsage(cpu0);
  const lat = out.results.map((r) => r[2]).sort((a, b) => a - b);
  const count = (f: (r: BurstResult) => boolean) => out.results.filter(f).length;
  const refusedSentBeforeLock = out.results.filter((r) => r[1] === 'ROUND_LOCKED' && r[3] > 0);
  const stored = (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM lottery_bets WHERE room_id = '30s' AND idempotency_key LIKE $1", [`burst-${runId}-%`])).rows[0]!.n;
  return {
    transport,
    players,
    betsPerPlayer,
    offered: out.results.length,
    offeredPerSecond: round2(out.results.length / (windowMs / 1000)),
    accepted: count((r) => r[0] === 200),
    refusedByLock: count((r) => r[1] === 'ROUND_LOCKED'),
    refusedByLockButSentBeforeLock: refusedSentBeforeLock.length,
    // How long before the lock each of those left the loader: a few ms is the way to the server
    // (a first bet also opens its connection), and the server rightly saw it arrive after the lock.
    refusedByLockSentBeforeLockMs: refusedSentBeforeLock.map((r) => r[3]),
    sentAfterLockByLoaderLag: out.sentAfterLock,
    otherRefusals: Object.fromEntries(
      [...new Set(out.results.filter((r) => r[0] !== 200 && r[0] < 500 && r[0] > 0 && r[1] !== 'ROUND_LOCKED').map((r) => r[1]))].map((c) => [c, count((r) => r[1] === c)]),
    ),
    errors: count((r) => r[0] === 0 || r[0] >= 500),
    storedBets: stored,
    p50Ms: percentile(lat, 50),
    p99Ms: percentile(lat, 99),
    maxMs: percentile(lat, 100),
    maxSendLagMs: round2(out.maxSendLagMs),
    serverEventLoopDelayMs: { p50: round2(loopDelay.percentile(50) / 1e6), p99: round2(loopDelay.percentile(99) / 1e6), max: round2(loopDelay.max / 1e6) },
    serverCpuMsDuringBurst: round2((cpu.user + cpu.system) / 1000),
  };
}
