import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asOwner, openTestDb } from '../../../test/helpers/test-db';
import type { Db } from '../../db/db';
import { HOUSE_ACCOUNTS, accountCodes } from './account-codes';
import { AppError } from '../../errors';
import { LedgerError, LedgerMisuseError, isLedgerError } from './errors';
import { checkInvariants } from './invariants';
import { applyEntries, insertTransferIfKeyFree, lockAccounts } from './repo';
import type { TransferKind } from './transfer-kinds';
import { ensureHouse, ensurePlayer, failureOf, fund, resetLedger, snapshotLedger, move } from './ledger-test-helpers';
import {
  ensureAccount,
  findTransferByKey,
  getAccount,
  getBalance,
  listAccountsOfOwner,
  listEntries,
  postTransfer,
  withTransaction,
  type PostTransferInput,
} from './service';

let db: Db;
let alice: string;
let bob: string;

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await resetLedger(db);
  await ensureHouse(db);
  alice = await ensurePlayer(db, 1);
  bob = await ensurePlayer(db, 2);
});
afterEach(async () => {
  // Every scenario, passing or refused, must leave a sound ledger.
  expect(await checkInvariants(db)).toEqual([]);
});


describe('postTransfer', () => {
  it('moves money with entries that sum to zero and records the balance around each', async () => {
    await fund(db, alice, 10_000);
    const posted = await postTransfer(db, { ...move('k1', alice, bob, 2_500), reference: 'bet_1', metadata: { why: 'test' } });

    expect(posted.id).toMatch(/^xfer_[0-9a-f]{24}$/);
    expect(posted.replayed).toBe(false);
    expect(posted.reference).toBe('bet_1');
    expect(posted.metadata).toEqual({ why: 'test' });
    expect(posted.entries.map((e) => e.amountMinor).reduce((a, b) => a + b, 0)).toBe(0);
    expect(posted.entries).toMatchObject([
      { accountCode: alice, amountMinor: -2_500, balanceBeforeMinor: 10_000, balanceAfterMinor: 7_500, transferId: posted.id },
      { accountCode: bob, amountMinor: 2_500, balanceBeforeMinor: 0, balanceAfterMinor: 2_500, transferId: posted.id },
    ]);
    expect(await getBalance(db, alice)).toBe(7_500);
    expect(await getBalance(db, bob)).toBe(2_500);
    expect(await getBalance(db, HOUSE_ACCOUNTS.deposits)).toBe(-10_000);
    const { replayed: _replayed, ...stored } = posted;
    expect(await findTransferByKey(db, 'k1')).toEqual(stored);
  });

  it('posts a transfer with several entries (a bet and its fee)', async () => {
    await fund(db, alice, 1_000);
    const wingo = accountCodes.houseLottery('wingo');
    await ensureAccount(db, { code: wingo, kind: 'house' });
    const posted = await postTransfer(db, {
      idempotencyKey: 'bet:1',
      kind: 'lottery_bet',
      entries: [
        { accountCode: alice, amountMinor: -100 },
        { accountCode: wingo, amountMinor: 98 },
        { accountCode: HOUSE_ACCOUNTS.fees, amountMinor: 2 },
      ],
    });
    expect(posted.entries).toHaveLength(3);
    expect(posted.entries.reduce((s, e) => s + e.amountMinor, 0)).toBe(0);
    expect(await getBalance(db, HOUSE_ACCOUNTS.fees)).toBe(2);
  });

  const refusals: [string, PostTransferInput, string][] = [
    ['unbalanced entries', { idempotencyKey: 'r', kind: 'lottery_bet', entries: [{ accountCode: 'player:1:main', amountMinor: -100 }, { accountCode: 'player:2:main', amountMinor: 99 }] }, 'ENTRIES_UNBALANCED'],
    ['a zero entry', { idempotencyKey: 'r', kind: 'lottery_bet', entries: [{ accountCode: 'player:1:main', amountMinor: 0 }, { accountCode: 'player:2:main', amountMinor: 0 }] }, 'AMOUNT_ZERO'],
    ['a fractional amount', { idempotencyKey: 'r', kind: 'lottery_bet', entries: [{ accountCode: 'player:1:main', amountMinor: -1.5 }, { accountCode: 'player:2:main', amountMinor: 1.5 }] }, 'AMOUNT_INVALID'],
    ['NaN', { idempotencyKey: 'r', kind: 'lottery_bet', entries: [{ accountCode: 'player:1:main', amountMinor: NaN }, { accountCode: 'player:2:main', amountMinor: 1 }] }, 'AMOUNT_INVALID'],
    ['Infinity', { idempotencyKey: 'r', kind: 'lottery_bet', entries: [{ accountCode: 'player:1:main', amountMinor: -Infinity }, { accountCode: 'player:2:main', amountMinor: Infinity }] }, 'AMOUNT_INVALID'],
    ['an unsafe integer', { idempotencyKey: 'r', kind: 'lottery_bet', entries: [{ accountCode: 'house:deposits', amountMinor: -(2 ** 53) }, { accountCode: 'player:2:main', amountMinor: 2 ** 53 }] }, 'AMOUNT_INVALID'],
    ['an amount given as a string', { idempotencyKey: 'r', kind: 'lottery_bet', entries: [{ accountCode: 'player:1:main', amountMinor: '-1' as unknown as number }, { accountCode: 'player:2:main', amountMinor: 1 }] }, 'AMOUNT_INVALID'],
    ['a single entry', { idempotencyKey: 'r', kind: 'lottery_bet', entries: [{ accountCode: 'player:1:main', amountMinor: 1 }] }, 'ENTRIES_TOO_FEW'],
    ['no entries', { idempotencyKey: 'r', kind: 'lottery_bet', entries: [] }, 'ENTRIES_TOO_FEW'],
    ['an account listed twice', { idempotencyKey: 'r', kind: 'lottery_bet', entries: [{ accountCode: 'house:fees', amountMinor: 5 }, { accountCode: 'house:fees', amountMinor: -5 }] }, 'ACCOUNT_REPEATED'],
    ['an unknown account', move('r', 'house:deposits', 'player:99:main', 5), 'ACCOUNT_NOT_FOUND'],
    ['a malformed account code', move('r', 'house:deposits', 'Player 1', 5), 'INVALID_ARGUMENT'],
    ['an empty idempotency key', move('', 'house:deposits', 'player:1:main', 5), 'INVALID_ARGUMENT'],
    ['a malformed kind', { ...move('r', 'house:deposits', 'player:1:main', 5), kind: 'Big Win' as TransferKind }, 'INVALID_ARGUMENT'],
  ];

  it.each(refusals)('refuses %s and changes nothing', async (_name, input, reason) => {
    await fund(db, alice, 500);
    const before = await snapshotLedger(db);
    expect(await failureOf(postTransfer(db, input))).toBe(reason);
    expect(await snapshotLedger(db)).toEqual(before);
  });

  it('answers business refusals with their contract code, and misuse as an internal error', async () => {
    const refused = await postTransfer(db, move('biz', alice, bob, 1)).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: 'INSUFFICIENT_FUNDS', statusCode: 409 });
    // Not an AppError: the error plugin logs it with its stack and answers a generic 500.
    const misuse = await postTransfer(db, move('bug', alice, bob, 0)).catch((e: unknown) => e);
    expect(misuse).toBeInstanceOf(LedgerMisuseError);
    expect(misuse).not.toBeInstanceOf(AppError);
  });

  it('refuses to mix currencies', async () => {
    const usdt = await ensurePlayer(db, 'u7', 'USDT');
    await fund(db, alice, 500);
    const before = await snapshotLedger(db);
    expect(await failureOf(postTransfer(db, move('mix', alice, usdt, 5)))).toBe('CURRENCY_MISMATCH');
    expect(await snapshotLedger(db)).toEqual(before);
  });

  it('refuses to take a player below zero and changes nothing', async () => {
    await fund(db, alice, 100);
    const before = await snapshotLedger(db);
    const err = await postTransfer(db, move('over', alice, bob, 101)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LedgerError);
    expect(err).toMatchObject({
      reason: 'INSUFFICIENT_FUNDS',
      code: 'INSUFFICIENT_FUNDS',
      statusCode: 409,
      details: { accountCode: alice, balanceMinor: 100, amountMinor: -101 },
    });
    expect(await snapshotLedger(db)).toEqual(before);

    // Exactly the balance is allowed, and house accounts may go below zero.
    await postTransfer(db, move('exact', alice, bob, 100));
    expect(await getBalance(db, alice)).toBe(0);
    expect(await getBalance(db, HOUSE_ACCOUNTS.deposits)).toBe(-100);
  });

  it('lets the same key succeed after a refusal, since a refused transfer records nothing', async () => {
    expect(await failureOf(postTransfer(db, move('later', alice, bob, 50)))).toBe('INSUFFICIENT_FUNDS');
    await fund(db, alice, 50);
    const posted = await postTransfer(db, move('later', alice, bob, 50));
    expect(posted.replayed).toBe(false);
    expect(await getBalance(db, bob)).toBe(50);
  });
});

