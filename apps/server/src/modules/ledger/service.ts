import type { Db, Queryable } from '../../db/db';
import {
  ACCOUNT_OWNER_PATTERN,
  CURRENCY_PATTERN,
  DEFAULT_CURRENCY,
  accountKindOf,
  isAccountCode,
  type AccountKind,
} from './account-codes';
import { IDEMPOTENCY_CONFLICT_MESSAGE, INSUFFICIENT_FUNDS_MESSAGE, LedgerError, LedgerMisuseError } from './errors';
import {
  applyEntries,
  insertAccountIfAbsent,
  insertTransferIfKeyFree,
  lockAccounts,
  selectAccount,
  selectAccountBalance,
  selectAccountsOfOwner,
  selectEntriesOfTransfer,
  selectHistory,
  selectSumsByKind,
  selectOwnerPlayByGame,
  selectOwnerSumsByKindSince,
  selectTransferById,
  selectTransferByKey,
  selectBalanceTotals,
  selectEntryFacts,
  selectSettledEntryId,
  selectTransferSumsByReference,
  type AccountRow,
  type EntryFact,
  type EntryRow,
  type EntryWrite,
  type TransferRow,
} from './repo';
import { TRANSFER_KINDS, type TransferKind } from './transfer-kinds';
import { validateTransfer, type PostTransferInput } from './validate';
import { newTransferId } from './transfer-id';

/** An account and its current balance. */
export type LedgerAccount = {
  code: string;
  kind: AccountKind;
  owner: string | null;
  currency: string;
  balanceMinor: number;
  createdAt: Date;
};

/** One line of a posted transfer, with the account's balance around it. */
export type LedgerEntry = {
  /** Increases with time for each account; the cursor of `listEntries`. */
  id: number;
  transferId: string;
  accountCode: string;
  amountMinor: number;
  balanceBeforeMinor: number;
  balanceAfterMinor: number;
  createdAt: Date;
};

/** A posted transfer with its entries in the order they were given. */
export type LedgerTransfer = {
  /** `xfer_...` */
  id: string;
  idempotencyKey: string;
  kind: string;
  reference: string | null;
  metadata: Record<string, unknown>;
  createdAt: Date;
  entries: LedgerEntry[];
};

/** The result of postTransfer; `replayed` is true when the key had already been used. */
export type PostedTransfer = LedgerTransfer & { replayed: boolean };

/** An entry as an account's history shows it, with what caused it. */
export type LedgerHistoryEntry = LedgerEntry & {
  transferKind: string;
  reference: string | null;
  metadata: Record<string, unknown>;
};

export type EnsureAccountInput = {
  code: string;
  kind: AccountKind;
  /** Required for player accounts (the player id inside the code), absent for house accounts. */
  owner?: string | number | null;
  currency?: string;
};

export type { PostTransferInput, TransferEntryInput } from './validate';

export const HISTORY_DEFAULT_LIMIT = 50;
export const HISTORY_MAX_LIMIT = 200;

function toAccount(r: AccountRow): LedgerAccount {
  return { code: r.code, kind: r.kind, owner: r.owner, currency: r.currency, balanceMinor: r.balance_minor, createdAt: r.created_at };
}

function toEntry(r: EntryRow): LedgerEntry {
  return {
    id: r.id,
    transferId: r.transfer_id,
    accountCode: r.account_code,
    amountMinor: r.amount_minor,
    balanceBeforeMinor: r.balance_before_minor,
    balanceAfterMinor: r.balance_after_minor,
    createdAt: r.created_at,
  };
}

function toTransfer(t: TransferRow, entries: LedgerEntry[]): LedgerTransfer {
  return {
    id: t.id,
    idempotencyKey: t.idempotency_key,
    kind: t.kind,
    reference: t.reference,
    metadata: t.metadata,
    createdAt: t.created_at,
    entries,
  };
}

function isDb(q: Queryable): q is Db {
  return typeof (q as Partial<Db>).transaction === 'function';
}

