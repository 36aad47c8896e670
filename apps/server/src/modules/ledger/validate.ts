import { createHash } from 'node:crypto';
import { isAccountCode } from './account-codes';
import { LedgerMisuseError } from './errors';
import type { TransferKind } from './transfer-kinds';

/** One line of a transfer: a signed amount for one account (credit positive, debit negative). */
export type TransferEntryInput = { accountCode: string; amountMinor: number };

/** A request to move money; `idempotencyKey` makes retries safe. */
export type PostTransferInput = {
  /** Unique per business action, namespaced by the caller: 'dep:dep_123', 'bet:bet_456'. */
  idempotencyKey: string;
  /** What kind of movement this is (transfer-kinds.ts). */
  kind: TransferKind;
  /** The business row that caused the transfer ('dep_123'); part of the idempotency body. */
  reference?: string | null;
  /** Free-form facts for audits (not part of the idempotency body). */
  metadata?: Record<string, unknown>;
  entries: readonly TransferEntryInput[];
};

/** A transfer that passed every check that needs no database. */
export type ValidTransfer = {
  idempotencyKey: string;
  kind: string;
  reference: string | null;
  metadataJson: string;
  entries: TransferEntryInput[];
  requestHash: string;
};

export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;
export const REFERENCE_MAX_LENGTH = 200;
/** Bounds the number of rows one transfer locks. */
export const MAX_ENTRIES = 64;
const KIND_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

function invalid(message: string, details: Record<string, unknown> = {}): LedgerMisuseError {
  return new LedgerMisuseError('INVALID_ARGUMENT', message, details);
}

/**
 * Checks a transfer without touching the database, so a bad one is refused before any lock is
 * taken. Throws a LedgerError naming the first problem found.
 */
export function validateTransfer(input: PostTransferInput): ValidTransfer {
  const { idempotencyKey, kind, reference = null, metadata = {}, entries } = input;
  if (typeof idempotencyKey !== 'string' || idempotencyKey.length === 0 || idempotencyKey.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
    throw invalid(`The idempotency key must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`);
  }
  if (typeof kind !== 'string' || !KIND_PATTERN.test(kind)) {
    throw invalid(`Transfer kind ${JSON.stringify(kind)} must be lower_snake_case`);
  }
  if (reference !== null && (typeof reference !== 'string' || reference.length === 0 || reference.length > REFERENCE_MAX_LENGTH)) {
    throw invalid(`The reference must be 1 to ${REFERENCE_MAX_LENGTH} characters or null`);
  }
  if (typeof metadata !== 'object' || metadata === null || Array.isArray(metadata)) {
    throw invalid('Metadata must be a plain object');
  }
  if (!Array.isArray(entries) || entries.length < 2) {
    throw new LedgerMisuseError('ENTRIES_TOO_FEW', 'A transfer needs at least two entries');
  }
  if (entries.length > MAX_ENTRIES) throw invalid(`A transfer has at most ${MAX_ENTRIES} entries`);

  const seen = new Set<string>();
  // BigInt, because the sum of safe integers need not be safe itself.
  let sum = 0n;
  const clean: TransferEntryInput[] = [];
  for (const [i, entry] of entries.entries()) {
    const { accountCode, amountMinor } = entry ?? ({} as TransferEntryInput);
    if (!isAccountCode(accountCode)) {
      throw invalid(`Entry ${i}: ${JSON.stringify(accountCode)} is not an account code`, { entry: i });
    }
    if (typeof amountMinor !== 'number' || !Number.isSafeInteger(amountMinor)) {
      throw new LedgerMisuseError('AMOUNT_INVALID', `Entry ${i}: the amount must be a safe integer of minor units`, {
        entry: i,
        accountCode,
      });
    }
    if (amountMinor === 0) {
      throw new LedgerMisuseError('AMOUNT_ZERO', `Entry ${i}: the amount must not be zero`, { entry: i, accountCode });
    }
    if (seen.has(accountCode)) {
      throw new LedgerMisuseError('ACCOUNT_REPEATED', `Account ${accountCode} appears more than once`, { accountCode });
    }
    seen.add(accountCode);
    sum += BigInt(amountMinor);
    clean.push({ accountCode, amountMinor });
  }
  if (sum !== 0n) {
    throw new LedgerMisuseError('ENTRIES_UNBALANCED', `The entries sum to ${sum}, not zero`, { sumMinor: sum.toString() });
  }

  let metadataJson: string;
  try {
    metadataJson = JSON.stringify(metadata);
  } catch {
    throw invalid('Metadata must be serialisable as JSON');
  }
  return { idempotencyKey, kind, reference, metadataJson, entries: clean, requestHash: requestHash(kind, reference, clean) };
}

/**
 * Fingerprint of what a transfer does. Entries are sorted so the same movement listed in another
 * order is the same request; metadata is left out because it describes, it does not move money.
 */
export function requestHash(kind: string, reference: string | null, entries: readonly TransferEntryInput[]): string {
  const lines = entries
    .map((e) => [e.accountCode, e.amountMinor] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return createHash('sha256').update(JSON.stringify([kind, reference, lines])).digest('hex');
}
