/**
 * The deposits module's public face: recharge orders, their state machine and audit trail, the
 * routes players use, the gateway webhook that applies payment notices to orders, and the one
 * deposit credit every channel uses (USDT orders too).
 */
export { DEFAULT_DEPOSIT_SETTINGS, type DepositSettings } from './deposit-rules';
export { depositRoutes, type DepositRoutesOptions } from './routes';
export { createDepositsService, type DepositsDeps, type DepositsService, type ReconcileReport, type SettlementFacts } from './service';
export { creditDeposit, depositCreditKey, type DepositCredit, type DepositCreditDeps } from './credit';
export { upiWebhookRoutes } from './webhook-routes';