describe('the database itself', () => {
  it('refuses a negative player balance even from a direct UPDATE', async () => {
    await fund(db, alice, 100);
    const err = await db
      .query(`UPDATE ledger_accounts SET balance_minor = -1 WHERE code = $1`, [alice])
      .catch((e: unknown) => e as { code?: string; message: string });
    expect(err).toMatchObject({ code: '23514' });
    expect((err as Error).message).toContain('ledger_accounts_player_non_negative');
    expect(await getBalance(db, alice)).toBe(100);
    // A house account may be negative, so the rule is about kind, not a blanket CHECK.
    await db.query(`UPDATE ledger_accounts SET balance_minor = balance_minor WHERE code = $1`, [HOUSE_ACCOUNTS.deposits]);
  });

  it("refuses a negative player balance written by the ledger's own statement", async () => {
    await fund(db, alice, 100);
    const before = await snapshotLedger(db);
    // Skip the service's funds check and drive the repository directly, as a bug would.
    const err = await withTransaction(db, async (tx) => {
      const [account] = await lockAccounts(tx, [alice]);
      await insertTransferIfKeyFree(tx, {
        id: 'xfer_backstop',
        idempotencyKey: 'backstop',
        requestHash: 'x',
        kind: 'lottery_bet',
        reference: null,
        metadataJson: '{}',
      });
      await applyEntries(tx, 'xfer_backstop', [
        { accountId: account!.id, amountMinor: -101, balanceBeforeMinor: 100, balanceAfterMinor: -1 },
      ]);
    }).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: '23514', constraint: 'ledger_accounts_player_non_negative' });
    expect(await snapshotLedger(db)).toEqual(before);
  });

  it('refuses a player-coded account disguised as a house account', async () => {
    const err = await db
      .query(`INSERT INTO ledger_accounts (code, kind) VALUES ('player:5:main', 'house')`)
      .catch((e: unknown) => e as { code?: string });
    expect(err).toMatchObject({ code: '23514' });
  });

  it('keeps transfers and entries append-only', async () => {
    await fund(db, alice, 100);
    await expect(db.query('UPDATE ledger_entries SET amount_minor = amount_minor * 2')).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM ledger_entries')).rejects.toThrow(/append-only/);
    await expect(db.query(`UPDATE ledger_transfers SET kind = 'bet'`)).rejects.toThrow(/append-only/);
    await expect(db.query('DELETE FROM ledger_transfers')).rejects.toThrow(/append-only/);
  });
});

