import type { Queryable } from '../../db/db';
import { IDEMPOTENCY_CONFLICT_MESSAGE, INSUFFICIENT_FUNDS_MESSAGE, LedgerError, LedgerMisuseError } from './errors';
import { lockAccounts, lockAccountsWithBonuses, type AccountRow } from './repo';
import { validateTransfer, type PostTransferInput, type TransferEntryInput, type ValidTransfer } from './validate';
import { newTransferId } from './transfer-id';

/**
 * Many transfers in one go, for set-based work such as settling a lottery round: every transfer
 * is validated like postTransfer's, the accounts of all of them are locked once in ascending id
 * order, and transfers, entries and balances are written in three statements whatever the count.
 * Each transfer keeps its own idempotency key: a transfer whose key was already posted with the
 * same body is skipped (reported `replayed`), one with another body fails the whole batch.
 * The batch is all or nothing; it must run inside the caller's transaction.
 */
export type PostedBatch = {
  transfers: Array<{ idempotencyKey: string; transferId: string; replayed: boolean }>;
  /** Balance of every account the batch touched, after it. */
  balancesMinor: Map<string, number>;
};

/** Bounds one batch (statement parameters are arrays, so this bounds memory, not SQL size). */
export const MAX_BATCH_TRANSFERS = 200_000;

/** What one transfer of an open batch came to. */
export type BatchPostOutcome =
  | { status: 'posted'; transferId: string; balancesAfterMinor: Map<string, number> }
  | { status: 'replayed'; transferId: string }
  | { status: 'refused'; error: LedgerError };

/**
 * A batch whose transfers are decided one at a time, in memory, against the balances read under
 * the batch's locks, then written together (decision 200). `post(i)` is exactly postTransfer's
 * decision for transfer i given every transfer posted before it in this batch: a key already
 * committed (or posted earlier in this batch) with the same body is a replay, with another body
 * an IDEMPOTENCY_CONFLICT refusal; a player account that would go below zero an
 * INSUFFICIENT_FUNDS refusal. A refusal writes nothing and changes no running balance, so the
 * caller may refuse or skip any transfer and the others are unaffected. `write()` then inserts
 * transfers and entries and moves balances in three statements.
 */
export type TransferBatch = {
  /**
   * Decides transfer `index`; `entries`, when given, replace its entries (a bet's cash and bonus
   * split, known only from the running balances: decision 530). They may name only accounts the
   * batch locked and are validated exactly as the transfer's own.
   */
  post(index: number, entries?: readonly TransferEntryInput[]): BatchPostOutcome;
  balanceOf(accountCode: string): number | undefined;
  /** The funded bonus accounts of a player named in `bonusPursesOf` that the batch locked, oldest first. */
  bonusAccountsOf(owner: string | number): readonly string[];
  write(): Promise<Map<string, number>>;
};

export type TransferBatchOptions = {
  /** Refuse a batch in which one key appears twice (postTransfers: all or nothing). */
  distinctKeys?: boolean;
  /**
   * The caller has read, after this batch's locks were granted, that none of these keys was ever
   * posted: its own business rows commit with their transfers and it found none (the bet batch
   * reads its bets by key in the same snapshot). The ledger's key lookup is then skipped; the
   * keys' unique index still refuses a duplicate, failing the whole transaction.
   */
  keysCheckedByCaller?: boolean;
  /**
   * Players whose funded bonus accounts (`player:<id>:bonus:<grantId>`, balance above 0) are locked
   * too, in the same statement and id order as the rest (decision 530): the bet batch, which may
   * take a stake's rest from them once the running balance of main is known.
   */
  bonusPursesOf?: readonly number[];
};

