import { API_PATHS, LAZY_API_PATHS, type OperatorRole } from '@colorplay/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { PlayerClient } from '../../../test/helpers/player-client';
import { asOwner } from '../../../test/helpers/test-db';
import { fakeClock } from '../../lib/clock';
import { checkInvariants } from '../ledger';
import { PERMISSIONS, type AdminAction } from './permissions';

const clock = fakeClock(new Date('2026-06-01T10:00:10Z'));
let t: TestApp;
let player: PlayerClient;
let playerId: number;
let admin: OperatorClient;
let finance: OperatorClient;
let support: OperatorClient;
let seq = 0;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  player = new PlayerClient(t.app, '203.0.113.1', true);
  expect((await player.register('9811111111')).statusCode).toBe(200);
  playerId = (await t.db.query<{ id: number }>(`SELECT id FROM players WHERE phone = '9811111111'`)).rows[0]!.id;
  admin = await OperatorClient.create(t.app, clock, 'asha', 'admin');
  finance = await OperatorClient.create(t.app, clock, 'farid', 'finance');
  support = await OperatorClient.create(t.app, clock, 'sam', 'support');
  for (const o of [admin, finance, support]) expect((await o.login()).statusCode).toBe(200);
});
// Tests move the shared clock by hours: the three console users sign in afresh before each one.
beforeEach(async () => {
  clock.advance(30_000);
  for (const o of [admin, finance, support]) expect((await o.login()).statusCode).toBe(200);
});
afterEach(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
});
afterAll(async () => {
  await t.app.close();
});

const auditRows = async (action: string) =>
  (await t.db.query<{ operator_id: number | null; username: string; target: string | null; after: Record<string, unknown> | null; ip: string; user_agent: string }>(
    'SELECT operator_id, username, target, after, ip, user_agent FROM operator_audit_log WHERE action = $1 ORDER BY id',
    [action],
  )).rows;

/** A recharge with a UTR submitted that the gateway did not confirm: it waits for review. */
async function depositUnderReview(amountMinor = 100_00): Promise<string> {
  const order = (await player.call('POST', '/api/wallet/get-recharge-url', { channel: 'upi', amountMinor, idempotencyKey: `k-${++seq}-${Date.now()}` })).json().data;
  const utr = String(100000000000 + seq);
  const res = await player.call('POST', '/api/wallet/submit-utr', { orderId: order.id, utr });
  expect(res.json().data.status).toBe('utr_submitted');
  return order.id;
}

