/**
 * Load generator for the Wingo betting scenario over the live socket (bench/wingo.ts, decision
 * 570), in its own process: the closed loop of bench/lib/bet-load.mjs, each player's bets sent as
 * `bet` frames on one Wingo socket it signed in on first, each answer matched by its idempotency
 * key. Prints latencies and counts as JSON, in bet-load.mjs's shape (a placed bet counts as 200,
 * a refusal under its code).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

// The job comes in a file (bench/wingo/common.ts `runLoader`), as for the other Wingo loaders.
const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const SELECTIONS = ['green', 'red', 'violet', 'big', 'small', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

/** A signed-in socket: resolves once the server answered `authenticated`. */
function signedInSocket(token) {
  const ws = new WebSocket(job.url, { perMessageDeflate: false });
  /** The bet awaiting its answer, by idempotency key. */
  const waiting = new Map();
  const ready = new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => ws.send(JSON.stringify({ type: 'auth', accessToken: token })));
    ws.on('message', (raw) => {
      const message = JSON.parse(raw.toString('utf8'));
      if (message.type === 'authenticated') resolve();
      else if (message.type === 'betPlaced' || message.type === 'betRefused') {
        const w = waiting.get(message.idempotencyKey);
        waiting.delete(message.idempotencyKey);
        w?.(message.type === 'betPlaced' ? '200' : message.error.code);
      }
    });
  });
  return {
    ready,
    /** Sends one bet and resolves with its outcome ('200' or the refusal's code). */
    bet(bet) {
      return new Promise((resolve) => {
        waiting.set(bet.idempotencyKey, resolve);
        ws.send(JSON.stringify({ type: 'bet', bet }));
      });
    },
    close: () => ws.close(),
  };
}

async function main() {
  const samplesMs = [];
  const statuses = {};
  let n = 0;
  const sockets = job.tokens.map(signedInSocket);
  await Promise.all(sockets.map((s) => s.ready));
  const warmEnd = performance.now() + job.warmupMs;
  const end = warmEnd + job.durationMs;
  await Promise.all(
    sockets.map(async (socket, p) => {
      for (;;) {
        const t0 = performance.now();
        if (t0 >= end) return;
        n += 1;
        const status = await socket.bet({
          room: job.room,
          period: job.period,
          selection: SELECTIONS[n % SELECTIONS.length],
          amountMinor: 100,
          quantity: 1,
          multiplier: 1,
          idempotencyKey: `bench-${job.runId}-${p}-${n}`,
        });
        if (t0 < warmEnd) continue;
        samplesMs.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  for (const s of sockets) s.close();
  // Every bet sent (the warm-up's too) and this process's CPU, for CPU per bet.
  const cpu = process.cpuUsage();
  return { samplesMs, wallMs: performance.now() - warmEnd, statuses, sent: n, cpuUs: cpu.user + cpu.system };
}

main().then(
  (result) => process.stdout.write(JSON.stringify(result)),
  (err) => {
    process.stderr.write(`socket bet load failed: ${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
