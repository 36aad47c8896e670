import type { Queryable } from '../../db/db';

/** The rule a violation breaks. */
export type InvariantRule =
  /** All balances of one currency must sum to zero (money is only ever moved, never made). */
  | 'CURRENCY_NOT_BALANCED'
  /** An account's cached balance must equal the sum of its entries. */
  | 'BALANCE_NOT_SUM_OF_ENTRIES'
  /** No player account may be below zero. */
  | 'PLAYER_BALANCE_NEGATIVE'
  /** Every transfer has at least two entries, summing to zero, in one currency. */
  | 'TRANSFER_NOT_BALANCED'
  /** Each entry's balance-before is the previous entry's balance-after on that account. */
  | 'RUNNING_BALANCE_BROKEN';

export type InvariantViolation = {
  rule: InvariantRule;
  /** The currency, account code or transfer id concerned. */
  subject: string;
  detail: string;
};

/**
 * Audits the whole ledger and returns every violation found (empty when sound). Tests run it
 * after every scenario; operations can run it on a replica. Sums are computed as numeric in
 * SQL and returned as text, so even a corrupt, out-of-range total is reported, not thrown.
 */
export async function checkInvariants(q: Queryable): Promise<InvariantViolation[]> {
  const violations: InvariantViolation[] = [];

  const currencies = await q.query<{ currency: string; sum_minor: string }>(
    `SELECT currency, sum(balance_minor)::text AS sum_minor
       FROM ledger_accounts GROUP BY currency HAVING sum(balance_minor) <> 0 ORDER BY currency`,
  );
  for (const r of currencies.rows) {
    violations.push({ rule: 'CURRENCY_NOT_BALANCED', subject: r.currency, detail: `balances sum to ${r.sum_minor}` });
  }

  const cached = await q.query<{ code: string; balance_minor: string; entries_minor: string }>(
    `SELECT a.code, a.balance_minor::text AS balance_minor, coalesce(e.sum_minor, 0)::text AS entries_minor
       FROM ledger_accounts a
       LEFT JOIN (SELECT account_id, sum(amount_minor) AS sum_minor FROM ledger_entries GROUP BY account_id) e
         ON e.account_id = a.id
      WHERE a.balance_minor <> coalesce(e.sum_minor, 0)
      ORDER BY a.code`,
  );
  for (const r of cached.rows) {
    violations.push({
      rule: 'BALANCE_NOT_SUM_OF_ENTRIES',
      subject: r.code,
      detail: `balance ${r.balance_minor}, entries sum to ${r.entries_minor}`,
    });
  }

  const negative = await q.query<{ code: string; balance_minor: string }>(
    `SELECT code, balance_minor::text AS balance_minor FROM ledger_accounts
      WHERE kind = 'player' AND balance_minor < 0 ORDER BY code`,
  );
  for (const r of negative.rows) {
    violations.push({ rule: 'PLAYER_BALANCE_NEGATIVE', subject: r.code, detail: `balance ${r.balance_minor}` });
  }

  const transfers = await q.query<{ id: string; entry_count: number; sum_minor: string; currency_count: number }>(
    `SELECT t.id, count(e.id)::int AS entry_count, coalesce(sum(e.amount_minor), 0)::text AS sum_minor,
            count(DISTINCT a.currency)::int AS currency_count
       FROM ledger_transfers t
       LEFT JOIN ledger_entries e ON e.transfer_id = t.id
       LEFT JOIN ledger_accounts a ON a.id = e.account_id
      GROUP BY t.id
     HAVING count(e.id) < 2 OR coalesce(sum(e.amount_minor), 0) <> 0 OR count(DISTINCT a.currency) > 1
      ORDER BY t.id`,
  );
  for (const r of transfers.rows) {
    violations.push({
      rule: 'TRANSFER_NOT_BALANCED',
      subject: r.id,
      detail: `${r.entry_count} entries summing to ${r.sum_minor} in ${r.currency_count} currencies`,
    });
  }

  // Entry ids are drawn while the account row is locked, so per account they follow the order
  // in which entries were applied; the first entry of an account starts from zero.
  const chain = await q.query<{ code: string; id: number; before_minor: string; previous_minor: string }>(
    `SELECT a.code, x.id, x.balance_before_minor::text AS before_minor, x.previous_minor::text AS previous_minor
       FROM (SELECT id, account_id, balance_before_minor,
                    lag(balance_after_minor, 1, 0::bigint) OVER (PARTITION BY account_id ORDER BY id) AS previous_minor
               FROM ledger_entries) x
       JOIN ledger_accounts a ON a.id = x.account_id
      WHERE x.balance_before_minor <> x.previous_minor
      ORDER BY x.id`,
  );
  for (const r of chain.rows) {
    violations.push({
      rule: 'RUNNING_BALANCE_BROKEN',
      subject: r.code,
      detail: `entry ${r.id} starts at ${r.before_minor} but the previous entry ended at ${r.previous_minor}`,
    });
  }

  return violations;
}
