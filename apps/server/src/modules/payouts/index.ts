/**
 * The payouts module's public face: the payout gateway interface and its adapters (sandbox,
 * HTTP provider) and the sandbox's page. Payouts knows nothing of withdrawals' rows or money;
 * the withdrawals module applies callbacks to withdrawals and owns the callback route.
 */
export {
  PayoutUnavailableError,
  type CallbackParseResult,
  type PayoutDestination,
  type PayoutGateway,
  type PayoutRecord,
  type PayoutRequest,
} from './payout-gateway';
