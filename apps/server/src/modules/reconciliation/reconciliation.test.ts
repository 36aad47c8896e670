import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { PlayerClient } from '../../../test/helpers/player-client';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import { createSandboxUpiGateway, signWebhook } from '../payments';

/**
 * UPI settlement files through the console's routes: every kind of difference, idempotent
 * re-import (also two at once), a malformed file refused whole, resolution (a credit through the
 * normal deposit path exactly once, an explanation with its reason), roles, and the audit log.
 */
// 15:30 in India: the IST settlement day is 2026-06-01.
const clock = fakeClock(new Date('2026-06-01T10:00:00Z'));
const DAY = '2026-06-01';
const WEBHOOK_SECRET = 'test-webhook-secret-0123456789abcdef01';
let t: TestApp;
let player: PlayerClient;
let finance: OperatorClient;
let admin: OperatorClient;
let support: OperatorClient;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  player = new PlayerClient(t.app, '203.0.113.1', true);
  expect((await player.register('9811111111')).statusCode).toBe(200);
  finance = await OperatorClient.create(t.app, clock, 'farid', 'finance');
  admin = await OperatorClient.create(t.app, clock, 'asha', 'admin');
  support = await OperatorClient.create(t.app, clock, 'sam', 'support');
});
beforeEach(async () => {
  // A TOTP code signs in once: each test signs in with the next one.
  clock.advance(30_000);
  for (const o of [finance, admin, support]) expect((await o.login()).statusCode).toBe(200);
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

const gateway = () => createSandboxUpiGateway(t.db, { webhookSecret: WEBHOOK_SECRET });
const balance = async () => (await player.call('GET', '/api/wallet/balance')).json().data.balanceMinor as number;

async function order(amountMinor: number): Promise<{ id: string; ref: string }> {
  const res = await player.call('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor, idempotencyKey: `recon-key-${++seq}` });
  expect(res.statusCode, res.body).toBe(200);
  const o = res.json().data;
  return { id: o.id, ref: o.paymentUrl.split('/').pop() };
}

function deliver(event: object) {
  const raw = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/upi/webhook',
    headers: { 'content-type': 'application/json', 'x-colorplay-signature': signWebhook(WEBHOOK_SECRET, raw, clock.now()) },
    payload: raw,
  });
}

/** A payment decided at the gateway; its notice delivered (credited) unless `deliverNotice` is false. */
async function pay(amountMinor: number, decision: 'paid' | 'declined' = 'paid', deliverNotice = true) {
  const o = await order(amountMinor);
  const event = (await gateway().decide(o.ref, decision, clock.now()))!;
  if (deliverNotice) expect((await deliver(event)).statusCode).toBe(200);
  return { ...o, utr: event.utr };
}

const exportFile = async (date = DAY) => {
  const res = await t.app.inject({ method: 'GET', url: `/sandbox/upi/settlement.csv?date=${date}` });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return res.body;
};
const importFile = (csv: string, by = finance, fileName = 'settlement.csv') => by.call('POST', '/api/admin/reconciliation/imports', { fileName, settlementDate: DAY, csv });
const items = async (importId: string) =>
  (await finance.call('GET', `/api/admin/reconciliation/items?importId=${importId}&state=all`)).json().data.items as {
    id: string;
    kind: string;
    state: string;
    orderId: string;
    lineNo: number | null;
    transferId: string | null;
  }[];
const kindOf = (list: Awaited<ReturnType<typeof items>>, orderId: string) => list.filter((i) => i.orderId === orderId).map((i) => i.kind);
const auditRows = async (action: string) =>
  (await t.db.query<{ target: string; after: Record<string, unknown> }>('SELECT target, after FROM operator_audit_log WHERE action = $1 ORDER BY id', [action])).rows;
const itemRows = async () => Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM recon_items')).rows[0]!.n);
const importRows = async () => Number((await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM recon_imports')).rows[0]!.n);

/** Replaces one order's line of a file. */
const editLine = (csv: string, orderId: string, edit: (cells: string[]) => string[] | null) =>
  csv
    .split('\n')
    .flatMap((line) => {
      if (!line.startsWith(`${orderId},`)) return [line];
      const next = edit(line.split(','));
      return next ? [next.join(',')] : [];
    })
    .join('\n');

describe('settlement file import', () => {
  it('classifies every line: matched, paid not credited, credited not in file, amount, status and UTR mismatch, unknown order', async () => {
    const matched = await pay(500_00);
    const declined = await pay(300_00, 'declined');
    const notCredited = await pay(400_00, 'paid', false);
    const missing = await pay(200_00);
    const amount = await pay(600_00);
    const status = await pay(700_00);
    const utr = await pay(800_00);
    let csv = await exportFile();
    // The sandbox's own export names every decided payment of the day.
    for (const o of [matched, declined, notCredited, missing, amount, status, utr]) expect(csv).toContain(`${o.id},`);
    csv = editLine(csv, missing.id, () => null);
    csv = editLine(csv, amount.id, (c) => [c[0]!, c[1]!, '60100', c[3]!, c[4]!]);
    csv = editLine(csv, status.id, (c) => [c[0]!, '', c[2]!, 'failed', '']);
    csv = editLine(csv, utr.id, (c) => [c[0]!, '999999999999', c[2]!, c[3]!, c[4]!]);
    csv = `${csv.trimEnd()}\ndep_unknown0001,111122223333,50000,paid,2026-06-01T09:00:00.000Z\n`;

    const res = await importFile(csv);
    expect(res.statusCode, res.body).toBe(200);
    const imported = res.json().data;
    expect(imported).toMatchObject({ duplicate: false, settlementDate: DAY, lineCount: 7 });
    const list = await items(imported.id);
    expect(kindOf(list, matched.id)).toEqual(['matched']);
    expect(kindOf(list, declined.id)).toEqual(['matched']);
    expect(kindOf(list, notCredited.id)).toEqual(['paid_not_credited']);
    expect(kindOf(list, missing.id)).toEqual(['credited_not_in_file']);
    expect(kindOf(list, amount.id)).toEqual(['amount_mismatch']);
    expect(kindOf(list, status.id)).toEqual(['status_mismatch']);
    expect(kindOf(list, utr.id)).toEqual(['utr_mismatch']);
    expect(kindOf(list, 'dep_unknown0001')).toEqual(['unknown_order']);
    expect(list.find((i) => i.orderId === missing.id)!.lineNo).toBeNull();
    expect(list.filter((i) => i.state === 'matched')).toHaveLength(2);
    expect(imported.counts).toMatchObject({ matched: 2, paid_not_credited: 1, credited_not_in_file: 1, amount_mismatch: 1, status_mismatch: 1, utr_mismatch: 1, unknown_order: 1 });
    expect((await auditRows('reconciliation.import')).at(-1)).toMatchObject({ target: `recon_import:${imported.id}`, after: { openItems: 6 } });

    // The open work items list shows exactly the differences.
    const open = (await support.call('GET', `/api/admin/reconciliation/items?importId=${imported.id}`)).json().data.items;
    expect(open).toHaveLength(6);
  });

  it('changes nothing when the same file is imported again, also by two imports at once', async () => {
    clock.advance(60_000);
    await pay(250_00);
    const csv = await exportFile();
    const before = { imports: await importRows(), items: await itemRows() };
    const [a, b] = await Promise.all([importFile(csv), importFile(csv, admin)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.id).toBe(b.json().data.id);
    expect([a.json().data.duplicate, b.json().data.duplicate].sort()).toEqual([false, true]);
    const after = { imports: await importRows(), items: await itemRows() };
    expect(after.imports).toBe(before.imports + 1);
    const again = await importFile(csv);
    expect(again.json().data).toMatchObject({ id: a.json().data.id, duplicate: true });
    expect({ imports: await importRows(), items: await itemRows() }).toEqual(after);
  });

  it('refuses a malformed file whole, naming each bad line, and stores nothing', async () => {
    const before = { imports: await importRows(), items: await itemRows() };
    const header = 'order_id,utr,amount_minor,status,paid_at';
    const bad = [
      header,
      'dep_goodline01,123456789012,50000,paid,2026-06-01T09:00:00.000Z',
      'dep_badamount1,123456789013,12.5,paid,2026-06-01T09:00:00.000Z',
      'dep_nocolumns',
      'dep_paidnoutr1,,50000,paid,2026-06-01T09:00:00.000Z',
      'dep_goodline01,123456789019,50000,failed,',
      'dep_badstatus1,123456789014,50000,refunded,2026-06-01T09:00:00.000Z',
    ].join('\n');
    const res = await importFile(bad);
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe('SETTLEMENT_FILE_INVALID');
    expect(error.issues.map((i: { path: string }) => i.path)).toEqual(['line 3', 'line 4', 'line 5', 'line 6', 'line 7']);
    expect(error.issues[3].message).toContain('line 2');
    const wrongHeader = await importFile('order,utr,amount,status,time\n');
    expect(wrongHeader.json().error).toMatchObject({ code: 'SETTLEMENT_FILE_INVALID', issues: [{ path: 'line 1' }] });
    expect((await importFile(header, finance, '')).statusCode).toBe(400);
    expect({ imports: await importRows(), items: await itemRows() }).toEqual(before);
  });
});

describe('resolving work items', () => {
  /** A fresh file of the day with one payment the gateway took and we never credited. */
  async function unmatched() {
    clock.advance(60_000);
    const o = await pay(450_00, 'paid', false);
    const csv = await exportFile();
    const imported = (await importFile(csv)).json().data;
    const item = (await items(imported.id)).find((i) => i.orderId === o.id)!;
    expect(item.kind).toBe('paid_not_credited');
    return { o, item, imported };
  }

  it('credits "paid but not credited" through the normal deposit path exactly once', async () => {
    const { o, item } = await unmatched();
    const start = await balance();
    const resolve = () => finance.call('POST', `/api/admin/reconciliation/items/${item.id}/resolve`, { action: 'credit', reason: 'Gateway settlement shows it paid' });
    const [first, second] = await Promise.all([resolve(), resolve()]);
    const codes = [first.statusCode, second.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const done = (first.statusCode === 200 ? first : second).json().data;
    expect(done).toMatchObject({ state: 'credited', reason: 'Gateway settlement shows it paid' });
    expect(done.transferId).toMatch(/^xfer_/);
    expect((first.statusCode === 409 ? first : second).json().error.code).toBe('RECON_ITEM_RESOLVED');
    expect(await balance()).toBe(start + 450_00);
    // The deposit credit itself: the order's key, the order succeeded, the operator named.
    const transfer = (await t.db.query<{ idempotency_key: string; kind: string; metadata: Record<string, unknown> }>('SELECT idempotency_key, kind, metadata FROM ledger_transfers WHERE id = $1', [done.transferId])).rows[0]!;
    expect(transfer).toMatchObject({ idempotency_key: `deposit:${o.id}`, kind: 'deposit', metadata: { actor: 'operator' } });
    const orderNow = (await player.call('GET', `/api/wallet/get-deposits?id=${o.id}`)).json().data.items[0];
    expect(orderNow).toMatchObject({ status: 'succeeded', utr: o.utr });
    expect((await auditRows('reconciliation.resolve')).at(-1)).toMatchObject({ target: `recon_item:${item.id}`, after: { state: 'credited', transferId: done.transferId } });

    // The gateway's notice arriving late credits nothing more.
    const late = (await gateway().decide(o.ref, 'paid', clock.now()))!;
    expect((await deliver(late)).statusCode).toBe(200);
    expect(await balance()).toBe(start + 450_00);
  });

  it('explains an item only with a reason, and credits only what the file reports paid and we did not credit', async () => {
    clock.advance(60_000);
    const credited = await pay(350_00);
    const csv = editLine(await exportFile(), credited.id, (c) => [c[0]!, c[1]!, '35001', c[3]!, c[4]!]);
    const imported = (await importFile(csv)).json().data;
    const item = (await items(imported.id)).find((i) => i.orderId === credited.id)!;
    expect(item.kind).toBe('amount_mismatch');
    const start = await balance();
    const url = `/api/admin/reconciliation/items/${item.id}/resolve`;

    const credit = await finance.call('POST', url, { action: 'credit', reason: 'Try crediting it' });
    expect(credit.json().error.code).toBe('RECON_CREDIT_NOT_ALLOWED');
    for (const body of [{ action: 'explain' }, { action: 'explain', reason: '  ' }, { action: 'explain', reason: 'ok' }]) {
      const res = await finance.call('POST', url, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const explained = await admin.call('POST', url, { action: 'explain', reason: 'Gateway fee rounding, confirmed with the provider' });
    expect(explained.statusCode, explained.body).toBe(200);
    expect(explained.json().data).toMatchObject({ state: 'explained', transferId: null });
    expect((await finance.call('POST', url, { action: 'explain', reason: 'Again' })).json().error.code).toBe('RECON_ITEM_RESOLVED');
    expect(await balance()).toBe(start);
    expect((await auditRows('reconciliation.resolve')).at(-1)).toMatchObject({ target: `recon_item:${item.id}`, after: { state: 'explained' } });
    expect((await finance.call('POST', '/api/admin/reconciliation/items/rci_nosuchitem/resolve', { action: 'explain', reason: 'Nothing' })).statusCode).toBe(404);
  });

  it('lets finance and admin import and resolve, support only read', async () => {
    const { item } = await unmatched();
    const csv = await exportFile();
    expect((await importFile(`${csv}`, support)).statusCode).toBe(403);
    const supportResolve = await support.call('POST', `/api/admin/reconciliation/items/${item.id}/resolve`, { action: 'explain', reason: 'Support tries' });
    expect(supportResolve.statusCode).toBe(403);
    expect((await support.call('GET', '/api/admin/reconciliation/imports')).statusCode).toBe(200);
    // Not signed in, or without the console's CSRF header: refused before anything is read.
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/reconciliation/items' })).statusCode).toBe(401);
    expect((await finance.call('POST', `/api/admin/reconciliation/items/${item.id}/resolve`, { action: 'explain', reason: 'No header' }, { csrf: false })).statusCode).toBe(403);
    const ok = await admin.call('POST', `/api/admin/reconciliation/items/${item.id}/resolve`, { action: 'explain', reason: 'Refunded at the gateway' });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
