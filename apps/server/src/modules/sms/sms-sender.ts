import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/db';

/** The SMS channel: one adapter per provider, chosen by configuration. */
export interface SmsSender {
  readonly kind: 'sandbox' | 'provider';
  send(phone: string, body: string): Promise<void>;
}

/**
 * Sandbox channel for the embedded default and tests: nothing leaves the machine. Messages go
 * to the `sms_outbox` table (which the forgot-password page can show in sandbox mode) and to the
 * server log.
 */
export function sandboxSmsSender(db: Queryable, log: FastifyBaseLogger): SmsSender {
  return {
    kind: 'sandbox',
    async send(phone, body) {
      await db.query('INSERT INTO sms_outbox (phone, body) VALUES ($1, $2)', [phone, body]);
      log.info({ phone, sms: body }, 'sandbox SMS (not sent to any phone)');
    },
  };
}

/** The latest sandbox messages for one phone, newest first. */
export async function readSandboxOutbox(db: Queryable, phone: string, limit = 5) {
  const { rows } = await db.query<{ phone: string; body: string; created_at: Date }>(
    'SELECT phone, body, created_at FROM sms_outbox WHERE phone = $1 ORDER BY id DESC LIMIT $2',
    [phone, limit],
  );
  return rows.map((r) => ({ phone: r.phone, body: r.body, createdAt: r.created_at.toISOString() }));
}
