import { Counter, Gauge, type Registry } from 'prom-client';
import { isDatabaseUnavailable } from './db';

/**
 * A database outage in the logs as one line per node, and in metrics (decision 427). A failover
 * or a restart makes every request, readiness probe and job tick of a node fail for some seconds,
 * each logging its error with a stack: hundreds of lines that bury anything else. With this the
 * first failure of an outage is one warning without a stack, the rest are only counted
 * (`database_unavailable_errors_total`), and the first success after it logs how long it lasted.
 * It sits in the logger (pino's logMethod hook), so every module's `log.warn/error({ err })`
 * about an unreachable database is covered without each one knowing.
 */
export function createOutageLog(now: () => number = Date.now) {
  const errors = new Counter({
    name: 'database_unavailable_errors_total',
    help: 'Errors logged because the database could not be reached (counted, not logged, during an outage)',
    registers: [],
  });
  const outages = new Counter({ name: 'database_outages_total', help: 'Outages of the database seen by this node', registers: [] });
  const down = new Gauge({ name: 'database_unavailable', help: '1 from the first failure reaching the database until a request succeeds again', registers: [] });
  down.set(0);
  let since: number | undefined;
  let counted = 0;

  type Log = { warn(obj: object, msg: string): void };
  return {
    /** Adds the metrics to the app's registry. */
    register(registry: Registry): void {
      for (const metric of [errors, outages, down]) registry.registerMetric(metric);
    },
    /** True while an outage is under way. */
    get down(): boolean {
      return since !== undefined;
    },
    /**
     * pino's `hooks.logMethod`: a warning or error whose `err` says the database is unreachable
     * is the outage's first line or is only counted. Anything else is logged as it comes.
     */
    logMethod(this: Log, args: unknown[], method: (...a: unknown[]) => void, level: number): void {
      const first = args[0] as { err?: unknown } | null;
      const err = typeof first === 'object' && first !== null ? first.err : undefined;
      if (level < 40 || !isDatabaseUnavailable(err)) return method.apply(this, args);
      errors.inc();
      if (since !== undefined) {
        counted++;
        return;
      }
      since = now();
      counted = 0;
      outages.inc();
      down.set(1);
      const e = err as { message?: string; code?: string };
      this.warn(
        { reason: e.message, code: e.code, during: typeof args[1] === 'string' ? args[1] : undefined },
        'database unavailable: further errors are counted (database_unavailable_errors_total), not logged, until it answers again',
      );
    },
    /** Something reached the database: ends the outage under way, in one line. */
    available(log: { info(obj: object, msg: string): void }): void {
      if (since === undefined) return;
      log.info({ downMs: now() - since, errorsCounted: counted }, 'database available again');
      since = undefined;
      down.set(0);
    },
  };
}

export type OutageLog = ReturnType<typeof createOutageLog>;
