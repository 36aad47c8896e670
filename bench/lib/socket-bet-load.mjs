/**
 * Load generator for the Wingo betting scenario over the live socket (bench/wingo.ts, decision
 * 570), in its own process: the closed loop of closed-loop-bets.mjs, each player's bets sent as
 * `bet` frames on one Wingo socket it signed in on first, each answer matched by its idempotency
 * key. Prints latencies and counts as JSON, in bet-load.mjs's shape (a placed bet counts as 200,
 * a refusal under its code).
 */
import { readFileSync } from 'node:fs';
import { printResult, runClosedLoop } from './closed-loop-bets.mjs';
import { signedInSocket } from './signed-in-socket.mjs';

// The job comes in a file (bench/wingo/common.ts `runLoader`), as for the other Wingo loaders.
const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));

async function main() {
  // Each outcome as bet-load.mjs gives it: '200' placed, else the refusal's code.
  const sockets = job.tokens.map((token) => {
    const socket = signedInSocket(job.url, token);
    return { ...socket, bet: (bet) => socket.bet(bet).then(({ code }) => code ?? '200') };
  });
  await Promise.all(sockets.map((s) => s.ready));
  const result = await runClosedLoop(job, sockets);
  for (const s of sockets) s.close();
  return result;
}

printResult('socket bet load', main);
