/**
 * Live updates at scale: `sockets` WebSocket clients (bench/lib/socket-load.mjs) on one node
 * with its round engine running, subscribed to the Wingo rooms as players spread over them: the
 * node's CPU over one 30 s round, memory per connection, and the delay from each draw to each
 * client's result message, with the draws of several rooms in the same second (the 30 s and
 * 1 min rooms at every minute) apart from a room drawing alone.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { buildApp } from '../../apps/server/src/app';
import type { loadConfig } from '../../apps/server/src/config';
import { openPostgres } from '../../apps/server/src/db/db';
import { roundOfPeriod, WINGO_ROOMS, type WingoRoomId } from '@colorplay/lottery';
import { percentile, round2, runLoader } from './common';

/** The goal (decision 523): the last client of a draw under 200 ms, two rooms drawing together included. */
export const DRAW_TO_LAST_CLIENT_TARGET_MS = 200;

/**
 * How the clients spread over the rooms, in percent (`BENCH_SOCKET_ROOMS`). An assumption, not a
 * measurement (no traffic figures exist yet): the shorter the round, the more players, as the
 * lobby orders the rooms. `*` is an old client that has not subscribed and hears every room.
 */
export const DEFAULT_ROOM_SPREAD = '30s:40,1m:30,3m:20,5m:10';


type LoadedRound = { round: string; roomId: string; drawnAtMs: number; delaysMs: number[] };
export type LoaderOut = { opened: number; failed: number; clockMessages: number; rounds: LoadedRound[] };

/** The room of each of `sockets` clients (null: every room), by the spread, interleaved so every room connects throughout. */
export function roomsBySpread(sockets: number, spread: string): Array<string | null> {
  const shares = spread
    .split(',')
    .map((part) => {
      const [room, percent] = part.split(':');
      return { room: room === '*' ? null : room!, percent: Number(percent) };
    })
    .filter((s) => s.percent > 0);
  if (shares.length === 0) throw new Error(`BENCH_SOCKET_ROOMS: no share in "${spread}"`);
  const out: Array<string | null> = [];
  const given = shares.map(() => 0);
  for (let i = 0; i < sockets; i++) {
    // The room furthest behind its share so far.
    let best = 0;
    for (let k = 1; k < shares.length; k++) if (given[k]! / shares[k]!.percent < given[best]! / shares[best]!.percent) best = k;
    given[best]! += 1;
    out.push(shares[best]!.room);
  }
  return out;
}

/** When a round was due to draw: its scheduled end, not the moment the engine drew it. */
function scheduledDrawMs(r: LoadedRound): number {
  const room = WINGO_ROOMS[r.roomId as WingoRoomId];
  const period = r.round.slice(r.roomId.length + 1);
  return (room && roundOfPeriod(room, period)?.drawsAtMs) ?? r.drawnAtMs;
}

/** The delays of one draw moment (every round due to draw at the same instant, whatever its room), merged over the loaders. */
function drawMoments(rounds: LoadedRound[]) {
  const byMoment = new Map<number, LoadedRound[]>();
  for (const r of rounds) {
    const at = scheduledDrawMs(r);
    byMoment.set(at, [...(byMoment.get(at) ?? []), r]);
  }
  return [...byMoment].map(([atMs, list]) => {
    const delays = list.flatMap((r) => r.delaysMs).sort((a, b) => a - b);
    return {
      at: new Date(atMs).toISOString(),
      rooms: [...new Set(list.map((r) => r.roomId))].sort(),
      // How long after its due moment the engine drew each round (the delays below start at the draw).
      drawnLateMs: Object.fromEntries(list.map((r) => [r.roomId, Math.round(r.drawnAtMs - atMs)])),
      clients: delays.length,
      p50Ms: percentile(delays, 50),
      p99Ms: percentile(delays, 99),
      lastClientMs: percentile(delays, 100),
    };
  });
}

type Moment = ReturnType<typeof drawMoments>[number];

/** A class of draw moments: how many, and p50/p99/max over them of the delay to each moment's last client. */
function summary(moments: Moment[]) {
  const last = moments.map((m) => m.lastClientMs).sort((a, b) => a - b);
  return {
    draws: moments.length,
    clientsPerDraw: moments.map((m) => m.clients),
    drawToLastClientMs: moments.length === 0 ? null : { p50: percentile(last, 50), p99: percentile(last, 99), max: percentile(last, 100) },
    targetMs: DRAW_TO_LAST_CLIENT_TARGET_MS,
    met: moments.length === 0 ? null : percentile(last, 100) < DRAW_TO_LAST_CLIENT_TARGET_MS,
  };
}

