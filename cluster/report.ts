/**
 * What the cluster run found: one line per check as it happens, figures in `summary`, and the
 * JSON report at the end (printReport), whose failed count is the run's exit code.
 */

const checks: Array<{ name: string; ok: boolean; detail?: unknown }> = [];

export function check(name: string, ok: boolean, detail?: unknown): void {
  checks.push({ name, ok, ...(ok ? {} : { detail }) });
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${ok || detail === undefined ? '' : ` ${JSON.stringify(detail)}`}`);
}

/** Figures per fault (failover time, failed requests, counts), printed as JSON at the end. */
export const summary: Record<string, unknown> = {};

/** Prints the summary and the counts of passed and failed checks; returns the failed count. */
export function printReport(): number {
  const failed = checks.filter((c) => !c.ok);
  console.log(`\n[cluster] summary ${JSON.stringify({ ...summary, checks: { passed: checks.length - failed.length, failed: failed.length } }, null, 2)}`);
  console.log(`\ncluster checks: ${checks.length - failed.length} passed, ${failed.length} failed`);
  return failed.length;
}
