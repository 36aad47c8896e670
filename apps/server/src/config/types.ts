import type { DemoVendorConfig, VendorWalletConfig } from './vendor';
import type { ExposureConfig } from './exposure';
import type { HttpSmsConfig } from './sms';
import type { KycConfig } from './kyc';
import type { SupportConfig } from './support';
import type { CheckInConfig } from './promotions';
import type { LotteryBeaconConfig } from './lottery';
import type { PayoutConfig } from './payouts';
import type { SafetyConfig } from './safety';
import type { SandboxChannels } from './sandbox';
import type { TrustProxy } from './server';
import type { TronConfig } from './tron';
import type { UpiConfig } from './deposits-upi';
import type { UsdtConfig } from './usdt';
import type { WithdrawalConfig } from './withdrawals';
import type { NodeEnv } from './shared';

/** The validated settings every other part of the server receives (built by load.ts). */
export type Config = {
  env: NodeEnv;
  host: string;
  port: number;
  /** Absent: embedded PGlite stored in `pgliteDir`. */
  databaseUrl: string | undefined;
  /**
   * The owner role's connection, which runs migrations; undefined: `databaseUrl` runs them (the
   * single-URL setups of development and tests, and PGlite).
   */
  migrationDatabaseUrl: string | undefined;
  /** The replicas' connection for stale-tolerant reads (decision 428); undefined: `databaseUrl`. */
  databaseReplicaUrl: string | undefined;
  /** Where PGlite keeps its files; `memory://` for throwaway test databases. */
  pgliteDir: string;
  redisUrl: string | undefined;
  logLevel: string;
  webDistDir: string;
  corsOrigins: string[];
  bodyLimitBytes: number;
  requestTimeoutMs: number;
  /** `lotteryChain` seals the lottery chains' checkpoints at rest (decision 171). */
  secrets: { token: string; webhook: string; lotteryChain: string };
  /** How often open deposit orders are checked for expiry; 0 turns the sweep off (tests). */
  depositExpirySweepMs: number;
  /**
   * How often the leader looks for events the after-commit dispatch missed (a crash between
   * commit and dispatch, a handler waiting to retry); 0 turns the safety net off (tests).
   */
  eventsPollMs: number;
  /** Create the demo player at start (default: on with the embedded database, off otherwise). */
  seedDemo: boolean;
  exposure: ExposureConfig;
  /** Which sandbox channels are on (default: all outside production, none in production). */
  sandbox: SandboxChannels;
  /** True when sandbox channels run in production by ALLOW_SANDBOX_IN_PRODUCTION=demo: no real money. */
  demo: boolean;
  /** The demo game vendor, when its sandbox channel is on. */
  demoVendor: DemoVendorConfig | undefined;
  /** The real SMS gateway; set exactly when the SMS channel is http. */
  smsHttp: HttpSmsConfig | undefined;
  /** Which peers may set X-Forwarded-For (off unless TRUST_PROXY says otherwise). */
  trustProxy: TrustProxy;
  /** The UPI payment channel: the in-process sandbox or a real provider over HTTP. */
  upi: UpiConfig;
  /** `ALLOW_SANDBOX_IN_PRODUCTION=demo`: a production-mode demo may run sandbox channels. */
  allowSandboxInProduction: boolean;
  /** How often reconciliation asks the gateway about unsettled orders; 0 turns it off (tests). */
  depositReconcileSweepMs: number;
  /** How often the lottery round engine runs (open, lock, draw, settle); 0 turns it off (tests). */
  lotteryTickMs: number;
  /** How long a node may trust a session it checked (0 = check every request); the bound on a revocation missed by the bus (decision 202). */
  sessionCacheTtlMs: number;
  /** Where draws get their beacon values: the local sandbox (default outside production) or drand over HTTP. */
  lotteryBeacon: LotteryBeaconConfig;
  /**
   * How often the leader deletes rows that have served their purpose (used launch tickets,
   * forgotten login failures, spent codes, delivered events past retention); 0 turns it off.
   */
  housekeepingSweepMs: number;
  /** How long a fully delivered domain event is kept for inspection before housekeeping deletes it. */
  eventsRetentionHours: number;
  /** How often the leader folds ledger entries into the reports' daily tables; 0 turns it off. */
  reportsFoldMs: number;
  /** How old an entry's transaction must be before the reports' fold takes it (decision 410). */
  reportsSettleSeconds: number;
  /** The USDT recharge channel; undefined when USDT_CHANNEL=off. */
  usdt: UsdtConfig | undefined;
  /** The payout channel: the in-process sandbox or a real provider over HTTP. */
  payouts: PayoutConfig;
  /** Withdrawal limits, fee, wagering lock, auto-payout and two-person thresholds. */
  withdrawals: WithdrawalConfig;
  /** What a game vendor may credit (decision 193). */
  vendorWallet: VendorWalletConfig;
  /** KYC checks and where documents are stored. */
  kyc: KycConfig;
  /** Support tickets (docs/support.md). */
  support: SupportConfig;
  /** The daily check-in's bonus, budget and pause (docs/promotions.md, decision 546). */
  checkIn: CheckInConfig;
  /** How often the leader sends approved withdrawals to the payout gateway; 0 turns it off (tests). */
  payoutSendSweepMs: number;
  /** Responsible-gambling controls offered, and whether a deposit limit is mandatory. */
  safety: SafetyConfig;
  /** From this amount an operator's balance adjustment needs a second, independent approver (decision 421). */
  adjustmentSecondApprovalMinor: number;
  /** Trx Win's TRON block source: the local sandbox chain (default outside production) or a full node. */
  tron: TronConfig;
};
