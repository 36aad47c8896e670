/**
 * The highly available database of the HA run (decisions 425-427): one etcd member, three
 * PostgreSQL 15 members under Patroni in synchronous mode, HAProxy routing by Patroni's REST
 * checks (a primary port for writes, a replica port for reads), and a pgBackRest repository in
 * the run folder that the primary archives WAL to. The same shapes as docs/operations.md, on
 * 127.0.0.1 and free ports; every process is a child of the run, stopped by `cleanup()`.
 */
import { spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { base, exited, freePort, logTail, PG_BIN, pgDataDirs, ROOT, runHaproxy, runPg, start, waitFor } from './lib';

export const PATRONI_BIN = process.env.PATRONI_BIN ?? '/usr/bin/patroni';
export const ETCD_BIN = process.env.ETCD_BIN ?? '/usr/bin/etcd';
export const PGBACKREST_BIN = process.env.PGBACKREST_BIN ?? '/usr/bin/pgbackrest';
const STANZA = 'colorplay';

function postgresUser(): { uid: number; gid: number } {
  const id = (flag: string) => Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  return { uid: id('-u'), gid: id('-g') };
}

/** A folder of the run owned by `postgres` (PostgreSQL, Patroni and pgBackRest write there). */
function pgFolder(user: { uid: number; gid: number }, ...parts: string[]): string {
  const dir = path.join(base, ...parts);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chownSync(dir, user.uid, user.gid);
  return dir;
}

export type Member = { name: string; pgPort: number; restPort: number; dataDir: string; config: string; patroni?: ChildProcess };
type ClusterView = { members: Array<{ name: string; role: string; state: string; lag?: number | string; timeline?: number }> };

async function etcd() {
  const clientPort = await freePort();
  const peerPort = await freePort();
  const child = start('etcd', ETCD_BIN, [
    '--name', 'etcd1',
    '--data-dir', path.join(base, 'etcd'),
    '--listen-client-urls', `http://127.0.0.1:${clientPort}`,
    '--advertise-client-urls', `http://127.0.0.1:${clientPort}`,
    '--listen-peer-urls', `http://127.0.0.1:${peerPort}`,
    '--initial-advertise-peer-urls', `http://127.0.0.1:${peerPort}`,
    '--initial-cluster', `etcd1=http://127.0.0.1:${peerPort}`,
  ]);
  await waitFor('etcd', async () => {
    if (child.exitCode !== null) throw new Error(`etcd exited:\n${logTail('etcd')}`);
    return (await fetch(`http://127.0.0.1:${clientPort}/health`).then((r) => r.ok, () => false)) === true;
  }, 30_000, 100);
  return { url: `127.0.0.1:${clientPort}` };
}

/**
 * Starts etcd, three Patroni members, HAProxy in front of them and pgBackRest's stanza; resolves
 * once a leader and two streaming replicas (one of them the synchronous standby) are up and the
 * app's roles and database exist. The URLs go through HAProxy, like the app's in production.
 */
export async function startPatroni() {
  const user = postgresUser();
  const home = pgFolder(user, 'ha');
  const sockDir = pgFolder(user, 'ha', 'sock');
  const repo = pgFolder(user, 'ha', 'backups');
  pgFolder(user, 'ha', 'pgbackrest-log');
  pgFolder(user, 'ha', 'pgbackrest-lock');
  const dcs = await etcd();
  const members: Member[] = [];
  for (const name of ['pg1', 'pg2', 'pg3']) {
    members.push({ name, pgPort: await freePort(), restPort: await freePort(), dataDir: path.join(home, name), config: path.join(home, `${name}.json`) });
  }
  const backrestConfig = path.join(home, 'pgbackrest.conf');
  // One repository for the cluster; pgBackRest finds the primary among the members listed
  // (docs/operations.md, "Backups"). In production repo1 is S3 (repo1-type=s3).
  writeFileSync(backrestConfig, backrestIni(repo, members.map((m) => ({ dataDir: m.dataDir, port: m.pgPort })), sockDir));
  // archive-push runs on the primary and wants pg1-path to be the data directory it runs in: one
  // configuration file serves the three local members, so each names its own (in production each
  // machine's /etc/pgbackrest.conf has its own pg1-path).
  const archiveCommand = (m: Member) => `${PGBACKREST_BIN} --config=${backrestConfig} --stanza=${STANZA} --pg1-path=${m.dataDir} archive-push %p`;
  for (const m of members) {
    // JSON is YAML: Patroni reads it as its configuration file.
    const config = {
      scope: 'colorplay',
      name: m.name,
      log: { level: 'WARNING' },
      restapi: { listen: `127.0.0.1:${m.restPort}`, connect_address: `127.0.0.1:${m.restPort}` },
      etcd3: { hosts: [dcs.url] },
      bootstrap: {
        dcs: {
          // A dead leader's key expires after `ttl` s; the synchronous standby then promotes on
          // its next loop. 10/1/4 keeps a failover well inside the 30 s the issue allows.
          ttl: 10,
          loop_wait: 1,
          retry_timeout: 4,
          maximum_lag_on_failover: 1048576,
          synchronous_mode: true,
          synchronous_mode_strict: true,
          postgresql: {
            use_pg_rewind: true,
            use_slots: true,
            parameters: {
              wal_level: 'replica',
              hot_standby: 'on',
              wal_log_hints: 'on',
              max_connections: 200,
              max_wal_senders: 10,
              max_replication_slots: 10,
              archive_mode: 'on',
              archive_timeout: 60,
            },
          },
        },
        initdb: [{ encoding: 'UTF8' }, { 'auth-local': 'trust' }, { 'auth-host': 'trust' }],
      },
      postgresql: {
        listen: `127.0.0.1:${m.pgPort}`,
        connect_address: `127.0.0.1:${m.pgPort}`,
        data_dir: m.dataDir,
        bin_dir: PG_BIN,
        pgpass: path.join(home, `${m.name}.pgpass`),
        authentication: {
          superuser: { username: 'postgres', password: 'postgres' },
          replication: { username: 'postgres', password: 'postgres' },
          rewind: { username: 'postgres', password: 'postgres' },
        },
        pg_hba: ['local all all trust', 'host all all 127.0.0.1/32 trust', 'host replication all 127.0.0.1/32 trust'],
        parameters: { unix_socket_directories: sockDir, archive_command: archiveCommand(m) },
      },
    };
    writeFileSync(m.config, JSON.stringify(config, null, 2));
    pgDataDirs.add(m.dataDir);
  }
  const startMember = (m: Member) => {
    m.patroni = start(`patroni-${m.name}`, PATRONI_BIN, [m.config], { PATH: process.env.PATH, HOME: home }, user);
  };
  // The first bootstraps alone, so it is the first leader; the others then clone it.
  startMember(members[0]!);
  const rest = (m: Member) => `http://127.0.0.1:${m.restPort}`;
  const view = async (): Promise<ClusterView | undefined> => {
    for (const m of members) {
      const v = await fetch(`${rest(m)}/cluster`, { signal: AbortSignal.timeout(2_000) }).then((r) => (r.ok ? (r.json() as Promise<ClusterView>) : undefined), () => undefined);
      if (v) return v;
    }
    return undefined;
  };
  const leaderName = async () => (await view())?.members.find((x) => x.role === 'leader' && x.state === 'running')?.name;
  await waitFor('the first Patroni member to lead', async () => {
    if (members[0]!.patroni!.exitCode !== null) throw new Error(`patroni exited:\n${logTail('patroni-pg1')}`);
    return (await leaderName()) === 'pg1';
  }, 90_000, 250);
  members.slice(1).forEach(startMember);
  const healthy = async () => {
    const v = await view();
    const replicas = v?.members.filter((x) => x.role !== 'leader' && (x.state === 'streaming' || x.state === 'running')) ?? [];
    return !!v?.members.some((x) => x.role === 'leader') && replicas.length === 2 && v.members.some((x) => x.role === 'sync_standby');
  };
  await waitFor('two streaming replicas, one synchronous', healthy, 120_000, 250);

  const primaryPort = await freePort();
  const replicaPort = await freePort();
  const cfg = path.join(base, 'haproxy-pg.cfg');
  writeFileSync(cfg, haproxyConfig(members, primaryPort, replicaPort));
  await runHaproxy('haproxy-pg', cfg, primaryPort);
  // HAProxy counts a server up until its checks fail: wait until three connections in a row
  // (round robin over the three) land where they should.
  await waitFor('HAProxy routing to the primary and the replicas', async () => (await routedRight(primaryPort, false)) && (await routedRight(replicaPort, true)), 30_000, 250);

  const psql = (port: number, sql: string) => runPg('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c', sql]);
  // The roles of production (docs/operations.md, "Database roles"), as startPostgres makes them.
  psql(primaryPort, 'CREATE ROLE colorplay_owner LOGIN; CREATE ROLE colorplay_app LOGIN;');
  psql(primaryPort, 'CREATE DATABASE colorplay OWNER colorplay_owner;');
  backrest(['stanza-create'], backrestConfig);

  /** Runs pgBackRest as `postgres` with the cluster's configuration. */
  function backrest(args: string[], config = backrestConfig): string {
    const r = spawnSync(PGBACKREST_BIN, [`--config=${config}`, `--stanza=${STANZA}`, ...args], { encoding: 'utf8', ...user, cwd: home });
    if (r.status !== 0) throw new Error(`pgbackrest ${args.join(' ')} failed (${r.status}): ${r.stderr || r.stdout}`);
    return r.stdout;
  }

  /** ops/pgbackrest-metrics.py as cron runs it on a member: the textfile Prometheus reads. */
  function backupMetrics(): string {
    const out = path.join(home, 'pgbackrest.prom');
    const r = spawnSync('python3', [path.join(ROOT, 'ops/pgbackrest-metrics.py'), `--stanza=${STANZA}`, `--config=${backrestConfig}`, `--pgbackrest=${PGBACKREST_BIN}`, `--out=${out}`], {
      encoding: 'utf8',
      ...user,
      cwd: home,
      env: { PATH: `${PG_BIN}:${process.env.PATH}`, PGHOST: '127.0.0.1', PGPORT: String(primaryPort), PGUSER: 'postgres' },
    });
    if (r.status !== 0) throw new Error(`pgbackrest-metrics.py failed (${r.status}): ${r.stderr}`);
    return readFileSync(out, 'utf8');
  }

  const url = (role: string, port: number) => `postgres://${role}@127.0.0.1:${port}/colorplay`;
  return {
    url: url('colorplay_app', primaryPort),
    replicaUrl: url('colorplay_app', replicaPort),
    ownerUrl: url('colorplay_owner', primaryPort),
    superUrl: url('postgres', primaryPort),
    members,
    home,
    user,
    sockDir,
    repo,
    backrest,
    backupMetrics,
    view,
    leaderName,
    healthy,
    /** kill -9 of a member's Patroni and its postmaster together: the machine is gone. */
    async killMember(m: Member): Promise<void> {
      const pid = Number(readFileSync(path.join(m.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      const patroni = m.patroni!;
      patroni.kill('SIGKILL');
      process.kill(pid, 'SIGKILL');
      await exited(patroni);
    },
    /** Starts a member's Patroni again (the machine is back); it rejoins on its own. */
    startMember,
    restUrl: rest,
  };
}

/** True when three connections in a row through `port` reach a server in (or out of) recovery. */
async function routedRight(port: number, inRecovery: boolean): Promise<boolean> {
  for (let i = 0; i < 3; i++) {
    const client = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres`, connectionTimeoutMillis: 2_000 });
    client.on('error', () => undefined);
    try {
      await client.connect();
      const { rows } = await client.query<{ r: boolean }>('SELECT pg_is_in_recovery() AS r');
      if (rows[0]?.r !== inRecovery) return false;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return true;
}

export type Patroni = Awaited<ReturnType<typeof startPatroni>>;

/** pgBackRest's configuration: one repository, the stanza with one or more local members. */
export function backrestIni(repo: string, pgs: Array<{ dataDir: string; port: number }>, sockDir: string): string {
  return `[global]
repo1-path=${repo}
repo1-retention-full=2
log-path=${path.join(path.dirname(repo), 'pgbackrest-log')}
lock-path=${path.join(path.dirname(repo), 'pgbackrest-lock')}
log-level-console=warn
log-level-file=info
start-fast=y
compress-type=lz4
archive-timeout=60

[${STANZA}]
${pgs.map((p, i) => `pg${i + 1}-path=${p.dataDir}\npg${i + 1}-port=${p.port}\npg${i + 1}-socket-path=${sockDir}`).join('\n')}
`;
}

/**
 * HAProxy in TCP mode in front of PostgreSQL: the primary port has only the member whose Patroni
 * answers 200 to /primary, the replica port the members answering /replica (streaming, lag
 * under 16 MB). A member that stops answering is down after two checks 500 ms apart and its
 * sessions are cut, so clients reconnect to the new primary instead of waiting on the dead one.
 */
export function haproxyConfig(members: Member[], primaryPort: number, replicaPort: number): string {
  const servers = members.map((m) => `  server ${m.name} 127.0.0.1:${m.pgPort} check port ${m.restPort}`).join('\n');
  return `global
  maxconn 2000

defaults
  mode tcp
  timeout connect 2s
  timeout client 30m
  timeout server 30m
  timeout check 2s

listen postgres_primary
  bind 127.0.0.1:${primaryPort}
  option httpchk OPTIONS /primary
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${servers}

listen postgres_replicas
  bind 127.0.0.1:${replicaPort}
  balance roundrobin
  option httpchk OPTIONS /replica?lag=16MB
  http-check expect status 200
  default-server inter 500ms fall 2 rise 1 on-marked-down shutdown-sessions
${servers}
`;
}
