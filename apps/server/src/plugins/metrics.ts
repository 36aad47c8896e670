import { SERVER_PATHS } from '@colorplay/contract';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

export type MetricsOptions = {
  /** False: latency is still recorded, but no /metrics route exists (production without a token). */
  expose: boolean;
  /** When set, /metrics answers only `Authorization: Bearer <token>`. */
  token: string | undefined;
};

/** Compares digests so neither the token's length nor its content leaks through timing. */
function sameToken(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}

/**
 * Prometheus metrics: process defaults plus request latency by route template and status.
 * Metrics reveal traffic and internals, so in production they are served only with a token.
 */
export function registerMetrics(app: FastifyInstance, { expose, token }: MetricsOptions): Registry {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request latency by method, route template and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route template (not the raw URL) keeps label cardinality bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    latency.observe(
      { method: request.method, route, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });
  if (!expose) return registry;
  app.get(SERVER_PATHS.metrics, { schema: { hide: true } }, async (request, reply) => {
    if (token !== undefined) {
      const header = request.headers.authorization ?? '';
      const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
      if (!sameToken(given, token)) {
        throw new AppError('UNAUTHORIZED', 'Metrics need the metrics token', undefined, { 'www-authenticate': 'Bearer' });
      }
    }
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}

/**
 * What each deposit reconciliation pass found, for the alert on differences (ops/prometheus,
 * decision 429): credits it had to apply because no notice came, and paid gateway payments that
 * match no order. Returns the function the job passes each pass's report to.
 */
export function reconciliationMetrics(registry: Registry): (report: { applied: number; unmatchedPaid: readonly string[] }) => void {
  const applied = new Counter({
    name: 'deposits_reconcile_applied_total',
    help: 'Credits applied by reconciliation because the gateway\'s notice did not come',
    registers: [registry],
  });
  const unmatched = new Gauge({
    name: 'deposits_reconcile_unmatched_paid',
    help: 'Paid gateway payments without an order, as of the last reconciliation pass on this node',
    registers: [registry],
  });
  return (report) => {
    applied.inc(report.applied);
    unmatched.set(report.unmatchedPaid.length);
  };
}
