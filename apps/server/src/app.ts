import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyCors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { API_PATHS } from '@colorplay/contract';
import type { Config } from './config';
import type { Db } from './db/db';
import { createOutageLog } from './db/outage';
import { createEvents, openBus, type Bus, type Events } from './events';
import { createJobs, type Jobs } from './jobs';
import { systemClock, type Clock } from './lib/clock';
import { createDepositsService, DEFAULT_DEPOSIT_SETTINGS, depositRoutes, upiWebhookRoutes } from './modules/deposits';
import { createHttpUpiGateway, createSandboxUpiGateway, sandboxUpiRoutes, type UpiGateway } from './modules/payments';
import { createWalletService, walletRoutes } from './modules/wallet';
import { adminRoutes, consoleGuard, createAdminService, createAuditLog, originOf, subscribeAdminAlerts, type AdminService } from './modules/admin';
import { authRoutes, createAccessTokens, createAuthService, createRateLimiter, isSessionActive } from './modules/auth';
import { healthRoutes } from './modules/health';
import { announcementRoutes, createAnnouncements, notificationRoutes, subscribeNotifications } from './modules/notifications';
import { playerRoutes } from './modules/players';
import { createGamesService, gamesRoutes, type GameProvider, type GamesService } from './modules/games';
import { createVendorWalletService, vendorWalletRoutes } from './modules/vendor-wallet';
import {
  createDrandHttpBeacon,
  createLotteryService,
  createSandboxBeacon,
  sandboxBeaconKey,
  lotteryLive,
  lotteryRoutes,
  type BeaconSource,
  type LotteryService,
  type LotterySettings,
} from './modules/lottery';
import { QUICKNET } from '@colorplay/fair';
import { runtimeConfigRoutes } from './modules/runtime-config';
import { createReportsService, reportRoutes } from './modules/reports';
import { createReconciliationService, reconciliationRoutes } from './modules/reconciliation';
import { createStatisticsService, statisticsRoutes } from './modules/statistics';
import { createTodayService, todayRoutes } from './modules/today';
import { createUsdtChainAccess, createUsdtDepositsService, rateSourceOf, usdtFaucetRoutes, usdtRoutes, type UsdtDepositsService } from './modules/usdt-deposits';
import { createKycService, kycRoutes, localDocumentStore, s3DocumentStore, type KycService } from './modules/kyc';
import { createHttpPayoutGateway, createSandboxPayoutGateway, sandboxPayoutRoutes, type PayoutGateway } from './modules/payouts';
import { createWithdrawalsService, DEFAULT_WITHDRAWAL_SETTINGS, payoutCallbackRoutes, withdrawalRoutes, type WithdrawalsService } from './modules/withdrawals';
import { httpSmsSender, sandboxSmsRoutes, sandboxSmsSender, type SmsSender } from './modules/sms';
import { createAdjustmentsService } from './modules/adjustments';
import { createSafetyService, SafetyRefusal, safetyRoutes, type SafetyService } from './modules/safety';
import {
  checkInAdminRoutes,
  checkInRoutes,
  createBonusStakes,
  createCheckIn,
  createFirstDepositService,
  createInvitesService,
  createPromotionCostReport,
  createPromotionsService,
  createVip,
  firstDepositAdminRoutes,
  firstDepositRoutes,
  giftCodeAdminRoutes,
  inviteRoutes,
  promotionsConsoleRoutes,
  promotionsRoutes,
  subscribeFirstDeposit,
  subscribeInvites,
  type FirstDepositService,
  type InvitesService,
  type PromotionsService,
} from './modules/promotions';
import { createTronService, sandboxTronRoutes, type TronService } from './modules/tron';
import { createSupportService, DEFAULT_SUPPORT_SETTINGS, subscribeSupportNotifications, supportRoutes } from './modules/support';
import { AppError } from './errors';
import { findPlayerById } from './modules/players';
import { authenticateFirst, authGuard, registerNoStore } from './plugins/auth-guard';
import { registerDocs } from './plugins/docs';
import { clientErrorHandler, frameworkErrorHandler, refuseInvalidPreflight, registerErrorHandling } from './plugins/errors';
import { reconciliationMetrics, registerMetrics } from './plugins/metrics';
import { registerSecurityHeaders } from './plugins/security-headers';
import { OneLinePerRequest } from './plugins/request-log';
import { registerSpa } from './plugins/spa';

