// Small helpers shared by the test and start scripts (plain Node, no dependencies).
import { spawn } from 'node:child_process';
import net from 'node:net';

/** A free TCP port on 127.0.0.1, chosen by the kernel. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', ...opts });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`could not run ${cmd}: ${err.message}`);
      resolve(127);
    });
  });
}

/** Runs a command and returns its stdout; throws on a non-zero exit. */
export function capture(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} failed (${code}): ${err}`)),
    );
    child.on('error', reject);
  });
}