export async function openTransferBatch(tx: Queryable, inputs: readonly PostTransferInput[], options: TransferBatchOptions = {}): Promise<TransferBatch> {
  if (!tx.afterCommit) throw new LedgerMisuseError('INVALID_ARGUMENT', 'A transfer batch must run inside a transaction');
  if (inputs.length > MAX_BATCH_TRANSFERS) throw new LedgerMisuseError('INVALID_ARGUMENT', `A batch has at most ${MAX_BATCH_TRANSFERS} transfers`);
  const valid: ValidTransfer[] = inputs.map((t) => validateTransfer(t));
  const keys = [...new Set(valid.map((v) => v.idempotencyKey))];
  if (options.distinctKeys && keys.length !== valid.length) {
    const seen = new Set<string>();
    const twice = valid.find((v) => (seen.has(v.idempotencyKey) ? true : (seen.add(v.idempotencyKey), false)))!;
    throw new LedgerMisuseError('INVALID_ARGUMENT', `Idempotency key ${twice.idempotencyKey} appears twice in one batch`);
  }
  const codes = [...new Set(valid.flatMap((v) => v.entries.map((e) => e.accountCode)))];
  const owners = options.bonusPursesOf ? [...new Set(options.bonusPursesOf.map(String))] : [];
  // Every account of the batch, locked once in ascending id order (never a cycle with another batch).
  const locked: AccountRow[] = codes.length === 0 ? [] : owners.length > 0 ? await lockAccountsWithBonuses(tx, codes, owners) : await lockAccounts(tx, codes);
  const byCode = new Map(locked.map((a) => [a.code, a]));
  const bonusByOwner = new Map<string, string[]>();
  // Rows come in id order, so each owner's list is oldest first.
  if (owners.length > 0) for (const a of locked) if (a.kind === 'player' && a.code.startsWith(`player:${a.owner}:bonus:`)) bonusByOwner.set(a.owner!, [...(bonusByOwner.get(a.owner!) ?? []), a.code]);
  const missing = codes.filter((c) => !byCode.has(c));
  if (missing.length > 0) throw new LedgerMisuseError('ACCOUNT_NOT_FOUND', `No account ${missing.slice(0, 5).join(', ')}`, { accountCodes: missing.slice(0, 20) });

  // After the locks, like postTransfer: a concurrent run of the same keys has committed by now.
  const { rows: existing } = keys.length === 0 || options.keysCheckedByCaller ? { rows: [] } : await tx.query<{ idempotency_key: string; id: string; request_hash: string }>(
    'SELECT idempotency_key, id, request_hash FROM ledger_transfers WHERE idempotency_key = ANY($1::text[])',
    [keys],
  );
  const done = new Map(existing.map((r) => [r.idempotency_key, { id: r.id, requestHash: r.request_hash }]));

  const balances = new Map(locked.map((a) => [a.code, a.balance_minor]));
  const decided = new Set<number>();
  const tIds: string[] = [];
  const tKeys: string[] = [];
  const tHashes: string[] = [];
  const tKinds: string[] = [];
  const tRefs: Array<string | null> = [];
  const tMeta: string[] = [];
  const eTransfer: string[] = [];
  const eAccount: number[] = [];
  const eAmount: number[] = [];
  const eBefore: number[] = [];
  const eAfter: number[] = [];
  let written = false;

  function post(index: number, entries?: readonly TransferEntryInput[]): BatchPostOutcome {
    if (written) throw new LedgerMisuseError('INVALID_ARGUMENT', 'This batch was already written');
    const original = valid[index];
    if (!original) throw new LedgerMisuseError('INVALID_ARGUMENT', `No transfer ${index} in this batch`);
    const v = entries ? validateTransfer({ ...inputs[index]!, entries }) : original;
    const unlocked = v.entries.find((e) => !byCode.has(e.accountCode));
    if (unlocked) throw new LedgerMisuseError('ACCOUNT_NOT_FOUND', `Account ${unlocked.accountCode} is not locked by this batch`, { accountCodes: [unlocked.accountCode] });
    if (decided.has(index)) throw new LedgerMisuseError('INVALID_ARGUMENT', `Transfer ${index} was already decided`);
    decided.add(index);
    const prior = done.get(v.idempotencyKey);
    if (prior) {
      if (prior.requestHash !== v.requestHash) {
        return {
          status: 'refused',
          error: new LedgerError('IDEMPOTENCY_CONFLICT', IDEMPOTENCY_CONFLICT_MESSAGE, {
            idempotencyKey: v.idempotencyKey,
            transferId: prior.id,
          }),
        };
      }
      return { status: 'replayed', transferId: prior.id };
    }
    const currencies = new Set(v.entries.map((e) => byCode.get(e.accountCode)!.currency));
    if (currencies.size > 1) throw new LedgerMisuseError('CURRENCY_MISMATCH', `One transfer cannot mix ${[...currencies].join(' and ')}`);
    // Decide every entry before applying any: a refusal leaves the running balances untouched.
    for (const e of v.entries) {
      const account = byCode.get(e.accountCode)!;
      const before = balances.get(e.accountCode)!;
      const after = before + e.amountMinor;
      if (!Number.isSafeInteger(after)) throw new LedgerMisuseError('BALANCE_OUT_OF_RANGE', `Account ${e.accountCode} would leave the safe integer range`);
      if (account.kind === 'player' && after < 0) {
        return {
          status: 'refused',
          error: new LedgerError('INSUFFICIENT_FUNDS', INSUFFICIENT_FUNDS_MESSAGE, { accountCode: e.accountCode, balanceMinor: before, amountMinor: e.amountMinor }),
        };
      }
    }
    const id = newTransferId();
    const balancesAfterMinor = new Map<string, number>();
    v.entries.forEach((e) => {
      const before = balances.get(e.accountCode)!;
      const after = before + e.amountMinor;
      balances.set(e.accountCode, after);
      balancesAfterMinor.set(e.accountCode, after);
      eTransfer.push(id);
      eAccount.push(byCode.get(e.accountCode)!.id);
      eAmount.push(e.amountMinor);
      eBefore.push(before);
      eAfter.push(after);
    });
    tIds.push(id);
    tKeys.push(v.idempotencyKey);
    tHashes.push(v.requestHash);
    tKinds.push(v.kind);
    tRefs.push(v.reference);
    tMeta.push(v.metadataJson);
    // A later transfer of this batch with the same key is a replay of this one (or a conflict).
    done.set(v.idempotencyKey, { id, requestHash: v.requestHash });
    return { status: 'posted', transferId: id, balancesAfterMinor };
  }

  async function write(): Promise<Map<string, number>> {
    if (written) throw new LedgerMisuseError('INVALID_ARGUMENT', 'This batch was already written');
    written = true;
    if (tIds.length > 0) {
      // One statement. Every key was checked under the account locks, and a transfer with a new
      // key can only be posted by a transaction that holds the same locks, so a plain INSERT
      // cannot conflict. Entry identity values follow the ORDER BY, so per account the entry ids
      // keep the order in which the running balances were computed above (checkInvariants
      // verifies exactly that). The entries' foreign keys are checked at the end of the
      // statement, when the transfers of the first part are there.
      const changed = locked.filter((a) => balances.get(a.code) !== a.balance_minor);
      await tx.query(
        `WITH t AS (
           INSERT INTO ledger_transfers (id, idempotency_key, request_hash, kind, reference, metadata)
           SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[])
         ), e AS (
           INSERT INTO ledger_entries (transfer_id, account_id, amount_minor, balance_before_minor, balance_after_minor)
           SELECT t, a, m, b, f FROM unnest($7::text[], $8::bigint[], $9::bigint[], $10::bigint[], $11::bigint[])
                  WITH ORDINALITY AS e(t, a, m, b, f, n)
            ORDER BY n
         )
         UPDATE ledger_accounts AS a SET balance_minor = v.after_minor
           FROM unnest($12::bigint[], $13::bigint[]) AS v(id, after_minor) WHERE a.id = v.id`,
        [tIds, tKeys, tHashes, tKinds, tRefs, tMeta, eTransfer, eAccount, eAmount, eBefore, eAfter, changed.map((a) => a.id), changed.map((a) => balances.get(a.code)!)],
      );
    }
    return balances;
  }

  return { post, balanceOf: (code) => balances.get(code), bonusAccountsOf: (owner) => bonusByOwner.get(String(owner)) ?? [], write };
}

export async function postTransfers(tx: Queryable, inputs: readonly PostTransferInput[]): Promise<PostedBatch> {
  if (!tx.afterCommit) throw new LedgerMisuseError('INVALID_ARGUMENT', 'postTransfers must run inside a transaction');
  // All or nothing: the first refusal fails the batch (and the caller's transaction).
  const batch = await openTransferBatch(tx, inputs, { distinctKeys: true });
  const out: PostedBatch['transfers'] = [];
  inputs.forEach((t, i) => {
    const o = batch.post(i);
    if (o.status === 'refused') throw o.error;
    out.push({ idempotencyKey: t.idempotencyKey, transferId: o.transferId, replayed: o.status === 'replayed' });
  });
  return { transfers: out, balancesMinor: await batch.write() };
}

/** The balances of many accounts in one query (accounts that do not exist are left out). */
export async function getBalances(q: Queryable, codes: readonly string[]): Promise<Map<string, number>> {
  if (codes.length === 0) return new Map();
  const { rows } = await q.query<{ code: string; balance_minor: number }>(
    'SELECT code, balance_minor FROM ledger_accounts WHERE code = ANY($1::text[])',
    [codes],
  );
  return new Map(rows.map((r) => [r.code, r.balance_minor]));
}
