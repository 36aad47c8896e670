/**
 * Load generator for the Wingo betting scenario (bench/wingo.ts), in its own process: each
 * player keeps one bet in flight (a player's bets serialise on their own account row anyway),
 * every bet a new idempotency key. Prints latencies and counts as JSON.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { jsonPost, rawConnection } from './raw-http.mjs';

// The job comes in a file (bench/wingo/common.ts `runLoader`), as for the other Wingo loaders.
const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const url = new URL(job.path, job.base);
const SELECTIONS = ['green', 'red', 'violet', 'big', 'small', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

async function main() {
  const samplesMs = [];
  const statuses = {};
  let n = 0;
  const warmEnd = performance.now() + job.warmupMs;
  const end = warmEnd + job.durationMs;
  // One keep-alive connection per player (raw-http.mjs: a lean client, so the load process takes
  // as little as it can of the CPU the server and the database share with it).
  const connections = job.tokens.map(() => rawConnection(url.hostname, Number(url.port)));
  await Promise.all(connections.map((c) => c.ready));
  await Promise.all(
    job.tokens.map(async (token, p) => {
      const connection = connections[p];
      const headers = { authorization: `Bearer ${token}` };
      for (;;) {
        const t0 = performance.now();
        if (t0 >= end) return;
        n += 1;
        const status = await connection.send(jsonPost(url.host, url.pathname, headers, {
          room: job.room,
          period: job.period,
          selection: SELECTIONS[n % SELECTIONS.length],
          amountMinor: 100,
          quantity: 1,
          multiplier: 1,
          idempotencyKey: `bench-${job.runId}-${p}-${n}`,
        }));
        if (t0 < warmEnd) continue;
        samplesMs.push(performance.now() - t0);
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
    }),
  );
  for (const c of connections) c.close();
  // Every request sent (the warm-up's too) and this process's CPU, for CPU per bet.
  const cpu = process.cpuUsage();
  return { samplesMs, wallMs: performance.now() - warmEnd, statuses, sent: n, cpuUs: cpu.user + cpu.system };
}

main().then(
  (result) => process.stdout.write(JSON.stringify(result)),
  (err) => {
    process.stderr.write(`bet load failed: ${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
