/**
 * What every Wingo bench scenario shares: rounding and percentiles, the machine's load average
 * by phase (the machine is shared, so every figure is read with it), temporary folders removed
 * at the end, and the loader processes the scenarios drive their traffic from.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';

export const round2 = (n: number) => Math.round(n * 100) / 100;

/** The p-th percentile (0-100) of ascending samples, 0 when there are none. */
export function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : round2(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!);
}

const tempDirs: string[] = [];

/** A temporary folder removed by `removeTempDirs` (the run's end, however it ends). */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** The 1-minute load average, sampled every second, labelled with the phase of the run. */
const loadSamples: Array<{ phase: string; load1: number }> = [];
let currentPhase = 'start';
const loadTimer = setInterval(() => loadSamples.push({ phase: currentPhase, load1: loadavg()[0]! }), 1_000);
loadTimer.unref();

/** Names the phase the next load-average samples belong to. */
export function phase(name: string): void {
  currentPhase = name;
}

/** Min, mean and max of the load average per phase. */
export function loadSummary() {
  const phases = [...new Set(loadSamples.map((s) => s.phase))];
  return Object.fromEntries(
    phases.map((p) => {
      const xs = loadSamples.filter((s) => s.phase === p).map((s) => s.load1);
      return [p, { min: round2(Math.min(...xs)), mean: round2(xs.reduce((a, b) => a + b, 0) / xs.length), max: round2(Math.max(...xs)) }];
    }),
  );
}

/**
 * Runs a loader of bench/lib/ in its own process (its work must neither queue behind the
 * server's event loop nor count in its CPU) and resolves with the JSON it prints. The job goes
 * through a file: thousands of tokens exceed the argument limit. `onMessage` hears the loader's
 * IPC messages (the socket loader says when every socket is connected).
 */
export function runLoader<T>(script: string, job: Record<string, unknown>, onMessage?: (m: unknown) => void): Promise<T> {
  const jobFile = path.join(tempDir('colorplay-bench-job-'), 'job.json');
  writeFileSync(jobFile, JSON.stringify(job));
  const c = spawn(process.execPath, [path.join(import.meta.dirname, '..', 'lib', script), jobFile], { stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
  let out = '';
  c.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  if (onMessage) c.on('message', onMessage);
  return new Promise((resolve, reject) =>
    c.on('close', (code) => (code === 0 ? resolve(JSON.parse(out) as T) : reject(new Error(`${script} failed (${code})`)))),
  );
}
