import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openTestDb } from '../../../test/helpers/test-db';
import type { Db } from '../../db/db';
import { HOUSE_ACCOUNTS, accountCodes } from './account-codes';
import { openTransferBatch, postTransfers } from './batch';
import { checkInvariants } from './invariants';
import { ensureHouse, ensurePlayer, failureOf, fund, resetLedger, snapshotLedger, move } from './ledger-test-helpers';
import { ensureAccount, getBalance, listEntries, postTransfer, withTransaction, type PostTransferInput } from './service';
import { transferIdAt } from './transfer-id';

let db: Db;
let players: string[];

beforeAll(async () => {
  db = await openTestDb();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await resetLedger(db);
  await ensureHouse(db);
  players = [];
  for (let i = 1; i <= 5; i++) players.push(await ensurePlayer(db, i));
});
afterEach(async () => {
  expect(await checkInvariants(db)).toEqual([]);
});

describe('what a transfer costs the database (decisions 575, 576)', () => {
  it('gives transfers ids that sort in posting time, so their inserts land at the end of the indexes on the id', async () => {
    const low = Buffer.alloc(6, 0xff);
    const high = Buffer.alloc(6, 0);
    // A later millisecond sorts after any id of an earlier one, whatever the random part.
    expect(transferIdAt(1_795_000_000_001, high) > transferIdAt(1_795_000_000_000, low)).toBe(true);
    expect(transferIdAt(1_795_000_000_000, low)).toMatch(/^xfer_[0-9a-f]{24}$/);
    const before = Date.now();
    const posted = await withTransaction(db, (tx) => postTransfers(tx, players.map((p, i) => move(`t:${i}`, HOUSE_ACCOUNTS.adjustments, p, 10))));
    const single = await postTransfer(db, move('t:single', HOUSE_ACCOUNTS.adjustments, players[0]!, 10));
    const ids = [...posted.transfers.map((t) => t.transferId), single.id];
    for (const id of ids) expect(id).toMatch(/^xfer_[0-9a-f]{24}$/);
    const after = Date.now();
    // The wall clock's milliseconds while they were posted (an id's time is not the app's clock).
    for (const id of ids) {
      expect(parseInt(id.slice(5, 17), 16)).toBeGreaterThanOrEqual(before);
      expect(parseInt(id.slice(5, 17), 16)).toBeLessThanOrEqual(after);
    }
  });

  it('indexes the transfers only where a query reads them: by id, by key, and the bonus kinds by time', async () => {
    // Each index here is an entry every bet and payout writes; ledger_transfers (reference) was
    // one that no query read (migration 046).
    const { rows } = await db.query<{ indexname: string }>(`SELECT indexname FROM pg_indexes WHERE tablename = 'ledger_transfers' ORDER BY indexname`);
    expect(rows.map((r) => r.indexname)).toEqual(['ledger_transfers_bonus_money_idx', 'ledger_transfers_idempotency_key_key', 'ledger_transfers_pkey']);
  });

  it('leaves room on the accounts\' pages, so a balance update stays on its page and writes no index entry', async () => {
    const { rows } = await db.query<{ reloptions: string[] | null }>(`SELECT reloptions FROM pg_class WHERE relname = 'ledger_accounts'`);
    expect(rows[0]!.reloptions).toContain('fillfactor=70');
    // The balance is in no index: were it, no update of it could be HOT whatever the room.
    const { rows: indexed } = await db.query(`SELECT indexname FROM pg_indexes WHERE tablename = 'ledger_accounts' AND indexdef LIKE '%balance_minor%'`);
    expect(indexed).toEqual([]);
  });
});

describe('openTransferBatch with keys checked by the caller', () => {
  it('skips the key lookup, and the unique key still refuses a transfer that was posted before (nothing written)', async () => {
    await withTransaction(db, (tx) => postTransfers(tx, [move('k:1', HOUSE_ACCOUNTS.adjustments, players[0]!, 10)]));
    const before = await snapshotLedger(db);
    // A caller that wrongly claims k:1 is new: the batch posts it, and the database refuses the write.
    const wrong = withTransaction(db, async (tx) => {
      const batch = await openTransferBatch(tx, [move('k:1', HOUSE_ACCOUNTS.adjustments, players[0]!, 10), move('k:2', HOUSE_ACCOUNTS.adjustments, players[1]!, 5)], {
        keysCheckedByCaller: true,
      });
      expect([batch.post(0).status, batch.post(1).status]).toEqual(['posted', 'posted']);
      await batch.write();
    });
    await expect(wrong).rejects.toMatchObject({ code: '23505' });
    expect(await snapshotLedger(db)).toEqual(before);
    // Right about new keys: posted as usual, with the running balances.
    await withTransaction(db, async (tx) => {
      const batch = await openTransferBatch(tx, [move('k:3', HOUSE_ACCOUNTS.adjustments, players[0]!, 5)], { keysCheckedByCaller: true });
      expect(batch.post(0).status).toBe('posted');
      await batch.write();
    });
    expect(await getBalance(db, players[0]!)).toBe(15);
  });
});

