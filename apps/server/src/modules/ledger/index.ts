/**
 * The ledger's public surface. Other modules import from here, never from the files behind it,
 * and never touch ledger tables (conventions.md, Boundaries).
 */
export {
  ACCOUNT_CODE_PATTERN,
  DEFAULT_CURRENCY,
  HOUSE_ACCOUNTS,
  accountCodes,
  accountKindOf,
  isAccountCode,
  type AccountKind,
} from './account-codes';
export {
  LedgerError,
  LedgerMisuseError,
  isLedgerError,
  type LedgerFailure,
  type LedgerMisuse,
  type LedgerOutcome,
} from './errors';
export { checkInvariants, type InvariantRule, type InvariantViolation } from './invariants';
export {
  ensureAccount,
  findTransferById,
  findTransferByKey,
  getAccount,
  getAccountBalance,
  getBalance,
  listAccountsOfOwner,
  listEntries,
  lockBalances,
  postTransfer,
  sumEntriesByKind,
  sumPlayerEntriesByKindSince,
  sumPlayerEntriesByGame,
  sumTransfersByReference,
  summarizeEntries,
  settledEntryId,
  balanceTotals,
  withTransaction,
  type EntryFact,
  type EnsureAccountInput,
  type LedgerAccount,
  type LedgerEntry,
  type LedgerHistoryEntry,
  type LedgerTransfer,
  type PostTransferInput,
  type PostedTransfer,
  type TransferEntryInput,
} from './service';
export { TRANSFER_KINDS, TRANSFER_KIND_CATEGORIES, transferKindsOf, type TransferCategory, type TransferKind } from './transfer-kinds';
export { getBalances, openTransferBatch, postTransfers, MAX_BATCH_TRANSFERS, type BatchPostOutcome, type PostedBatch, type TransferBatch } from './batch';
