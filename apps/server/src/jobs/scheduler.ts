import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { Db } from '../db/db';
import { openLeaderLock, type LeaderLock } from './leader-lock';

export type JobSpec = {
  /** Unique and stable: it names the advisory lock and the metrics label. */
  name: string;
  /** Time between the starts of two runs on the leader; 0 or less leaves the job off. */
  intervalMs: number;
  /** One run. It should be safe to repeat (a new leader may redo the last run's work). */
  run: () => Promise<unknown>;
};

type JobState = {
  spec: JobSpec;
  timer?: NodeJS.Timeout;
  /** The leadership try and run in progress, if any: shutdown waits for them. */
  ticking?: Promise<void>;
  running?: Promise<void>;
  leader: boolean;
};

export type JobsDeps = { db: Db; log: FastifyBaseLogger; registry?: Registry };

/**
 * Named jobs with an interval, each led by one node at a time (decision 082). Every node tries
 * each job's lock once per interval; the holder runs the job and keeps the lock, so the job runs
 * on one node only; when that node stops (or its connection drops) the lock is free and another
 * node takes it on its next try, within one interval.
 */
export function createJobs({ db, log, registry }: JobsDeps) {
  const registers = registry ? [registry] : [];
  const labelNames = ['job'] as const;
  const runs = new Counter({ name: 'job_runs_total', help: 'Job runs on this node', labelNames, registers });
  const failures = new Counter({ name: 'job_failures_total', help: 'Job runs that threw, on this node', labelNames, registers });
  const lastRun = new Gauge({
    name: 'job_last_run_timestamp_seconds',
    help: 'When the last run on this node finished (Unix time)',
    labelNames,
    registers,
  });
  const lastDuration = new Gauge({
    name: 'job_last_run_duration_seconds',
    help: 'How long the last run on this node took',
    labelNames,
    registers,
  });
  const leading = new Gauge({ name: 'job_leader', help: '1 while this node leads the job', labelNames, registers });

  const jobs = new Map<string, JobState>();
  let lock: LeaderLock | undefined;
  let started = false;
  let stopping = false;

  const leaderLock = () =>
    (lock ??= openLeaderLock(db, (err) => {
      log.warn({ err }, 'job leader connection lost; leadership is given up and retried');
      for (const state of jobs.values()) setLeader(state, false);
    }));

  function setLeader(state: JobState, leader: boolean): void {
    state.leader = leader;
    leading.set({ job: state.spec.name }, leader ? 1 : 0);
  }

  /** Runs once, never two at a time on this node; records metrics; never throws. */
  function runNow(state: JobState): Promise<void> {
    if (state.running) return state.running;
    const job = state.spec.name;
    state.running = (async () => {
      const startedMs = performance.now();
      try {
        await state.spec.run();
      } catch (err) {
        failures.inc({ job });
        log.error({ err, job }, 'job run failed');
      } finally {
        runs.inc({ job });
        lastDuration.set({ job }, (performance.now() - startedMs) / 1000);
        lastRun.set({ job }, Date.now() / 1000);
        state.running = undefined;
      }
    })();
    return state.running;
  }

  async function tick(state: JobState): Promise<void> {
    const startedMs = Date.now();
    const job = state.spec.name;
    try {
      const leader = await leaderLock().tryAcquire(job);
      setLeader(state, leader);
      if (leader && !stopping) await runNow(state);
    } catch (err) {
      // Most likely the database is unreachable: try again next interval.
      log.warn({ err, job }, 'job leadership check failed');
    }
    if (stopping) return;
    const waitMs = Math.max(0, state.spec.intervalMs - (Date.now() - startedMs));
    schedule(state, waitMs);
  }

  const scheduled = (state: JobState) => state.spec.intervalMs > 0;

  function schedule(state: JobState, waitMs: number): void {
    state.timer = setTimeout(() => {
      state.ticking = tick(state).finally(() => (state.ticking = undefined));
    }, waitMs);
  }

  return {
    /**
     * Adds a job; one line per job in app.ts. A job with an interval of 0 is never scheduled,
     * but `runOnce` still runs it (tests, operator commands).
     */
    add(spec: JobSpec): void {
      if (jobs.has(spec.name)) throw new Error(`job ${spec.name} is already added`);
      const state: JobState = { spec, leader: false };
      jobs.set(spec.name, state);
      // Series exist from the start, so a dashboard shows 0 failures rather than no data.
      runs.inc({ job: spec.name }, 0);
      failures.inc({ job: spec.name }, 0);
      if (!scheduled(state)) return;
      setLeader(state, false);
      if (started) schedule(state, 0);
    },

    names: (): string[] => [...jobs.keys()],

    /** Starts every job's first leadership try now. */
    start(): void {
      if (started || stopping) return;
      started = true;
      for (const state of jobs.values()) if (scheduled(state)) schedule(state, 0);
    },

    /**
     * Runs a job now on this node, without asking for leadership (tests, operator commands).
     * Waits for a run already in progress instead of starting a second.
     */
    async runOnce(name: string): Promise<void> {
      const state = jobs.get(name);
      if (!state) throw new Error(`no job named ${name}`);
      await runNow(state);
    },

    /** True while this node holds the job's lock. */
    isLeader: (name: string): boolean => jobs.get(name)?.leader ?? false,

    /** Stops scheduling, waits for running jobs, then releases the locks. Safe to call twice. */
    async stop(): Promise<void> {
      stopping = true;
      for (const state of jobs.values()) clearTimeout(state.timer);
      // A try in flight may still win its lock; wait for it so close() below releases it.
      await Promise.all([...jobs.values()].flatMap((s) => [s.ticking, s.running]));
      for (const state of jobs.values()) if (scheduled(state)) setLeader(state, false);
      await lock?.close();
      lock = undefined;
    },
  };
}

export type Jobs = ReturnType<typeof createJobs>;
