/**
 * Many Wingo sockets (bench/wingo.ts, decision 203), in their own process: opens `sockets`
 * connections to the live endpoint, tells the parent (IPC) once they are all open, then for
 * `durationMs` records, for every result message, the time from the round's draw (`drawnAtMs`,
 * the server's clock, which is this machine's) to its arrival here. Prints per round the count
 * and p50/p99/max of that delay as JSON.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

// The job comes in a file (thousands of tokens do not fit in a command line).
const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const epochNow = () => performance.timeOrigin + performance.now();
const byRound = new Map();
let opened = 0;
let failed = 0;
let clockMessages = 0;
const sockets = [];

function open() {
  return new Promise((resolve) => {
    const ws = new WebSocket(job.url, { perMessageDeflate: false });
    ws.on('open', () => {
      opened += 1;
      resolve();
    });
    ws.on('error', () => {
      failed += 1;
      resolve();
    });
    ws.on('message', (raw) => {
      const text = raw.toString();
      // Cheap pre-check: only result messages are parsed.
      if (!text.startsWith('{"type":"result"')) {
        clockMessages += 1;
        return;
      }
      const m = JSON.parse(text);
      const key = `${m.result.roomId}:${m.result.period}`;
      let list = byRound.get(key);
      if (!list) byRound.set(key, (list = []));
      list.push(epochNow() - m.result.drawnAtMs);
    });
    sockets.push(ws);
  });
}

const pct = (sorted, p) => (sorted.length === 0 ? null : Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 100) / 100);

async function main() {
  for (let i = 0; i < job.sockets; i += 250) {
    await Promise.all(Array.from({ length: Math.min(250, job.sockets - i) }, open));
  }
  process.send?.({ connected: opened, failed });
  await new Promise((r) => setTimeout(r, job.durationMs));
  const rounds = [...byRound].map(([key, list]) => {
    const sorted = list.sort((a, b) => a - b);
    return { round: key, clients: sorted.length, p50Ms: pct(sorted, 50), p99Ms: pct(sorted, 99), maxMs: pct(sorted, 100) };
  });
  for (const ws of sockets) ws.terminate();
  return { opened, failed, clockMessages, rounds };
}

main().then(
  (out) => {
    process.stdout.write(JSON.stringify(out));
    process.exit(0);
  },
  (err) => {
    process.stderr.write(`socket load failed: ${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
