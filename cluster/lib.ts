/**
 * The parts of the cluster test (decision 231): a throwaway PostgreSQL, redis-server, HAProxy and
 * app nodes from the production build, each a child process on 127.0.0.1 and a free port, all
 * under one temporary folder. `cleanup()` (synchronous) kills every child, stops PostgreSQL and
 * removes the folder; run.ts calls it on exit and on SIGINT/SIGTERM/SIGHUP.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..');
export const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';
export const HAPROXY_BIN = process.env.HAPROXY_BIN ?? '/usr/sbin/haproxy';
export const SERVER_BUNDLE = path.join(ROOT, 'apps/server/dist/server.js');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `check` every `everyMs` until it is true; the elapsed ms, or throws after `timeoutMs`. */
export async function waitFor(what: string, check: () => Promise<boolean> | boolean, timeoutMs: number, everyMs = 100): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (await check()) return Date.now() - started;
    await sleep(everyMs);
  }
  throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
}

const asRoot = process.getuid?.() === 0;
export const base = mkdtempSync(path.join(tmpdir(), 'colorplay-cluster-'));
chmodSync(base, 0o777);
const children = new Set<ChildProcess>();
/** Every PostgreSQL data directory of the run (one, or Patroni's three and the restore drill's). */
export const pgDataDirs = new Set<string>();

export function cleanup(): void {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const dir of pgDataDirs) {
    if (!existsSync(path.join(dir, 'postmaster.pid'))) continue;
    const [cmd, args] = asPg('pg_ctl', ['-D', dir, '-m', 'immediate', '-w', 'stop']);
    spawnSync(cmd, args, { stdio: 'ignore' });
  }
  rmSync(base, { recursive: true, force: true });
}

/**
 * A child with its output in a log file of the run folder (printed when a check fails). `uid`
 * and `gid` run it as another user (PostgreSQL's tools as `postgres`) without a runuser in
 * between, so killing the child kills the program itself.
 */
export function start(name: string, cmd: string, args: string[], env?: NodeJS.ProcessEnv, user?: { uid: number; gid: number }): ChildProcess {
  const log = openSync(path.join(base, `${name}.log`), 'a');
  if (user) chmodSync(path.join(base, `${name}.log`), 0o666);
  const child = spawn(cmd, args, { stdio: ['ignore', log, log], env: env ?? process.env, cwd: user ? base : ROOT, ...user });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

export function logTail(name: string, lines = 30): string {
  const file = path.join(base, `${name}.log`);
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n') : '';
}

export const exited = (child: ChildProcess) => new Promise<void>((resolve) => (child.exitCode !== null || child.signalCode !== null ? resolve() : child.once('exit', () => resolve())));

export function asPg(bin: string, args: string[]): [string, string[]] {
  return asRoot ? ['runuser', ['-u', 'postgres', '--', path.join(PG_BIN, bin), ...args]] : [path.join(PG_BIN, bin), args];
}

export function runPg(bin: string, args: string[]): void {
  const [cmd, cmdArgs] = asPg(bin, args);
  const r = spawnSync(cmd, cmdArgs, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`${bin} ${args.join(' ')} failed: ${r.stderr || r.stdout}`);
}

/** PostgreSQL 15 as scripts/with-postgres.mjs starts it: durable (fsync on), trust on 127.0.0.1. */
export async function startPostgres() {
  const dataDir = path.join(base, 'pg');
  const sockDir = path.join(base, 'pgsock');
  mkdirSync(sockDir, { mode: 0o777 });
  chmodSync(sockDir, 0o777);
  const port = await freePort();
  runPg('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  pgDataDirs.add(dataDir);
  const opts = `-p ${port} -c listen_addresses=127.0.0.1 -k ${sockDir} -c max_connections=200`;
  const logFile = path.join(base, 'postgres.log');
  writeFileSync(logFile, '');
  chmodSync(logFile, 0o666);
  const up = () => runPg('pg_ctl', ['-D', dataDir, '-o', opts, '-l', logFile, '-w', 'start']);
  up();
  // The two roles of production (docs/operations.md, "Database roles"): the database is owned
  // and migrated by colorplay_owner; the nodes run as colorplay_app, which may only INSERT and
  // SELECT the audit log. The test itself reads everything as the superuser.
  runPg('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c',
    'CREATE ROLE colorplay_owner LOGIN; CREATE ROLE colorplay_app LOGIN;']);
  runPg('psql', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', '-d', 'postgres', '-v', 'ON_ERROR_STOP=1', '-c',
    'CREATE DATABASE colorplay OWNER colorplay_owner;']);
  return {
    url: `postgres://colorplay_app@127.0.0.1:${port}/colorplay`,
    ownerUrl: `postgres://colorplay_owner@127.0.0.1:${port}/colorplay`,
    superUrl: `postgres://postgres@127.0.0.1:${port}/colorplay`,
    /** pg_ctl stop with the given mode (fast: clients are disconnected; immediate: a crash). */
    stop: (mode: 'fast' | 'immediate') => runPg('pg_ctl', ['-D', dataDir, '-m', mode, '-w', 'stop']),
    start: up,
  };
}

