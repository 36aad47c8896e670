/**
 * A fresh idempotency key for one money request. `crypto.randomUUID` needs a secure context
 * (https or localhost); on plain http from a LAN address it is missing, so the key is built from
 * `getRandomValues`, which works everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
