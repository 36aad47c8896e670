/**
 * Live updates at scale: `sockets` WebSocket clients (bench/lib/socket-load.mjs) on one node
 * with its round engine running: the node's CPU over one 30 s round, memory per connection, and
 * the delay from each draw to each client's result message.
 */
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app';
import type { loadConfig } from '../../apps/server/src/config';
import { openPostgres } from '../../apps/server/src/db/db';
import { round2, runLoader } from './common';

/** The room every client follows. */
const ROOM = '30s';

type RoundDelays = { round: string; clients: number; p50Ms: number; p99Ms: number; maxMs: number };

export async function socketScenario(dbUrl: string, makeConfig: (env: Record<string, string>) => ReturnType<typeof loadConfig>, sockets: number) {
  // The betting app closed its pool; this node gets its own, as a separate node would.
  const db = await openPostgres(dbUrl, 10);
  const app = await buildApp({ config: makeConfig({ LOTTERY_TICK_MS: '250' }), db, logger: { level: 'warn', file: '/dev/null' } });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const wsUrl = base.replace('http', 'ws') + '/api/lottery/wingo/live';
  // The bursts' rounds are drawn and settled, and their events delivered, before the sockets
  // come: what is measured is one node serving sockets, not a backlog left by the bursts.
  await app.lottery.tick();
  await app.events.dispatch();
  // The earlier scenarios ran their apps in this process and left their garbage: collected now
  // (npm run bench:wingo passes --expose-gc), so a full collection of it does not fall in the
  // measured rounds; the node's own collections during the rounds still count.
  const collected = typeof globalThis.gc === 'function';
  globalThis.gc?.();
  const before = process.memoryUsage();
  // Long enough for a whole 30 s round after every socket is connected.
  const observeMs = 70_000;
  let cpu: { userMs: number; systemMs: number; overMs: number; rssPerConnectionBytes: number; heapPerConnectionBytes: number } | undefined;
  const out = await runLoader<{ opened: number; failed: number; clockMessages: number; rounds: RoundDelays[] }>(
    'socket-load.mjs',
    // Every client in the 30 s room: each of its draws goes to all of them (the heaviest fan-out a
    // draw can have), and the 1 min room's draws, at the same second every other time, to none.
    { url: wsUrl, sockets, durationMs: observeMs, room: ROOM },
    (m) => {
      const connected = m as { connected: number };
      const after = process.memoryUsage();
      const c0 = process.cpuUsage();
      const t0 = performance.now();
      // CPU of this node (the app's process) over one 30 s round with every socket connected.
      setTimeout(() => {
        const d = process.cpuUsage(c0);
        cpu = {
          userMs: round2(d.user / 1000),
          systemMs: round2(d.system / 1000),
          overMs: round2(performance.now() - t0),
          rssPerConnectionBytes: Math.round((after.rss - before.rss) / Math.max(1, connected.connected)),
          heapPerConnectionBytes: Math.round((after.heapUsed - before.heapUsed) / Math.max(1, connected.connected)),
        };
      }, 30_000);
    },
  );
  // How many bets each observed round carried. Since decision 371 a result is published by its
  // draw, before the settlement: a round the bursts filled reaches its sockets as fast as an
  // empty one (before, its thousands of players were paid first).
  const { rows: counts } = await db.query<{ round: string; bets: number }>(
    `SELECT r.room_id || ':' || r.period AS round, count(b.id)::int AS bets
       FROM lottery_rounds r LEFT JOIN lottery_bets b ON b.round_id = r.id
      WHERE r.game = 'wingo' AND r.room_id || ':' || r.period = ANY($1::text[]) GROUP BY 1`,
    [out.rounds.map((r) => r.round)],
  );
  const betsOf = new Map(counts.map((c) => [c.round, c.bets]));
  await app.close();
  const rounds = out.rounds.map((r) => ({ ...r, bets: betsOf.get(r.round) ?? 0 }));
  const thirty = rounds.filter((r) => r.round.startsWith(`${ROOM}:`));
  const withoutBets = thirty.filter((r) => r.bets === 0);
  return {
    sockets,
    room: ROOM,
    earlierGarbageCollectedFirst: collected,
    opened: out.opened,
    failed: out.failed,
    clockMessagesReceived: out.clockMessages,
    cpuPerRound: cpu ? { ...cpu, coresUsed: round2((cpu.userMs + cpu.systemMs) / cpu.overMs) } : null,
    results: rounds,
    note: 'delays are measured in the load process, whose own event loop (10,000 sockets on a shared machine) adds to them; a round with fewer clients than opened was still being delivered when the observation ended',
    drawToLastClientP99Ms: thirty.length > 0 ? Math.max(...thirty.map((r) => r.p99Ms)) : null,
    drawToLastClientMaxMs: thirty.length > 0 ? Math.max(...thirty.map((r) => r.maxMs)) : null,
    // The same for the rounds that carried no bets: the fan-out alone.
    drawToLastClientP99MsRoundsWithoutBets: withoutBets.length > 0 ? Math.max(...withoutBets.map((r) => r.p99Ms)) : null,
  };
}
