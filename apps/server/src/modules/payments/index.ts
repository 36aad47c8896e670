/**
 * The payments module's public face: the UPI gateway interface and its two adapters (HTTP
 * provider, sandbox), the webhook signature, the sandbox's pages, and the log of gateway notices.
 * Payments knows nothing of orders; deposits applies notices to orders and owns the webhook route.
 */
export { createHttpUpiGateway } from './http-upi/http-gateway';
export {
  insertGatewayEvent,
  listParkedEvents,
  lockGatewayEvent,
  settleGatewayEvent,
  type GatewayEventSource,
} from './repo';
export { sandboxUpiRoutes } from './sandbox-upi/routes';
export { createSandboxUpiGateway, type SandboxUpiGateway } from './sandbox-upi/sandbox-gateway';
export {
  GatewayUnavailableError,
  type GatewayNotice,
  type GatewayPayment,
  type GatewayWebhook,
  type UpiGateway,
  type WebhookParseResult,
} from './upi-gateway';
export { SIGNATURE_HEADER, signWebhook, verifyWebhookSignature, type SignatureVerdict } from './webhook-signature';
