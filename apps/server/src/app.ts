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
import { systemClock, type Clock } from './lib/clock';
import { createAuthService } from './modules/auth/auth-service';
import { createRateLimiter } from './modules/auth/rate-limiter';
import { authRoutes } from './modules/auth/routes';
import { createAccessTokens } from './modules/auth/tokens';
import { healthRoutes } from './modules/health/routes';
import { notificationRoutes } from './modules/notifications/routes';
import { playerRoutes } from './modules/players/routes';
import { sandboxSmsSender, type SmsSender } from './modules/sms/sms-sender';
import { authGuard } from './plugins/auth-guard';
import { registerDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { registerMetrics } from './plugins/metrics';
import { registerSpa } from './plugins/spa';

export type AppDeps = {
  config: Config;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** Tests pass a fake clock to exercise expiry rules. */
  clock?: Clock;
  /** Tests may capture outgoing SMS; the default is the configured channel. */
  sms?: SmsSender;
};

/**
 * Builds the whole app without listening: plugins, then domain modules, then the SPA. Tests call
 * this and use `inject`; server.ts calls it and listens.
 */
export async function buildApp({ config, db, logger, clock = systemClock, sms }: AppDeps): Promise<FastifyInstance> {
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

  const smsSender = sms ?? sandboxSmsSender(db, app.log);
  const auth = createAuthService({
    db,
    clock,
    tokens: createAccessTokens(config.secrets.token),
    limiter: createRateLimiter(db, clock),
    sms: smsSender,
    otpSecret: config.secrets.token,
  });
  const requireAuth = authGuard(auth.authenticate);
  await app.register(authRoutes, { auth, sms: smsSender, db, secureCookies: config.env === 'production' });
  await app.register(playerRoutes, { db, requireAuth });
  await app.register(notificationRoutes, { db, clock, requireAuth });

  await registerSpa(app, config.webDistDir);
  app.addHook('onClose', async () => {
    await db.close();
  });
  return app;
}