/**
 * Runs the socket loaders on `url` (each with its share of `rooms`, from its own source address
 * when given), calls `connected` once every socket is open and subscribed, and merges their
 * rounds: the same round seen by several loaders is one round.
 */
export async function loadSockets(
  url: string,
  rooms: Array<string | null>,
  options: { loaders: number; observeMs: number; localAddresses?: string[]; connected?: (sockets: number) => void },
): Promise<LoaderOut> {
  const per = Math.ceil(rooms.length / options.loaders);
  let ready = 0;
  let connected = 0;
  const outs = await Promise.all(
    Array.from({ length: options.loaders }, (_, i) =>
      runLoader<LoaderOut>(
        'socket-load.mjs',
        { url, rooms: rooms.slice(i * per, (i + 1) * per), durationMs: options.observeMs, localAddress: options.localAddresses?.[i % options.localAddresses.length] ?? null },
        (m) => {
          connected += (m as { connected: number }).connected;
          if (++ready === options.loaders) options.connected?.(connected);
        },
      ),
    ),
  );
  return mergeLoads(outs);
}

/** Several loaders' outcomes as one: the same round seen by several loaders is one round, with all their clients' delays. */
export function mergeLoads(outs: readonly LoaderOut[]): LoaderOut {
  const rounds = new Map<string, LoadedRound>();
  for (const r of outs.flatMap((o) => o.rounds)) {
    const seen = rounds.get(r.round);
    if (seen) seen.delaysMs.push(...r.delaysMs);
    else rounds.set(r.round, { ...r, delaysMs: [...r.delaysMs] });
  }
  return {
    opened: outs.reduce((n, o) => n + o.opened, 0),
    failed: outs.reduce((n, o) => n + o.failed, 0),
    clockMessages: outs.reduce((n, o) => n + o.clockMessages, 0),
    rounds: [...rounds.values()],
  };
}

/** The fan-out figures of the loaded rounds: per draw moment, and the moments of one room apart from those of several. */
export function fanoutFigures(rounds: LoadedRound[]) {
  const moments = drawMoments(rounds).sort((a, b) => a.at.localeCompare(b.at));
  return {
    draws: moments,
    singleRoomDraws: summary(moments.filter((m) => m.rooms.length === 1)),
    roomsDrawingTogether: summary(moments.filter((m) => m.rooms.length > 1)),
  };
}

export async function socketScenario(
  dbUrl: string,
  makeConfig: (env: Record<string, string>) => ReturnType<typeof loadConfig>,
  sockets: number,
  options: { spread: string; loaders: number; observeMs: number },
) {
  // The betting app closed its pool; this node gets its own, as a separate node would.
  const db = await openPostgres(dbUrl, 10);
  const app = await buildApp({ config: makeConfig({ LOTTERY_TICK_MS: '250' }), db, logger: { level: 'warn', file: '/dev/null' } });
  const base = await app.listen({ host: '127.0.0.1', port: 0, backlog: 4096 });
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
  let cpu: { userMs: number; systemMs: number; overMs: number; rssPerConnectionBytes: number; heapPerConnectionBytes: number } | undefined;
  const out = await loadSockets(wsUrl, roomsBySpread(sockets, options.spread), {
    loaders: options.loaders,
    observeMs: options.observeMs,
    connected: (n) => {
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
          rssPerConnectionBytes: Math.round((after.rss - before.rss) / Math.max(1, n)),
          heapPerConnectionBytes: Math.round((after.heapUsed - before.heapUsed) / Math.max(1, n)),
        };
      }, 30_000);
    },
  });
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
  return {
    sockets,
    roomSpreadPercent: options.spread,
    roomSpreadNote: 'an assumption (no traffic figures yet): the shorter the round, the more players; BENCH_SOCKET_ROOMS changes it',
    loaders: options.loaders,
    earlierGarbageCollectedFirst: collected,
    opened: out.opened,
    failed: out.failed,
    clockMessagesReceived: out.clockMessages,
    cpuPerRound: cpu ? { ...cpu, coresUsed: round2((cpu.userMs + cpu.systemMs) / cpu.overMs) } : null,
    results: out.rounds.map((r) => {
      const sorted = [...r.delaysMs].sort((a, b) => a - b);
      return { round: r.round, clients: sorted.length, p50Ms: percentile(sorted, 50), p99Ms: percentile(sorted, 99), maxMs: percentile(sorted, 100), bets: betsOf.get(r.round) ?? 0 };
    }),
    // The machine is shared: the load average as the observation ended (1, 5, 15 min).
    loadAverageAtEnd: loadavg().map(round2),
    note: 'delays are measured in the load processes, whose own event loops (thousands of sockets on a shared machine) add to them; a draw with fewer clients than subscribed to its rooms was still being delivered when the observation ended',
    ...fanoutFigures(out.rounds),
  };
}
