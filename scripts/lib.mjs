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

// Children still running, so a signal to this script can be passed on to them.
const live = new Set();
function track(child) {
  live.add(child);
  child.on('exit', () => live.delete(child));
  return child;
}

/**
 * Makes SIGINT, SIGTERM and SIGHUP end this script through its own cleanup instead of killing it
 * on the spot (which leaves temporary folders and database clusters behind). While a child runs,
 * the signal goes to the child; its exit then unwinds the script's `finally`. With no child
 * running, `cleanupNow` (synchronous) runs and the script exits.
 */
export function cleanUpOnSignal(cleanupNow) {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (live.size > 0) {
        for (const child of live) child.kill(signal);
        return;
      }
      cleanupNow();
      process.exit(130);
    });
  }
}

/** Runs a command with inherited output; resolves with its exit code. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = track(spawn(cmd, args, { stdio: 'inherit', ...opts }));
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      console.error(`could not run ${cmd}: ${err.message}`);
      resolve(127);
    });
  });
}

/**
 * Runs a command like `run`, its output passed through as it comes, and keeps its last `lines`
 * lines; resolves with its exit code and those lines (npm test repeats a failed step's at the end).
 */
export function runKeepingTail(cmd, args, lines) {
  return new Promise((resolve) => {
    const tail = [];
    let partial = '';
    const keep = (chunk) => {
      const parts = (partial + chunk).split('\n');
      partial = parts.pop() ?? '';
      tail.push(...parts);
      if (tail.length > lines) tail.splice(0, tail.length - lines);
    };
    const child = track(spawn(cmd, args, { stdio: ['inherit', 'pipe', 'pipe'] }));
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      keep(String(d));
    });
    child.stderr.on('data', (d) => {
      process.stderr.write(d);
      keep(String(d));
    });
    const done = (code) => resolve({ code, tail: partial ? [...tail, partial] : tail });
    child.on('close', (code, signal) => done(code ?? (signal ? 1 : 0)));
    child.on('error', (err) => {
      keep(`could not run ${cmd}: ${err.message}\n`);
      done(127);
    });
  });
}

/** Runs a command and returns its stdout; throws on a non-zero exit. */
export function capture(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = track(spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'], ...opts }));
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
