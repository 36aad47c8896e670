/**
 * Our own webhook signature (the one our sandboxes sign with), kept in the shared provider kit so
 * the sandbox kit signs with it too; this module's public face still offers it from here.
 */
export {
  SIGNATURE_HEADER,
  signWebhook,
  verifyWebhookSignature,
  WEBHOOK_TOLERANCE_SECONDS,
  type SignatureVerdict,
} from '../../lib/providers/wire';
