import { randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/db';
import { IDEMPOTENCY_CONFLICT_MESSAGE, INSUFFICIENT_FUNDS_MESSAGE, LedgerError, LedgerMisuseError } from './errors';
import { lockAccounts, type AccountRow } from './repo';
import { validateTransfer, type PostTransferInput, type ValidTransfer } from './validate';

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

export async function postTransfers(tx: Queryable, inputs: readonly PostTransferInput[]): Promise<PostedBatch> {
  if (!tx.afterCommit) throw new LedgerMisuseError('INVALID_ARGUMENT', 'postTransfers must run inside a transaction');
  if (inputs.length > MAX_BATCH_TRANSFERS) throw new LedgerMisuseError('INVALID_ARGUMENT', `A batch has at most ${MAX_BATCH_TRANSFERS} transfers`);
  const valid: ValidTransfer[] = inputs.map((t) => validateTransfer(t));
  const keys = new Set<string>();
  for (const v of valid) {
    if (keys.has(v.idempotencyKey)) {
      throw new LedgerMisuseError('INVALID_ARGUMENT', `Idempotency key ${v.idempotencyKey} appears twice in one batch`);
    }
    keys.add(v.idempotencyKey);
  }
  const codes = [...new Set(valid.flatMap((v) => v.entries.map((e) => e.accountCode)))];
  const locked: AccountRow[] = codes.length > 0 ? await lockAccounts(tx, codes) : [];
  const byCode = new Map(locked.map((a) => [a.code, a]));
  const missing = codes.filter((c) => !byCode.has(c));
  if (missing.length > 0) throw new LedgerMisuseError('ACCOUNT_NOT_FOUND', `No account ${missing.slice(0, 5).join(', ')}`, { accountCodes: missing.slice(0, 20) });

  // After the locks, like postTransfer: a concurrent run of the same batch has committed by now.
  const { rows: existing } = await tx.query<{ idempotency_key: string; id: string; request_hash: string }>(
    'SELECT idempotency_key, id, request_hash FROM ledger_transfers WHERE idempotency_key = ANY($1::text[])',
    [[...keys]],
  );
  const done = new Map(existing.map((r) => [r.idempotency_key, r]));

  const balances = new Map(locked.map((a) => [a.code, a.balance_minor]));
  const out: PostedBatch['transfers'] = [];
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

  for (const v of valid) {
    const prior = done.get(v.idempotencyKey);
    if (prior) {
      if (prior.request_hash !== v.requestHash) {
        throw new LedgerError('IDEMPOTENCY_CONFLICT', IDEMPOTENCY_CONFLICT_MESSAGE, {
          idempotencyKey: v.idempotencyKey,
          transferId: prior.id,
        });
      }
      out.push({ idempotencyKey: v.idempotencyKey, transferId: prior.id, replayed: true });
      continue;
    }
    const currencies = new Set(v.entries.map((e) => byCode.get(e.accountCode)!.currency));
    if (currencies.size > 1) throw new LedgerMisuseError('CURRENCY_MISMATCH', `One transfer cannot mix ${[...currencies].join(' and ')}`);
    const id = `xfer_${randomBytes(12).toString('hex')}`;
    for (const e of v.entries) {
      const account = byCode.get(e.accountCode)!;
      const before = balances.get(e.accountCode)!;
      const after = before + e.amountMinor;
      if (!Number.isSafeInteger(after)) throw new LedgerMisuseError('BALANCE_OUT_OF_RANGE', `Account ${e.accountCode} would leave the safe integer range`);
      if (account.kind === 'player' && after < 0) {
        throw new LedgerError('INSUFFICIENT_FUNDS', INSUFFICIENT_FUNDS_MESSAGE, { accountCode: e.accountCode, balanceMinor: before, amountMinor: e.amountMinor });
      }
      balances.set(e.accountCode, after);
      eTransfer.push(id);
      eAccount.push(account.id);
      eAmount.push(e.amountMinor);
      eBefore.push(before);
      eAfter.push(after);
    }
    tIds.push(id);
    tKeys.push(v.idempotencyKey);
    tHashes.push(v.requestHash);
    tKinds.push(v.kind);
    tRefs.push(v.reference);
    tMeta.push(v.metadataJson);
    out.push({ idempotencyKey: v.idempotencyKey, transferId: id, replayed: false });
  }

  if (tIds.length > 0) {
    // Every key was checked under the account locks, and a transfer with a new key can only be
    // posted by a transaction that holds the same locks, so a plain INSERT cannot conflict.
    await tx.query(
      `INSERT INTO ledger_transfers (id, idempotency_key, request_hash, kind, reference, metadata)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[])`,
      [tIds, tKeys, tHashes, tKinds, tRefs, tMeta],
    );
    // Identity values follow the ORDER BY, so per account the entry ids keep the order in which
    // the running balances were computed above (checkInvariants verifies exactly that).
    await tx.query(
      `INSERT INTO ledger_entries (transfer_id, account_id, amount_minor, balance_before_minor, balance_after_minor)
       SELECT t, a, m, b, f FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[])
              WITH ORDINALITY AS e(t, a, m, b, f, n)
        ORDER BY n`,
      [eTransfer, eAccount, eAmount, eBefore, eAfter],
    );
    const changed = locked.filter((a) => balances.get(a.code) !== a.balance_minor);
    if (changed.length > 0) {
      await tx.query(
        `UPDATE ledger_accounts AS a SET balance_minor = v.after_minor
           FROM unnest($1::bigint[], $2::bigint[]) AS v(id, after_minor) WHERE a.id = v.id`,
        [changed.map((a) => a.id), changed.map((a) => balances.get(a.code)!)],
      );
    }
  }
  return { transfers: out, balancesMinor: balances };
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
