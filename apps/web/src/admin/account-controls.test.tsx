import type { AccountClosure, AccountLink, Adjustment, RgNote } from '@colorplay/contract';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/fake-api';
import { AdminApp } from './admin-app';

// Decision 420: support suspends an account from the player page with a reason and a note, and
// lifts it; finance sees the status only. Decision 421: finance posts a balance adjustment and
// approves one another operator asked for; support sees them only.

const base = { disabled: false, createdAt: '2026-06-01T00:00:00.000Z' };
const support = {
  operator: { id: 3, username: 'sam', role: 'support', ...base },
  permissions: ['session.read', 'players.read', 'players.suspend', 'players.rg_note', 'links.read', 'links.decide', 'kyc.read', 'audit.read'],
  expiresAt: '2026-06-01T12:00:00.000Z',
};
const admin = {
  ...support,
  operator: { ...support.operator, id: 1, username: 'ada', role: 'admin' },
  permissions: [...support.permissions, 'players.close', 'players.adjust', 'withdrawals.review'],
};
const finance = { ...support, operator: { ...support.operator, id: 4, username: 'fin', role: 'finance' }, permissions: ['session.read', 'players.read', 'withdrawals.review', 'players.adjust'] };
const waiting: Adjustment = {
  id: 'adj_waiting0001', playerId: 7, direction: 'credit', amountMinor: 15_000_00, reason: 'payment_correction', note: 'Bank credited, gateway missed it',
  requestedBy: 9, requestedAt: '2026-06-01T09:00:00.000Z', approvalsNeeded: 2, approvers: [9], status: 'awaiting_second_approval', transferId: null, appliedAt: null,
};
const player = { id: 7, uid: '1234567', phone: '9811111111', nickname: null, createdAt: '2026-06-01T00:00:00.000Z', lastLoginAt: null, balances: [] };
const state = {
  limits: [],
  block: { kind: 'none', until: null, reopenRequestedAt: null, reopensAt: null },
  realityCheckMinutes: null,
  offered: { depositLimits: true, lossLimits: true, stakeLimits: true, breaks: true, selfExclusion: true, realityChecks: true },
  depositLimitRequired: false,
  depositLimitPrompt: false,
  netDeposits: { last30DaysMinor: 0, last12MonthsMinor: 0, allTimeMinor: 0 },
  currency: 'INR',
};
const suspension = { since: '2026-06-01T10:00:00.000Z', reason: 'payment_dispute', note: 'Chargeback on two recharges', operatorId: 3 };

function consoleWith(session: typeof support) {
  let current: typeof suspension | null = null;
  let closure: AccountClosure | null = null;
  let adjustments: Adjustment[] = [waiting];
  let notes: RgNote[] = [];
  let link: AccountLink = {
    playerId: 9, uid: 12345678, nickname: 'Player5678', decision: null,
    reasons: [
      { reason: 'payout_upi', detail: 'ra***@okaxis', since: '2026-06-01T04:30:00.000Z' },
      { reason: 'registration_ip', detail: null, since: '2026-05-30T04:30:00.000Z' },
    ],
  };
  const api = stubApi({
    'GET /api/admin/players/7/links': () => ({ body: { data: { items: [link] } } }),
    'POST /api/admin/players/7/links/9/decision': ({ body }) => {
      link = { ...link, decision: { ...(body as { decision: 'same_person'; note: string }), operatorId: session.operator.id, at: '2026-06-01T11:00:00.000Z' } };
      return { body: { data: link } };
    },
    'GET /api/admin/me': () => ({ body: { data: session } }),
    'GET /api/admin/safety/limit-hits': () => ({ body: { data: { days: 30, items: [] } } }),
    'GET /api/admin/players': () => ({ body: { data: player } }),
    'GET /api/admin/players/7/ledger': () => ({ body: { data: { items: [], nextCursor: null } } }),
    'GET /api/admin/players/7/safety': () => ({ body: { data: { state, changes: [], suspension: current, closure } } }),
    'GET /api/admin/players/7/review-context': () => ({
      body: {
        data: {
          playerId: 7, balanceMinor: 1234_50, withdrawableMinor: 1000_00, remainingToPlayMinor: 0, deposits30dMinor: 0, withdrawals30dMinor: 0,
          kycStatus: 'verified', safetyBlock: 'none', limitsInForce: 0, suspended: false, closure: null, linkedAccounts: [],
        },
      },
    }),
    'POST /api/admin/players/7/close': ({ body }) => {
      const input = body as { reason: AccountClosure['reason']; note?: string };
      closure = { since: '2026-06-01T10:00:00.000Z', reason: input.reason, note: input.note ?? null, operatorId: session.operator.id, balanceRule: 'hold', balanceMinor: 1234_50 };
      return { body: { data: closure } };
    },
    'GET /api/admin/players/7/rg-notes': () => ({ body: { data: { items: notes } } }),
    'POST /api/admin/players/7/rg-notes': ({ body }) => {
      const note = { id: notes.length + 1, at: '2026-06-01T11:00:00.000Z', operatorId: session.operator.id, ...(body as { observed: string; actionTaken: string }) };
      notes = [note, ...notes];
      return { body: { data: note } };
    },
    'GET /api/admin/players/7/adjustments': () => ({ body: { data: { items: adjustments } } }),
    'POST /api/admin/players/7/adjustments': ({ body }) => {
      const made: Adjustment = { ...waiting, ...(body as Partial<Adjustment>), id: 'adj_applied00001', approvalsNeeded: 1, approvers: [4], status: 'applied', transferId: 'xfer_1', appliedAt: waiting.requestedAt };
      adjustments = [made, ...adjustments];
      return { body: { data: made } };
    },
    'POST /api/admin/adjustments/adj_waiting0001/approve': () => {
      adjustments = adjustments.map((a): Adjustment => (a.id === waiting.id ? { ...a, status: 'applied', approvers: [9, 4], transferId: 'xfer_2' } : a));
      return { body: { data: adjustments.find((a) => a.id === waiting.id) } };
    },
    'POST /api/admin/players/7/suspend': () => {
      current = suspension;
      return { body: { data: suspension } };
    },
    'POST /api/admin/players/7/suspension/lift': () => {
      const lifted = current;
      current = null;
      return { body: { data: lifted } };
    },
  });
  render(
    <MemoryRouter initialEntries={['/players']}>
      <AdminApp />
    </MemoryRouter>,
  );
  return api;
}

