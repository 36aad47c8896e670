import { PROMOTION_TERMS_VERSION, type GiftCode, type PromotionCostReport } from '@colorplay/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { asOwner } from '../../../test/helpers/test-db';
import { fakeClock } from '../../lib/clock';
import { HOUSE_ACCOUNTS, accountCodes, checkInvariants, ensureAccount, findTransferByKey, getBalance, postTransfer, withTransaction } from '../ledger';
import { insertPlayer } from '../players';

/**
 * The offers' cost report (docs/promotions.md, "Console and cost"): bonus money granted,
 * converted (with what the bonus won), forfeited and expired per IST day range, per source and
 * offer, and what active grants still hold, against a hand-computed expectation and against the
 * ledger's own sums. The ledger's invariants are checked after every test.
 */
const clock = fakeClock(new Date('2026-11-20T08:00:00Z'));
const DAY = 86_400_000;
let t: TestApp;
let admin: OperatorClient;
let support: OperatorClient;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  admin = await OperatorClient.create(t.app, clock, 'cora', 'admin');
  support = await OperatorClient.create(t.app, clock, 'sam', 'support');
  // Building the app on a loaded machine can take a while: the hook waits for it, not for time.
}, 180_000);
/** Signs both operators in (again after the clock jumped past a session's life): a TOTP code signs in once, so the next one. */
async function signIn(): Promise<void> {
  clock.advance(30_000);
  for (const o of [admin, support]) expect((await o.login()).statusCode).toBe(200);
}
beforeEach(signIn);
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => t.app.close());

