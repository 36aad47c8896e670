/**
 * The withdrawals module's public face: payout methods, withdrawal requests and their state
 * machine, the operator review (two-person rule), and the payout callback that settles them.
 */
export { DEFAULT_WITHDRAWAL_SETTINGS, type WithdrawalSettings } from './settings';
export { createWithdrawalsService, type WithdrawalsDeps } from './service';
export { withdrawalRoutes, payoutCallbackRoutes, type WithdrawalRoutesOptions } from './routes';
export type { OperatorId, SendReport, WithdrawalsService } from './types';
export type { PayoutCheckReport, PayoutDifference } from './payout-check';
/** Players who saved the same payout destination (linked accounts, decision 430). */
export { playersAddingPayoutSince, playersSharingPayoutDestination } from './repo';
