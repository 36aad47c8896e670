import type { Db, Queryable } from '../../db/db';
import { asOwner } from '../../../test/helpers/test-db';
import { HOUSE_ACCOUNTS, accountCodes } from './account-codes';
import { isLedgerError, type LedgerFailure } from './errors';
import { ensureAccount, postTransfer, type PostTransferInput } from './service';

/**
 * Shared fixtures for the ledger's tests (imported only by *.test.ts files).
 */

/** Everything a failed request must leave untouched: every balance and every row count. */
export type LedgerSnapshot = { balances: Record<string, number>; transfers: number; entries: number };

export async function snapshotLedger(q: Queryable): Promise<LedgerSnapshot> {
  const accounts = await q.query<{ code: string; balance_minor: number }>(
    'SELECT code, balance_minor FROM ledger_accounts ORDER BY code',
  );
  const counts = await q.query<{ transfers: number; entries: number }>(
    `SELECT (SELECT count(*) FROM ledger_transfers)::int AS transfers, (SELECT count(*) FROM ledger_entries)::int AS entries`,
  );
  return {
    balances: Object.fromEntries(accounts.rows.map((r) => [r.code, r.balance_minor])),
    transfers: counts.rows[0]!.transfers,
    entries: counts.rows[0]!.entries,
  };
}

/**
 * Empties the ledger between scenarios (TRUNCATE is not an UPDATE or DELETE, so the triggers
 * allow it; the app role has no TRUNCATE, so the owner does it).
 */
export async function resetLedger(db: Db): Promise<void> {
  await asOwner(db, (owner) => owner.exec('TRUNCATE ledger_entries, ledger_transfers, ledger_accounts RESTART IDENTITY'));
}

export async function ensurePlayer(q: Queryable, playerId: number | string, currency?: string): Promise<string> {
  const code = accountCodes.playerMain(playerId);
  await ensureAccount(q, { code, kind: 'player', owner: playerId, ...(currency ? { currency } : {}) });
  return code;
}

export async function ensureHouse(q: Queryable): Promise<void> {
  for (const code of Object.values(HOUSE_ACCOUNTS)) await ensureAccount(q, { code, kind: 'house' });
}

let fundCounter = 0;
/** Credits a player from house:deposits, as a confirmed deposit would. */
export async function fund(q: Queryable, playerCode: string, amountMinor: number): Promise<void> {
  fundCounter += 1;
  await postTransfer(q, {
    idempotencyKey: `test-fund:${fundCounter}:${Math.random()}`,
    kind: 'deposit',
    entries: [
      { accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -amountMinor },
      { accountCode: playerCode, amountMinor },
    ],
  });
}

/** The ledger failure reason of a rejected promise (fails the test if it resolves or throws otherwise). */
export async function failureOf(promise: Promise<unknown>): Promise<LedgerFailure> {
  try {
    await promise;
  } catch (err) {
    if (isLedgerError(err)) return err.reason;
    throw err;
  }
  throw new Error('expected a LedgerError, but the call succeeded');
}

/** A two-entry adjustment of `amountMinor` from one account to another, under `key`. */
export const move = (key: string, from: string, to: string, amountMinor: number): PostTransferInput => ({
  idempotencyKey: key,
  kind: 'adjustment',
  entries: [
    { accountCode: from, amountMinor: -amountMinor },
    { accountCode: to, amountMinor },
  ],
});