/**
 * Runs `fn` in one READ COMMITTED transaction. The ledger's correctness rests on row locks, not
 * on snapshot isolation: after waiting for a lock each statement must see what the other
 * transaction committed, which REPEATABLE READ or SERIALIZABLE would refuse with an error.
 */
export function withTransaction<T>(db: Db, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(fn, { readCommitted: true });
}

/** Given the pool, opens a transaction; given a transaction, joins it (the caller's rollback wins). */
function atomically<T>(q: Queryable, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return isDb(q) ? withTransaction(q, fn) : fn(q);
}

/** Creates the account if its code is new; returns it either way. Idempotent and race-safe. */
export async function ensureAccount(q: Queryable, input: EnsureAccountInput): Promise<LedgerAccount> {
  const { code, kind } = input;
  const owner = input.owner === undefined || input.owner === null ? null : String(input.owner);
  const currency = input.currency ?? DEFAULT_CURRENCY;
  if (!isAccountCode(code)) throw new LedgerMisuseError('INVALID_ARGUMENT', `${JSON.stringify(code)} is not an account code`);
  if (kind !== accountKindOf(code)) {
    throw new LedgerMisuseError('INVALID_ARGUMENT', `Account ${code} must be of kind ${accountKindOf(code)}`, { code, kind });
  }
  if (kind === 'player' && (owner === null || !ACCOUNT_OWNER_PATTERN.test(owner) || !code.startsWith(`player:${owner}:`))) {
    throw new LedgerMisuseError('INVALID_ARGUMENT', `Player account ${code} must name its owner as player:<owner>:...`, { code, owner });
  }
  if (kind === 'house' && owner !== null) {
    throw new LedgerMisuseError('INVALID_ARGUMENT', `House account ${code} has no owner`, { code, owner });
  }
  if (!CURRENCY_PATTERN.test(currency)) throw new LedgerMisuseError('INVALID_ARGUMENT', `Currency ${JSON.stringify(currency)} is not a currency code`);

  // Read first: callers ensure their accounts on every money request, and a plain read neither
  // writes nor burns an identity value. If another transaction is creating the same code, ON
  // CONFLICT waits for it, and the SELECT that follows (a new READ COMMITTED snapshot) sees it.
  const row =
    (await selectAccount(q, code)) ??
    (await insertAccountIfAbsent(q, { code, kind, owner, currency })) ??
    (await selectAccount(q, code));
  if (!row) throw new LedgerMisuseError('ACCOUNT_NOT_FOUND', `Account ${code} vanished while being created`, { code });
  if (row.kind !== kind || row.owner !== owner || row.currency !== currency) {
    throw new LedgerMisuseError('ACCOUNT_MISMATCH', `Account ${code} already exists with another kind, owner or currency`, {
      code,
      existing: { kind: row.kind, owner: row.owner, currency: row.currency },
    });
  }
  return toAccount(row);
}

/** The account with this code, or null. */
export async function getAccount(q: Queryable, code: string): Promise<LedgerAccount | null> {
  const row = await selectAccount(q, code);
  return row ? toAccount(row) : null;
}

/** The account's balance and currency, or null when there is no such account (the balance read's one query). */
export async function getAccountBalance(q: Queryable, code: string): Promise<{ balanceMinor: number; currency: string } | null> {
  const row = await selectAccountBalance(q, code);
  return row ? { balanceMinor: row.balance_minor, currency: row.currency } : null;
}

/** Every account a player owns (main wallet and per-vendor purses), oldest first. */
export async function listAccountsOfOwner(q: Queryable, owner: string | number): Promise<LedgerAccount[]> {
  return (await selectAccountsOfOwner(q, String(owner))).map(toAccount);
}

/**
 * The balances of `codes`, their rows locked in ascending id order (the order every transfer
 * locks in) until the transaction ends: a caller that moves a whole balance (a bonus grant's end)
 * reads it knowing nothing can take from it before its transfer. Accounts that do not exist are left out.
 */