declare module 'fastify' {
  interface FastifyInstance {
    /** Exposed for the operator command and tests; routes receive it as an option. */
    deposits: ReturnType<typeof createDepositsService>;
    /** The outbox: `events.bus` fans committed events out to every node. */
    events: Events;
    /** Leader-elected interval jobs; tests call `jobs.runOnce(name)`. */
    jobs: Jobs;
    /** The game catalog and launcher (tests re-seed after truncating). */
    games: GamesService;
    /** The lottery round engine and Wingo's bets (tests drive draws and settlement through it). */
    lottery: LotteryService;
    /** USDT recharge (docs/payments.md) when its channel is on: tests run `usdt.watch()` by hand. */
    usdt: UsdtDepositsService | undefined;
    /** Withdrawals: player requests, operator review (the operator console calls these). */
    withdrawals: WithdrawalsService;
    /** KYC submissions and their review (the operator console calls these). */
    kyc: KycService;
    /** The operator console (the operators CLI and the demo seed create operators through it). */
    admin: AdminService;
    /** Responsible-gambling controls (decision 210): every money path checks them in its transaction. */
    safety: SafetyService;
    promotions: PromotionsService;
    invites: InvitesService;
    firstDeposit: FirstDepositService;
    /** Trx Win's TRON block source (the engine asks it for a round's deciding block) and, in sandbox mode, the sandbox chain. */
    tron: TronService;
  }
}

export type AppDeps = {
  config: Config;
  db: Db;
  /** The replicas, for reads that tolerate a little staleness (decision 428); absent: `db`. */
  readDb?: Db;
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
  /** Lottery engine settings other than the defaults (tests: short chains). */
  lottery?: Partial<LotterySettings>;
  /** The draws' beacon instead of the configured one (tests: a stub that refuses or withholds values). */
  beacon?: BeaconSource;
};

/**
 * Builds the whole app without listening: plugins, then domain modules, then the SPA. Tests call
 * this and use `inject`; server.ts calls it and listens.
 */