describe('idempotency', () => {
  it('returns the first transfer for a retry and moves nothing twice', async () => {
    await fund(db, alice, 1_000);
    const first = await postTransfer(db, { ...move('pay:1', alice, bob, 300), reference: 'dep_1' });
    const before = await snapshotLedger(db);
    const again = await postTransfer(db, { ...move('pay:1', alice, bob, 300), reference: 'dep_1' });
    expect(again.replayed).toBe(true);
    expect({ ...again, replayed: false }).toEqual(first);
    // The same movement with its entries listed in another order is the same request.
    const reordered = move('pay:1', alice, bob, 300);
    reordered.entries = [...reordered.entries].reverse();
    expect((await postTransfer(db, { ...reordered, reference: 'dep_1' })).id).toBe(first.id);
    expect(await snapshotLedger(db)).toEqual(before);
  });

  it('answers IDEMPOTENCY_CONFLICT when a key is reused for another body', async () => {
    await fund(db, alice, 1_000);
    await postTransfer(db, { ...move('pay:2', alice, bob, 300), reference: 'dep_2' });
    const before = await snapshotLedger(db);
    const variants: PostTransferInput[] = [
      { ...move('pay:2', alice, bob, 301), reference: 'dep_2' },
      { ...move('pay:2', bob, alice, 300), reference: 'dep_2' },
      { ...move('pay:2', alice, bob, 300), reference: 'dep_3' },
      { ...move('pay:2', alice, bob, 300), reference: 'dep_2', kind: 'lottery_bet' },
      // Conflicts even where the new body could never post (unknown account, no funds).
      { ...move('pay:2', alice, 'player:404:main', 300), reference: 'dep_2' },
      { ...move('pay:2', alice, bob, 5_000), reference: 'dep_2' },
    ];
    for (const v of variants) {
      const err = await postTransfer(db, v).catch((e: unknown) => e);
      expect(isLedgerError(err, 'IDEMPOTENCY_CONFLICT')).toBe(true);
      expect(err).toMatchObject({ code: 'IDEMPOTENCY_CONFLICT', statusCode: 409 });
    }
    expect(await snapshotLedger(db)).toEqual(before);
  });
});