export async function lockBalances(tx: Queryable, codes: readonly string[]): Promise<Map<string, number>> {
  if (!tx.afterCommit) throw new LedgerMisuseError('INVALID_ARGUMENT', 'lockBalances must run inside a transaction');
  return new Map((await lockAccounts(tx, codes)).map((a) => [a.code, a.balance_minor]));
}

/** The account's balance in minor units; ACCOUNT_NOT_FOUND when there is no such account. */
export async function getBalance(q: Queryable, code: string): Promise<number> {
  const row = await selectAccount(q, code);
  if (!row) throw new LedgerMisuseError('ACCOUNT_NOT_FOUND', `No account ${code}`, { code });
  return row.balance_minor;
}

async function loadTransfer(q: Queryable, t: TransferRow): Promise<LedgerTransfer> {
  const entries = await selectEntriesOfTransfer(q, t.id);
  return toTransfer(t, entries.map(toEntry));
}

/** The transfer posted under this idempotency key, or null (lets callers ask "did it happen?"). */
export async function findTransferByKey(q: Queryable, idempotencyKey: string): Promise<LedgerTransfer | null> {
  const t = await selectTransferByKey(q, idempotencyKey);
  return t ? loadTransfer(q, t) : null;
}

/** The transfer with this `xfer_` id, or null. */
export async function findTransferById(q: Queryable, id: string): Promise<LedgerTransfer | null> {
  const t = await selectTransferById(q, id);
  return t ? loadTransfer(q, t) : null;
}

/** The stored transfer when the request matches it; IDEMPOTENCY_CONFLICT when it does not. */
async function replay(q: Queryable, existing: TransferRow, requestHash: string): Promise<PostedTransfer> {
  if (existing.request_hash !== requestHash) {
    throw new LedgerError(
      'IDEMPOTENCY_CONFLICT',
      IDEMPOTENCY_CONFLICT_MESSAGE,
      { idempotencyKey: existing.idempotency_key, transferId: existing.id },
    );
  }
  return { ...(await loadTransfer(q, existing)), replayed: true };
}

const CHECK_VIOLATION = '23514';
const NON_NEGATIVE_CONSTRAINT = 'ledger_accounts_player_non_negative';

/**
 * Posts one balanced transfer: the only way money moves. Pass a transaction to commit it with
 * the business row that caused it (READ COMMITTED, see withTransaction); pass the Db and it runs
 * in its own. A retry with the same key and body returns the first transfer and moves nothing.
 * Every refusal (LedgerError, LedgerMisuseError) is thrown before anything is written, so a
 * caller's transaction stays usable after catching one.
 */
