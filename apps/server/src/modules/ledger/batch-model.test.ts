import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../test/helpers/test-db';
import type { Db } from '../../db/db';
import { accountCodes, HOUSE_ACCOUNTS } from './account-codes';
import { openTransferBatch } from './batch';
import { isLedgerError } from './errors';
import { checkInvariants } from './invariants';
import { ensureHouse, ensurePlayer, fund, resetLedger } from './ledger-test-helpers';
import { postTransfer, withTransaction, type PostTransferInput } from './service';

/**
 * Model test of the set-based batch (decision 200): the same random requests, posted one at a
 * time with postTransfer (each in its own transaction) and decided one by one in a single
 * openTransferBatch, must give the same outcome per request (posted, replayed, refused and
 * why), the same balances and the same entries per account in the same order. Requests include
 * overdrafts, retries and reused keys, duplicates inside the batch and requests the caller
 * refuses itself (never posted), which is what the bet batch does with its own refusals.
 */

const PLAYERS = [1, 2, 3, 4];
type Req = { input: PostTransferInput; callerRefuses: boolean };
type Outcome = 'posted' | 'replayed' | 'INSUFFICIENT_FUNDS' | 'IDEMPOTENCY_CONFLICT' | 'caller';

const reqArb = fc.record({
  from: fc.nat({ max: PLAYERS.length }),
  to: fc.nat({ max: PLAYERS.length }),
  amountMinor: fc.integer({ min: 1, max: 900 }),
  key: fc.nat({ max: 12 }),
  callerRefuses: fc.integer({ min: 0, max: 6 }).map((n) => n === 0),
});
const runArb = fc.record({
  prior: fc.array(reqArb, { maxLength: 6 }),
  batch: fc.array(reqArb, { minLength: 1, maxLength: 24 }),
  funds: fc.array(fc.integer({ min: 0, max: 2_000 }), { minLength: PLAYERS.length, maxLength: PLAYERS.length }),
});

let db: Db;
const codes = PLAYERS.map((p) => accountCodes.playerMain(p));

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

/** Account index PLAYERS.length is the house; the others are players. */
const codeOf = (i: number) => (i === PLAYERS.length ? HOUSE_ACCOUNTS.adjustments : codes[i]!);
type RawReq = { from: number; to: number; amountMinor: number; key: number; callerRefuses: boolean };
function toReq(r: RawReq): Req {
  const to = r.to === r.from ? (r.to + 1) % (PLAYERS.length + 1) : r.to;
  return {
    callerRefuses: r.callerRefuses,
    input: {
      idempotencyKey: `k:${r.key}`,
      kind: 'adjustment',
      entries: [
        { accountCode: codeOf(r.from), amountMinor: -r.amountMinor },
        { accountCode: codeOf(to), amountMinor: r.amountMinor },
      ],
    },
  };
}

async function setUp(funds: number[], prior: Req[]): Promise<void> {
  await resetLedger(db);
  await ensureHouse(db);
  for (const p of PLAYERS) await ensurePlayer(db, p);
  for (let i = 0; i < PLAYERS.length; i++) if (funds[i]! > 0) await fund(db, codes[i]!, funds[i]!);
  for (const r of prior) await postOne(r);
}

async function postOne(r: Req): Promise<Outcome> {
  if (r.callerRefuses) return 'caller';
  try {
    const posted = await postTransfer(db, r.input);
    return posted.replayed ? 'replayed' : 'posted';
  } catch (err) {
    if (isLedgerError(err, 'INSUFFICIENT_FUNDS') || isLedgerError(err, 'IDEMPOTENCY_CONFLICT')) return err.reason as Outcome;
    throw err;
  }
}

/** Everything observable: balances and, per account, the entries in order. */
async function observe(): Promise<unknown> {
  const { rows } = await db.query<{ code: string; amount_minor: number; balance_before_minor: number; balance_after_minor: number; key: string }>(
    `SELECT a.code, e.amount_minor, e.balance_before_minor, e.balance_after_minor, t.idempotency_key AS key
       FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id JOIN ledger_transfers t ON t.id = e.transfer_id
      ORDER BY a.code, e.id`,
  );
  const { rows: balances } = await db.query('SELECT code, balance_minor FROM ledger_accounts ORDER BY code');
  // Funding keys are random per run; only the batch's keys are compared by name.
  return { entries: rows.map((r) => ({ ...r, key: r.key.startsWith('test-fund') ? 'fund' : r.key })), balances };
}

type Mode = 'right' | 'wrong';

async function runScenario(s: { prior: Req[]; batch: Req[]; funds: number[] }, mode: Mode): Promise<void> {
  await setUp(s.funds, s.prior);
  const single: Outcome[] = [];
  for (const r of s.batch) single.push(await postOne(r));
  const singleState = await observe();

  await setUp(s.funds, s.prior);
  const batched = await withTransaction(db, async (tx) => {
    // The deliberately wrong variant posts in reverse order: proves the comparison can fail.
    const order = s.batch.map((_, i) => i);
    if (mode === 'wrong') order.reverse();
    const batch = await openTransferBatch(tx, s.batch.map((r) => r.input));
    const out: Outcome[] = [];
    for (const i of order) {
      const r = s.batch[i]!;
      if (r.callerRefuses) out[i] = 'caller';
      else {
        const o = batch.post(i);
        out[i] = o.status === 'refused' ? (o.error.reason as Outcome) : o.status;
      }
    }
    await batch.write();
    return out;
  });
  expect(batched).toEqual(single);
  expect(await observe()).toEqual(singleState);
  expect(await checkInvariants(db)).toEqual([]);
}

const scenarioOf = (r: { prior: RawReq[]; batch: RawReq[]; funds: number[] }) => ({
  prior: r.prior.map(toReq),
  batch: r.batch.map(toReq),
  funds: r.funds,
});

describe('openTransferBatch against posting one by one', () => {
  it('gives the same outcomes, balances and entries for random requests, refusals inside the batch included', async () => {
    await fc.assert(fc.asyncProperty(runArb, (r) => runScenario(scenarioOf(r), 'right')), { numRuns: 40 });
    // 40 scenarios, each on a fresh schema: generous for a loaded 2-core machine; not a speed check.
  }, 180_000);

  it('catches a batch that decides in another order (the property can fail)', async () => {
    const result = await fc.check(fc.asyncProperty(runArb, (r) => runScenario(scenarioOf(r), 'wrong')), { numRuns: 100, endOnFailure: true });
    expect(result.failed).toBe(true);
  });
});
