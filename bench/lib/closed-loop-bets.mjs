/**
 * The closed loop of the Wingo betting scenario (bench/wingo.ts), shared by its two loaders
 * (bet-load.mjs over HTTP, socket-bet-load.mjs over the live socket): each player keeps one bet in
 * flight (a player's bets serialise on their own account row anyway), every bet a new idempotency
 * key; the warm-up's bets are sent but not sampled. `players[p].bet(bet)` resolves with the bet's
 * outcome ('200' or the refusal's code). Returns latencies, counts and this process's CPU, which
 * the loader prints as JSON.
 */
import { performance } from 'node:perf_hooks';

const SELECTIONS = ['green', 'red', 'violet', 'big', 'small', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9'];

export async function runClosedLoop(job, players) {
  const samplesMs = [];
  const statuses = {};
  let n = 0;
  const warmEnd = performance.now() + job.warmupMs;
  const end = warmEnd + job.durationMs;
  await Promise.all(
    players.map(async (player, p) => {
      for (;;) {
        const t0 = performance.now();
        if (t0 >= end) return;
        n += 1;
        const status = await player.bet({
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
  // Every bet sent (the warm-up's too) and this process's CPU, for CPU per bet.
  const cpu = process.cpuUsage();
  return { samplesMs, wallMs: performance.now() - warmEnd, statuses, sent: n, cpuUs: cpu.user + cpu.system };
}

/** Runs a loader's main and prints its result as JSON, or fails the process with its error. */
export function printResult(name, main) {
  main().then(
    (result) => process.stdout.write(JSON.stringify(result)),
    (err) => {
      process.stderr.write(`${name} failed: ${err?.stack ?? err}\n`);
      process.exit(1);
    },
  );
}