/** A player who consented to marketing, with ₹1,000 of cash. */
async function consenting(): Promise<number> {
  const id = (await insertPlayer(t.db, { phone: `95${String(++seq + 3_000_000).padStart(8, '0')}`, passwordHash: 'not-a-login', inviteCode: undefined, now: clock.now() })).id;
  const main = accountCodes.playerMain(id);
  await ensureAccount(t.db, { code: main, kind: 'player', owner: id });
  await ensureAccount(t.db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
  await postTransfer(t.db, { idempotencyKey: `cost-dep:${id}`, kind: 'deposit', entries: [{ accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -1_000_00 }, { accountCode: main, amountMinor: 1_000_00 }] });
  await t.app.promotions.setConsent(id, true);
  return id;
}
async function createCode(code: string, bonusMinor: number, bonusValidDays: number): Promise<GiftCode> {
  const res = await admin.call('POST', '/api/admin/gift-codes', {
    code, bonusMinor, wageringMultiple: 1, bonusValidDays, budgetMinor: 10 * bonusMinor, perPlayerCap: 1, expiresAt: new Date(clock.now().getTime() + 30 * DAY).toISOString(),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}
const redeem = async (playerId: number, code: string) => (await t.app.promotions.redeem(playerId, { code, termsVersion: PROMOTION_TERMS_VERSION })).id;

/**
 * Places transfers (and their entries) at chosen instants, as if posted then: the ledger stamps
 * both with the database's now(), and the report reads IST days. Amounts and running balances are
 * untouched, so the invariants still hold.
 */
async function backdate(placed: readonly { key: string; at: string }[]): Promise<void> {
  const ids: string[] = [];
  for (const p of placed) ids.push((await findTransferByKey(t.db, p.key))!.id);
  await asOwner(t.db, (owner) =>
    owner.transaction(async (tx) => {
      await tx.query('ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only');
      await tx.query('ALTER TABLE ledger_transfers DISABLE TRIGGER ledger_transfers_append_only');
      const args = [ids, placed.map((p) => p.at)];
      await tx.query('UPDATE ledger_transfers t SET created_at = p.at FROM unnest($1::text[], $2::timestamptz[]) AS p(id, at) WHERE t.id = p.id', args);
      await tx.query('UPDATE ledger_entries e SET created_at = p.at FROM unnest($1::text[], $2::timestamptz[]) AS p(id, at) WHERE e.transfer_id = p.id', args);
      await tx.query('ALTER TABLE ledger_transfers ENABLE TRIGGER ledger_transfers_append_only');
      await tx.query('ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only');
    }),
  );
}

/** The ledger's own sums for a window, in this test's SQL: each bonus kind's transfers and credited amounts, and every bonus account's balance. */
async function ledgerSums(from: string, to: string) {
  const { rows } = await t.db.query<{ kind: string; n: number; amount: number }>(
    `SELECT t.kind, COUNT(DISTINCT t.id)::int AS n, COALESCE(SUM(e.amount_minor) FILTER (WHERE e.amount_minor > 0), 0)::float8 AS amount
       FROM ledger_transfers t JOIN ledger_entries e ON e.transfer_id = t.id
      WHERE t.kind LIKE 'bonus\\_%' AND e.created_at >= $1 AND e.created_at < $2 GROUP BY t.kind`,
    [from, to],
  );
  const { rows: held } = await t.db.query<{ amount: number }>(`SELECT COALESCE(SUM(balance_minor), 0)::float8 AS amount FROM ledger_accounts WHERE code LIKE 'player:%:bonus:%'`);
  const of = (kind: string) => ({ count: rows.find((r) => r.kind === kind)?.n ?? 0, amountMinor: Number(rows.find((r) => r.kind === kind)?.amount ?? 0) });
  return { granted: of('bonus_grant'), converted: of('bonus_convert'), forfeited: of('bonus_forfeit'), expired: of('bonus_expire'), heldMinor: Number(held[0]!.amount) };
}

const costs = async (query: string, who = admin) => who.call('GET', `/api/admin/promotions/cost?${query}`);
const fig = (count: number, amountMinor: number) => ({ count, amountMinor });
const none = fig(0, 0);

describe('the cost report', () => {
  it('sums grants, conversions (with what the bonus won), forfeits and expiries per offer by IST day, and what active grants still hold', async () => {
    const a = await createCode('COSTA', 50_00, 7);
    const b = await createCode('COSTB', 40_00, 7);
    const c = await createCode('COSTC', 30_00, 1);
    const [p1, p2, p3, p4, p5, p6] = [await consenting(), await consenting(), await consenting(), await consenting(), await consenting(), await consenting()];
    const g1 = await redeem(p1, 'COSTA');
    const g2 = await redeem(p2, 'COSTA');
    const g4 = await redeem(p4, 'COSTA');
    const g3 = await redeem(p3, 'COSTC');
    const g5 = await redeem(p5, 'COSTB');
    const g6 = (await withTransaction(t.db, (tx) => t.app.promotions.grant(tx, { playerId: p6, source: 'first_deposit', sourceRef: 'FD-1', amountMinor: 25_00, wageringMultiple: 2, validDays: 7, termsVersion: PROMOTION_TERMS_VERSION }))).id;

    // p1 wagers the bonus once with cash, and its bonus account wins ₹20 (as a bonus stake's win
    // would be credited there): the conversion moves ₹70, which is what the offer cost.
    const pot = accountCodes.houseLottery('wingo', 0);
    await ensureAccount(t.db, { code: pot, kind: 'house' });
    await postTransfer(t.db, { idempotencyKey: 'cost-bet:1', kind: 'lottery_bet', metadata: { game: 'wingo', room: '1m' }, entries: [{ accountCode: accountCodes.playerMain(p1), amountMinor: -50_00 }, { accountCode: pot, amountMinor: 50_00 }] });
    await postTransfer(t.db, { idempotencyKey: 'cost-win:1', kind: 'lottery_payout', metadata: { game: 'wingo', room: '1m' }, entries: [{ accountCode: pot, amountMinor: -20_00 }, { accountCode: accountCodes.playerBonus(p1, g1), amountMinor: 20_00 }] });
    expect((await t.app.promotions.bonuses(p1))[0]!.status).toBe('converted');
    // p2 withdraws first (forfeit confirmed); p3's one-day bonus expires in the job.
    await withTransaction(t.db, (tx) => t.app.promotions.settleForWithdrawal(tx, p2, true));
    clock.advance(2 * DAY);
    expect(await t.app.promotions.settleDue()).toEqual({ converted: 0, expired: 1 });
    expect(await getBalance(t.db, accountCodes.playerBonus(p3, g3))).toBe(0);
    await signIn();

    // IST midnight between 2026-11-21 and 2026-11-22 is 2026-11-21T18:30:00Z.
    await backdate([
      { key: `bonus:grant:${g5}`, at: '2026-11-19T18:29:59.999Z' }, // 2026-11-19, 23:59:59.999 IST
      { key: `bonus:grant:${g1}`, at: '2026-11-19T18:30:00.000Z' }, // 2026-11-20, 00:00 IST
      { key: `bonus:grant:${g2}`, at: '2026-11-20T06:00:00Z' },
      { key: `bonus:grant:${g4}`, at: '2026-11-20T06:00:00Z' },
      { key: `bonus:grant:${g3}`, at: '2026-11-20T06:00:00Z' },
      { key: `bonus:grant:${g6}`, at: '2026-11-20T07:00:00Z' },
      { key: `bonus:convert:${g1}`, at: '2026-11-21T18:29:59.999Z' }, // the 21st, last millisecond
      { key: `bonus:forfeit:${g2}`, at: '2026-11-21T18:30:00.000Z' }, // the 22nd, first millisecond
      { key: `bonus:expire:${g3}`, at: '2026-11-22T05:00:00Z' },
    ]);

    const outstanding = { A: fig(1, 50_00), B: fig(1, 40_00), FD: fig(1, 25_00) };
    const first = await costs('from=2026-11-20&to=2026-11-21');
    expect(first.statusCode, first.body).toBe(200);
    const report: PromotionCostReport = first.json().data;
    expect(report).toEqual({
      from: '2026-11-20',
      to: '2026-11-21',
      rows: [
        { source: 'gift_code', offerRef: 'COSTA', giftCodeId: a.id, granted: fig(3, 150_00), converted: fig(1, 70_00), forfeited: none, expired: none, outstanding: outstanding.A },
        { source: 'gift_code', offerRef: 'COSTB', giftCodeId: b.id, granted: none, converted: none, forfeited: none, expired: none, outstanding: outstanding.B },
        { source: 'gift_code', offerRef: 'COSTC', giftCodeId: c.id, granted: fig(1, 30_00), converted: none, forfeited: none, expired: none, outstanding: none },
        { source: 'first_deposit', offerRef: 'FD-1', giftCodeId: null, granted: fig(1, 25_00), converted: none, forfeited: none, expired: none, outstanding: outstanding.FD },
      ],
      totals: { granted: fig(5, 205_00), converted: fig(1, 70_00), forfeited: none, expired: none, outstanding: fig(3, 115_00) },
    });

    // The CSV carries the same figures, in rupees, and its export is audited.
    const csv = await support.call('GET', '/api/admin/promotions/cost/csv?from=2026-11-20&to=2026-11-21');
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\r\n')).toEqual([
      '"source","offer","gift_code_id","granted","granted_inr","converted","converted_inr","forfeited","forfeited_inr","expired","expired_inr","outstanding","outstanding_inr"',
      `"gift_code","COSTA","${a.id}","3","150.00","1","70.00","0","0.00","0","0.00","1","50.00"`,
      `"gift_code","COSTB","${b.id}","0","0.00","0","0.00","0","0.00","0","0.00","1","40.00"`,
      `"gift_code","COSTC","${c.id}","1","30.00","0","0.00","0","0.00","0","0.00","0","0.00"`,
      '"first_deposit","FD-1","","1","25.00","0","0.00","0","0.00","0","0.00","1","25.00"',
      '"total","","","5","205.00","1","70.00","0","0.00","0","0.00","3","115.00"',
      '',
    ]);
    const exported = await t.db.query<{ username: string; action: string }>(`SELECT username, action FROM operator_audit_log WHERE target = 'report:promotions_cost'`);
    expect(exported.rows).toEqual([{ username: 'sam', action: 'reports.export' }]);

    const second: PromotionCostReport = (await costs('from=2026-11-22&to=2026-11-22', support)).json().data;
    expect(second.rows.map((r) => [r.offerRef, r.granted.count, r.forfeited, r.expired])).toEqual([
      ['COSTA', 0, fig(1, 50_00), none],
      ['COSTB', 0, none, none],
      ['COSTC', 0, none, fig(1, 30_00)],
      ['FD-1', 0, none, none],
    ]);
    expect(second.totals).toEqual({ granted: none, converted: none, forfeited: fig(1, 50_00), expired: fig(1, 30_00), outstanding: fig(3, 115_00) });

    // The whole span against the ledger's own sums: every bonus transfer is in exactly one row,
    // and what the bonus accounts hold is granted + won - converted - forfeited - expired.
    const all: PromotionCostReport = (await costs('from=2026-11-19&to=2026-11-22')).json().data;
    const ledger = await ledgerSums('2026-11-18T18:30:00Z', '2026-11-22T18:30:00Z');
    expect(all.totals).toEqual({ granted: ledger.granted, converted: ledger.converted, forfeited: ledger.forfeited, expired: ledger.expired, outstanding: fig(3, ledger.heldMinor) });
    expect(all.totals.granted).toEqual(fig(6, 245_00));
    expect(all.totals.granted.amountMinor + 20_00 - all.totals.converted.amountMinor - all.totals.forfeited.amountMinor - all.totals.expired.amountMinor).toBe(all.totals.outstanding.amountMinor);
    expect(-(await getBalance(t.db, HOUSE_ACCOUNTS.bonuses))).toBe(all.totals.granted.amountMinor - all.totals.forfeited.amountMinor - all.totals.expired.amountMinor);
    for (const row of ['granted', 'converted', 'forfeited', 'expired', 'outstanding'] as const) {
      expect(all.rows.reduce((s, r) => s + r[row].amountMinor, 0), row).toBe(all.totals[row].amountMinor);
    }
  });

  it("shows a player's bonuses to every operator, read only: a complete one is shown, not converted", async () => {
    const p = await consenting();
    const granted = (await withTransaction(t.db, (tx) => t.app.promotions.grant(tx, { playerId: p, source: 'check_in', sourceRef: 'day-2026-11-22', amountMinor: 10_00, wageringMultiple: 2, validDays: 3, termsVersion: PROMOTION_TERMS_VERSION }))).id;
    const pot = accountCodes.houseLottery('wingo', 0);
    await ensureAccount(t.db, { code: pot, kind: 'house' });
    await postTransfer(t.db, { idempotencyKey: 'cost-bet:2', kind: 'lottery_bet', metadata: { game: 'wingo', room: '1m' }, entries: [{ accountCode: accountCodes.playerMain(p), amountMinor: -20_00 }, { accountCode: pot, amountMinor: 20_00 }] });
    const res = await support.call('GET', `/api/admin/players/${p}/bonuses`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.items).toEqual([
      expect.objectContaining({ id: granted, source: 'check_in', sourceRef: 'day-2026-11-22', status: 'active', amountMinor: 10_00, balanceMinor: 10_00, requiredMinor: 20_00, wageredMinor: 20_00, endedAt: null }),
    ]);
    expect(await findTransferByKey(t.db, `bonus:convert:${granted}`)).toBeNull();
    expect((await support.call('GET', '/api/admin/players/abc/bonuses')).json().error.code).toBe('VALIDATION_FAILED');
    // The player's own read converts it (decision 490); the console then shows it converted.
    await t.app.promotions.bonuses(p);
    expect((await admin.call('GET', `/api/admin/players/${p}/bonuses`)).json().data.items[0]).toMatchObject({ status: 'converted', balanceMinor: 0 });
  });

  it('refuses a bad range with the contract\'s code, and callers who are not operators', async () => {
    for (const query of ['from=2026-11-22&to=2026-11-21', 'from=2025-01-01&to=2026-11-21', 'from=2026-02-30&to=2026-03-01', 'from=2026-11-20', 'from=20261120&to=20261121', 'from=2026-11-20&to=2026-11-21&extra=1']) {
      const res = await costs(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.code, query).toBe('VALIDATION_FAILED');
    }
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/promotions/cost?from=2026-11-20&to=2026-11-21' });
    expect(anonymous.statusCode).toBe(401);
  });
});
