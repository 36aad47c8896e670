import { HealthResponseSchema, ReadyResponseSchema, SERVER_PATHS } from '@colorplay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/db';
import { pendingMigrations } from '../../db/migrate';

/** Liveness (the process answers) and readiness (database reachable, schema up to date). */
export const healthRoutes: FastifyPluginAsyncZod<{ db: Db }> = async (app, { db }) => {
  app.get(
    SERVER_PATHS.healthz,
    { schema: { tags: ['ops'], response: { 200: HealthResponseSchema } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    SERVER_PATHS.readyz,
    {
      schema: {
        tags: ['ops'],
        response: { 200: ReadyResponseSchema, 503: ReadyResponseSchema },
      },
    },
    async (request, reply) => {
      let database: 'ok' | 'unreachable' = 'ok';
      let migrations: 'ok' | 'pending' = 'pending';
      try {
        migrations = (await pendingMigrations(db)).length === 0 ? 'ok' : 'pending';
      } catch (err) {
        request.log.warn({ err }, 'readiness: database check failed');
        database = 'unreachable';
      }
      const ready = database === 'ok' && migrations === 'ok';
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not_ready', checks: { database, migrations } });
    },
  );
};
