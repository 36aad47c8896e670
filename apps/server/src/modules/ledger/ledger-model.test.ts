import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../test/helpers/test-db';
import type { Db } from '../../db/db';
import { HOUSE_ACCOUNTS } from './account-codes';
import { isLedgerError } from './errors';
import { checkInvariants } from './invariants';
import { ensureHouse, ensurePlayer, resetLedger, snapshotLedger } from './ledger-test-helpers';
import { postTransfer, type PostTransferInput } from './service';
import type { TransferKind } from './transfer-kinds';

/**
 * Model-based test: random batches of operations run concurrently against the real ledger (on
 * whichever database this run uses), and each batch's observed outcomes must be explained by
 * some serial order of the same operations applied to a tiny in-memory model. That is the
 * linearizability check: concurrency may reorder transfers but never invent, lose or double one.
 */

const PLAYERS = ['player:1:main', 'player:2:main', 'player:3:main'] as const;
const DEPOSITS = HOUSE_ACCOUNTS.deposits;
const FEES = HOUSE_ACCOUNTS.fees;

type Op =
  | { t: 'fund'; p: number; amountMinor: number }
  | { t: 'move'; from: number; to: number; amountMinor: number }
  | { t: 'toHouse'; p: number; amountMinor: number }
  /** Moves a player's whole balance (as the model sees it before the batch): the exact boundary. */
  | { t: 'drain'; p: number }
  /** Posts one of the last few requests again, byte for byte. */
  | { t: 'retry'; of: number }
  /** Posts one of the last few requests' key with a different amount. */
  | { t: 'reuseKey'; of: number };

const RECENT = 4;
const player = fc.nat({ max: PLAYERS.length - 1 });
const amount = fc.integer({ min: 1, max: 1_500 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ t: fc.constant('fund' as const), p: player, amountMinor: fc.integer({ min: 1, max: 1_000 }) }),
  fc.record({ t: fc.constant('move' as const), from: player, to: player, amountMinor: amount }),
  fc.record({ t: fc.constant('toHouse' as const), p: player, amountMinor: amount }),
  fc.record({ t: fc.constant('drain' as const), p: player }),
  fc.record({ t: fc.constant('retry' as const), of: fc.nat({ max: RECENT - 1 }) }),
  fc.record({ t: fc.constant('reuseKey' as const), of: fc.nat({ max: RECENT - 1 }) }),
);
/** Up to 7 batches of up to 4 concurrent operations: at most 28 operations per run. */
const batchesArb = fc.array(fc.array(opArb, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 7 });

type Outcome = 'posted' | 'replayed' | 'INSUFFICIENT_FUNDS' | 'IDEMPOTENCY_CONFLICT';

const bodyOf = (r: PostTransferInput): string =>
  JSON.stringify([r.kind, r.entries.map((e) => [e.accountCode, e.amountMinor]).sort()]);

/** What the ledger should do, in a few lines: the specification the database must match. */
class Model {
  constructor(
    readonly balances = new Map<string, number>(),
    readonly bodiesByKey = new Map<string, string>(),
    /** A deliberately wrong rule, to prove the property can fail. */
    readonly refuseExactBalance = false,
  ) {}

  clone(): Model {
    return new Model(new Map(this.balances), new Map(this.bodiesByKey), this.refuseExactBalance);
  }

  balance(code: string): number {
    return this.balances.get(code) ?? 0;
  }

  apply(r: PostTransferInput): Outcome {
    const known = this.bodiesByKey.get(r.idempotencyKey);
    if (known !== undefined) return known === bodyOf(r) ? 'replayed' : 'IDEMPOTENCY_CONFLICT';
    for (const e of r.entries) {
      const after = this.balance(e.accountCode) + e.amountMinor;
      const refused = this.refuseExactBalance ? after <= 0 && e.amountMinor < 0 : after < 0;
      if (e.accountCode.startsWith('player:') && refused) return 'INSUFFICIENT_FUNDS';
    }
    for (const e of r.entries) this.balances.set(e.accountCode, this.balance(e.accountCode) + e.amountMinor);
    this.bodiesByKey.set(r.idempotencyKey, bodyOf(r));
    return 'posted';
  }
}

const transfer = (key: string, kind: TransferKind, from: string, to: string, amountMinor: number): PostTransferInput => ({
  idempotencyKey: key,
  kind,
  entries: [
    { accountCode: from, amountMinor: -amountMinor },
    { accountCode: to, amountMinor },
  ],
});

