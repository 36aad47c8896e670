/**
 * Load generator for the Wingo betting scenario (bench/wingo.ts), in its own process: each
 * player keeps one bet in flight (a player's bets serialise on their own account row anyway),
 * every bet a new idempotency key. Prints latencies and counts as JSON.
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';
import { performance } from 'node:perf_hooks';

// The job comes in a file (bench/wingo/common.ts `runLoader`), as for the other Wingo loaders.
const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const url = new URL(job.path, job.base);
const agent = new http.Agent({ keepAlive: true, maxSockets: job.tokens.length });
const SELECTIONS = ['green', 'red', 'violet', 'big', 'small', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

function post(token, body) {
  return new Promise((resolve, reject) => {
    const data = JSON.stringify(body);
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), authorization: `Bearer ${token}` },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

async function main() {
  const samplesMs = [];
  const statuses = {};
  let n = 0;
  const warmEnd = performance.now() + job.warmupMs;
  const end = warmEnd + job.durationMs;
  await Promise.all(
    job.tokens.map(async (token, p) => {
      for (;;) {
        const t0 = performance.now();
        if (t0 >= end) return;
        n += 1;
        const status = await post(token, {
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
  agent.destroy();
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
