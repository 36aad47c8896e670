import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Histogram, Registry } from 'prom-client';

/** Prometheus metrics: process defaults plus request latency by route template and status. */
export function registerMetrics(app: FastifyInstance): Registry {
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
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    reply.type(registry.contentType);
    return registry.metrics();
  });
  return registry;
}