describe('postTransfers (batch)', () => {
  it('posts many transfers touching the same accounts with correct running balances', async () => {
    const batch = players.map((p, i) => move(`b:${i}`, HOUSE_ACCOUNTS.adjustments, p, 100 * (i + 1)));
    batch.push(move('b:back', players[0]!, HOUSE_ACCOUNTS.adjustments, 50));
    const posted = await withTransaction(db, (tx) => postTransfers(tx, batch));
    expect(posted.transfers.every((t) => !t.replayed)).toBe(true);
    expect(posted.balancesMinor.get(players[0]!)).toBe(50);
    expect(posted.balancesMinor.get(HOUSE_ACCOUNTS.adjustments)).toBe(-1_450);
    expect(await getBalance(db, players[4]!)).toBe(500);
    const { entries } = await listEntries(db, players[0]!);
    expect(entries.map((e) => [e.balanceBeforeMinor, e.balanceAfterMinor])).toEqual([
      [100, 50],
      [0, 100],
    ]);
  });

  it('is idempotent per transfer: a retried batch moves nothing, a partly new one only the new part', async () => {
    const batch = players.map((p, i) => move(`r:${i}`, HOUSE_ACCOUNTS.adjustments, p, 10));
    await withTransaction(db, (tx) => postTransfers(tx, batch));
    const before = await snapshotLedger(db);
    const again = await withTransaction(db, (tx) => postTransfers(tx, batch));
    expect(again.transfers.every((t) => t.replayed)).toBe(true);
    expect(await snapshotLedger(db)).toEqual(before);
    const more = await withTransaction(db, (tx) => postTransfers(tx, [...batch, move('r:new', HOUSE_ACCOUNTS.adjustments, players[0]!, 7)]));
    expect(more.transfers.filter((t) => !t.replayed).map((t) => t.idempotencyKey)).toEqual(['r:new']);
    expect(await getBalance(db, players[0]!)).toBe(17);
  });

  it('refuses the whole batch, writing nothing, on insufficient funds or a reused key with another body', async () => {
    await fund(db, players[0]!, 100);
    await withTransaction(db, (tx) => postTransfers(tx, [move('x:1', HOUSE_ACCOUNTS.adjustments, players[1]!, 5)]));
    const before = await snapshotLedger(db);
    const funds = await failureOf(
      withTransaction(db, (tx) =>
        postTransfers(tx, [move('x:2', HOUSE_ACCOUNTS.adjustments, players[2]!, 5), move('x:3', players[0]!, players[1]!, 101)]),
      ),
    );
    expect(funds).toBe('INSUFFICIENT_FUNDS');
    const conflict = await failureOf(withTransaction(db, (tx) => postTransfers(tx, [move('x:1', HOUSE_ACCOUNTS.adjustments, players[1]!, 6)])));
    expect(conflict).toBe('IDEMPOTENCY_CONFLICT');
    expect(await snapshotLedger(db)).toEqual(before);
  });

  it('refuses to run outside a transaction', async () => {
    await expect(postTransfers(db, [move('o:1', HOUSE_ACCOUNTS.adjustments, players[0]!, 1)])).rejects.toThrow(/inside a transaction/);
  });

  it('ends in the same balances as the same transfers posted one by one (model check)', async () => {
    // A small seeded generator so a failure is reproducible.
    let seed = 42;
    const rand = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    const accounts = [HOUSE_ACCOUNTS.adjustments, HOUSE_ACCOUNTS.fees, ...players];
    const transfers: PostTransferInput[] = [];
    for (let i = 0; i < 60; i++) {
      const from = rand(2);
      const to = 2 + rand(players.length);
      transfers.push(move(`m:${i}`, accounts[from]!, accounts[to]!, 1 + rand(1_000)));
    }
    await withTransaction(db, (tx) => postTransfers(tx, transfers));
    const batched = await snapshotLedger(db);
    await resetLedger(db);
    await ensureHouse(db);
    for (let i = 1; i <= 5; i++) await ensurePlayer(db, i);
    for (const t of transfers) await postTransfer(db, t);
    const sequential = await snapshotLedger(db);
    expect(batched).toEqual(sequential);
  });
});

describe('openTransferBatch with bonus purses (decision 530)', () => {
  it('locks the funded bonus accounts of the named players in the same statement, and lets a transfer take its entries at decision time', async () => {
    const bonus = accountCodes.playerBonus(1, 'bon_a');
    const empty = accountCodes.playerBonus(2, 'bon_b');
    for (const [code, owner] of [[bonus, 1], [empty, 2]] as const) await ensureAccount(db, { code, kind: 'player', owner });
    await fund(db, bonus, 40);
    await fund(db, players[0]!, 10);
    await withTransaction(db, async (tx) => {
      const batch = await openTransferBatch(tx, [move('s:1', players[0]!, HOUSE_ACCOUNTS.adjustments, 30), move('s:2', players[1]!, HOUSE_ACCOUNTS.adjustments, 1)], {
        bonusPursesOf: [1, 2],
      });
      // Player 2's bonus account is empty: not locked, not offered.
      expect([batch.bonusAccountsOf(1), batch.bonusAccountsOf(2)]).toEqual([[bonus], []]);
      expect(batch.balanceOf(bonus)).toBe(40);
      // An account the batch did not lock cannot be named.
      expect(() => batch.post(1, [{ accountCode: empty, amountMinor: -1 }, { accountCode: HOUSE_ACCOUNTS.adjustments, amountMinor: 1 }])).toThrow(/not locked/);
      const split = batch.post(0, [
        { accountCode: players[0]!, amountMinor: -10 },
        { accountCode: bonus, amountMinor: -20 },
        { accountCode: HOUSE_ACCOUNTS.adjustments, amountMinor: 30 },
      ]);
      expect(split.status).toBe('posted');
      await batch.write();
    });
    expect([await getBalance(db, players[0]!), await getBalance(db, bonus)]).toEqual([0, 20]);
  });
});
