/**
 * The cluster test (decision 231): PostgreSQL, redis-server, HAProxy and three app
 * nodes from the production build, all on 127.0.0.1, then the faults of the issue one after the
 * other. Prints one line per check and a JSON summary (failover time, failed requests per
 * fault, counts of what was acknowledged and found exactly once); exits 1 on any failed check.
 *
 * Started by scripts/cluster-test.mjs (`npm run test:cluster`), which builds the bundle first.
 * harness.ts starts the cluster, each file of scenarios/ is one fault and its checks, in the
 * order below (each starts from where the previous one left the cluster), report.ts keeps the
 * findings.
 */
import { failures } from './client';
import { startCluster } from './harness';
import { cleanup, logTail, startPostgres } from './lib';
import { check, printReport, summary } from './report';
import { startPatroni } from './ha';
import { acrossNodes } from './scenarios/across-nodes';
import { burstKill } from './scenarios/burst-kill';
import { leaderKill } from './scenarios/leader-kill';
import { fundedPlayers, patroniFailover } from './scenarios/patroni-failover';
import { postgresRestart } from './scenarios/postgres-restart';
import { redisRestart } from './scenarios/redis-restart';
import { restoreDrill } from './scenarios/restore-drill';
import { revocation } from './scenarios/revocation';
import { roundsOfTheRun } from './scenarios/rounds';
import { spreadSockets } from './scenarios/spread';

// Interrupted (Ctrl-C, CI timeout): every child and the temporary folder go with us.
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });
}

/** The database tier's run (`--ha`, decision 425): Patroni failover, then the restore drill. */
async function mainHa() {
  const cluster = await startCluster(startPatroni);
  const players = await fundedPlayers(cluster);
  const t = Date.now();
  cluster.pg.backrest(['--type=full', 'backup']);
  summary.fullBackupMs = Date.now() - t;
  const acks = await patroniFailover(cluster, players);
  await restoreDrill(cluster, players, acks);
  await roundsOfTheRun(cluster);
  await cluster.db.close();
  summary.failedAttempts = failures;
  summary.totalMs = Date.now() - cluster.t0;
}

async function main() {
  const cluster = await startCluster(startPostgres);
  const stage = { ...cluster, ...(await spreadSockets(cluster)) };
  const newLeader = await leaderKill(stage);
  await burstKill(stage, newLeader);
  await postgresRestart(stage);
  await redisRestart(stage);
  await revocation(stage);
  await acrossNodes(stage);
  await roundsOfTheRun(stage);

  stage.sockets.forEach((s) => s.close());
  await stage.db.close();
  summary.failedAttempts = failures;
  summary.totalMs = Date.now() - stage.t0;
}

const ha = process.argv.includes('--ha');
(ha ? mainHa() : main())
  .catch((err: unknown) => {
    check('the run completed', false, err instanceof Error ? err.message : String(err));
    const logs = ['n1', 'n2', 'n3', 'haproxy', ...(ha ? ['drill', 'etcd', 'haproxy-pg', 'patroni-pg1', 'patroni-pg2', 'patroni-pg3'] : [])];
    for (const name of logs) console.error(`--- ${name} log tail\n${logTail(name, 15)}`);
  })
  .finally(() => {
    process.exit(printReport() ? 1 : 0);
  });
