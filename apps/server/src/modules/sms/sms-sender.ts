import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SmsTemplateName } from '../../config';
import type { Queryable } from '../../db/db';
import type { Clock } from '../../lib/clock';

/** One message: which registered template it follows (DLT) and its full text. */
export type SmsMessage = { template: SmsTemplateName; body: string };

/** The SMS channel: one adapter per provider, chosen by configuration. */
export interface SmsSender {
  readonly kind: 'sandbox' | 'provider';
  /**
   * Sends one message. `reference` is random and unique per message: the gateway's idempotency
   * key (a retried request is not sent twice) and, in the sandbox, the handle that reads it back.
   * Throws SmsDeliveryError when the message could not be handed to the gateway.
   */
  send(phone: string, message: SmsMessage, reference: string): Promise<void>;
}

/**
 * The gateway did not take the message. `rejected`: it refused this message (bad number, DND,
 * template mismatch, credentials) and a retry would fail the same way; `unavailable`: it did not
 * answer usefully after the retries (timeouts, 5xx, 429).
 */
export class SmsDeliveryError extends Error {
  constructor(
    readonly reason: 'rejected' | 'unavailable',
    readonly providerCode: string,
    message: string,
  ) {
    super(message);
    this.name = 'SmsDeliveryError';
  }
}

/** Only a hash of a sandbox handle is stored, like refresh tokens: a database read leaks none. */
export function hashSandboxHandle(handle: string): string {
  return createHash('sha256').update(`sms-handle:${handle}`).digest('hex');
}

/**
 * Sandbox channel for the embedded default and tests: nothing leaves the machine. Messages go
 * to the `sms_outbox` table, readable only with the handle returned to the browser that asked
 * (never by phone number), and to the server log.
 */
export function sandboxSmsSender(db: Queryable, log: FastifyBaseLogger, clock: Clock): SmsSender {
  return {
    kind: 'sandbox',
    async send(phone, message, reference) {
      await db.query('INSERT INTO sms_outbox (phone, body, handle_hash, created_at) VALUES ($1, $2, $3, $4)', [
        phone,
        message.body,
        hashSandboxHandle(reference),
        clock.now(),
      ]);
      log.info({ phone, sms: message.body, template: message.template }, 'sandbox SMS (not sent to any phone)');
    },
  };
}

/** The sandbox message sent for one code request, found by its handle; none for an unknown one. */
export async function readSandboxOutbox(db: Queryable, handle: string, since: Date) {
  const { rows } = await db.query<{ phone: string; body: string; created_at: Date }>(
    `SELECT phone, body, created_at FROM sms_outbox
     WHERE handle_hash = $1 AND created_at >= $2 ORDER BY id DESC LIMIT 1`,
    [hashSandboxHandle(handle), since],
  );
  return rows.map((r) => ({ phone: r.phone, body: r.body, createdAt: r.created_at.toISOString() }));
}