/** Turns the generated operations of one batch into concrete requests (before any runs). */
function resolveBatch(ops: Op[], model: Model, issued: PostTransferInput[], nextKey: () => string): PostTransferInput[] {
  return ops.map((op) => {
    let req: PostTransferInput;
    if ((op.t === 'retry' || op.t === 'reuseKey') && issued.length > 0) {
      // One of the last few requests, so retries often race their original in the same batch.
      const earlier = issued[issued.length - 1 - (op.of % Math.min(issued.length, RECENT))]!;
      if (op.t === 'retry') req = earlier;
      else {
        const moved = Math.abs(earlier.entries[0]!.amountMinor) + 1;
        req = transfer(earlier.idempotencyKey, earlier.kind, earlier.entries[0]!.accountCode, earlier.entries[1]!.accountCode, moved);
      }
    } else if (op.t === 'move') {
      const to = op.to === op.from ? (op.from + 1) % PLAYERS.length : op.to;
      req = transfer(nextKey(), 'adjustment', PLAYERS[op.from]!, PLAYERS[to]!, op.amountMinor);
    } else if (op.t === 'toHouse') {
      req = transfer(nextKey(), 'lottery_bet', PLAYERS[op.p]!, FEES, op.amountMinor);
    } else if (op.t === 'drain') {
      const code = PLAYERS[op.p]!;
      req = transfer(nextKey(), 'sweep', code, PLAYERS[(op.p + 1) % PLAYERS.length]!, model.balance(code) || 1);
    } else {
      const p = op.t === 'fund' ? op.p : 0;
      req = transfer(nextKey(), 'deposit', DEPOSITS, PLAYERS[p]!, op.t === 'fund' ? op.amountMinor : 100);
    }
    issued.push(req);
    return req;
  });
}

function* permutations<T>(items: T[]): Generator<T[]> {
  if (items.length <= 1) {
    yield items;
    return;
  }
  for (let i = 0; i < items.length; i++) {
    const rest = [...items.slice(0, i), ...items.slice(i + 1)];
    for (const tail of permutations(rest)) yield [items[i]!, ...tail];
  }
}

let db: Db;
beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});

/** One run of the property: fresh ledger, batches in sequence, operations in a batch at once. */
function scenario(refuseExactBalance: boolean) {
  return async (batches: Op[][]): Promise<void> => {
    await resetLedger(db);
    await ensureHouse(db);
    for (let p = 1; p <= PLAYERS.length; p++) await ensurePlayer(db, p);

    let model = new Model(new Map(), new Map(), refuseExactBalance);
    const issued: PostTransferInput[] = [];
    const transferIdByKey = new Map<string, string>();
    let keys = 0;
    const nextKey = () => `op:${++keys}`;

    for (const ops of batches) {
      const requests = resolveBatch(ops, model, issued, nextKey);
      // allSettled, not all: a failing check must not start the next run while calls are in flight.
      const settled = await Promise.allSettled(
        requests.map((r) =>
          postTransfer(db, r).then(
            (t): Outcome => {
              // A key names one transfer forever, whichever call created it.
              const id = transferIdByKey.get(r.idempotencyKey) ?? t.id;
              transferIdByKey.set(r.idempotencyKey, id);
              expect(t.id).toBe(id);
              expect(t.entries.reduce((s, e) => s + e.amountMinor, 0)).toBe(0);
              return t.replayed ? 'replayed' : 'posted';
            },
            (err: unknown): Outcome => {
              if (isLedgerError(err) && (err.reason === 'INSUFFICIENT_FUNDS' || err.reason === 'IDEMPOTENCY_CONFLICT')) {
                return err.reason;
              }
              throw err;
            },
          ),
        ),
      );
      const observed = settled.map((s) => {
        if (s.status === 'rejected') throw s.reason;
        return s.value;
      });

      let explained: Model | undefined;
      for (const order of permutations(requests.map((_, i) => i))) {
        const candidate = model.clone();
        const expected: Outcome[] = [];
        for (const i of order) expected[i] = candidate.apply(requests[i]!);
        if (expected.every((o, i) => o === observed[i])) {
          explained = candidate;
          break;
        }
      }
      if (!explained) {
        throw new Error(
          `no serial order explains ${JSON.stringify(observed)} for ${JSON.stringify(requests.map((r) => [r.idempotencyKey, bodyOf(r)]))}`,
        );
      }
      model = explained;
      const { balances } = await snapshotLedger(db);
      for (const [code, balanceMinor] of Object.entries(balances)) expect(balanceMinor, code).toBe(model.balance(code));
    }

    const { transfers } = await snapshotLedger(db);
    expect(transfers).toBe(model.bodiesByKey.size);
    expect(await checkInvariants(db)).toEqual([]);
  };
}

describe('ledger against an in-memory model', () => {
  it('matches the model for random concurrent operations', async () => {
    await fc.assert(fc.asyncProperty(batchesArb, scenario(false)), { numRuns: 25 });
  });

  it('catches a model that differs by one rule (the property can fail)', async () => {
    // The same property against a model that refuses to take a balance to exactly zero: the
    // ledger allows it, so some run must disagree. endOnFailure skips shrinking to stay fast.
    const result = await fc.check(fc.asyncProperty(batchesArb, scenario(true)), { numRuns: 200, endOnFailure: true });
    expect(result.failed).toBe(true);
  });
});
