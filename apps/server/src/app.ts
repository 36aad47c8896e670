import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db/db';
import { healthRoutes } from './modules/health/routes';
import { registerDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { registerMetrics } from './plugins/metrics';
import { registerSpa } from './plugins/spa';

export type AppDeps = {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
};

/**
 * Builds the whole app without listening: plugins, then domain modules, then the SPA. Tests call
 * this and use `inject`; server.ts calls it and listens.
 */
export async function buildApp({ config, db, logger }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: config.requestTimeoutMs,
    trustProxy: config.env === 'production',
    // Ids in logs tie one request's lines together.
    genReqId: () => `req_${crypto.randomUUID()}`,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  if (config.corsOrigins.length > 0) {
    await app.register(fastifyCors, { origin: config.corsOrigins, credentials: true });
  }
  await registerDocs(app);
  registerMetrics(app);

  await app.register(healthRoutes, { db });

  await registerSpa(app, config.webDistDir);
  app.addHook('onClose', async () => {
    await db.close();
  });
  return app;
}