async function findPlayer() {
  await userEvent.type(await screen.findByLabelText('Player id, UID or phone'), '7');
  await userEvent.click(screen.getByRole('button', { name: 'Find' }));
}

describe('account controls', () => {
  it('lets support suspend with a reason and a note, then lift with a note', { timeout: 20_000 }, async () => {
    const api = consoleWith(support);
    await findPlayer();
    expect(await screen.findByText('Account open.')).toBeTruthy();
    const form = screen.getByRole('form', { name: 'Suspend the account' });
    await userEvent.click(screen.getByRole('button', { name: 'Suspend account' }));
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/players/7/suspend')).toHaveLength(0);
    await userEvent.selectOptions(screen.getByLabelText('Reason'), 'payment_dispute');
    await userEvent.type(screen.getByLabelText('Note for the audit log'), 'Chargeback on two recharges');
    await userEvent.click(screen.getByRole('button', { name: 'Suspend account' }));
    expect(await screen.findByText(/Payment dispute or chargeback\. Note: Chargeback on two recharges/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/players/7/suspend')[0]!.body).toEqual({ reason: 'payment_dispute', note: 'Chargeback on two recharges' });
    expect(form.isConnected).toBe(false);

    await userEvent.click(screen.getByRole('button', { name: 'Lift suspension' }));
    const dialog = screen.getByRole('dialog', { name: 'Lift the suspension' });
    await userEvent.type(screen.getByLabelText('Note for the audit log'), 'Dispute settled');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Account open.')).toBeTruthy();
    expect(dialog.isConnected).toBe(false);
    expect(api.callsTo('POST', '/api/admin/players/7/suspension/lift')[0]!.body).toEqual({ note: 'Dispute settled' });
  });

  it('shows finance the status without the suspension actions; finance adjusts and approves a waiting adjustment', { timeout: 20_000 }, async () => {
    const api = consoleWith(finance);
    await findPlayer();
    expect(await screen.findByText('Account open.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Suspend account' })).toBeNull();

    // The adjustments' table comes first; the linked accounts' table follows.
    const table = (await screen.findAllByRole('table'))[0]!;
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Requested', 'Amount', 'Reason', 'Note', 'Status', 'Action']);
    expect(within(table).getByText('Waiting for a second operator (requested by operator 9)')).toBeTruthy();
    await userEvent.click(within(table).getByRole('button', { name: 'Approve adj_waiting0001' }));
    expect(await within(screen.getAllByRole('table')[0]!).findByText('Applied')).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/adjustments/adj_waiting0001/approve')).toHaveLength(1);

    const form = screen.getByRole('form', { name: 'New balance adjustment' });
    await userEvent.selectOptions(within(form).getByLabelText('Credit or debit'), 'debit');
    await userEvent.type(within(form).getByLabelText('Amount (₹)'), '250.50');
    await userEvent.selectOptions(within(form).getByLabelText('Adjustment reason'), 'duplicate_credit');
    await userEvent.type(within(form).getByLabelText('Why (for the audit log)'), 'Deposit credited twice');
    await userEvent.click(within(form).getByRole('button', { name: 'Post adjustment' }));
    expect(await within(form).findByRole('status')).toHaveProperty('textContent', 'Done: the adjustment was posted to the ledger.');
    const sent = api.callsTo('POST', '/api/admin/players/7/adjustments')[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ direction: 'debit', amountMinor: 250_50, reason: 'duplicate_credit', note: 'Deposit credited twice' });
    expect(typeof sent.idempotencyKey).toBe('string');
  });

  it('shows support the adjustments without the form or approvals', async () => {
    consoleWith(support);
    await findPlayer();
    expect(await screen.findByText('Waiting for a second operator (requested by operator 9)')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Approve adj_/ })).toBeNull();
    expect(screen.queryByRole('form', { name: 'New balance adjustment' })).toBeNull();
  });

  it('keeps a responsible-gambling interaction note: what was seen, what was done', { timeout: 20_000 }, async () => {
    const api = consoleWith(support);
    await findPlayer();
    const form = await screen.findByRole('form', { name: 'New interaction note' });
    await userEvent.type(within(form).getByLabelText('What you saw'), 'Chasing losses in chat');
    await userEvent.type(within(form).getByLabelText('What you did'), 'Offered a break and a deposit limit');
    await userEvent.click(within(form).getByRole('button', { name: 'Save note' }));
    expect(await screen.findByText(/operator 3\. Seen: Chasing losses in chat\. Done: Offered a break and a deposit limit/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/players/7/rg-notes')[0]!.body).toEqual({ observed: 'Chasing losses in chat', actionTaken: 'Offered a break and a deposit limit' });
  });

  it('lists the linked accounts with their reasons; support records a decision, finance only reads', { timeout: 20_000 }, async () => {
    const api = consoleWith(support);
    await findPlayer();
    const section = await screen.findByRole('region', { name: 'Linked accounts' });
    const row = await within(section).findByRole('row', { name: /#9/ });
    expect(within(row).getByText('Same UPI ID for payouts (ra***@okaxis), since 2026-06-01 10:00:00; Registered from the same address within 72 hours, on 2026-05-30 10:00:00')).toBeTruthy();
    expect(within(row).getByText(/Nobody has decided yet/)).toBeTruthy();
    const form = within(row).getByRole('form', { name: 'Decision on the link with #9' });
    await userEvent.selectOptions(within(form).getByLabelText('Decision'), 'same_person');
    await userEvent.type(within(form).getByLabelText('Why'), 'Same face on both documents');
    await userEvent.click(within(form).getByRole('button', { name: 'Record decision' }));
    expect(await within(section).findByText(/Same person: Same face on both documents \(operator 3/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/players/7/links/9/decision')[0]!.body).toEqual({ decision: 'same_person', note: 'Same face on both documents' });
  });

  it('shows finance the links without the decision form', { timeout: 20_000 }, async () => {
    consoleWith({ ...finance, permissions: [...finance.permissions, 'links.read'] });
    await findPlayer();
    const section = await screen.findByRole('region', { name: 'Linked accounts' });
    expect(await within(section).findByRole('row', { name: /#9/ })).toBeTruthy();
    expect(within(section).queryByRole('button', { name: 'Record decision' })).toBeNull();
  });

  it('lets admin close with a reason in words after a dialog showing the balance and what happens to it', { timeout: 30_000 }, async () => {
    const api = consoleWith(admin);
    await findPlayer();
    const form = await screen.findByRole('form', { name: 'Close the account' });
    await userEvent.selectOptions(within(form).getByLabelText('Closure reason'), 'Fraud or anti-money-laundering');
    await userEvent.type(within(form).getByLabelText('Note (optional)'), 'Case 42');
    await userEvent.click(within(form).getByRole('button', { name: 'Close account…' }));
    const dialog = screen.getByRole('dialog', { name: 'Close account #7 for good?' });
    expect(await within(dialog).findByText(/Balance now ₹1,234\.50 \(withdrawable ₹1,000(\.00)?\)\./)).toBeTruthy();
    expect(within(dialog).getByText(/This reason holds the balance/)).toBeTruthy();
    // Cancel sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(dialog.isConnected).toBe(false);
    expect(api.callsTo('POST', '/api/admin/players/7/close')).toHaveLength(0);

    await userEvent.selectOptions(within(form).getByLabelText('Closure reason'), 'player_request');
    await userEvent.click(within(form).getByRole('button', { name: 'Close account…' }));
    const again = screen.getByRole('dialog', { name: 'Close account #7 for good?' });
    expect(within(again).getByText(/This reason pays out/)).toBeTruthy();
    await within(again).findByText(/Balance now/);
    await userEvent.click(within(again).getByRole('button', { name: 'Close account' }));
    expect(await screen.findByText(/^Closed since .*: The player asked to close it\. Note: Case 42 \(operator 1\)/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/players/7/close')[0]!.body).toEqual({ reason: 'player_request', note: 'Case 42' });
    expect(screen.queryByRole('form', { name: 'Close the account' })).toBeNull();
    expect(screen.queryByRole('form', { name: 'Suspend the account' })).toBeNull();
  });

  it('shows support no closure form', { timeout: 30_000 }, async () => {
    consoleWith(support);
    await findPlayer();
    expect(await screen.findByRole('form', { name: 'Suspend the account' })).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Close the account' })).toBeNull();
  });
});