export async function postTransfer(q: Queryable, input: PostTransferInput): Promise<PostedTransfer> {
  const valid = validateTransfer(input);
  return atomically(q, async (tx) => {
    const codes = valid.entries.map((e) => e.accountCode);
    const locked = await lockAccounts(tx, codes);

    // Looked up only after the locks: a concurrent retry of this very request locks the same
    // accounts, so by now it has committed and we return its result instead of re-checking
    // funds it already spent.
    const existing = await selectTransferByKey(tx, valid.idempotencyKey);
    if (existing) return replay(tx, existing, valid.requestHash);

    const byCode = new Map(locked.map((a) => [a.code, a]));
    const missing = codes.filter((c) => !byCode.has(c));
    if (missing.length > 0) {
      throw new LedgerMisuseError('ACCOUNT_NOT_FOUND', `No account ${missing.join(', ')}`, { accountCodes: missing });
    }
    const currencies = new Set(locked.map((a) => a.currency));
    if (currencies.size > 1) {
      throw new LedgerMisuseError('CURRENCY_MISMATCH', `One transfer cannot mix ${[...currencies].join(' and ')}`, {
        currencies: [...currencies],
      });
    }

    const writes: EntryWrite[] = valid.entries.map(({ accountCode, amountMinor }) => {
      const account = byCode.get(accountCode)!;
      const balanceAfterMinor = account.balance_minor + amountMinor;
      if (!Number.isSafeInteger(balanceAfterMinor)) {
        throw new LedgerMisuseError('BALANCE_OUT_OF_RANGE', `Account ${accountCode} would leave the safe integer range`, { accountCode });
      }
      if (account.kind === 'player' && balanceAfterMinor < 0) {
        throw new LedgerError('INSUFFICIENT_FUNDS', INSUFFICIENT_FUNDS_MESSAGE, {
          accountCode,
          balanceMinor: account.balance_minor,
          amountMinor,
        });
      }
      return { accountId: account.id, amountMinor, balanceBeforeMinor: account.balance_minor, balanceAfterMinor };
    });

    const transferId = newTransferId();
    const inserted = await insertTransferIfKeyFree(tx, { id: transferId, ...valid });
    if (!inserted) {
      // Another transaction committed this key between our lookup and our insert (possible only
      // when it locked other accounts, i.e. a different body, or was still open at the lookup).
      const winner = await selectTransferByKey(tx, valid.idempotencyKey);
      if (!winner) throw new Error(`Idempotency key ${valid.idempotencyKey} conflicted but cannot be read`);
      return replay(tx, winner, valid.requestHash);
    }

    let rows;
    try {
      rows = await applyEntries(tx, transferId, writes);
    } catch (err) {
      // The CHECK constraint is the last line of defence; reaching it means the checks above
      // missed a case, and the caller's transaction is now aborted either way.
      const e = err as { code?: string; constraint?: string };
      if (e.code === CHECK_VIOLATION && e.constraint === NON_NEGATIVE_CONSTRAINT) {
        throw new LedgerError('INSUFFICIENT_FUNDS', INSUFFICIENT_FUNDS_MESSAGE, {
          constraint: e.constraint,
        });
      }
      throw err;
    }
    const codeById = new Map(locked.map((a) => [a.id, a.code]));
    const entries = rows.map((r) => ({
      id: r.id,
      transferId,
      accountCode: codeById.get(r.account_id)!,
      amountMinor: r.amount_minor,
      balanceBeforeMinor: r.balance_before_minor,
      balanceAfterMinor: r.balance_after_minor,
      createdAt: r.created_at,
    }));
    return { ...toTransfer(inserted, entries), replayed: false };
  });
}

/** One page of an account's history, newest first; pass `nextBefore` back as `before` for the next. */
export async function listEntries(
  q: Queryable,
  code: string,
  opts: { limit?: number; before?: number | null } = {},
): Promise<{ entries: LedgerHistoryEntry[]; nextBefore: number | null }> {
  const limit = opts.limit ?? HISTORY_DEFAULT_LIMIT;
  const before = opts.before ?? null;
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > HISTORY_MAX_LIMIT) {
    throw new LedgerMisuseError('INVALID_ARGUMENT', `limit must be 1 to ${HISTORY_MAX_LIMIT}`);
  }
  if (before !== null && (!Number.isSafeInteger(before) || before < 1)) {
    throw new LedgerMisuseError('INVALID_ARGUMENT', 'before must be an entry id');
  }
  const account = await selectAccount(q, code);
  if (!account) throw new LedgerMisuseError('ACCOUNT_NOT_FOUND', `No account ${code}`, { code });
  // One extra row tells whether another page exists without a count query.
  const rows = await selectHistory(q, account.id, before, limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map((r) => ({ ...toEntry(r), transferKind: r.transfer_kind, reference: r.reference, metadata: r.metadata })),
    nextBefore: rows.length > limit ? page[page.length - 1]!.id : null,
  };
}

/**
 * The net amount each transfer kind moved on one account over its whole history, e.g. deposits
 * credited in and stakes taken out of a player's main wallet (the withdrawal wagering rule).
 * Kinds with no entries are 0. Signed: money in is positive, money out negative.
 */
/** Sums by transfer kind over all of a player's accounts since a time (null: all time); every kind asked for is present. */
export async function sumPlayerEntriesByKindSince(
  q: Queryable,
  playerId: string | number,
  kinds: readonly string[],
  since: Date | null,
): Promise<Record<string, number>> {
  const sums: Record<string, number> = Object.fromEntries(kinds.map((k) => [k, 0]));
  for (const row of await selectOwnerSumsByKindSince(q, String(playerId), kinds, since)) sums[row.kind] = row.sum_minor;
  return sums;
}