describe('operator login', () => {
  it('sets an httpOnly SameSite=Strict cookie scoped to /api/admin and audits the login', async () => {
    const o = await OperatorClient.create(t.app, clock, 'lina', 'support');
    clock.advance(30_000);
    const res = await o.login();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.operator).toMatchObject({ username: 'lina', role: 'support' });
    const cookie = res.cookies.find((c) => c.name === 'cp_admin')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/admin' });
    expect((await o.call('GET', '/api/admin/me')).json().data.operator.username).toBe('lina');
    const rows = (await auditRows('login')).filter((r) => r.username === 'lina');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ ip: '198.51.100.7', user_agent: 'operator-test' });
    // Nothing secret is stored in the clear.
    const stored = (await t.db.query<{ totp_secret_sealed: string; password_hash: string }>(`SELECT * FROM operators WHERE username = 'lina'`)).rows[0]!;
    expect(stored.totp_secret_sealed).not.toContain(o.totpSecret);
    expect(stored.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a wrong password, a wrong code and a replayed code with one answer, each audited', async () => {
    const o = await OperatorClient.create(t.app, clock, 'wendy', 'finance');
    clock.advance(30_000);
    const wrongPassword = await o.login({ password: 'nope-nope-nope' });
    expect(wrongPassword.statusCode).toBe(401);
    expect(wrongPassword.json().error.code).toBe('INVALID_CREDENTIALS');
    const wrongCode = await o.login({ code: String((Number(o.code()) + 1) % 1_000_000).padStart(6, '0') });
    expect(wrongCode.statusCode).toBe(401);
    const code = o.code();
    expect((await o.login({ code })).statusCode).toBe(200);
    // The same code again, even at once and from the right person, is refused (replay).
    const replay = await o.login({ code });
    expect(replay.statusCode).toBe(401);
    // An earlier step's code after a later one was used is refused too.
    clock.advance(30_000);
    expect((await o.login({ code: o.code(1) })).statusCode).toBe(200);
    expect((await o.login({ code: o.code(0) })).statusCode).toBe(401);
    const failed = (await auditRows('login_failed')).filter((r) => r.username === 'wendy').map((r) => r.after?.reason);
    expect(failed).toEqual(['password', 'code', 'code_replayed', 'code_replayed']);
    // Unknown names are audited too, without an operator id.
    expect((await new OperatorClient(t.app, 'ghost', 'x', o.totpSecret, clock).login()).statusCode).toBe(401);
    expect((await auditRows('login_failed')).find((r) => r.username === 'ghost')).toMatchObject({ operator_id: null });
  });

  it('accepts one step of clock skew either way but not two', async () => {
    const o = await OperatorClient.create(t.app, clock, 'skew', 'support');
    clock.advance(30_000);
    expect((await o.login({ code: o.code(-2) })).statusCode).toBe(401);
    expect((await o.login({ code: o.code(-1) })).statusCode).toBe(200);
    expect((await o.login({ code: o.code(2) })).statusCode).toBe(401);
    expect((await o.login({ code: o.code(1) })).statusCode).toBe(200);
  });

  it('locks the account for 15 minutes after 5 failures in a row, even for the right credentials', async () => {
    const o = await OperatorClient.create(t.app, clock, 'lock', 'support', '198.51.100.99');
    for (let i = 0; i < 5; i++) expect((await o.login({ password: 'wrong-wrong' })).statusCode).toBe(401);
    clock.advance(30_000);
    const locked = await o.login();
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    clock.advance(15 * 60_000);
    expect((await o.login()).statusCode).toBe(200);
  });

  it('refuses a disabled operator and ends its sessions', async () => {
    const o = await OperatorClient.create(t.app, clock, 'gone', 'support');
    clock.advance(30_000);
    expect((await o.login()).statusCode).toBe(200);
    const id = (await o.call('GET', '/api/admin/me')).json().data.operator.id;
    const res = await admin.call('POST', `/api/admin/operators/${id}/disable`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.disabled).toBe(true);
    expect((await o.call('GET', '/api/admin/me')).statusCode).toBe(401);
    clock.advance(30_000);
    expect((await o.login()).statusCode).toBe(401);
    expect((await auditRows('operator.disable')).at(-1)).toMatchObject({ target: `operator:${id}` });
  });
});

