import path from 'node:path';
import { z } from 'zod';
import { adjustmentSecondApprovalOf, ADJUSTMENTS_ENV } from './adjustments';
import { databaseConfigOf, DATABASE_ENV, productionDatabaseProblems } from './database';
import { DEPOSITS_UPI_ENV, upiConfigOf } from './deposits-upi';
import { EXPOSURE_ENV, exposureConfig } from './exposure';
import { JOBS_ENV } from './jobs';
import { KYC_ENV, kycConfigOf } from './kyc';
import { LOTTERY_ENV, lotteryBeaconOf } from './lottery';
import { payoutConfigOf, PAYOUTS_ENV } from './payouts';
import { SAFETY_ENV, safetyConfigOf } from './safety';
import { SUPPORT_ENV, supportConfigOf } from './support';
import { checkInConfigOf, PROMOTIONS_ENV } from './promotions';
import { sandboxAllowed, type SandboxChannels, sandboxChannelsOn, SANDBOX_ENV, sandboxRefusals } from './sandbox';
import { type GeneratedSecrets, loadOrCreateSecrets, SECRET_NAMES, SECRETS_ENV, weakSecrets } from './secrets';
import { serverConfigOf, SERVER_ENV } from './server';
import { TRON_ENV, tronConfigOf } from './tron';
import { SESSIONS_ENV } from './sessions';
import { ConfigError, emptyToUndefined } from './shared';
import { httpSmsSettings, SMS_ENV, smsChannelOf } from './sms';
import type { Config } from './types';
import { USDT_ENV, usdtConfigOf } from './usdt';
import { demoVendorConfigOf, demoVendorOn, VENDOR_ENV, vendorWalletConfigOf } from './vendor';
import { withdrawalConfigOf, WITHDRAWALS_ENV } from './withdrawals';

/** The only place that reads process.env: everything else receives a validated Config. */

/** Every variable the server reads, each concern's from its own file. */
const EnvSchema = z.object({
  ...SERVER_ENV,
  ...DATABASE_ENV,
  ...SECRETS_ENV,
  ...EXPOSURE_ENV,
  ...SESSIONS_ENV,
  ...JOBS_ENV,
  ...SANDBOX_ENV,
  ...SMS_ENV,
  ...LOTTERY_ENV,
  ...SAFETY_ENV,
  ...ADJUSTMENTS_ENV,
  ...VENDOR_ENV,
  ...DEPOSITS_UPI_ENV,
  ...USDT_ENV,
  ...PAYOUTS_ENV,
  ...WITHDRAWALS_ENV,
  ...KYC_ENV,
  ...SUPPORT_ENV,
  ...PROMOTIONS_ENV,
  ...TRON_ENV,
});

/**
 * Validates the environment. Each bad value gets its own line naming the variable and the reason.
 * Secrets are required in production; elsewhere they are generated once and kept beside the
 * embedded database so sessions survive restarts.
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0] ?? 'environment');
        const value = env[name];
        return `${name}${value === undefined ? '' : `=${JSON.stringify(value)}`}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(cwd, e.DATA_DIR);

  // The problems are gathered in this order, so that a report reads the same from start to start.
  const missing = SECRET_NAMES.filter((name) => !e[name]);
  const production = e.NODE_ENV === 'production';
  const problems: string[] = [];
  if (production) {
    problems.push(...productionDatabaseProblems(e));
    problems.push(...missing.map((name) => `${name}: required in production (at least 32 random characters)`));
    problems.push(...weakSecrets(e));
  }

  const smsChannel = smsChannelOf(e);
  const server = serverConfigOf(e, cwd, problems);
  const smsHttp = smsChannel === 'http' ? httpSmsSettings(e, problems) : undefined;
  const upiResult = upiConfigOf(e);
  if (!upiResult.ok) problems.push(...upiResult.problems);
  const usdtResult = usdtConfigOf(e);
  problems.push(...usdtResult.problems);
  const payoutsResult = payoutConfigOf(e);
  if (!payoutsResult.ok) problems.push(...payoutsResult.problems);
  const withdrawals = withdrawalConfigOf(e, problems);
  const safety = safetyConfigOf(e, problems);
  const adjustmentSecondApprovalMinor = adjustmentSecondApprovalOf(e, problems);
  const kyc = kycConfigOf(e, cwd, problems);
  const sandbox: SandboxChannels = {
    sms: smsChannel === 'sandbox',
    upi: upiResult.ok && upiResult.config.kind === 'sandbox',
    demoVendor: demoVendorOn(e),
    usdtChain: usdtResult.config?.kind === 'sandbox',
    payouts: payoutsResult.ok && payoutsResult.config.kind === 'sandbox',
  };
  const allowSandbox = sandboxAllowed(e);
  problems.push(...sandboxRefusals(production, allowSandbox, sandbox));
  const lotteryBeacon = lotteryBeaconOf(e, allowSandbox, problems);
  let generated: GeneratedSecrets | undefined;
  const generatedSecrets = () => (generated ??= loadOrCreateSecrets(dataDir));
  const tron = tronConfigOf(e, allowSandbox, problems, () => generatedSecrets().tronSandboxWitness);
  if (problems.length > 0 || !upiResult.ok || !payoutsResult.ok) throw new ConfigError(problems);

  const needsDemoVendorSecret = sandbox.demoVendor && !e.DEMO_VENDOR_SECRET;
  if (missing.length > 0 || needsDemoVendorSecret) generatedSecrets();

  return {
    env: e.NODE_ENV,
    ...server,
    ...databaseConfigOf(e, dataDir),
    depositExpirySweepMs: e.DEPOSIT_EXPIRY_SWEEP_MS,
    eventsPollMs: e.EVENTS_POLL_MS,
    secrets: {
      token: e.TOKEN_SECRET ?? generated!.token,
      webhook: e.WEBHOOK_SECRET ?? generated!.webhook,
      lotteryChain: e.LOTTERY_CHAIN_SECRET ?? generated!.lotteryChain,
    },
    exposure: exposureConfig(e),
    sandbox,
    demo: production && sandboxChannelsOn({ sandbox }).length > 0,
    demoVendor: sandbox.demoVendor ? demoVendorConfigOf(e, () => generated!.demoVendor) : undefined,
    smsHttp,
    upi: upiResult.config,
    allowSandboxInProduction: allowSandbox,
    depositReconcileSweepMs: e.DEPOSIT_RECONCILE_SWEEP_MS,
    lotteryTickMs: e.LOTTERY_TICK_MS,
    sessionCacheTtlMs: e.SESSION_CACHE_TTL_MS,
    lotteryBeacon,
    housekeepingSweepMs: e.HOUSEKEEPING_SWEEP_MS,
    eventsRetentionHours: e.EVENTS_RETENTION_HOURS,
    reportsFoldMs: e.REPORTS_FOLD_MS,
    reportsSettleSeconds: e.REPORTS_SETTLE_SECONDS,
    usdt: usdtResult.config,
    payouts: payoutsResult.config,
    withdrawals,
    vendorWallet: vendorWalletConfigOf(e),
    kyc,
    support: supportConfigOf(e),
    checkIn: checkInConfigOf(e),
    payoutSendSweepMs: e.PAYOUT_SEND_SWEEP_MS,
    safety,
    adjustmentSecondApprovalMinor,
    tron,
  };
}