export async function startRedis() {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const up = async () => {
    child = start('redis', REDIS_SERVER_BIN, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
    await waitFor('redis-server', () => canConnect(port), 10_000, 50);
  };
  await up();
  return {
    url: `redis://127.0.0.1:${port}`,
    async stop() {
      if (!child) return;
      child.kill('SIGTERM');
      await exited(child);
      child = undefined;
    },
    start: up,
  };
}

export function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect(port, '127.0.0.1');
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

export type AppNode = { name: string; port: number; child?: ChildProcess; up: boolean };

/** One app node: the production bundle run with plain `node`, nothing from tsx or dev dependencies. */
export async function startNode(node: AppNode, env: Record<string, string>): Promise<void> {
  node.child = start(node.name, process.execPath, [SERVER_BUNDLE], {
    PATH: process.env.PATH,
    ...env,
    PORT: String(node.port),
    DATA_DIR: path.join(base, `data-${node.name}`),
  });
  const child = node.child;
  await waitFor(
    `${node.name} /readyz`,
    async () => {
      if (child.exitCode !== null) throw new Error(`${node.name} exited (${child.exitCode}):\n${logTail(node.name)}`);
      return (await fetch(`http://127.0.0.1:${node.port}/readyz`).then((r) => r.ok, () => false)) === true;
    },
    60_000,
    200,
  );
  node.up = true;
}

export async function killNode(node: AppNode, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  const child = node.child;
  node.up = false;
  if (!child) return;
  child.kill(signal);
  await exited(child);
  node.child = undefined;
}

/**
 * HAProxy in front of the nodes: least connections (the sockets are long-lived), health checks
 * on /readyz every 500 ms, WebSocket tunnels kept for an hour, and a header naming the node that
 * answered, so the test knows where each socket landed. The same shape as docs/operations.md.
 * `maxconn` is the proxy's connection cap (each proxied socket holds two file descriptors).
 */
export async function startHaproxy(nodes: AppNode[], options: { maxconn?: number } = {}) {
  const port = await freePort();
  const cfg = path.join(base, 'haproxy.cfg');
  writeFileSync(
    cfg,
    `global
  maxconn ${options.maxconn ?? 4096}

defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  timeout http-keep-alive 10s
  option redispatch
  retries 2

frontend colorplay
  bind 127.0.0.1:${port}
  option forwardfor
  default_backend app

backend app
  balance leastconn
  option httpchk GET /readyz
  http-check expect status 200
  default-server inter 500ms fall 2 rise 2
  http-response set-header X-Colorplay-Node %s
${nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check`).join('\n')}
`,
  );
  await runHaproxy('haproxy', cfg, port);
  return { url: `http://127.0.0.1:${port}`, port };
}

/** Starts HAProxy on a configuration file and waits until it listens on `port`. */
export async function runHaproxy(name: string, cfg: string, port: number): Promise<void> {
  const child = start(name, HAPROXY_BIN, ['-f', cfg, '-db']);
  await waitFor(name, async () => {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${logTail(name)}`);
    return canConnect(port);
  }, 10_000, 50);
}
