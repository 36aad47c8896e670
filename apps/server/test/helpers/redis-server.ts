import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';

/** Debian's redis-server (scripts/test.mjs installs it with apt-get when missing). */
export const REDIS_SERVER_BIN = process.env.REDIS_SERVER_BIN ?? '/usr/bin/redis-server';

export const redisServerAvailable = (): boolean => existsSync(REDIS_SERVER_BIN);

export type RedisServer = { url: string; port: number; stop(): Promise<void> };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A throwaway redis-server on 127.0.0.1 and a free port, keeping nothing on disk. Resolves once
 * it accepts connections; `stop()` ends it (call it in afterAll).
 */
export async function startRedisServer(onPort?: number): Promise<RedisServer> {
  // A given port starts the server again where its clients expect it (a restart).
  const port = onPort ?? (await freePort());
  const child: ChildProcess = spawn(
    REDIS_SERVER_BIN,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`))),
  );
  const deadline = Date.now() + 10_000;
  const ready = (async () => {
    for (;;) {
      if (await canConnect(port)) return;
      if (Date.now() > deadline) throw new Error(`redis-server did not start on port ${port}: ${output}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  })();
  try {
    await Promise.race([ready, exited]);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  exited.catch(() => undefined);
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.end();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}