describe('one-time passwords', () => {
  it('allow nothing but choosing a new password, which is audited', async () => {
    const created = await t.app.admin.createOperator({ username: 'fresh', role: 'support' });
    const o = new OperatorClient(t.app, 'fresh', created.password, created.totpSecret, clock);
    clock.advance(30_000);
    const login = await o.login();
    expect(login.statusCode).toBe(200);
    expect(login.json().data.mustChangePassword).toBe(true);
    expect((await o.call('GET', '/api/admin/deposits/review')).statusCode).toBe(403);
    expect((await o.call('POST', '/api/admin/password', { currentPassword: 'wrong-password', newPassword: 'A-much-better-passphrase' })).statusCode).toBe(401);
    expect((await o.call('POST', '/api/admin/password', { currentPassword: created.password, newPassword: 'short' })).statusCode).toBe(400);
    const changed = await o.call('POST', '/api/admin/password', { currentPassword: created.password, newPassword: 'A-much-better-passphrase' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data.mustChangePassword).toBe(false);
    expect((await o.call('GET', '/api/admin/deposits/review')).statusCode).toBe(200);
    expect((await auditRows('password.change')).at(-1)).toMatchObject({ username: 'fresh' });
    clock.advance(30_000);
    expect((await o.login({ password: created.password })).statusCode).toBe(401);
    clock.advance(30_000);
    expect((await o.login({ password: 'A-much-better-passphrase' })).statusCode).toBe(200);
  });
});

describe('operator sessions', () => {
  it('expire after 30 idle minutes and 12 hours after login, and end at logout', async () => {
    const o = await OperatorClient.create(t.app, clock, 'shift', 'support');
    clock.advance(30_000);
    expect((await o.login()).statusCode).toBe(200);
    clock.advance(29 * 60_000);
    expect((await o.call('GET', '/api/admin/me')).statusCode).toBe(200);
    clock.advance(30 * 60_000 + 1000);
    expect((await o.call('GET', '/api/admin/me')).statusCode).toBe(401);

    expect((await o.login()).statusCode).toBe(200);
    for (let h = 0; h < 36; h++) {
      clock.advance(20 * 60_000);
      expect((await o.call('GET', '/api/admin/me')).statusCode).toBe(h < 35 ? 200 : 401);
    }

    clock.advance(30_000);
    expect((await o.login()).statusCode).toBe(200);
    const cookie = o.cookie;
    expect((await o.call('POST', '/api/admin/logout')).statusCode).toBe(200);
    o.cookie = cookie;
    expect((await o.call('GET', '/api/admin/me')).statusCode).toBe(401);
    expect((await auditRows('logout')).some((r) => r.username === 'shift')).toBe(true);
  });

  it('keeps player tokens and operator cookies apart', async () => {
    // A player's bearer token opens nothing in the console...
    const withToken = await t.app.inject({ method: 'GET', url: '/api/admin/me', headers: { authorization: `Bearer ${player.token}` } });
    expect(withToken.statusCode).toBe(401);
    // ...and an operator cookie is no player session.
    const withCookie = await t.app.inject({ method: 'GET', url: '/api/wallet/balance', headers: { cookie: `cp_admin=${admin.cookie}` } });
    expect(withCookie.statusCode).toBe(401);
    const asBearer = await t.app.inject({ method: 'GET', url: '/api/wallet/balance', headers: { authorization: `Bearer ${admin.cookie}` } });
    expect(asBearer.statusCode).toBe(401);
  });

  it('refuses a write without the CSRF header and changes nothing', async () => {
    const orderId = await depositUnderReview();
    const res = await finance.call('POST', `/api/admin/deposits/${orderId}/review`, { decision: 'approve', note: 'statement line 4' }, { csrf: false });
    expect(res.statusCode).toBe(403);
    const login = await finance.call('POST', '/api/admin/login', { username: 'farid', password: finance.password, code: finance.code() }, { csrf: false });
    expect(login.statusCode).toBe(403);
    expect((await t.app.deposits.listForReview()).map((o) => o.id)).toContain(orderId);
    await t.app.deposits.review(orderId, 'reject', 'cleanup');
  });
});

/** Every console route with the action it needs; a route missing here fails the coverage check. */
const ROUTES: Array<{ name: keyof typeof API_PATHS | keyof typeof LAZY_API_PATHS; method: 'GET' | 'POST'; url: () => string; body?: () => unknown; action: AdminAction }> = [
  { name: 'admin_me', method: 'GET', url: () => '/api/admin/me', action: 'session.read' },
  { name: 'admin_deposits_review', method: 'GET', url: () => '/api/admin/deposits/review', action: 'deposits.read' },
  { name: 'admin_deposit_decide', method: 'POST', url: () => '/api/admin/deposits/dep_doesnotexist/review', body: () => ({ decision: 'reject', note: 'role check' }), action: 'deposits.review' },
  { name: 'admin_usdt_review', method: 'GET', url: () => '/api/admin/usdt/review', action: 'usdt.read' },
  { name: 'admin_usdt_approve', method: 'POST', url: () => `/api/admin/usdt/0x${'0'.repeat(64)}:0/approve`, body: () => ({ note: 'role check' }), action: 'usdt.review' },
  { name: 'admin_usdt_reject', method: 'POST', url: () => `/api/admin/usdt/0x${'0'.repeat(64)}:0/reject`, body: () => ({ note: 'role check' }), action: 'usdt.review' },
  { name: 'admin_player_lookup', method: 'GET', url: () => `/api/admin/players?q=${playerId}`, action: 'players.read' },
  { name: 'admin_player', method: 'GET', url: () => `/api/admin/players/${playerId}`, action: 'players.read' },
  { name: 'admin_player_ledger', method: 'GET', url: () => `/api/admin/players/${playerId}/ledger`, action: 'players.read' },
  { name: 'admin_player_deposits', method: 'GET', url: () => `/api/admin/players/${playerId}/deposits`, action: 'deposits.read' },
  { name: 'admin_player_usdt_deposits', method: 'GET', url: () => `/api/admin/players/${playerId}/usdt-deposits`, action: 'usdt.read' },
  { name: 'admin_player_bets', method: 'GET', url: () => `/api/admin/players/${playerId}/bets`, action: 'players.read' },
  { name: 'admin_player_lottery_bets', method: 'GET', url: () => `/api/admin/players/${playerId}/lottery-bets`, action: 'players.read' },
  { name: 'admin_player_withdrawals', method: 'GET', url: () => `/api/admin/players/${playerId}/withdrawals`, action: 'withdrawals.read' },
  { name: 'admin_player_kyc', method: 'GET', url: () => `/api/admin/players/${playerId}/kyc`, action: 'kyc.read' },
  { name: 'admin_player_safety', method: 'GET', url: () => `/api/admin/players/${playerId}/safety`, action: 'players.read' },
  { name: 'admin_limit_hits', method: 'GET', url: () => '/api/admin/safety/limit-hits', action: 'players.read' },
  // An unknown player, so the roles allowed get 404 and no account of the file is suspended.
  { name: 'admin_player_suspend', method: 'POST', url: () => '/api/admin/players/999999999/suspend', body: () => ({ reason: 'other', note: 'role check' }), action: 'players.suspend' },
  { name: 'admin_player_suspension_lift', method: 'POST', url: () => '/api/admin/players/999999999/suspension/lift', body: () => ({ note: 'role check' }), action: 'players.suspend' },
  { name: 'admin_player_close', method: 'POST', url: () => '/api/admin/players/999999999/close', body: () => ({ reason: 'player_request' }), action: 'players.close' },
  { name: 'admin_player_rg_notes', method: 'GET', url: () => `/api/admin/players/${playerId}/rg-notes`, action: 'players.read' },
  { name: 'admin_player_rg_notes', method: 'POST', url: () => '/api/admin/players/999999999/rg-notes', body: () => ({ observed: 'role check', actionTaken: 'role check' }), action: 'players.rg_note' },
  { name: 'admin_player_review_context', method: 'GET', url: () => `/api/admin/players/${playerId}/review-context`, action: 'players.read' },
  { name: 'admin_player_links', method: 'GET', url: () => `/api/admin/players/${playerId}/links`, action: 'links.read' },
  { name: 'admin_player_link_decide', method: 'POST', url: () => '/api/admin/players/999999999/links/999999998/decision', body: () => ({ decision: 'not_related', note: 'role check' }), action: 'links.decide' },
  { name: 'admin_player_adjustments', method: 'GET', url: () => `/api/admin/players/${playerId}/adjustments`, action: 'players.read' },
  { name: 'admin_player_adjustments', method: 'POST', url: () => '/api/admin/players/999999999/adjustments', body: () => ({ direction: 'credit', amountMinor: 100, reason: 'other', note: 'role check', idempotencyKey: `role-check-${++seq}` }), action: 'players.adjust' },
  { name: 'admin_adjustment_approve', method: 'POST', url: () => '/api/admin/adjustments/adj_doesnotexist/approve', action: 'players.adjust' },
  { name: 'admin_withdrawals_review', method: 'GET', url: () => '/api/admin/withdrawals/review', action: 'withdrawals.read' },
  { name: 'admin_withdrawal_approve', method: 'POST', url: () => '/api/admin/withdrawals/wd_doesnotexist/approve', body: () => ({ note: 'role check' }), action: 'withdrawals.review' },
  { name: 'admin_withdrawal_reject', method: 'POST', url: () => '/api/admin/withdrawals/wd_doesnotexist/reject', body: () => ({ note: 'role check' }), action: 'withdrawals.review' },
  { name: 'admin_kyc_pending', method: 'GET', url: () => '/api/admin/kyc/pending', action: 'kyc.read' },
  { name: 'admin_kyc_verify', method: 'POST', url: () => '/api/admin/kyc/kyc_doesnotexist/verify', action: 'kyc.review' },
  { name: 'admin_kyc_reject', method: 'POST', url: () => '/api/admin/kyc/kyc_doesnotexist/reject', body: () => ({ reason: 'role check' }), action: 'kyc.review' },
  { name: 'admin_kyc_document', method: 'GET', url: () => '/api/admin/kyc/kyc_doesnotexist/document', action: 'kyc.read' },
  { name: 'admin_audit', method: 'GET', url: () => '/api/admin/audit', action: 'audit.read' },
  { name: 'admin_audit_csv', method: 'GET', url: () => '/api/admin/audit.csv', action: 'audit.export' },
  { name: 'admin_operators', method: 'GET', url: () => '/api/admin/operators', action: 'operators.manage' },
  { name: 'admin_operators', method: 'POST', url: () => '/api/admin/operators', body: () => ({ username: `new${++seq}`, role: 'support' }), action: 'operators.manage' },
  { name: 'admin_operator_disable', method: 'POST', url: () => '/api/admin/operators/999999/disable', action: 'operators.manage' },
  { name: 'admin_operator_countersign', method: 'POST', url: () => '/api/admin/operators/999999/countersign', action: 'operators.manage' },
  { name: 'admin_alerts', method: 'GET', url: () => '/api/admin/alerts', action: 'alerts.read' },
  { name: 'admin_reports', method: 'GET', url: () => '/api/admin/reports?from=2026-06-01&to=2026-06-01', action: 'reports.read' },
  { name: 'admin_reports_players', method: 'GET', url: () => '/api/admin/reports/players?from=2026-06-01&to=2026-06-01', action: 'reports.read' },
  { name: 'admin_reports_liabilities', method: 'GET', url: () => '/api/admin/reports/liabilities', action: 'reports.read' },
  { name: 'admin_reports_csv', method: 'GET', url: () => '/api/admin/reports.csv?report=daily&from=2026-06-01&to=2026-06-01', action: 'reports.read' },
  // Support tickets (decision 452): an unknown ticket is 404 for a role that may, 403 for one that may not.
  { name: 'admin_support_tickets', method: 'GET', url: () => '/api/admin/support/tickets', action: 'support.read' },
  { name: 'admin_support_ticket', method: 'GET', url: () => '/api/admin/support/tickets/tkt_none1', action: 'support.read' },
  { name: 'admin_support_messages', method: 'POST', url: () => '/api/admin/support/tickets/tkt_none1/messages', body: () => ({}), action: 'support.reply' },
  { name: 'admin_support_assign', method: 'POST', url: () => '/api/admin/support/tickets/tkt_none1/assign', action: 'support.reply' },
  { name: 'admin_support_resolve', method: 'POST', url: () => '/api/admin/support/tickets/tkt_none1/resolve', action: 'support.reply' },
  { name: 'admin_support_complaint', method: 'POST', url: () => '/api/admin/support/tickets/tkt_none1/complaint', body: () => ({}), action: 'support.reply' },
  { name: 'admin_support_attachment', method: 'GET', url: () => '/api/admin/support/tickets/tkt_none1/attachments/att_none1', action: 'support.read' },
  { name: 'admin_support_canned', method: 'GET', url: () => '/api/admin/support/canned-replies', action: 'support.read' },
  { name: 'admin_announcements', method: 'GET', url: () => '/api/admin/announcements', action: 'announcements.read' },
  { name: 'admin_announcements', method: 'POST', url: () => '/api/admin/announcements', body: () => ({ kind: 'sparkle' }), action: 'announcements.manage' },
  { name: 'admin_announcement_pause', method: 'POST', url: () => '/api/admin/announcements/ann_999999/pause', action: 'announcements.manage' },
  { name: 'admin_announcement_resume', method: 'POST', url: () => '/api/admin/announcements/ann_999999/resume', action: 'announcements.manage' },
  { name: 'admin_gift_codes', method: 'GET', url: () => '/api/admin/gift-codes', action: 'promotions.read' },
  { name: 'admin_gift_codes', method: 'POST', url: () => '/api/admin/gift-codes', body: () => ({ code: 'x' }), action: 'promotions.manage' },
  { name: 'admin_gift_code_pause', method: 'POST', url: () => '/api/admin/gift-codes/999999/pause', action: 'promotions.manage' },
  { name: 'admin_promotions_cost', method: 'GET', url: () => '/api/admin/promotions/cost?from=2026-11-01&to=2026-11-02', action: 'promotions.read' },
  { name: 'admin_promotions_cost_csv', method: 'GET', url: () => '/api/admin/promotions/cost/csv?from=2026-11-01&to=2026-11-02', action: 'promotions.read' },
  { name: 'admin_player_bonuses', method: 'GET', url: () => '/api/admin/players/1/bonuses', action: 'promotions.read' },
  { name: 'admin_first_deposit_offers', method: 'GET', url: () => '/api/admin/first-deposit-offers', action: 'promotions.read' },
  { name: 'admin_first_deposit_offers', method: 'POST', url: () => '/api/admin/first-deposit-offers', body: () => ({ percent: 0 }), action: 'promotions.manage' },
  { name: 'admin_first_deposit_offer_pause', method: 'POST', url: () => '/api/admin/first-deposit-offers/999999/pause', action: 'promotions.manage' },
  { name: 'admin_check_in_settings', method: 'GET', url: () => '/api/admin/check-in-settings', action: 'promotions.read' },
  { name: 'admin_check_in_settings', method: 'POST', url: () => '/api/admin/check-in-settings', body: () => ({ paused: true }), action: 'promotions.manage' },
  { name: 'admin_recon_imports', method: 'GET', url: () => '/api/admin/reconciliation/imports', action: 'reconciliation.read' },
  {
    name: 'admin_recon_imports',
    method: 'POST',
    url: () => '/api/admin/reconciliation/imports',
    action: 'reconciliation.manage',
    body: () => ({ fileName: 'roles.csv', settlementDate: '2026-06-01', csv: 'order_id,utr,amount_minor,status,paid_at\n' }),
  },
  { name: 'admin_recon_items', method: 'GET', url: () => '/api/admin/reconciliation/items', action: 'reconciliation.read' },
  { name: 'admin_recon_runs', method: 'GET', url: () => '/api/admin/reconciliation/runs', action: 'reconciliation.read' },
  {
    name: 'admin_recon_resolve',
    method: 'POST',
    url: () => '/api/admin/reconciliation/items/rci_nosuchitem/resolve',
    action: 'reconciliation.manage',
    body: () => ({ action: 'explain', reason: 'Roles check' }),
  },
];
/**
 * Not behind the role guard: login itself, logout and password change (every signed-in operator),
 * and the enrolment link's two steps (no session yet: the link's token is the credential).
 */
const UNGUARDED = new Set(['admin_login', 'admin_logout', 'admin_password', 'admin_enrolment_start', 'admin_enrolment_complete']);

describe('roles on every console route', () => {
  it('lists every /api/admin path', () => {
    const adminPaths = Object.entries({ ...API_PATHS, ...LAZY_API_PATHS }).filter(([name]) => name.startsWith('admin_')).map(([name]) => name);
    expect(adminPaths.filter((n) => !UNGUARDED.has(n) && !ROUTES.some((r) => r.name === n))).toEqual([]);
  });

  for (const role of ['admin', 'finance', 'support'] as OperatorRole[]) {
    it(`gives ${role} exactly what the permission table allows`, async () => {
      const client = { admin, finance, support }[role];
      for (const r of ROUTES) {
        const res = await client.call(r.method, r.url(), r.body?.());
        const allowed = (PERMISSIONS[r.action] as readonly string[]).includes(role);
        const label = `${role} ${r.method} ${r.url()}`;
        if (allowed) expect(res.statusCode, label).not.toBe(403);
        else {
          expect(res.statusCode, label).toBe(403);
          expect(res.json().error.code, label).toBe('FORBIDDEN');
        }
      }
    });
  }

  it('answers 401 to every route without a session', async () => {
    for (const r of ROUTES) {
      const res = await t.app.inject({ method: r.method, url: r.url(), headers: { 'x-colorplay-admin': '1', ...(r.body ? { 'content-type': 'application/json' } : {}) }, ...(r.body ? { payload: JSON.stringify(r.body()) } : {}) });
      expect(res.statusCode, r.url()).toBe(401);
    }
  });
});

describe('UTR deposit queue', () => {
  it('lets finance approve: the player is credited by a ledger transfer naming the operator, and it is audited', async () => {
    const orderId = await depositUnderReview(250_00);
    const queue = (await support.call('GET', '/api/admin/deposits/review')).json().data.items;
    expect(queue.find((o: { id: string }) => o.id === orderId)).toMatchObject({ playerId, amountMinor: 250_00 });

    const refused = await support.call('POST', `/api/admin/deposits/${orderId}/review`, { decision: 'approve', note: 'looks fine' });
    expect(refused.statusCode).toBe(403);
    const missingNote = await finance.call('POST', `/api/admin/deposits/${orderId}/review`, { decision: 'approve', note: '' });
    expect(missingNote.statusCode).toBe(400);

    const before = (await player.call('GET', '/api/wallet/balance')).json().data.balanceMinor;
    const res = await finance.call('POST', `/api/admin/deposits/${orderId}/review`, { decision: 'approve', note: 'bank statement line 42' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('succeeded');
    expect((await player.call('GET', '/api/wallet/balance')).json().data.balanceMinor).toBe(before + 250_00);
    const financeId = (await finance.call('GET', '/api/admin/me')).json().data.operator.id;
    const transfer = (await t.db.query<{ metadata: Record<string, unknown> }>(`SELECT metadata FROM ledger_transfers WHERE reference = $1`, [orderId])).rows[0]!;
    expect(transfer.metadata.operatorId).toBe(financeId);
    expect((await auditRows('deposit.approve')).at(-1)).toMatchObject({ operator_id: financeId, target: `deposit:${orderId}`, after: { status: 'succeeded', note: 'bank statement line 42' } });

    // Deciding again is a conflict, and writes no second audit row.
    const again = await admin.call('POST', `/api/admin/deposits/${orderId}/review`, { decision: 'reject', note: 'second thoughts' });
    expect(again.statusCode).toBe(409);
    expect((await auditRows('deposit.reject')).filter((r) => r.target === `deposit:${orderId}`)).toHaveLength(0);
  });

  it('lets finance reject with a note', async () => {
    const orderId = await depositUnderReview();
    const res = await finance.call('POST', `/api/admin/deposits/${orderId}/review`, { decision: 'reject', note: 'no such credit' });
    expect(res.json().data.status).toBe('failed');
    expect((await auditRows('deposit.reject')).at(-1)).toMatchObject({ target: `deposit:${orderId}` });
  });
});

describe('player lookup (read-only)', () => {
  it('finds a player by phone, UID or id, with balances, ledger (running balance), deposits and bets', async () => {
    // At least two entries, so the second page's running balance can be checked.
    for (let i = 0; i < 2; i++) await t.app.deposits.review(await depositUnderReview(), 'approve', 'seed for lookup');
    const byPhone = (await support.call('GET', '/api/admin/players?q=%2B919811111111')).json().data;
    expect(byPhone).toMatchObject({ id: playerId, phone: '9811111111' });
    expect((await support.call('GET', `/api/admin/players?q=${byPhone.uid}`)).json().data.id).toBe(playerId);
    expect((await support.call('GET', '/api/admin/players?q=9999999999')).statusCode).toBe(404);
    const main = byPhone.balances.find((b: { accountCode: string }) => b.accountCode.endsWith(':main'));
    const ledger = (await support.call('GET', `/api/admin/players/${playerId}/ledger?limit=1`)).json().data;
    expect(ledger.items).toHaveLength(1);
    expect(ledger.items[0].balanceAfterMinor).toBe(main.balanceMinor);
    const next = (await support.call('GET', `/api/admin/players/${playerId}/ledger?limit=1&before=${ledger.nextCursor}`)).json().data;
    expect(next.items[0].balanceAfterMinor).toBe(main.balanceMinor - ledger.items[0].amountMinor);
    const deposits = (await support.call('GET', `/api/admin/players/${playerId}/deposits`)).json().data;
    expect(deposits.items.length).toBeGreaterThan(0);
    const bets = await support.call('GET', `/api/admin/players/${playerId}/bets`);
    expect(bets.json(), bets.body).toMatchObject({ data: { items: [] } });
    expect((await support.call('GET', '/api/admin/players/999999')).statusCode).toBe(404);
  });
});

describe('audit log', () => {
  it('is append-only in the database itself, even for the owner role (its trigger)', async () => {
    // The app role may not even try (db/roles.test.ts); the owner's attempt meets the trigger.
    await asOwner(t.db, async (owner) => {
      await expect(owner.query(`UPDATE operator_audit_log SET action = 'login' WHERE id = 1`)).rejects.toThrow(/append-only/);
      await expect(owner.query('DELETE FROM operator_audit_log WHERE id = 1')).rejects.toThrow(/append-only/);
    });
    expect((await t.db.query('SELECT 1 FROM operator_audit_log WHERE id = 1')).rows).toHaveLength(1);
  });

  it('filters, pages, and exports CSV with formulas neutralised, auditing the export', async () => {
    const page = (await support.call('GET', '/api/admin/audit?action=login&limit=2')).json().data;
    expect(page.items).toHaveLength(2);
    expect(page.items.every((e: { action: string }) => e.action === 'login')).toBe(true);
    const next = (await support.call('GET', `/api/admin/audit?action=login&limit=2&before=${page.nextCursor}`)).json().data;
    expect(next.items[0].id).toBeLessThan(page.items[1].id);

    const evil = new OperatorClient(t.app, 'nobody', 'x', 'JBSWY3DPEHPK3PXP', clock);
    evil.userAgent = '=HYPERLINK("http://evil.example","click")';
    await evil.login();
    const res = await support.call('GET', '/api/admin/audit.csv?action=login_failed');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="audit-/);
    expect(res.body.split('\r\n')[0]).toBe('"id","at","operator_id","username","action","target","before","after","ip","user_agent"');
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(res.body).not.toMatch(/,=HYPERLINK/);
    expect((await auditRows('audit.export')).at(-1)).toMatchObject({ username: 'sam', after: { filters: { action: 'login_failed' } } });
  });

  it('records operator creation by an admin', async () => {
    const res = await admin.call('POST', '/api/admin/operators', { username: 'newbie', role: 'finance' });
    expect(res.statusCode).toBe(200);
    // An enrolment link only (independence.test.ts follows it through).
    expect(res.json().data.enrolmentPath).toMatch(/^\/admin\/enrol#[A-Za-z0-9_-]{43}$/);
    expect((await auditRows('operator.create')).at(-1)).toMatchObject({ username: 'asha', target: `operator:${res.json().data.operator.id}` });
    expect((await admin.call('POST', '/api/admin/operators', { username: 'newbie', role: 'finance' })).statusCode).toBe(409);
    // The link is never shown again.
    expect(JSON.stringify((await admin.call('GET', '/api/admin/operators')).json())).not.toContain(res.json().data.enrolmentToken);
  });
});
