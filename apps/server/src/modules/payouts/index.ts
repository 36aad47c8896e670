/**
 * The payouts module's public face: the payout gateway interface and its adapters (sandbox,
 * HTTP provider) and the sandbox's page. Payouts knows nothing of withdrawals' rows or money;
 * the withdrawals module applies callbacks to withdrawals and owns the callback route.
 */
export { createHttpPayoutGateway } from './http/http-payouts';
/** A local stand-in for the HTTP provider's documented API, for tests and local trials. */
export { startPayoutProviderStub } from './http/provider-stub';
export {
  PayoutUnavailableError,
  type CallbackParseResult,
  type PayoutDestination,
  type PayoutGateway,
  type PayoutRecord,
  type PayoutRequest,
} from './payout-gateway';
export { sandboxPayoutRoutes } from './sandbox/routes';
export { createSandboxPayoutGateway, type SandboxPayoutDecision, type SandboxPayoutGateway } from './sandbox/sandbox-payouts';
