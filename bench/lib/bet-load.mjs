/**
 * Load generator for the Wingo betting scenario (bench/wingo.ts) over HTTP, in its own process:
 * the closed loop of closed-loop-bets.mjs, each player's bets posted on one keep-alive connection.
 * Prints latencies and counts as JSON.
 */
import { readFileSync } from 'node:fs';
import { printResult, runClosedLoop } from './closed-loop-bets.mjs';
import { jsonPost, rawConnection } from './raw-http.mjs';

// The job comes in a file (bench/wingo/common.ts `runLoader`), as for the other Wingo loaders.
const job = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const url = new URL(job.path, job.base);

async function main() {
  // One keep-alive connection per player (raw-http.mjs: a lean client, so the load process takes
  // as little as it can of the CPU the server and the database share with it).
  const connections = job.tokens.map(() => rawConnection(url.hostname, Number(url.port)));
  await Promise.all(connections.map((c) => c.ready));
  const players = job.tokens.map((token, p) => {
    const headers = { authorization: `Bearer ${token}` };
    return { bet: (bet) => connections[p].send(jsonPost(url.host, url.pathname, headers, bet)) };
  });
  const result = await runClosedLoop(job, players);
  for (const c of connections) c.close();
  return result;
}

printResult('bet load', main);
