/**
 * Many Wingo sockets (bench/wingo.ts, decision 203), in their own process: opens one connection
 * per entry of `rooms` to the live endpoint, each subscribed to its room (every room for a null
 * entry, an old client: decision 365), tells the parent (IPC) once they are all open and the
 * server has confirmed every subscription, then for `durationMs` records, for every result
 * message, the time from the round's draw (`drawnAtMs`, the server's clock, which is this
 * machine's) to its arrival here. Prints per round its draw time and every client's delay as
 * JSON: the parent merges several loaders' delays and groups the rounds drawn together.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

// The job comes in a file (thousands of tokens do not fit in a command line).
const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const epochNow = () => performance.timeOrigin + performance.now();
let opened = 0;
let failed = 0;
let clockMessages = 0;
/** Result messages as they came: arrival time, then the raw message. */
const received = [];
const sockets = [];

function open(room) {
  return new Promise((resolve) => {
    const ws = new WebSocket(job.url, { perMessageDeflate: false, ...(job.localAddress ? { localAddress: job.localAddress } : {}) });
    ws.on('open', () => {
      opened += 1;
      // Each client follows one room, as the Wingo page does (decision 365): its results only.
      // Ready once the server confirms it, so the measured rounds do not share the server with
      // the tail of 10,000 subscriptions.
      if (room) ws.send(JSON.stringify({ type: 'subscribe', room }));
      else resolve();
    });
    ws.on('error', () => {
      failed += 1;
      resolve();
    });
    ws.on('message', (raw) => {
      // The arrival time first; the message is read after the observation, so this process's
      // own work per message (10,000 arrive at once) adds as little as it can to the next one's delay.
      const at = epochNow();
      // Cheap pre-check on the first bytes ({"type":"result"... or "clock"...); others are not counted.
      if (raw[9] !== 114 || raw[10] !== 101 || raw[11] !== 115) {
        if (raw[9] === 99) clockMessages += 1;
        else if (raw[9] === 115 && raw[10] === 117 && raw[11] === 98) resolve(); // "subscribed"
        return;
      }
      received.push(at, raw);
    });
    sockets.push(ws);
  });
}

async function main() {
  const rooms = job.rooms;
  for (let i = 0; i < rooms.length; i += 250) {
    await Promise.all(rooms.slice(i, i + 250).map(open));
  }
  process.send?.({ connected: opened, failed });
  await new Promise((r) => setTimeout(r, job.durationMs));
  const byRound = new Map();
  for (let i = 0; i < received.length; i += 2) {
    const m = JSON.parse(received[i + 1].toString());
    if (m.type !== 'result') continue;
    const key = `${m.result.roomId}:${m.result.period}`;
    let round = byRound.get(key);
    if (!round) byRound.set(key, (round = { round: key, roomId: m.result.roomId, drawnAtMs: m.result.drawnAtMs, delaysMs: [] }));
    round.delaysMs.push(Math.round((received[i] - m.result.drawnAtMs) * 100) / 100);
  }
  for (const ws of sockets) ws.terminate();
  return { opened, failed, clockMessages, rounds: [...byRound.values()] };
}

main().then(
  (out) => {
    // Exit only once the report is flushed: a pipe's write is asynchronous on Linux, and a report
    // larger than the pipe's buffer (thousands of delays) was cut off by an immediate exit.
    process.stdout.write(JSON.stringify(out), () => process.exit(0));
  },
  (err) => {
    process.stderr.write(`socket load failed: ${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