/**
 * A player's entries of `kinds` by window ([from, to)), game and kind: how many, and their sum
 * (player side: stakes negative, payouts positive). `window` is the index in `windows`.
 */
export async function sumPlayerEntriesByGame(
  q: Queryable,
  playerId: string | number,
  kinds: readonly string[],
  windows: readonly { from: Date; to: Date }[],
): Promise<{ window: number; game: string | null; kind: string; entries: number; sumMinor: number }[]> {
  return (await selectOwnerPlayByGame(q, String(playerId), kinds, windows)).map((r) => ({ window: r.window, game: r.game, kind: r.kind, entries: r.entries, sumMinor: r.sum_minor }));
}

export async function sumEntriesByKind(q: Queryable, code: string, kinds: readonly string[], afterEntryId: number | null = null): Promise<Record<string, number>> {
  const sums: Record<string, number> = Object.fromEntries(kinds.map((k) => [k, 0]));
  // afterEntryId: only entries the ledger applied after that one (a bonus grant's wagering, decision 490).
  for (const row of await selectSumsByKind(q, code, kinds, afterEntryId)) sums[row.kind] = row.sum_minor;
  return sums;
}

export type { EntryFact } from './repo';

/**
 * Entries with `afterEntryId < id <= throughEntryId` (open-ended when null), grouped for the
 * reports (decision 410). Read-only; the reports module folds these into its own daily tables.
 */
export async function summarizeEntries(q: Queryable, range: { afterEntryId: number; throughEntryId: number | null }): Promise<EntryFact[]> {
  return selectEntryFacts(q, range.afterEntryId, range.throughEntryId);
}

/**
 * The highest entry id up to which every entry is surely committed, looking at most `scanLimit`
 * entries past `afterEntryId`: the newest of them whose transaction began more than
 * `settleSeconds` ago. Entry ids are taken inside open transactions, so a lower id can commit
 * after a higher one; as long as no ledger transaction lasts longer than half the window, one
 * that began that long ago took its ids before any uncommitted transaction took its own
 * (decision 410). Null: nothing settled yet.
 */
export async function settledEntryId(q: Queryable, afterEntryId: number, settleSeconds: number, scanLimit: number): Promise<number | null> {
  return selectSettledEntryId(q, afterEntryId, settleSeconds, scanLimit);
}

/** Current balances summed per account scope (as in EntryFact), in one currency. */
export async function balanceTotals(q: Queryable, currency: string = DEFAULT_CURRENCY): Promise<{ scope: string; balanceMinor: number; accounts: number }[]> {
  return (await selectBalanceTotals(q, currency)).map((r) => ({ scope: r.scope, balanceMinor: r.balance_minor, accounts: r.accounts }));
}

/**
 * Transfers of `kinds` posted in [from, to), per business reference and kind: how many, and the
 * amount each moved (its credited side), e.g. a promotion's grants and ends per grant (the cost
 * report). Read-only.
 */
export async function sumTransfersByReference(
  q: Queryable,
  kinds: readonly TransferKind[],
  window: { from: Date; to: Date },
): Promise<{ reference: string | null; kind: TransferKind; transfers: number; amountMinor: number }[]> {
  // The kinds are written into the SQL (for a partial index to match): only known kinds get there.
  const unknown = kinds.filter((k) => !TRANSFER_KINDS.includes(k));
  if (unknown.length > 0 || kinds.length === 0) throw new LedgerMisuseError('INVALID_ARGUMENT', `Unknown transfer kinds: ${unknown.join(', ')}`, { kinds: unknown });
  return (await selectTransferSumsByReference(q, kinds, window.from, window.to)).map((r) => ({ reference: r.reference, kind: r.kind as TransferKind, transfers: r.transfers, amountMinor: r.amount_minor }));
}
