/**
 * Load generator for the Wingo betting scenario over the live socket (bench/wingo.ts, decision
 * 570), in its own process: the closed loop of closed-loop-bets.mjs, each player's bets sent as
 * `bet` frames on one Wingo socket it signed in on first, each answer matched by its idempotency
 * key. Prints latencies and counts as JSON, in bet-load.mjs's shape (a placed bet counts as 200,
 * a refusal under its code).
 */
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { printResult, runClosedLoop } from './closed-loop-bets.mjs';

// The job comes in a file (bench/wingo/common.ts `runLoader`), as for the other Wingo loaders.
const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));

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
  const sockets = job.tokens.map(signedInSocket);
  await Promise.all(sockets.map((s) => s.ready));
  const result = await runClosedLoop(job, sockets);
  for (const s of sockets) s.close();
  return result;
}

printResult('socket bet load', main);
