import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helpers/build-test-app';

/**
 * The figures the alert rules read (ops/prometheus/rules.yml, decision 429) are on /metrics from
 * the start, with a value, so an alert sees 0 rather than no data.
 */
describe('/metrics for the alert rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  const scrape = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    return res.body;
  };

  it('exports the database outage, outbox age, overdue rounds and fan-out series', async () => {
    const text = await scrape();
    expect(text).toMatch(/^database_unavailable 0$/m);
    expect(text).toMatch(/^database_outages_total 0$/m);
    expect(text).toMatch(/^database_unavailable_errors_total 0$/m);
    expect(text).toMatch(/^domain_events_oldest_open_age_seconds \d+(\.\d+)?$/m);
    expect(text).toMatch(/^lottery_rounds_overdue\{game="wingo"\} 0$/m);
    expect(text).toMatch(/^lottery_rounds_overdue\{game="k3"\} 0$/m);
    expect(text).toContain('# TYPE lottery_result_fanout_seconds histogram');
  });

  it('exports what the last reconciliation pass found', async () => {
    await t.app.jobs.runOnce('deposits.reconcile');
    const text = await scrape();
    expect(text).toMatch(/^deposits_reconcile_applied_total 0$/m);
    expect(text).toMatch(/^deposits_reconcile_unmatched_paid 0$/m);
  });
});
