import { AppError } from '../../errors';

/**
 * Why the ledger refused a request (TigerBeetle-style named results). The first two are business
 * outcomes a player can meet; every other one means the calling module built a bad transfer.
 */
export type LedgerFailure = LedgerOutcome | LedgerMisuse;

/** Refusals a client can meet and act on; each is also a contract error code (409). */
export type LedgerOutcome =
  /** A player account would go below zero. */
  | 'INSUFFICIENT_FUNDS'
  /** The idempotency key was already used for a transfer with a different body. */
  | 'IDEMPOTENCY_CONFLICT';

/** Refusals that can only come from a bug in the calling module. */
export type LedgerMisuse =
  /** Fewer than two entries. */
  | 'ENTRIES_TOO_FEW'
  /** The entries do not sum to zero. */
  | 'ENTRIES_UNBALANCED'
  /** An amount is not a safe integer number of minor units. */
  | 'AMOUNT_INVALID'
  /** An entry of zero moves nothing and is refused so history has no empty lines. */
  | 'AMOUNT_ZERO'
  /** The same account appears twice in one transfer (callers net their amounts first). */
  | 'ACCOUNT_REPEATED'
  /** An account code names no account. */
  | 'ACCOUNT_NOT_FOUND'
  /** ensureAccount found the code already taken by an account of another kind, owner or currency. */
  | 'ACCOUNT_MISMATCH'
  /** The accounts of one transfer hold different currencies. */
  | 'CURRENCY_MISMATCH'
  /** A balance would leave the range of safe integers. */
  | 'BALANCE_OUT_OF_RANGE'
  /** A malformed key, kind, code, reference, metadata or option. */
  | 'INVALID_ARGUMENT';

/**
 * What a player reads when the ledger refuses (docs/ledger.md, "Failures"): the API answers a LedgerError with its
 * message, so it names no account code (`player:20:main`), key or transfer id. Those stay in
 * `details`, for logs and callers.
 */
export const INSUFFICIENT_FUNDS_MESSAGE = 'Your balance is too low for this';
export const IDEMPOTENCY_CONFLICT_MESSAGE = 'This request was already made with different details';

/**
 * A business refusal. It is an AppError, so the API answers with its own code
 * (INSUFFICIENT_FUNDS or IDEMPOTENCY_CONFLICT, both 409) and message.
 */
export class LedgerError extends AppError {
  constructor(
    readonly reason: LedgerOutcome,
    message: string,
    /** Machine-readable facts for logs and callers, e.g. the account and its balance. */
    readonly details: Record<string, unknown> = {},
  ) {
    super(reason, message);
    this.name = 'LedgerError';
  }
}

/**
 * A transfer or account the ledger refuses because the caller built it wrong. Deliberately not
 * an AppError: the calling module validated its input against the contract before building the
 * transfer, so this is a server bug, and the error plugin logs it with its stack and answers a
 * generic 500 INTERNAL (decision 004) instead of showing a client our internals.
 */
export class LedgerMisuseError extends Error {
  constructor(
    readonly reason: LedgerMisuse,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'LedgerMisuseError';
  }
}

/** True when the ledger refused with `err` (either class), optionally for the given reason. */
export function isLedgerError(err: unknown, reason?: LedgerFailure): err is LedgerError | LedgerMisuseError {
  return (err instanceof LedgerError || err instanceof LedgerMisuseError) && (reason === undefined || err.reason === reason);
}
