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
import { DEFAULT_DEPOSIT_SETTINGS } from './modules/deposits/deposit-rules';
import { createDepositsService } from './modules/deposits/deposits-service';
import { walletRoutes } from './modules/deposits/routes';
import { createSandboxUpiGateway } from './modules/payments/sandbox-upi/sandbox-gateway';
import { sandboxUpiRoutes } from './modules/payments/sandbox-upi/routes';
import { upiWebhookRoutes } from './modules/payments/webhook-routes';
import { createWalletService } from './modules/wallet/wallet-service';
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
import { OneLinePerRequest } from './plugins/request-log';
import { registerSpa } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    /** Exposed for the operator command and tests; routes receive it as an option. */
    deposits: ReturnType<typeof createDepositsService>;
  }
}

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
    // One log line per request instead of Fastify's two.
    logController: new OneLinePerRequest(),
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

  // Only the sandbox UPI gateway exists: no configuration can make `npm start` move real money.
  const gateway = createSandboxUpiGateway(db);
  const deposits = createDepositsService({ db, clock, gateway, settings: DEFAULT_DEPOSIT_SETTINGS, log: app.log });
  const wallet = createWalletService({ db, currency: DEFAULT_DEPOSIT_SETTINGS.currency });
  await app.register(walletRoutes, { deposits, wallet, requireAuth });
  await app.register(upiWebhookRoutes, { deposits, secret: config.secrets.webhook, clock });
  await app.register(sandboxUpiRoutes, { gateway, secret: config.secrets.webhook, clock });
  app.decorate('deposits', deposits);
  if (config.depositExpirySweepMs > 0) {
    // Every node runs the sweep; row locks make it safe, and a missed tick only delays expiry.
    const timer = setInterval(() => {
      deposits.expireDue().catch((err: unknown) => app.log.error({ err }, 'deposit expiry sweep failed'));
    }, config.depositExpirySweepMs);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }

  await registerSpa(app, config.webDistDir);
  app.addHook('onClose', async () => {
    await db.close();
  });
  return app;
}
