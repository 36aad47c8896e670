/**
 * Open-loop burst for the Wingo benchmark (bench/wingo.ts, decision 203), in its own process: every
 * player places `betsPerPlayer` bets at random moments in the `windowMs` before the round's lock.
 * Each request is sent at its scheduled moment whatever happened to the others (open loop), and
 * its latency is measured from that scheduled moment, so time spent waiting for a connection or
 * behind a slow server counts (no coordinated omission). Prints the outcome as JSON.
 *
 * `transport`: 'http' (a POST per bet, each player on its own keep-alive connection, opened by
 * its first bet), or 'socket' (decision 589: each player's bets as frames on the Wingo socket it
 * signed in on before the window, as the Wingo screen holds one; a placed bet counts as 200, a
 * refusal as 400 under its code, an internal error as 500).
 */
import http from 'node:http';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { signedInSocket } from './signed-in-socket.mjs';

// The job comes in a file (thousands of tokens do not fit in a command line).
const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const url = new URL(job.path, job.base);
// As many connections as players: each player's browser has its own. A smaller pool would hold
// requests in this process past the lock, and the server would rightly see them arrive late.
const agent = new http.Agent({ keepAlive: true, maxSockets: job.tokens.length });
const SELECTIONS = ['green', 'red', 'violet', 'big', 'small', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];
const epochNow = () => performance.timeOrigin + performance.now();

function post(token, body) {
  return new Promise((resolve) => {
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
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          let code = null;
          if (res.statusCode !== 200) {
            try {
              code = JSON.parse(Buffer.concat(chunks).toString()).error?.code ?? null;
            } catch {
              code = null;
            }
          }
          resolve({ status: res.statusCode ?? 0, code });
        });
        res.on('error', (err) => resolve({ status: 0, code: `network:${err.code ?? err.message}` }));
      },
    );
    req.on('error', (err) => resolve({ status: 0, code: `network:${err.code ?? err.message}` }));
    req.end(data);
  });
}

async function main() {
  const sockets = job.transport === 'socket' ? new Map(job.tokens.map((token) => [token, signedInSocket(job.socketUrl, token)])) : null;
  if (sockets) await Promise.all([...sockets.values()].map((s) => s.ready));
  // A placed frame counts as 200, a refusal as 400 under its code (500 an internal error), a closed socket as 0.
  const answered = ({ code }) => ({ status: code === null ? 200 : code.startsWith('network:') ? 0 : code === 'INTERNAL' ? 500 : 400, code });
  const send = (token, body) => (sockets ? sockets.get(token).bet(body).then(answered) : post(token, body));
  const schedule = [];
  job.tokens.forEach((token, p) => {
    for (let k = 0; k < job.betsPerPlayer; k++) schedule.push({ token, p, k, at: job.lockAtMs - job.windowMs + Math.random() * job.windowMs });
  });
  schedule.sort((a, b) => a.at - b.at);
  const results = [];
  let maxSendLagMs = 0;
  let sentAfterLock = 0;
  await Promise.all(
    schedule.map(
      (s, i) =>
        new Promise((resolve) => {
          setTimeout(async () => {
            const sentAt = epochNow();
            maxSendLagMs = Math.max(maxSendLagMs, sentAt - s.at);
            // Scheduled before the lock but leaving this process after it (the loader lagged):
            // counted, so a refusal by lock can be told apart from a late arrival.
            if (sentAt >= job.lockAtMs) sentAfterLock += 1;
            const r = await send(s.token, {
              room: job.room,
              period: job.period,
              selection: SELECTIONS[i % SELECTIONS.length],
              amountMinor: 100,
              quantity: 1,
              multiplier: 1,
              idempotencyKey: `burst-${job.runId}-${s.p}-${s.k}`,
            });
            results.push({ ...r, latencyMs: epochNow() - s.at, sentBeforeLockMs: job.lockAtMs - sentAt });
            resolve();
          }, Math.max(0, s.at - epochNow()));
        }),
    ),
  );
  agent.destroy();
  if (sockets) for (const s of sockets.values()) s.close();
  return { results, maxSendLagMs, sentAfterLock };
}

main().then(
  (out) => {
    // Compact: latencies and outcomes only.
    process.stdout.write(JSON.stringify({ ...out, results: out.results.map((r) => [r.status, r.code, Math.round(r.latencyMs * 100) / 100, Math.round(r.sentBeforeLockMs * 100) / 100]) }));
  },
  (err) => {
    process.stderr.write(`burst load failed: ${err?.stack ?? err}\n`);
    process.exit(1);
  },
);