describe('transfers inside the caller transaction', () => {
  it('commits the transfer with the business row that caused it', async () => {
    await fund(db, alice, 1_000);
    await withTransaction(db, async (tx) => {
      await tx.query(`INSERT INTO app_meta (key, value) VALUES ('order:1', 'credited')`);
      await postTransfer(tx, move('order:1', alice, bob, 10));
    });
    expect((await db.query(`SELECT value FROM app_meta WHERE key = 'order:1'`)).rows).toHaveLength(1);
    expect(await getBalance(db, bob)).toBe(10);
  });

  it('rolls back a bad batch completely: a good transfer, then a refused one, leaves nothing', async () => {
    await fund(db, alice, 1_000);
    const before = await snapshotLedger(db);
    const batch = withTransaction(db, async (tx) => {
      await tx.query(`INSERT INTO app_meta (key, value) VALUES ('order:2', 'credited')`);
      await postTransfer(tx, move('batch:a', alice, bob, 600));
      await postTransfer(tx, move('batch:b', alice, bob, 600)); // only 400 left
    });
    expect(await failureOf(batch)).toBe('INSUFFICIENT_FUNDS');
    expect(await snapshotLedger(db)).toEqual(before);
    expect((await db.query(`SELECT 1 FROM app_meta WHERE key = 'order:2'`)).rows).toHaveLength(0);
    // The rolled-back key was never recorded, so the retry posts for real.
    expect((await postTransfer(db, move('batch:a', alice, bob, 600))).replayed).toBe(false);
  });

  it('leaves the caller transaction usable after a refusal, so it can decide what to do', async () => {
    await fund(db, alice, 100);
    await withTransaction(db, async (tx) => {
      expect(await failureOf(postTransfer(tx, move('try', alice, bob, 1_000)))).toBe('INSUFFICIENT_FUNDS');
      expect(await failureOf(postTransfer(tx, move('try2', alice, 'player:404:main', 1)))).toBe('ACCOUNT_NOT_FOUND');
      await postTransfer(tx, move('fallback', alice, bob, 100));
    });
    expect(await getBalance(db, bob)).toBe(100);
  });

  it('sees its own earlier transfers within one transaction (replay of a key used moments ago)', async () => {
    await fund(db, alice, 100);
    await withTransaction(db, async (tx) => {
      const a = await postTransfer(tx, move('twice', alice, bob, 60));
      const b = await postTransfer(tx, move('twice', alice, bob, 60));
      expect(b).toEqual({ ...a, replayed: true });
    });
    expect(await getBalance(db, alice)).toBe(40);
  });
});

