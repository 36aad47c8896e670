import { createHash } from 'node:crypto';

/**
 * Pure rules of the vendor wallet's idempotency: what an incoming call with an already-known
 * transaction id gets. The stored call decides; nothing is moved twice.
 */
export type KnownCall = { kind: 'debit' | 'credit' | 'rollback' | 'free_round'; requestHash: string | null; status: string; answer: unknown };

export type ReplayDecision =
  | { action: 'replay'; answer: unknown }
  | { action: 'conflict' }
  /** A debit whose id a rollback already voided: refused, whatever its body. */
  | { action: 'refuse_voided' };

export function decideReplay(known: KnownCall, kind: KnownCall['kind'], requestHash: string): ReplayDecision {
  if (known.status === 'void') return kind === 'debit' ? { action: 'refuse_voided' } : { action: 'conflict' };
  if (known.kind !== kind || known.requestHash !== requestHash) return { action: 'conflict' };
  return { action: 'replay', answer: known.answer };
}

/** The body of a call, minus nothing: a duplicate must match it exactly (key order aside). */
export function requestHashOf(kind: string, body: Record<string, unknown>): string {
  const sorted = Object.fromEntries(Object.entries(body).sort(([a], [b]) => a.localeCompare(b)));
  return createHash('sha256').update(`${kind}:${JSON.stringify(sorted)}`).digest('hex');
}
