/**
 * Load generator for the hot-path scenarios, in its own process so that the client's work
 * neither queues behind the server's on one event loop nor counts in the server's CPU time.
 * Reads the job as JSON from argv, keeps `connections` keep-alive requests in flight for
 * `durationMs`, records latencies after `warmupMs` and prints the result as JSON.
 */
import http from 'node:http';
import { performance } from 'node:perf_hooks';

// Plain JavaScript so it starts without a TypeScript loader. The job and result shapes are
// `LoadJob` and `LoadResult` in bench/run.ts.
const job = JSON.parse(process.argv[2]);
const url = new URL(job.path, job.base);
const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections });

/** @returns {Promise<number>} the status code */
function once() {
  return new Promise((resolve, reject) => {
    const req = http.request(
      { agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method: 'GET', headers: job.headers },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

async function main() {
  const samplesMs = [];
  let non2xx = 0;
  let total = 0;
  const warmEnd = performance.now() + job.warmupMs;
  const end = warmEnd + job.durationMs;
  await Promise.all(
    Array.from({ length: job.connections }, async () => {
      for (;;) {
        const t0 = performance.now();
        if (t0 >= end) return;
        const status = await once();
        total++;
        if (t0 < warmEnd) continue;
        samplesMs.push(performance.now() - t0);
        if (status < 200 || status > 299) non2xx++;
      }
    }),
  );
  agent.destroy();
  const cpu = process.cpuUsage();
  return { samplesMs, wallMs: performance.now() - warmEnd, non2xx, total, cpuUs: cpu.user + cpu.system };
}

main().then(
  (result) => process.stdout.write(JSON.stringify(result)),
  (err) => {
    process.stderr.write(`load failed: ${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
