/**
 * The restore drill (decision 426): pgBackRest restores the stanza to a point in time chosen in
 * the middle of a burst into a fresh data directory; PostgreSQL replays the archived WAL to it
 * and is promoted; the ledger invariants hold there; every bet and credit acknowledged before
 * the target exists exactly once and none sent after it; the audit log up to the target is the
 * primary's; and one app node from the production build starts on the restored database and
 * answers a player. docs/operations.md ("Restore") gives the same commands for production.
 */
import { appendFileSync, chownSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { openPostgres } from '../../apps/server/src/db/db';
import { checkInvariants } from '../../apps/server/src/modules/ledger';
import { call, retrying, setScenario, type Player } from '../client';
import { backrestIni, type Patroni } from '../ha';
import type { Cluster } from '../harness';
import { base, freePort, killNode, pgDataDirs, runPg, startNode, waitFor, type AppNode } from '../lib';
import { verifyMoney } from '../money';
import { check, summary } from '../report';
import { load, type TimedAck } from './patroni-failover';

/** PostgreSQL's timestamptz text of a moment, to the millisecond. */
const pgTime = (ms: number) => new Date(ms).toISOString().replace('T', ' ').replace('Z', '+00');

export async function restoreDrill(c: Cluster<Patroni>, players: Player[], earlier: TimedAck[]): Promise<void> {
  const { lb, db, pg, env } = c;
  setScenario('restoreDrill');
  const figures: Record<string, number> = {};
  let t = Date.now();
  pg.backrest(['--type=incr', 'backup']);
  figures.incrementalBackupMs = Date.now() - t;

  // The target falls inside a burst: bets and credits before it, during it and after it.
  const burst = load(lb.url, players, 'ha-drill');
  // Operator sign-ins that fail are audited: entries of the audit log before and after the target.
  const failedSignIn = async (username: string) => {
    const a = await retrying(() =>
      call(lb.url, 'POST', '/api/admin/login', undefined, undefined, {
        headers: { 'content-type': 'application/json', 'x-colorplay-admin': '1' },
        body: JSON.stringify({ username, password: 'not-the-password', code: '000000' }),
      }),
    );
    if (a.status !== 401) throw new Error(`sign-in of ${username}: ${a.status} ${JSON.stringify(a.body)}`);
  };
  for (const i of [1, 2, 3]) await failedSignIn(`drill-before-${i}`);
  await waitFor('acknowledgements before the target', () => burst.acks.length >= 15, 60_000, 20);
  const targetMs = Date.now();
  for (const i of [1, 2, 3]) await failedSignIn(`drill-after-${i}`);
  await waitFor('acknowledgements after the target', () => burst.acks.filter((a) => a.sentAtMs > targetMs).length >= 15, 60_000, 20);
  const acks = [...earlier, ...(await burst.stop())];
  // `check` switches to a new WAL segment and waits until it is archived: the target's WAL is in
  // the repository.
  t = Date.now();
  pg.backrest(['check']);
  figures.walArchivedMs = Date.now() - t;
  // What Prometheus would read about the backups (the BackupTooOld and WalArchiveStale alerts).
  const prom = pg.backupMetrics();
  const stamp = (re: RegExp) => Number(re.exec(prom)?.[1] ?? 0) * 1000;
  const fresh = (ms: number) => ms > c.t0 - 60_000 && ms <= Date.now() + 1_000;
  check(
    'ops/pgbackrest-metrics.py reports the full and incremental backups and the last archived WAL of this run',
    fresh(stamp(/type="full"\} (\d+)/)) && fresh(stamp(/type="incr"\} (\d+)/)) && fresh(stamp(/pgbackrest_wal_archive_last_timestamp_seconds\{[^}]*\} (\d+)/)),
    prom,
  );

  const dataDir = path.join(pg.home, 'drill');
  mkdirSync(dataDir, { mode: 0o700 });
  chownSync(dataDir, pg.user.uid, pg.user.gid);
  pgDataDirs.add(dataDir);
  const port = await freePort();
  const drillConfig = path.join(pg.home, 'pgbackrest-drill.conf');
  appendFileSync(drillConfig, backrestIni(pg.repo, [{ dataDir, port }], pg.sockDir));
  t = Date.now();
  pg.backrest(['--type=time', `--target=${pgTime(targetMs)}`, '--target-action=promote', 'restore'], drillConfig);
  figures.restoreMs = Date.now() - t;
  // The restored configuration is the Patroni member's: this copy listens on its own port, does
  // not archive into the cluster's repository and waits for no synchronous standby.
  appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    `\n# restore drill\nport = ${port}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${pg.sockDir}'\n` +
      `hba_file = '${dataDir}/pg_hba.conf'\nident_file = '${dataDir}/pg_ident.conf'\narchive_mode = off\nsynchronous_standby_names = ''\ncluster_name = 'drill'\n`,
  );
  t = Date.now();
  runPg('pg_ctl', ['-D', dataDir, '-l', path.join(base, 'drill-postgres.log'), '-w', '-t', '120', 'start']);
  const restored = await openPostgres(`postgres://postgres@127.0.0.1:${port}/colorplay`, 2);
  await waitFor('the restored database promoted', async () => {
    const { rows } = await restored.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
    return rows[0]?.r === false;
  }, 120_000, 200);
  figures.recoveryMs = Date.now() - t;

  const before = acks.filter((a) => a.ackedAtMs < targetMs);
  const after = acks.filter((a) => a.sentAtMs > targetMs);
  await verifyMoney(restored, 'restoreDrill', before);
  let present = 0;
  for (const a of after) {
    const table = a.kind === 'bet' ? 'lottery_bets' : 'deposit_orders';
    const { rows } = await restored.query(`SELECT 1 FROM ${table} WHERE player_id = $1 AND idempotency_key = $2`, [a.player.playerId, a.key]);
    present += rows.length;
  }
  check(`the restore holds none of the ${after.length} bets and credits sent after the target`, present === 0 && after.length > 0, { present });
  // The audit log has no hash chain to verify: it is append-only by trigger and grants (decision
  // 241), so the drill checks that the restored log is the primary's, entry for entry, up to the
  // target, that nothing after it came back, and that the trigger is still there.
  const audit = (d: typeof db) =>
    d.query<{ id: number; action: string; username: string | null; at: Date }>('SELECT id::int AS id, action, username, at FROM operator_audit_log ORDER BY id');
  const liveAudit = (await audit(db)).rows.filter((r) => r.at.getTime() <= targetMs);
  const restoredAudit = (await audit(restored)).rows;
  const { rows: trigger } = await restored.query("SELECT 1 FROM pg_trigger WHERE tgname = 'operator_audit_log_append_only' AND tgenabled <> 'D'");
  const names = restoredAudit.map((r) => r.username);
  check(
    `the restored audit log is the primary's up to the target (${restoredAudit.length} entries), has nothing after it and is still append-only`,
    JSON.stringify(liveAudit) === JSON.stringify(restoredAudit) && names.includes('drill-before-3') && !names.some((n) => n?.startsWith('drill-after')) && trigger.length === 1,
    { live: liveAudit.length, restored: restoredAudit.length, names, trigger: trigger.length },
  );
  const violations = await checkInvariants(restored);
  check('ledger invariants hold on the restored database', violations.length === 0, violations);

  // One node of the production build on the restored database, alone: no replica URL, and no
  // Redis (it must not publish to the live cluster's bus).
  const { REDIS_URL: _live, DATABASE_REPLICA_URL: _replicas, ...drillEnv } = env;
  const node: AppNode = { name: 'drill', port: await freePort(), up: false };
  t = Date.now();
  await startNode(node, {
    ...drillEnv,
    DATABASE_URL: `postgres://colorplay_app@127.0.0.1:${port}/colorplay`,
    MIGRATION_DATABASE_URL: `postgres://colorplay_owner@127.0.0.1:${port}/colorplay`,
  });
  figures.drillNodeReadyMs = Date.now() - t;
  const player = before.find((a) => a.kind === 'bet')?.player ?? players[0]!;
  const { rows: balance } = await restored.query<{ balance: number }>('SELECT balance_minor AS balance FROM ledger_accounts WHERE code = $1', [`player:${player.playerId}:main`]);
  const answer = await call(`http://127.0.0.1:${node.port}`, 'GET', '/api/wallet/balance', undefined, player.token);
  check(
    'an app node started on the restored database answers the player with the restored balance',
    answer.status === 200 && answer.body.data?.balanceMinor === balance[0]?.balance,
    { status: answer.status, body: answer.body, restored: balance[0] },
  );
  await killNode(node);
  await restored.close();
  runPg('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  summary.restoreDrill = { ...figures, target: pgTime(targetMs), acknowledgedBeforeTarget: before.length, sentAfterTarget: after.length };
}
