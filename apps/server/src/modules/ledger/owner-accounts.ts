import type { Queryable } from '../../db/db';
import type { LedgerAccount } from './service';

/** Every account a player owns (main wallet and per-vendor purses), oldest first. */
export async function listAccountsOfOwner(q: Queryable, owner: string): Promise<LedgerAccount[]> {
  const { rows } = await q.query<{
    code: string;
    kind: 'player' | 'house';
    owner: string | null;
    currency: string;
    balance_minor: number;
    created_at: Date;
  }>(
    'SELECT code, kind, owner, currency, balance_minor, created_at FROM ledger_accounts WHERE owner = $1 ORDER BY id',
    [owner],
  );
  return rows.map((r) => ({
    code: r.code,
    kind: r.kind,
    owner: r.owner,
    currency: r.currency,
    balanceMinor: r.balance_minor,
    createdAt: r.created_at,
  }));
}