export async function buildApp({ config, db, readDb, logger, clock = systemClock, sms, startJobs = true, bus, lottery: lotterySettings, beacon }: AppDeps): Promise<FastifyInstance> {
  const production = config.env === 'production';
  // A database outage is one line per node and a metric, not a page of stacks (decision 427).
  const outage = createOutageLog();
  const app = Fastify({
    logger: logger ?? { level: config.logLevel, hooks: { logMethod: outage.logMethod } },
    bodyLimit: config.bodyLimitBytes,
    requestTimeout: config.requestTimeoutMs,
    // Off unless TRUST_PROXY names the proxies: otherwise any client could pick the address
    // that rate limits count by sending X-Forwarded-For (decision 042).
    // A hop count becomes the function proxy-addr builds for numbers (the typings lack numbers).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? ((hops: number) => (_address: string, hop: number) => hop < hops)(config.trustProxy)
        : config.trustProxy,
    // Ids in logs tie one request's lines together.
    genReqId: () => `req_${crypto.randomUUID()}`,
    // Answers Fastify and Node give before any route runs, put in the API error shape.
    frameworkErrors: frameworkErrorHandler(production),
    clientErrorHandler: clientErrorHandler(production),
    // One log line per request instead of Fastify's two.
    logController: new OneLinePerRequest(),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // First, so every encapsulated plugin inherits the hook.
  registerSecurityHeaders(app, production);
  registerErrorHandling(app);
  // Guards run before input validation: 401 before 400, on every protected route (decision 196).
  authenticateFirst(app);
  registerNoStore(app);

  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyCookie);
  if (config.corsOrigins.length > 0) {
    refuseInvalidPreflight(app);
    await app.register(fastifyCors, { origin: config.corsOrigins, credentials: true });
  }
  await registerDocs(app, { serve: config.exposure.apiDocs });
  const registry = registerMetrics(app, { expose: config.exposure.metricsEnabled, token: config.exposure.metricsToken });
  outage.register(registry);
  // Any answer that is not a server error (the balancer's readiness probes come twice a second)
  // means the database answers again: the outage's closing line.
  app.addHook('onResponse', async (_request, reply) => {
    if (outage.down && reply.statusCode < 500) outage.available(app.log);
  });
  const events = createEvents({ db, clock, bus: bus ?? (await openBus(config.redisUrl, app.log)), log: app.log, registry });
  const jobs = createJobs({ db, log: app.log, registry });
  app.decorate('events', events);
  app.decorate('jobs', jobs);
  subscribeNotifications(events);
  subscribeAdminAlerts(events, { db, clock });
  subscribeSupportNotifications(events);

  await app.register(healthRoutes, { db });

  // Configuration chooses the channel; tests may pass their own sender.
  const smsSender = sms ?? (config.smsHttp ? httpSmsSender(config.smsHttp, app.log) : sandboxSmsSender(db, app.log, clock));
  const auth = createAuthService({
    db,
    clock,
    tokens: createAccessTokens(config.secrets.token),
    limiter: createRateLimiter(db, clock),
    sms: smsSender,
    secret: config.secrets.token,
    exposeSandboxHandle: config.sandbox.sms,
    events,
    sessionCacheTtlMs: config.sessionCacheTtlMs,
    bus: events.bus,
  });
  const requireAuth = authGuard(auth.authenticate);
  await app.register(runtimeConfigRoutes, {
    // A path: the web app resolves it against its API base (decision 013), like every other call.
    runtime: { demo: config.demo, sandbox: { ...config.sandbox }, usdt: config.usdt !== undefined, open_game_url: API_PATHS.open_game_url },
  });
  await app.register(authRoutes, { auth, secureCookies: config.env === 'production', corsOrigins: config.corsOrigins, requireAuth });
  // Sandbox routes exist only while their channel is on: off means 404, not a refusal.
  if (config.sandbox.sms) await app.register(sandboxSmsRoutes, { db, clock });
  await app.register(playerRoutes, { db, requireAuth });

  // Responsible gambling (decision 210): the player's controls, which every money path below checks
  // in its own transaction. A refusal is counted afterwards (its transaction rolled back) for the
  // console's list of players who hit limits often.
  const safety = createSafetyService({ db, clock, settings: config.safety, currency: DEFAULT_DEPOSIT_SETTINGS.currency, events });
  app.decorate('safety', safety);
  const noteRefusal = async (err: unknown) => {
    if (err instanceof SafetyRefusal) await safety.noteRefusal(db, err);
  };
  app.addHook('onError', async (request, _reply, err) => {
    await noteRefusal(err).catch((e: unknown) => request.log.error({ err: e }, 'could not count a refusal'));
  });
  await app.register(safetyRoutes, { safety, requireAuth });
  // Promotions (docs/promotions.md): consent and bonus money; offers reach a player only when the
  // safety module's facts, read in the grant's own transaction, allow it (decision 490).
  const promotions = createPromotionsService({ db, clock, safetyFacts: (q, playerId) => safety.promotionFacts(q, playerId), audit: createAuditLog({ db, clock }) });
  await app.register(promotionsRoutes, { promotions, requireAuth });
  app.decorate('promotions', promotions);
  // The daily check-in and VIP levels (decisions 545-547): the level reads the players and KYC
  // modules' facts through app.ts (KYC is built below; the closure runs only on a request).
  const vip = createVip({
    db,
    clock,
    playerFacts: async (q, playerId) => ({ registeredAt: (await findPlayerById(q, playerId))!.created_at, kycVerified: await kyc.isVerified(q, playerId) }),
  });
  // The CHECK_IN_* environment values only seed the settings the console edits (decision 565).
  const checkIn = createCheckIn({ db, clock, defaults: config.checkIn, audit: createAuditLog({ db, clock }), promotions });
  await app.register(checkInRoutes, { checkIn, vip, requireAuth });
  // The first-deposit bonus (decisions 540-542): opted in with the order, granted after its credit commits.
  const firstDeposit = createFirstDepositService({ db, clock, safetyFacts: (q, playerId) => safety.promotionFacts(q, playerId), audit: createAuditLog({ db, clock }), grant: promotions.grant });
  subscribeFirstDeposit(events, firstDeposit);
  await app.register(firstDepositRoutes, { firstDeposit, requireAuth });
  app.decorate('firstDeposit', firstDeposit);

  // The configured UPI channel chooses the adapter; the sandbox's pages exist only with it.
  const sandboxUpi = config.upi.kind === 'sandbox' ? createSandboxUpiGateway(db, { webhookSecret: config.secrets.webhook }) : undefined;
  const gateway: UpiGateway = config.upi.kind === 'http' ? createHttpUpiGateway(config.upi) : sandboxUpi!;
  const depositSettings =
    config.upi.kind === 'http'
      ? { ...DEFAULT_DEPOSIT_SETTINGS, payeeVpa: config.upi.payeeVpa, payeeName: config.upi.payeeName }
      : DEFAULT_DEPOSIT_SETTINGS;
  // USDT (docs/payments.md): its own module; the sandbox dev chain starts on first use (decision 130).
  const usdt = config.usdt
    ? createUsdtDepositsService({
        db,
        clock,
        config: config.usdt,
        chain: createUsdtChainAccess(config.usdt, (dev) =>
          app.log.info({ rpcUrl: dev.rpcUrl, token: dev.tokenAddress }, 'USDT sandbox chain started (test tokens only)'),
        ),
        rates: rateSourceOf(config.usdt.rate),
        events,
        log: app.log,
        currency: depositSettings.currency,
        safety,
      })
    : undefined;
  app.decorate('usdt', usdt);
  const deposits = createDepositsService({ db, clock, gateway, settings: depositSettings, log: app.log, events, usdtChannel: usdt?.limits, safety, firstDeposit });
  const wallet = createWalletService({ db, currency: depositSettings.currency });
  await app.register(walletRoutes, { wallet, requireAuth });
  await app.register(depositRoutes, { deposits, requireAuth, cancelUsdt: usdt?.cancel });
  if (usdt) await app.register(usdtRoutes, { usdt, requireAuth });
  if (usdt && config.sandbox.usdtChain) await app.register(usdtFaucetRoutes, { usdt, requireAuth });
  await app.register(upiWebhookRoutes, { deposits, gateway, clock });
  if (sandboxUpi) await app.register(sandboxUpiRoutes, { gateway: sandboxUpi, secret: config.secrets.webhook, clock });
  app.decorate('deposits', deposits);

  // Games: the catalog (seeded from catalog/games.json), the launcher and the vendor wallet API.
  // A provider exists only while its channel is on: the demo vendor is a sandbox (decision 112).
  const providers = new Map<string, GameProvider>();
  if (config.demoVendor) providers.set('demo', { code: 'demo', secret: config.demoVendor.secret, launchUrl: `${config.demoVendor.publicUrl}/play` });
  const games = createGamesService({
    db,
    clock,
    currency: depositSettings.currency,
    providers,
    isAuthSessionActive: (q, sessionId, playerId) => isSessionActive(q, sessionId, playerId, clock.now()),
    safety,
  });
  await games.seed();
  app.decorate('games', games);
  await app.register(gamesRoutes, { games, requireAuth });
  // Account › Statistics (decision 459): the ledger's figures of the player's play, games named from the catalog.
  const statistics = createStatisticsService({ db, clock, currency: depositSettings.currency, titlesOf: (uids) => games.titlesOf(uids) });
  await app.register(statisticsRoutes, { statistics, requireAuth });
  const vendorWallet = createVendorWalletService({ db, clock, games, currency: depositSettings.currency, limits: config.vendorWallet, safety });
  for (const provider of providers.values()) await app.register(vendorWalletRoutes, { wallet: vendorWallet, provider, clock });
  const beaconSource =
    beacon ??
    (config.lotteryBeacon.kind === 'sandbox'
      ? // Its own key, stored once (decision 382): a changed LOTTERY_CHAIN_SECRET leaves it alone.
        createSandboxBeacon({ secretKey: await sandboxBeaconKey(db, { legacySecret: config.secrets.lotteryChain, now: clock.now() }), clock })
      : createDrandHttpBeacon({
          urls: config.lotteryBeacon.urls,
          chainHash: QUICKNET.chainHash,
          params: QUICKNET,
          timeoutMs: config.lotteryBeacon.timeoutMs,
          onRefused: (detail) => app.log.error(detail, 'drand answer refused'),
        }));
  // Trx Win's TRON blocks (decision 340): a full node in production; the sandbox chain otherwise,
  // read over HTTP at this server's own /sandbox/tron routes, which exist only in sandbox mode.
  // Providers that disagree raise an operator alert (decision 386); the console is built later, so
  // the alert is bound at call time, and a failure to raise it is logged, never fatal to a draw.
  const tron = createTronService({
    db,
    clock,
    config: config.tron,
    self: app,
    alert: async ({ kind, target, details }) => {
      app.log.error({ target, details }, 'TRON providers disagree: Trx Win rounds wait');
      await app.admin.raiseSystemAlert(kind, target, details).catch((err: unknown) => app.log.error({ err }, 'could not raise the TRON alert'));
    },
  });
  if (tron.sandbox) await app.register(sandboxTronRoutes, { chain: tron.sandbox });
  app.decorate('tron', tron);
  const lottery = createLotteryService({
    db,
    ...(readDb ? { readDb } : {}),
    registry,
    clock,
    events,
    log: app.log,
    chainSecret: config.secrets.lotteryChain,
    beacon: beaconSource,
    // Trx Win's rounds are drawn from the deciding TRON block (decision 351).
    tron: { kind: config.tron.kind, decideDraw: (round) => tron.decideDraw(round) },
    safety,
    // Stakes take cash first, then the active bonus grant; its money comes back to it (decisions 530-531).
    bonus: createBonusStakes({ clock }),
    ...(lotterySettings ? { settings: lotterySettings } : {}),
  });
  await app.register(lotteryRoutes, { lottery, requireAuth });
  // Wingo's socket also takes bets (decision 570); their refusals are counted as an HTTP bet's are.
  await app.register(lotteryLive, { lottery, bus: events.bus, authenticate: auth.authenticate, noteRefusal, registry });
  app.decorate('lottery', lottery);

  // Withdrawals, KYC and payouts (docs/payments.md). The configured payout channel chooses the adapter;
  // the sandbox's page exists only with it. KYC documents stay outside the database: a local
  // folder, or an S3-compatible bucket when configured.
  const documents = config.kyc.documents;
  const documentStore = documents.kind === 's3' ? s3DocumentStore(documents) : localDocumentStore(documents.dir);
  const kyc = createKycService({ db, clock, settings: config.kyc, store: documentStore, events });
  // Invite a friend (decisions 550-552): a registration links the friend to the inviter whose code
  // they typed; the job below rewards the inviter once the friend passed KYC and played.
  const invites = createInvitesService({ db, clock, grant: promotions.grant, kycVerified: (q, playerId) => kyc.isVerified(q, playerId), currency: depositSettings.currency });
  subscribeInvites(events, invites);
  await app.register(inviteRoutes, { invites, requireAuth });
  app.decorate('invites', invites);
  const sandboxPayouts = config.payouts.kind === 'sandbox' ? createSandboxPayoutGateway(db, { callbackSecret: config.secrets.webhook }) : undefined;
  const payoutGateway: PayoutGateway = config.payouts.kind === 'http' ? createHttpPayoutGateway(config.payouts) : sandboxPayouts!;
  const withdrawals = createWithdrawalsService({
    db,
    clock,
    settings: { ...DEFAULT_WITHDRAWAL_SETTINGS, ...config.withdrawals, currency: depositSettings.currency },
    payouts: payoutGateway,
    kyc,
    safety,
    bonuses: promotions,
    vipLevelOf: vip.levelOf,
    log: app.log,
    events,
    sendAfterCommit: config.payoutSendSweepMs > 0,
  });
  await app.register(kycRoutes, { kyc, requireAuth, maxDocumentBytes: config.kyc.maxDocumentBytes });
  await app.register(withdrawalRoutes, { withdrawals, requireAuth });
  await app.register(payoutCallbackRoutes, { withdrawals, gateway: payoutGateway, clock });
  if (sandboxPayouts) await app.register(sandboxPayoutRoutes, { gateway: sandboxPayouts, secret: config.secrets.webhook, clock });
  app.decorate('withdrawals', withdrawals);
  app.decorate('kyc', kyc);

  // The operator console: its own cookie sessions under /api/admin, separate from players'.
  const withdrawalsOf = () => withdrawals;
  const kycOf = () => kyc;
  const adjustments = createAdjustmentsService({ db, clock, secondApprovalMinor: config.adjustmentSecondApprovalMinor });
  const admin = createAdminService({ db, clock, secret: config.secrets.token, limiter: createRateLimiter(db, clock), deposits, withdrawals: withdrawalsOf, kyc: kycOf, usdt, lottery, safety, adjustments });
  await app.register(adminRoutes, { admin, secureCookies: production });
  app.decorate('admin', admin);
  const reports = createReportsService({ db, clock, settings: { settleSeconds: config.reportsSettleSeconds } });
  await app.register(reportRoutes, { reports, admin });
  // Home's figures of the day (decision 518): public, rate limited, cached a minute per node.
  const today = createTodayService({
    clock,
    currency: depositSettings.currency,
    settledCounts: (from, to) => lottery.settledCounts(from, to),
    lotteryPayoutsOn: (day) => reports.lotteryPayoutsOn(day),
  });
  await app.register(todayRoutes, { today });
  // The inbox, and the operator announcements it shows (decision 458): marketing is held back from
  // a player the safety module says is on a break or excluded, and from one without marketing consent (decision 491).
  const announcements = createAnnouncements({
    db,
    clock,
    audit: createAuditLog({ db, clock }),
    blocksMarketing: async (playerId) => (await safety.blocksMarketing(playerId)) || !(await promotions.marketingConsentGiven(playerId)),
  });
  await app.register(notificationRoutes, { db, clock, requireAuth, announcements });
  await app.register(announcementRoutes, { announcements, guard: consoleGuard(admin), originOf });
  await app.register(giftCodeAdminRoutes, { promotions, guard: consoleGuard(admin), originOf });
  await app.register(promotionsConsoleRoutes, { costs: createPromotionCostReport({ db, audit: createAuditLog({ db, clock }) }), promotions, guard: consoleGuard(admin), originOf });
  await app.register(firstDepositAdminRoutes, { firstDeposit, guard: consoleGuard(admin), originOf });
  await app.register(checkInAdminRoutes, { checkIn, guard: consoleGuard(admin), originOf });
  // Reconciliation (docs/payments.md): console routes of its own module, credits through deposits.
  const reconciliation = createReconciliationService({ db, clock, deposits, audit: createAuditLog({ db, clock }), usdt, payouts: withdrawals });
  await app.register(reconciliationRoutes, { reconciliation, admin });
  // Support tickets (docs/support.md): attachments in the KYC document store under its checks;
  // a linked record is checked against its owning module (a 404 there means "not yours").
  const absentAsFalse = (err: unknown) => {
    if (err instanceof AppError && err.statusCode === 404) return false;
    throw err;
  };
  const support = createSupportService({
    db,
    clock,
    settings: { ...DEFAULT_SUPPORT_SETTINGS, responseHours: config.support.responseHours, adrText: config.support.adrText ?? DEFAULT_SUPPORT_SETTINGS.adrText, maxAttachmentBytes: config.kyc.maxDocumentBytes },
    store: documentStore,
    events,
    audit: createAuditLog({ db, clock }),
    async ownsRecord(kind, id, playerId) {
      // A deposit is a UPI order (dep_…) or a USDT order (usdt_…), each owned by its module.
      if (kind === 'deposit' && id.startsWith('usdt_')) return usdt ? usdt.status(playerId, id).then(() => true, absentAsFalse) : false;
      if (kind === 'deposit') return deposits.get(playerId, id).then(() => true, absentAsFalse);
      if (kind === 'withdrawal') return withdrawals.get(playerId, id).then(() => true, absentAsFalse);
      if (kind === 'bet') return lottery.ownsBet(playerId, id);
      return (await kyc.getForPlayer(playerId)).submissions.some((s) => s.id === id);
    },
    languageOf: async (q, playerId) => ((await findPlayerById(q, playerId))?.language === 'hi' ? 'hi' : 'en'),
    vipLevelOf: vip.levelOf,
  });
  await app.register(supportRoutes, { support, requireAuth, admin, maxAttachmentBytes: config.kyc.maxDocumentBytes });

  // One line per job; each runs on one node at a time (src/jobs). An interval of 0 is off.
  jobs.add({ name: 'events.dispatch', intervalMs: config.eventsPollMs, run: () => events.dispatch() });
  // Bonus grants (decision 490): completed ones convert, ones past their expiry expire, each once;
  // every minute at most, off with the housekeeping (tests run it by hand).
  const promotionsSettleMs = config.housekeepingSweepMs > 0 ? Math.min(config.housekeepingSweepMs, 60_000) : 0;
  jobs.add({ name: 'promotions.settle', intervalMs: promotionsSettleMs, run: () => promotions.settleDue() });
  jobs.add({ name: 'promotions.invites', intervalMs: promotionsSettleMs, run: () => invites.rewardDue() });
  jobs.add({ name: 'deposits.expire', intervalMs: config.depositExpirySweepMs, run: () => deposits.expireDue() });
  const reconciled = reconciliationMetrics(registry);
  jobs.add({ name: 'deposits.reconcile', intervalMs: config.depositReconcileSweepMs, run: async () => reconciled(await deposits.reconcile()) });
  // Housekeeping: rows that have served their purpose (off in tests, which run these by hand).
  // Once per India day (the pass after midnight IST records it; the others find the row).
  jobs.add({ name: 'reconciliation.daily', intervalMs: config.housekeepingSweepMs, run: () => reconciliation.runDaily() });
  jobs.add({ name: 'games.tickets-cleanup', intervalMs: config.housekeepingSweepMs, run: () => games.cleanupTickets() });
  jobs.add({ name: 'auth.prune-stale', intervalMs: config.housekeepingSweepMs, run: () => auth.pruneStale() });
  jobs.add({ name: 'admin.link-alerts', intervalMs: config.housekeepingSweepMs, run: () => admin.raiseLinkAlerts() });
  jobs.add({
    name: 'events.prune',
    intervalMs: config.housekeepingSweepMs,
    run: () => events.prune(new Date(clock.now().getTime() - config.eventsRetentionHours * 3600_000)),
  });
  // The round clock: one leader opens, locks, draws and settles every room's rounds.
  jobs.add({ name: 'lottery.rounds', intervalMs: config.lotteryTickMs, run: () => lottery.tick() });
  // The USDT chain watcher: one leader follows the chain (advisory lock), so several nodes can run.
  if (usdt) {
    jobs.add({ name: 'usdt.watch', intervalMs: config.usdt!.watchMs, run: () => usdt.watch() });
    jobs.add({ name: 'usdt.expire', intervalMs: config.depositExpirySweepMs, run: () => usdt.expireDue() });
  }
  // The sandbox TRON chain's blocks, one producer for the whole cluster (stored, so every node serves the same).
  if (tron.sandbox && config.tron.kind === 'sandbox') jobs.add({ name: 'tron.sandbox-blocks', intervalMs: config.tron.produceEveryMs, run: () => tron.sandbox!.produce() });
  // The reports' daily tables follow the ledger (decision 410); reports read the rest live.
  jobs.add({ name: 'reports.fold', intervalMs: config.reportsFoldMs, run: () => reports.fold() });
  // Approved withdrawals go to the payout gateway (after commit at once; this is the safety net).
  jobs.add({ name: 'withdrawals.send-payouts', intervalMs: config.payoutSendSweepMs, run: () => withdrawals.sendApproved() });

  await registerSpa(app, config.webDistDir, { serveSourceMaps: !production, lotteryClocks: (game) => lottery.clocksOf(game) });
  if (startJobs) app.addHook('onReady', async () => jobs.start());
  // One hook, in order: jobs finish their run and release their locks, the dispatcher finishes
  // its pass, the bus disconnects, and only then the database closes under them.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await usdt?.close();
    await events.close();
    await events.bus.close();
    await readDb?.close();
    await db.close();
  });
  return app;
}
