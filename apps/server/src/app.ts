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
import { createEvents, openBus, type Bus, type Events } from './events';
import { createJobs, type Jobs } from './jobs';
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
import { subscribeNotifications } from './modules/notifications/subscribers';
import { playerRoutes } from './modules/players/routes';
import { sandboxSmsSender, type SmsSender } from './modules/sms/sms-sender';
import { authGuard } from './plugins/auth-guard';
import { registerDocs } from './plugins/docs';
import { registerErrorHandling } from './plugins/errors';
import { registerMetrics } from './plugins/metrics';
import { registerSpa } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    /** Exposed for the operator command and tests; routes receive it as an option. */
    deposits: ReturnType<typeof createDepositsService>;
    /** The outbox: `events.bus` fans committed events out to every node. */
    events: Events;
    /** Leader-elected interval jobs; tests call `jobs.runOnce(name)`. */
    jobs: Jobs;
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
  /**
   * Start the interval jobs when the app is ready (default). Tests that drive jobs by hand
   * pass false and call `app.jobs.runOnce(name)`.
   */
  startJobs?: boolean;
  /** A bus other than the configured one (tests). */
  bus?: Bus;
};

/**
 * Builds the whole app without listening: plugins, then domain modules, then the SPA. Tests call
 * this and use `inject`; server.ts calls it and listens.
 */
export async function buildApp({ config, db, logger, clock = systemClock, sms, startJobs = true, bus }: AppDeps): Promise<FastifyInstance> {
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
  const registry = registerMetrics(app);
  const events = createEvents({ db, clock, bus: bus ?? (await openBus(config.redisUrl, app.log)), log: app.log, registry });
  const jobs = createJobs({ db, log: app.log, registry });
  app.decorate('events', events);
  app.decorate('jobs', jobs);
  subscribeNotifications(events);

  await app.register(healthRoutes, { db });

  const smsSender = sms ?? sandboxSmsSender(db, app.log);
  const auth = createAuthService({
    db,
    clock,
    tokens: createAccessTokens(config.secrets.token),
    limiter: createRateLimiter(db, clock),
    sms: smsSender,
    otpSecret: config.secrets.token,
    events,
  });
  const requireAuth = authGuard(auth.authenticate);
  await app.register(authRoutes, { auth, sms: smsSender, db, secureCookies: config.env === 'production' });
  await app.register(playerRoutes, { db, requireAuth });
  await app.register(notificationRoutes, { db, clock, requireAuth });

  // Only the sandbox UPI gateway exists: no configuration can make `npm start` move real money.
  const gateway = createSandboxUpiGateway(db);
  const deposits = createDepositsService({ db, clock, gateway, settings: DEFAULT_DEPOSIT_SETTINGS, log: app.log, events });
  const wallet = createWalletService({ db, currency: DEFAULT_DEPOSIT_SETTINGS.currency });
  await app.register(walletRoutes, { deposits, wallet, requireAuth });
  await app.register(upiWebhookRoutes, { deposits, secret: config.secrets.webhook, clock });
  await app.register(sandboxUpiRoutes, { gateway, secret: config.secrets.webhook, clock });
  app.decorate('deposits', deposits);

  // One line per job; each runs on one node at a time (src/jobs). An interval of 0 is off.
  jobs.add({ name: 'events.dispatch', intervalMs: config.eventsPollMs, run: () => events.dispatch() });
  jobs.add({ name: 'deposits.expire', intervalMs: config.depositExpirySweepMs, run: () => deposits.expireDue() });

  await registerSpa(app, config.webDistDir);
  if (startJobs) app.addHook('onReady', async () => jobs.start());
  // One hook, in order: jobs finish their run and release their locks, the dispatcher finishes
  // its pass, the bus disconnects, and only then the database closes under them.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await events.close();
    await events.bus.close();
    await db.close();
  });
  return app;
}
