/**
 * The deposits module's public face: recharge orders, their state machine and audit trail, the
 * routes players use, and the gateway webhook that applies payment notices to orders.
 */
export { DEFAULT_DEPOSIT_SETTINGS, type DepositSettings } from './deposit-rules';
export { depositRoutes, type DepositRoutesOptions } from './routes';
export { createDepositsService, type DepositsDeps, type DepositsService, type ReconcileReport } from './service';
export { upiWebhookRoutes } from './webhook-routes';