describe('accounts and history', () => {
  it('creates accounts idempotently and refuses a conflicting definition', async () => {
    const first = await ensureAccount(db, { code: 'vendor:demo', kind: 'house' });
    const again = await ensureAccount(db, { code: 'vendor:demo', kind: 'house' });
    expect(again).toEqual(first);
    expect(first).toMatchObject({ code: 'vendor:demo', kind: 'house', owner: null, currency: 'INR', balanceMinor: 0 });
    expect(await failureOf(ensureAccount(db, { code: 'vendor:demo', kind: 'house', currency: 'USDT' }))).toBe('ACCOUNT_MISMATCH');
    expect(await failureOf(ensureAccount(db, { code: 'player:9:main', kind: 'house' }))).toBe('INVALID_ARGUMENT');
    expect(await failureOf(ensureAccount(db, { code: 'player:9:main', kind: 'player', owner: 8 }))).toBe('INVALID_ARGUMENT');
    expect(await failureOf(ensureAccount(db, { code: 'player:9:main', kind: 'player' }))).toBe('INVALID_ARGUMENT');
    expect(await failureOf(ensureAccount(db, { code: 'house:x', kind: 'house', owner: 1 }))).toBe('INVALID_ARGUMENT');
    expect(await failureOf(ensureAccount(db, { code: 'bank:x', kind: 'house' }))).toBe('INVALID_ARGUMENT');
    const racers = await Promise.all(Array.from({ length: 8 }, () => ensurePlayer(db, 77)));
    expect(new Set(racers)).toEqual(new Set(['player:77:main']));
    expect(await getAccount(db, 'player:77:main')).toMatchObject({ kind: 'player', owner: '77', balanceMinor: 0 });
    expect(await getAccount(db, 'player:78:main')).toBeNull();
    await ensureAccount(db, { code: accountCodes.playerAtVendor(77, 'demo'), kind: 'player', owner: 77 });
    expect((await listAccountsOfOwner(db, 77)).map((a) => a.code)).toEqual(['player:77:main', 'player:77:vendor:demo']);
    expect(await failureOf(getBalance(db, 'player:78:main'))).toBe('ACCOUNT_NOT_FOUND');
  });

  it('pages through an account history newest first', async () => {
    await fund(db, alice, 1_000);
    for (let i = 1; i <= 5; i++) await postTransfer(db, { ...move(`h${i}`, alice, bob, i), reference: `bet_${i}` });
    const page1 = await listEntries(db, bob, { limit: 2 });
    expect(page1.entries.map((e) => e.amountMinor)).toEqual([5, 4]);
    expect(page1.entries[0]).toMatchObject({ transferKind: 'adjustment', reference: 'bet_5', balanceAfterMinor: 15 });
    const page2 = await listEntries(db, bob, { limit: 2, before: page1.nextBefore });
    expect(page2.entries.map((e) => e.amountMinor)).toEqual([3, 2]);
    const page3 = await listEntries(db, bob, { limit: 2, before: page2.nextBefore });
    expect(page3.entries.map((e) => e.amountMinor)).toEqual([1]);
    expect(page3.nextBefore).toBeNull();
    expect((await listEntries(db, alice)).entries).toHaveLength(6);
    expect(await failureOf(listEntries(db, bob, { limit: 0 }))).toBe('INVALID_ARGUMENT');
    expect(await failureOf(listEntries(db, 'player:404:main'))).toBe('ACCOUNT_NOT_FOUND');
  });
});

describe('checkInvariants', () => {
  it('reports a corrupted ledger (so its silence elsewhere means something)', async () => {
    await fund(db, alice, 100);
    await postTransfer(db, move('c1', alice, bob, 30));
    // Corrupt inside a transaction that is then rolled back (DDL is transactional), so the
    // damage, the disabled trigger and the dropped constraint never outlive this test.
    const rolledBack = new Error('roll back the corruption');
    let rules: string[] = [];
    // Only the owner may disable a trigger or drop a constraint (the app role may not).
    const attempt = asOwner(db, (owner) => withTransaction(owner, async (tx) => {
      await tx.query(`UPDATE ledger_accounts SET balance_minor = balance_minor + 7 WHERE code = $1`, [HOUSE_ACCOUNTS.fees]);
      await tx.exec(`ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only`);
      await tx.exec(`UPDATE ledger_entries SET balance_before_minor = balance_before_minor + 1,
                       balance_after_minor = balance_after_minor + 1 WHERE id = (SELECT max(id) FROM ledger_entries)`);
      await tx.exec(`ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_player_non_negative`);
      await tx.query(`UPDATE ledger_accounts SET balance_minor = -5 WHERE code = $1`, [bob]);
      rules = (await checkInvariants(tx)).map((v) => `${v.rule} ${v.subject}`).sort();
      throw rolledBack;
    }));
    await expect(attempt).rejects.toBe(rolledBack);
    expect(rules).toEqual([
      'BALANCE_NOT_SUM_OF_ENTRIES house:fees',
      'BALANCE_NOT_SUM_OF_ENTRIES player:2:main',
      'CURRENCY_NOT_BALANCED INR',
      'PLAYER_BALANCE_NEGATIVE player:2:main',
      'RUNNING_BALANCE_BROKEN player:2:main',
    ]);
  });
});
