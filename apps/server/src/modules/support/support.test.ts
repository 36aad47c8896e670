import { API_PATHS, LAZY_API_PATHS, SUPPORT_MAX_OPEN_TICKETS, WingoServerMessageSchema, type WingoServerMessage } from '@colorplay/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../../test/helpers/build-test-app';
import { OperatorClient } from '../../../test/helpers/operator-client';
import { PlayerClient } from '../../../test/helpers/player-client';
import { readyToWithdraw } from '../../../test/helpers/withdraw-ready';
import { fakeClock } from '../../lib/clock';
import { accountCodes, checkInvariants, ensureAccount, HOUSE_ACCOUNTS, postTransfer } from '../ledger';

/**
 * Support tickets over HTTP (docs/support.md): a ticket from a withdrawal links it; another
 * player's ticket, note or attachment cannot be read or changed (IDOR probes); attachments pass
 * the KYC document checks; the SLA timers; internal notes; a complaint's final response with the
 * ADR text; reopening for 7 days; the console's permissions and audit rows.
 */

const ADR = 'Refer your complaint to the Example Gaming Disputes Service, 1 Fair Street, Mumbai.';
const HOUR = 3_600_000;
const clock = fakeClock(new Date('2026-11-28T06:00:00Z'));
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 1, 2, 3]);
let t: TestApp;
let alice: PlayerClient;
let aliceId: number;
let bob: PlayerClient;
let bobId: number;
let support: OperatorClient;
let finance: OperatorClient;
let seq = 0;
let port: number;

const path = (template: string, params: Record<string, string>) => template.replace(/:(\w+)/g, (_, k: string) => params[k]!);
const ticketPath = (template: string, ticketId: string, extra: Record<string, string> = {}) => path(template, { ticketId, ...extra });

async function registered(phone: string, address: string) {
  const client = new PlayerClient(t.app, address, true);
  const reg = await client.register(phone);
  expect(reg.statusCode, reg.body).toBe(200);
  const { rows } = await t.db.query<{ id: number }>('SELECT id FROM players WHERE uid = $1', [reg.json().data.user.uid]);
  return { client, id: Number(rows[0]!.id) };
}

/** A withdrawal of the player's, made the way the withdraw page makes it. */
async function withdrawalOf(client: PlayerClient, playerId: number): Promise<string> {
  const main = accountCodes.playerMain(playerId);
  await ensureAccount(t.db, { code: main, kind: 'player', owner: playerId });
  await ensureAccount(t.db, { code: HOUSE_ACCOUNTS.deposits, kind: 'house' });
  await postTransfer(t.db, { idempotencyKey: `support-fund-${playerId}-${++seq}`, kind: 'deposit', entries: [{ accountCode: HOUSE_ACCOUNTS.deposits, amountMinor: -1000_00 }, { accountCode: main, amountMinor: 1000_00 }] });
  const method = await readyToWithdraw(t, playerId);
  const res = await client.call('POST', '/api/wallet/withdraw/request', { methodId: method.id, amountMinor: 500_00, idempotencyKey: `support-wd-${++seq}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as string;
}

const open = (client: PlayerClient, body: Record<string, unknown>) => client.call('POST', LAZY_API_PATHS.support_tickets, { category: 'withdrawal', message: 'My withdrawal has not arrived', ...body });
const counts = async () => (await t.db.query<{ n: string }>("SELECT (SELECT count(*) FROM support_tickets) + (SELECT count(*) FROM support_messages) + (SELECT count(*) FROM support_attachments) AS n")).rows[0]!.n;
const auditOf = async (ticketId: string) => (await t.db.query<{ action: string; username: string }>('SELECT action, username FROM operator_audit_log WHERE target = $1 ORDER BY id', [ticketId])).rows;

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { KYC_MAX_DOCUMENT_BYTES: '20000', SUPPORT_ADR_TEXT: ADR, SUPPORT_RESPONSE_HOURS: '12' } });
  ({ client: alice, id: aliceId } = await registered('9822200001', '203.0.113.71'));
  ({ client: bob, id: bobId } = await registered('9822200002', '203.0.113.72'));
  support = await OperatorClient.create(t.app, clock, 'suri', 'support');
  finance = await OperatorClient.create(t.app, clock, 'fatima', 'finance');
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  port = (t.app.server.address() as { port: number }).port;
  // Generous: an app, two registrations and two operators on a loaded machine.
}, 240_000);
beforeEach(async () => {
  // A TOTP code signs in once: each test signs in with the next one.
  clock.advance(30_000);
  for (const o of [support, finance]) expect((await o.login()).statusCode).toBe(200);
  // Each test starts with the players' earlier tickets resolved (by the player, as a player
  // would), so the cap on open tickets (decision 483) never stands in a later test's way.
  for (const player of [alice, bob]) {
    const items = (await player.call('GET', LAZY_API_PATHS.support_tickets)).json().data.items as Array<{ id: string; status: string }>;
    for (const item of items.filter((i) => i.status !== 'resolved')) {
      expect((await player.call('POST', ticketPath(LAZY_API_PATHS.support_ticket_resolve, item.id))).statusCode).toBe(200);
    }
  }
});
afterAll(async () => {
  expect(await checkInvariants(t.db)).toEqual([]);
  await t.app.close();
});

describe('opening a ticket', () => {
  it('links the player’s own withdrawal, shows the expected response time, and starts the SLA clock', async () => {
    const withdrawalId = await withdrawalOf(alice, aliceId);
    const res = await open(alice, { link: { kind: 'withdrawal', id: withdrawalId } });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = res.json().data;
    expect(ticket).toMatchObject({ status: 'open', category: 'withdrawal', link: { kind: 'withdrawal', id: withdrawalId }, expectedResponseHours: 12, complaint: false, finalResponse: null });
    expect(ticket.responseDueAt).toBe(new Date(clock.now().getTime() + 12 * HOUR).toISOString());
    expect(ticket.messages).toEqual([expect.objectContaining({ author: 'player', body: 'My withdrawal has not arrived', internal: false, operator: null })]);
    // The console finds it in its queue with the link one tap away.
    const queue = (await support.call('GET', LAZY_API_PATHS.admin_support_tickets)).json().data.items;
    expect(queue.find((q: { id: string }) => q.id === ticket.id)).toMatchObject({ playerId: aliceId, link: { kind: 'withdrawal', id: withdrawalId }, overdue: false, assignee: null, language: 'en' });
  });

  it('refuses a record that is another player’s or does not exist, and stores nothing', async () => {
    const bobsWithdrawal = await withdrawalOf(bob, bobId);
    const before = await counts();
    for (const link of [
      { kind: 'withdrawal', id: bobsWithdrawal },
      { kind: 'deposit', id: 'dep_doesnotexist01' },
      { kind: 'kyc', id: 'kyc_doesnotexist1' },
      { kind: 'bet', id: 'bet_doesnotexist0001' },
    ]) {
      const res = await open(alice, { link });
      expect([res.statusCode, res.json().error.code], JSON.stringify(link)).toEqual([400, 'SUPPORT_LINK_INVALID']);
    }
    expect(await counts()).toBe(before);
    // Alice's own KYC submission is hers to link.
    const { rows } = await t.db.query<{ id: string }>('SELECT id FROM kyc_submissions WHERE player_id = $1', [aliceId]);
    expect((await open(alice, { category: 'kyc', link: { kind: 'kyc', id: rows[0]!.id } })).statusCode).toBe(200);
  });

  it('links the player’s own USDT order as a deposit, refuses another player’s, and the console reads it', async () => {
    const usdtOrder = async (client: PlayerClient) => {
      const res = await client.call('POST', API_PATHS.get_payment_url_usdt, { amountMinor: 500_00, idempotencyKey: `support-usdt-${++seq}` });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.id as string;
    };
    const bobsOrder = await usdtOrder(bob);
    const before = await counts();
    const refused = await open(alice, { category: 'deposit', link: { kind: 'deposit', id: bobsOrder } });
    expect([refused.statusCode, refused.json().error.code]).toEqual([400, 'SUPPORT_LINK_INVALID']);
    expect(await counts()).toBe(before);
    const mine = await usdtOrder(alice);
    const res = await open(alice, { category: 'deposit', message: 'I sent USDT and it has not arrived', link: { kind: 'deposit', id: mine } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.link).toEqual({ kind: 'deposit', id: mine });
    // The console's linked record: the player's USDT orders, under the USDT queue's permission.
    const orders = await support.call('GET', path(LAZY_API_PATHS.admin_player_usdt_deposits, { playerId: String(aliceId) }));
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.json().data.items.map((o: { id: string }) => o.id)).toContain(mine);
  });
});

describe('the cap on open tickets', () => {
  it(`lets a player have at most ${SUPPORT_MAX_OPEN_TICKETS} unresolved at once, even when they open many together; resolving one frees a place`, async () => {
    const { client: carol } = await registered('9822200003', '203.0.113.73');
    const tries = SUPPORT_MAX_OPEN_TICKETS + 3;
    const answers = await Promise.all(Array.from({ length: tries }, (_, i) => open(carol, { category: 'other', message: `Question number ${i} about my account` })));
    const codes = answers.map((r) => (r.statusCode === 200 ? 'ok' : `${r.statusCode} ${r.json().error.code}`)).sort();
    expect(codes).toEqual([...Array(tries - SUPPORT_MAX_OPEN_TICKETS).fill('409 SUPPORT_TOO_MANY_OPEN'), ...Array(SUPPORT_MAX_OPEN_TICKETS).fill('ok')]);
    const mine = (await carol.call('GET', LAZY_API_PATHS.support_tickets)).json().data.items as Array<{ id: string }>;
    expect(mine).toHaveLength(SUPPORT_MAX_OPEN_TICKETS);
    // A reply to an open ticket is always possible; resolving one lets a new one open.
    expect((await carol.call('POST', ticketPath(LAZY_API_PATHS.support_ticket_messages, mine[0]!.id), { message: 'More details about it' })).statusCode).toBe(200);
    expect((await carol.call('POST', ticketPath(LAZY_API_PATHS.support_ticket_resolve, mine[0]!.id))).statusCode).toBe(200);
    expect((await open(carol, { category: 'other', message: 'A new question after that' })).statusCode).toBe(200);
  });
});

describe('attachments', () => {
  it('checks every file like a KYC document: type by content, size by the KYC limit; nothing stored when one fails', async () => {
    const before = await counts();
    const gif = Buffer.from('GIF89a-not-allowed').toString('base64');
    let res = await open(alice, { attachments: [{ base64: PNG.toString('base64') }, { base64: gif, fileName: 'x.png' }] });
    expect([res.statusCode, res.json().error.code, res.json().error.issues[0].path]).toEqual([400, 'SUPPORT_ATTACHMENT_TYPE_INVALID', 'attachments.1.base64']);
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(20_000)]).toString('base64');
    res = await open(alice, { attachments: [{ base64: big }] });
    expect([res.statusCode, res.json().error.code]).toEqual([413, 'SUPPORT_ATTACHMENT_TOO_LARGE']);
    expect(await counts()).toBe(before);
  });

  it('stores a valid image; its owner and operators read it, another player cannot', async () => {
    const res = await open(alice, { category: 'deposit', message: 'Here is my payment screen', attachments: [{ base64: PNG.toString('base64'), fileName: 'upi.png' }] });
    expect(res.statusCode, res.body).toBe(200);
    const ticket = res.json().data;
    const [attachment] = ticket.messages[0].attachments;
    expect(attachment).toMatchObject({ contentType: 'image/png', fileName: 'upi.png', bytes: PNG.length });
    const url = ticketPath(LAZY_API_PATHS.support_attachment, ticket.id, { attachmentId: attachment.id });
    const mine = await alice.call('GET', url);
    expect([mine.statusCode, mine.headers['content-type'], mine.rawPayload.equals(PNG)]).toEqual([200, 'image/png', true]);
    expect((await bob.call('GET', url)).json().error.code).toBe('SUPPORT_TICKET_NOT_FOUND');
    const adminUrl = ticketPath(LAZY_API_PATHS.admin_support_attachment, ticket.id, { attachmentId: attachment.id });
    expect((await finance.call('GET', adminUrl)).statusCode).toBe(200);
    expect(await auditOf(ticket.id)).toEqual([{ action: 'support.attachment_view', username: 'fatima' }]);
  });
});

describe('the thread', () => {
  it('keeps internal notes from the player, answers live, and follows the SLA both ways', async () => {
    const ticket = (await open(alice, {})).json().data;
    const id = ticket.id as string;
    // The queue shows it overdue once the promised 12 hours have passed without an answer.
    clock.advance(12 * HOUR + 1000);
    expect((await support.login()).statusCode).toBe(200);
    const overdue = (await support.call('GET', `${LAZY_API_PATHS.admin_support_tickets}?status=open`)).json().data.items.find((q: { id: string }) => q.id === id);
    expect(overdue).toMatchObject({ overdue: true, ageSeconds: 12 * 3600 + 1 });

    let res = await support.call('POST', ticketPath(LAZY_API_PATHS.admin_support_messages, id), { message: 'Player called twice; check the bank reference', internal: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'open', messages: [{ author: 'player' }, { author: 'operator', internal: true, operator: 'suri' }] });
    await t.app.events.dispatch();
    expect((await alice.call('GET', ticketPath(LAZY_API_PATHS.support_ticket, id))).json().data.messages).toHaveLength(1);
    const inboxBefore = (await t.db.query('SELECT 1 FROM notifications WHERE player_id = $1', [aliceId])).rows.length;

    res = await support.call('POST', ticketPath(LAZY_API_PATHS.admin_support_messages, id), { message: 'We have asked the bank and will update you.', internal: false });
    expect(res.json().data).toMatchObject({ status: 'waiting_player', responseDueAt: null, overdue: false });
    await t.app.events.dispatch();
    const seen = (await alice.call('GET', ticketPath(LAZY_API_PATHS.support_ticket, id))).json().data;
    expect(seen.status).toBe('waiting_player');
    expect(seen.messages.map((m: { author: string; body: string; internal: boolean; operator: string | null }) => [m.author, m.internal, m.operator])).toEqual([
      ['player', false, null],
      ['operator', false, null],
    ]);
    expect(JSON.stringify(seen)).not.toContain('bank reference');
    // The reply reached the inbox once (the note did not).
    expect((await t.db.query('SELECT message_key FROM notifications WHERE player_id = $1', [aliceId])).rows.length).toBe(inboxBefore + 1);

    clock.advance(HOUR);
    res = await alice.call('POST', ticketPath(LAZY_API_PATHS.support_ticket_messages, id), { message: 'Still nothing' });
    expect(res.json().data).toMatchObject({ status: 'open', responseDueAt: new Date(clock.now().getTime() + 12 * HOUR).toISOString() });
    expect((await auditOf(id)).map((a) => a.action)).toEqual(['support.note', 'support.reply']);
  });

  it('resolves, reopens within 7 days, refuses after them', async () => {
    const id = (await open(alice, {})).json().data.id as string;
    let res = await alice.call('POST', ticketPath(LAZY_API_PATHS.support_ticket_resolve, id));
    expect(res.json().data).toMatchObject({ status: 'resolved', reopenableUntil: new Date(clock.now().getTime() + 7 * 24 * HOUR).toISOString() });
    res = await alice.call('POST', ticketPath(LAZY_API_PATHS.support_ticket_messages, id), { message: 'one more thing' });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'SUPPORT_STATE_CONFLICT']);
    clock.advance(7 * 24 * HOUR);
    expect((await alice.call('POST', ticketPath(LAZY_API_PATHS.support_ticket_reopen, id))).json().data.status).toBe('open');

    expect((await support.login()).statusCode).toBe(200);
    res = await support.call('POST', ticketPath(LAZY_API_PATHS.admin_support_resolve, id));
    expect(res.json().data.status).toBe('resolved');
    clock.advance(7 * 24 * HOUR + 1);
    res = await alice.call('POST', ticketPath(LAZY_API_PATHS.support_ticket_reopen, id));
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'SUPPORT_STATE_CONFLICT']);
  });
});

describe('IDOR probes: another player’s ticket', () => {
  it('cannot be read, answered, resolved or reopened by another player, and answers exactly like an unknown id', async () => {
    const ticket = (await open(alice, { message: 'Private: my UPI id is alice@okaxis' })).json().data;
    const id = ticket.id as string;
    await support.call('POST', ticketPath(LAZY_API_PATHS.admin_support_messages, id), { message: 'internal only', internal: true });
    const before = await counts();
    const unknown = (await bob.call('GET', ticketPath(LAZY_API_PATHS.support_ticket, 'tkt_doesnotexist1'))).json();
    const probes = [
      ['GET', LAZY_API_PATHS.support_ticket, undefined],
      ['POST', LAZY_API_PATHS.support_ticket_messages, { message: 'hijack' }],
      ['POST', LAZY_API_PATHS.support_ticket_resolve, undefined],
      ['POST', LAZY_API_PATHS.support_ticket_reopen, undefined],
    ] as const;
    for (const [method, template, body] of probes) {
      const res = await bob.call(method, ticketPath(template, id), body);
      expect([res.statusCode, res.json()], template).toEqual([404, unknown]);
    }
    expect((await bob.call('GET', LAZY_API_PATHS.support_tickets)).json().data.items.map((x: { id: string }) => x.id)).not.toContain(id);
    expect(await counts()).toBe(before);
    expect((await alice.call('GET', ticketPath(LAZY_API_PATHS.support_ticket, id))).json().data.status).toBe('open');
    // A player's token opens no console route.
    expect((await alice.call('GET', ticketPath(LAZY_API_PATHS.admin_support_ticket, id))).statusCode).toBe(401);
  });
});

describe('the console', () => {
  it('lets finance read the queue but not write to players; support assigns, and gives a complaint’s final response with the ADR text', async () => {
    const id = (await open(alice, { category: 'game', message: 'My bet was not paid' })).json().data.id as string;
    expect((await finance.call('GET', ticketPath(LAZY_API_PATHS.admin_support_ticket, id))).statusCode).toBe(200);
    for (const template of [LAZY_API_PATHS.admin_support_messages, LAZY_API_PATHS.admin_support_assign, LAZY_API_PATHS.admin_support_resolve, LAZY_API_PATHS.admin_support_complaint]) {
      const res = await finance.call('POST', ticketPath(template, id), { message: 'x', outcome: 'upheld', text: 'a long enough text' });
      expect([res.statusCode, res.json().error.code], template).toEqual([403, 'FORBIDDEN']);
    }
    // Writes need the console's CSRF header.
    expect((await support.call('POST', ticketPath(LAZY_API_PATHS.admin_support_assign, id), undefined, { csrf: false })).statusCode).toBe(403);

    let res = await support.call('POST', ticketPath(LAZY_API_PATHS.admin_support_assign, id));
    expect(res.json().data).toMatchObject({ assignee: 'suri' });
    expect((await support.call('GET', `${LAZY_API_PATHS.admin_support_tickets}?assignee=me`)).json().data.items.map((x: { id: string }) => x.id)).toEqual([id]);

    res = await support.call('POST', ticketPath(LAZY_API_PATHS.admin_support_complaint, id), { outcome: 'partly_upheld', text: 'The round was settled correctly, but our answer was late.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'resolved', complaint: true, reopenableUntil: null });
    const seen = (await alice.call('GET', ticketPath(LAZY_API_PATHS.support_ticket, id))).json().data;
    expect(seen.finalResponse).toMatchObject({ outcome: 'partly_upheld', text: 'The round was settled correctly, but our answer was late.', adrText: ADR });
    // The final word is final: no second response, no reopening.
    res = await support.call('POST', ticketPath(LAZY_API_PATHS.admin_support_complaint, id), { outcome: 'upheld', text: 'Changing my mind here.' });
    expect([res.statusCode, res.json().error.code]).toEqual([409, 'SUPPORT_STATE_CONFLICT']);
    expect((await alice.call('POST', ticketPath(LAZY_API_PATHS.support_ticket_reopen, id))).json().error.code).toBe('SUPPORT_STATE_CONFLICT');
    expect(await auditOf(id)).toEqual([
      { action: 'support.assign', username: 'suri' },
      { action: 'support.complaint', username: 'suri' },
    ]);
  });

  it('offers every canned reply in English and Hindi', async () => {
    const items = (await support.call('GET', LAZY_API_PATHS.admin_support_canned)).json().data.items as { en: string; hi: string }[];
    expect(items.length).toBeGreaterThan(0);
    for (const c of items) {
      expect(c.en).toMatch(/[A-Za-z]/);
      expect(c.hi).toMatch(/[\u0900-\u097F]/);
    }
  });
});

describe('live updates over the existing socket', () => {
  /** A signed-in Wingo socket and the support messages it receives. */
  async function socketOf(client: PlayerClient) {
    // The fake clock has moved on: a call renews an expired access token first.
    expect((await client.call('GET', LAZY_API_PATHS.support_tickets)).statusCode).toBe(200);
    const ws = new WebSocket(`ws://127.0.0.1:${port}${API_PATHS.wingo_live}`);
    const seen: WingoServerMessage[] = [];
    ws.on('message', (raw) => seen.push(WingoServerMessageSchema.parse(JSON.parse(String(raw)))));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(JSON.stringify({ type: 'auth', accessToken: client.token }));
    await expect.poll(() => seen.some((m) => m.type === 'authenticated'), { timeout: 10_000 }).toBe(true);
    return { ws, support: () => seen.filter((m) => m.type === 'supportTicket') };
  }

  it('tells the player’s socket when support answers, not another player’s, and never for a note', async () => {
    const id = (await open(alice, {})).json().data.id as string;
    await t.app.events.dispatch();
    const mine = await socketOf(alice);
    const theirs = await socketOf(bob);
    await support.call('POST', ticketPath(LAZY_API_PATHS.admin_support_messages, id), { message: 'note', internal: true });
    await support.call('POST', ticketPath(LAZY_API_PATHS.admin_support_messages, id), { message: 'We are on it', internal: false });
    await t.app.events.dispatch();
    await expect.poll(() => mine.support(), { timeout: 10_000 }).toEqual([{ type: 'supportTicket', ticketId: id, status: 'waiting_player' }]);
    expect(theirs.support()).toEqual([]);
    mine.ws.close();
    theirs.ws.close();
  });
});
