import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../test/fake-api';
import { AdminApp } from './admin-app';

const financeSession = {
  operator: { id: 2, username: 'farid', role: 'finance', disabled: false, createdAt: '2026-06-01T00:00:00.000Z' },
  permissions: ['session.read', 'players.read', 'deposits.read', 'deposits.review', 'usdt.read', 'usdt.review', 'withdrawals.read', 'withdrawals.review', 'kyc.read', 'audit.read', 'audit.export'],
  expiresAt: '2026-06-01T12:00:00.000Z',
};
const supportSession = {
  ...financeSession,
  operator: { ...financeSession.operator, id: 3, username: 'sam', role: 'support' },
  permissions: ['session.read', 'players.read', 'deposits.read', 'usdt.read', 'withdrawals.read', 'kyc.read', 'kyc.review', 'audit.read', 'audit.export'],
};
const deposit = {
  id: 'dep_abcdef123',
  playerId: 7,
  amountMinor: 500_00,
  currency: 'INR',
  utr: '123412341234',
  gatewayUtr: null,
  reviewReason: 'not_confirmed_by_gateway',
  limitWarning: [] as { period: 'day' | 'week' | 'month'; limitMinor: number; usedMinor: number }[],
  createdAt: '2026-06-01T10:00:00.000Z',
  updatedAt: '2026-06-01T10:05:00.000Z',
};

const TX = `0x${'ab'.repeat(32)}`;
const usdtItem = {
  transferId: `${TX}:0`,
  orderId: 'usdt_abcdef123',
  playerId: 7,
  orderStatus: 'review',
  reviewReason: 'late_payment',
  txHash: TX,
  logIndex: 0,
  fromAddress: '0x1111111111111111111111111111111111111111',
  toAddress: '0x2222222222222222222222222222222222222222',
  receivedBaseUnits: '6006007',
  receivedUsdt: '6.006007',
  tokenSymbol: 'USDT',
  orderAmountMinor: 500_00,
  orderUsdt: '6.006007',
  rate: '83.25',
  creditMinor: 500_00,
  limitWarning: [] as { period: 'day' | 'week' | 'month'; limitMinor: number; usedMinor: number }[],
  currency: 'INR',
  blockTime: '2026-06-01T10:31:00.000Z',
  seenAt: '2026-06-01T10:31:05.000Z',
};
const tinyItem = { ...usdtItem, transferId: `${TX}:1`, orderId: 'usdt_tiny00001', logIndex: 1, reviewReason: 'amount_too_small', receivedUsdt: '0.000001', creditMinor: 0 };

const renderConsole = (path = '/deposits') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AdminApp />
    </MemoryRouter>,
  );

describe('operator console', () => {
  it('signs in with username, password and the 6-digit code, sending the CSRF header', async () => {
    let signedIn = false;
    const api = stubApi({
      'GET /api/admin/me': () => (signedIn ? { body: { data: financeSession } } : { status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Sign in' } } }),
      'POST /api/admin/login': () => {
        signedIn = true;
        return { body: { data: financeSession } };
      },
      'GET /api/admin/deposits/review': () => ({ body: { data: { items: [] } } }),
    });
    renderConsole();
    await userEvent.type(await screen.findByLabelText('Username'), 'farid');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
    await userEvent.type(screen.getByLabelText('6-digit code'), '12a3456');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('navigation', { name: 'Console sections' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/login')[0]!.body).toEqual({ username: 'farid', password: 'secret-password', code: '123456' });
    const init = api.fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/admin/login'))![1]!;
    expect((init.headers as Record<string, string>)['x-colorplay-admin']).toBe('1');
    expect(screen.getByText('farid (finance)')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Operators' })).toBeNull();
  });

  it('shows a wrong sign-in in words', async () => {
    stubApi({
      'GET /api/admin/me': () => ({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'Sign in' } } }),
      'POST /api/admin/login': () => ({ status: 401, body: { error: { code: 'INVALID_CREDENTIALS', message: 'Wrong' } } }),
    });
    renderConsole();
    await userEvent.type(await screen.findByLabelText('Username'), 'farid');
    await userEvent.type(screen.getByLabelText('Password'), 'x');
    await userEvent.type(screen.getByLabelText('6-digit code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Wrong username, password or code.');
  });

  it('approves a UTR deposit with a required note in a dialog', async () => {
    let queue = [deposit];
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: financeSession } }),
      'GET /api/admin/deposits/review': () => ({ body: { data: { items: queue } } }),
      'POST /api/admin/deposits/dep_abcdef123/review': () => {
        queue = [];
        return { body: { data: { id: deposit.id, status: 'succeeded' } } };
      },
    });
    renderConsole();
    expect(await screen.findByText(/dep_abcdef123 · player 7 · ₹500.00 · UTR 123412341234/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve deposit dep_abcdef123' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((within(dialog).getByRole('alert')).textContent).toContain('Write at least 3 characters.');
    expect(api.callsTo('POST', '/api/admin/deposits/dep_abcdef123/review')).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Note (required)'), 'bank statement line 42');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('status')).textContent).toContain('Done: dep_abcdef123 is now succeeded.');
    expect(api.callsTo('POST', '/api/admin/deposits/dep_abcdef123/review')[0]!.body).toEqual({ decision: 'approve', note: 'bank statement line 42' });
    expect(await screen.findByText('Nothing waiting.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers no money actions to support, and says when a withdrawal awaits a second approval', async () => {
    stubApi({
      'GET /api/admin/me': () => ({ body: { data: supportSession } }),
      'GET /api/admin/deposits/review': () => ({ body: { data: { items: [deposit] } } }),
      'GET /api/admin/withdrawals/review': () => ({
        body: {
          data: {
            items: [
              {
                id: 'wd_abcdef123',
                playerId: 7,
                amountMinor: 30_000_00,
                status: 'review',
                approvals: [{ operatorId: '2', note: 'ok', at: '2026-06-01T10:00:00.000Z' }],
                approvalsRequired: 2,
                reviewReasons: ['amount_above_auto_limit', 'risk_flag:first_withdrawal', 'risk_flag:new_payout_method'],
              },
            ],
            nextCursor: null,
          },
        },
      }),
      'GET /api/admin/players/7/review-context': () => ({
        body: {
          data: {
            playerId: 7, balanceMinor: 45_000_00, withdrawableMinor: 40_000_00, remainingToPlayMinor: 5_000_00, deposits30dMinor: 50_000_00, withdrawals30dMinor: 30_000_00,
            kycStatus: 'verified', safetyBlock: 'none', limitsInForce: 2, suspended: false, closure: null,
            linkedAccounts: [
              { playerId: 9, uid: 12345678, nickname: 'Player5678', reasons: [{ reason: 'payout_upi', detail: 'ra***@okaxis', since: '2026-06-01T04:30:00.000Z' }], decision: null },
            ],
          },
        },
      }),
    });
    renderConsole();
    await screen.findByText(/dep_abcdef123/);
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Withdrawals' }));
    expect(await screen.findByText('Awaiting second approval')).toBeTruthy();
    expect(screen.getByText('Approvals 1 of 2')).toBeTruthy();
    // The player's context on the card, without another click.
    const context = await screen.findByRole('list', { name: 'Player 7 at a glance' });
    expect(within(context).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Balance ₹45,000.00, withdrawable now ₹40,000.00',
      'Wagering: ₹5,000.00 still to play before deposits unlock',
      'Last 30 days: deposited ₹50,000.00, withdrawn ₹30,000.00',
      'Identity check: verified',
      'No break or self-exclusion · 2 own limits in force',
      'Linked accounts: #9: Same UPI ID for payouts (ra***@okaxis), since 2026-06-01 10:00:00',
    ]);
    // Every reason in words, not codes (decision 422).
    expect(
      screen.getByText(
        'Why in review: the amount is above the automatic payout limit; this is the player’s first withdrawal; the payout method was added recently (within the new-method hold)',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('filters the audit log and links the CSV export with the same filters', async () => {
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: supportSession } }),
      'GET /api/admin/audit': () => ({
        body: {
          data: {
            items: [{ id: 9, at: '2026-06-01T10:00:00.000Z', operatorId: 2, username: 'farid', action: 'deposit.approve', target: 'deposit:dep_abcdef123', before: null, after: { note: 'ok' }, ip: '198.51.100.7', userAgent: 'ua' }],
            nextCursor: null,
          },
        },
      }),
    });
    renderConsole('/audit');
    expect(await screen.findByText(/farid · deposit.approve · deposit:dep_abcdef123/)).toBeTruthy();
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'deposit.approve');
    await userEvent.click(screen.getByRole('button', { name: 'Apply filters' }));
    await screen.findByRole('link', { name: 'Export CSV' });
    expect(api.calls.at(-1)!.url.search).toBe('?action=deposit.approve');
    expect(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href')).toMatch(/\/api\/admin\/audit\.csv\?action=deposit\.approve$/);
  });

  it('lets support verify a KYC submission and open its document', async () => {
    let pending = [
      {
        id: 'kyc_abcdef123',
        playerId: 7,
        status: 'pending',
        fullName: 'Asha Player',
        dateOfBirth: '1990-04-01',
        panNumber: 'ABCDE1234F',
        documentContentType: 'image/png',
        documentBytes: 72,
        documentFileName: 'pan.png',
        submittedAt: '2026-06-01T10:00:00.000Z',
        decidedAt: null,
        decidedBy: null,
        rejectionReason: null,
        panSharedWith: [] as Array<{ playerId: number; status: string }>,
      },
    ];
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: supportSession } }),
      'GET /api/admin/kyc/pending': () => ({ body: { data: { items: pending } } }),
      'POST /api/admin/kyc/kyc_abcdef123/verify': () => {
        const done = { ...pending[0], status: 'verified' };
        pending = [];
        return { body: { data: done } };
      },
    });
    renderConsole('/kyc');
    expect(await screen.findByText(/kyc_abcdef123 · player 7 · Asha Player · born 1990-04-01 · PAN ABCDE1234F/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Open document' }).getAttribute('href')).toMatch(/\/api\/admin\/kyc\/kyc_abcdef123\/document$/);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Verify identity kyc_abcdef123' })).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('status')).textContent).toContain('Done: kyc_abcdef123 is now verified.');
    expect(api.callsTo('POST', '/api/admin/kyc/kyc_abcdef123/verify')).toHaveLength(1);
  });

  it('warns in the KYC queue when the PAN is on other accounts too', async () => {
    const item = {
      id: 'kyc_shared0001', playerId: 8, status: 'pending', fullName: 'Ravi Second', dateOfBirth: '1991-02-03', panNumber: 'ABCDE1234F',
      documentContentType: 'image/png', documentBytes: 72, documentFileName: null, submittedAt: '2026-06-01T10:00:00.000Z',
      decidedAt: null, decidedBy: null, rejectionReason: null,
      panSharedWith: [{ playerId: 7, status: 'verified' }, { playerId: 9, status: 'pending' }],
    };
    stubApi({
      'GET /api/admin/me': () => ({ body: { data: supportSession } }),
      'GET /api/admin/kyc/pending': () => ({ body: { data: { items: [item] } } }),
    });
    renderConsole('/kyc');
    const note = await screen.findByRole('note');
    expect(note.textContent).toBe(
      'Warning: this PAN is on other accounts too: player 7 (verified), player 9 (submitted, not yet decided). One person with several accounts, or a borrowed identity?',
    );
  });

  it('gives an admin an enrolment link for a new operator, never their password or TOTP secret', async () => {
    const adminSession = { ...financeSession, operator: { ...financeSession.operator, id: 1, username: 'asha', role: 'admin' }, permissions: [...financeSession.permissions, 'kyc.review', 'operators.manage'] };
    const token = 'T'.repeat(43);
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: adminSession } }),
      'GET /api/admin/operators': () => ({ body: { data: { items: [adminSession.operator] } } }),
      'POST /api/admin/operators': () => ({
        body: {
          data: {
            operator: { id: 5, username: 'ravi', role: 'finance', disabled: false, createdAt: '2026-06-01T10:00:00.000Z' },
            enrolmentToken: token,
            enrolmentPath: `/admin/enrol#${token}`,
            expiresAt: '2026-06-02T10:00:00.000Z',
          },
        },
      }),
    });
    renderConsole('/operators');
    await userEvent.type(await screen.findByLabelText('New username'), 'ravi');
    await userEvent.selectOptions(screen.getByLabelText('Role'), 'finance');
    await userEvent.click(screen.getByRole('button', { name: 'Create operator' }));
    const shown = await screen.findByRole('status');
    expect(shown.textContent).toContain(`Enrolment link: ${window.location.origin}/admin/enrol#${token}`);
    expect(shown.textContent).toContain('you never see either');
    expect(shown.textContent).not.toMatch(/password:|TOTP secret:/);
    expect(api.callsTo('POST', '/api/admin/operators')[0]!.body).toEqual({ username: 'ravi', role: 'finance' });
  });

  it('lists the operators awaiting a countersignature and lets another admin countersign them', async () => {
    const adminSession = { ...financeSession, operator: { ...financeSession.operator, id: 1, username: 'asha', role: 'admin' }, permissions: [...financeSession.permissions, 'kyc.review', 'operators.manage'] };
    const operator = (id: number, username: string, createdBy: number | null, awaitingCountersign: boolean) => ({
      id,
      username,
      role: 'finance',
      disabled: false,
      createdAt: '2026-06-01T10:00:00.000Z',
      createdBy,
      countersignedBy: null,
      awaitingCountersign,
    });
    let items = [adminSession.operator, operator(5, 'ravi', 2, true), operator(6, 'mine', 1, true), operator(7, 'done', 2, false)];
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: adminSession } }),
      'GET /api/admin/operators': () => ({ body: { data: { items } } }),
      'POST /api/admin/operators/5/countersign': () => {
        items = items.map((o) => (o.id === 5 ? { ...operator(5, 'ravi', 2, false), countersignedBy: 1 } : o));
        return { body: { data: items.find((o) => o.id === 5) } };
      },
      'POST /api/admin/operators/6/countersign': () => ({ status: 403, body: { error: { code: 'COUNTERSIGN_NOT_INDEPENDENT', message: 'x' } } }),
    });
    renderConsole('/operators');
    const pending = await screen.findByRole('region', { name: 'Awaiting countersignature' });
    expect(await within(pending).findByText('ravi · finance · created by operator 2')).toBeTruthy();
    expect(within(pending).getByText('mine · finance · created by operator 1')).toBeTruthy();
    expect(within(pending).queryByText(/^done/)).toBeNull();
    // No button for one's own creation: its creator may not vouch for it.
    expect(within(pending).queryByRole('button', { name: 'Countersign mine' })).toBeNull();
    await userEvent.click(within(pending).getByRole('button', { name: 'Countersign ravi' }));
    await waitFor(() => expect(within(pending).queryByText(/^ravi/)).toBeNull());
    expect(api.callsTo('POST', '/api/admin/operators/5/countersign')).toHaveLength(1);
  });

  it('lets a new operator enrol from the link: their own secret, a code, their own password', async () => {
    const token = 'K'.repeat(43);
    const api = stubApi({
      'POST /api/admin/enrolment/start': () => ({
        body: {
          data: { username: 'ravi', role: 'finance', totpSecret: 'JBSWY3DPEHPK3PXP', otpauthUri: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP', expiresAt: '2026-06-02T10:00:00.000Z', openerKey: 'O'.repeat(43) },
        },
      }),
      'POST /api/admin/enrolment/complete': () => ({ body: { data: { id: 5, username: 'ravi', role: 'finance', disabled: false, createdAt: '2026-06-01T10:00:00.000Z' } } }),
    });
    renderConsole(`/enrol#${token}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Show my authenticator secret' }));
    expect(await screen.findByText('TOTP secret: JBSWY3DPEHPK3PXP')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('6-digit code'), '123456');
    await userEvent.type(screen.getByLabelText('Choose a password (12 characters or more)'), 'my-own-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Complete enrolment' }));
    expect((await screen.findByRole('status')).textContent).toContain('Your account is ready.');
    expect(api.callsTo('POST', '/api/admin/enrolment/start')[0]!.body).toEqual({ token });
    // The link is bound to this page by the key its opening returned (decision 396).
    expect(api.callsTo('POST', '/api/admin/enrolment/complete')[0]!.body).toEqual({ token, openerKey: 'O'.repeat(43), password: 'my-own-password-1', code: '123456' });
    // No session was looked for on this page.
    expect(api.callsTo('GET', '/api/admin/me')).toHaveLength(0);
  });

  it('says so when an enrolment link was already used', async () => {
    stubApi({ 'POST /api/admin/enrolment/start': () => ({ status: 404, body: { error: { code: 'ENROLMENT_LINK_INVALID', message: 'x' } } }) });
    renderConsole(`/enrol#${'K'.repeat(43)}`);
    await userEvent.click(await screen.findByRole('button', { name: 'Show my authenticator secret' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/unknown, expired or already used/);
  });

  it('lists alerts for every operator', async () => {
    stubApi({
      'GET /api/admin/me': () => ({ body: { data: supportSession } }),
      'GET /api/admin/alerts': () => ({
        body: { data: { items: [{ id: 1, at: '2026-06-01T10:00:00.000Z', kind: 'approval_not_independent', operatorId: 9, target: 'withdrawal:wd_abc123456', details: { reason: 'created_by_first_approver' } }] } },
      }),
    });
    renderConsole('/alerts');
    expect(await screen.findByText('Second approval refused: the approvers are not independent')).toBeTruthy();
    expect(screen.getByText(/operator 9 · withdrawal:wd_abc123456/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Alerts' })).toBeTruthy();
  });

  it('asks for a new password after a one-time one, and then opens the console', async () => {
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: { ...supportSession, mustChangePassword: true } } }),
      'POST /api/admin/password': () => ({ body: { data: { ...supportSession, mustChangePassword: false } } }),
      'GET /api/admin/deposits/review': () => ({ body: { data: { items: [] } } }),
    });
    renderConsole();
    await userEvent.type(await screen.findByLabelText('Current password'), 'one-time-pass');
    await userEvent.type(screen.getByLabelText('New password'), 'A-much-better-passphrase');
    await userEvent.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByRole('navigation', { name: 'Console sections' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/admin/password')[0]!.body).toEqual({ currentPassword: 'one-time-pass', newPassword: 'A-much-better-passphrase' });
  });
});

describe('USDT review queue', () => {
  it('approves a late USDT payment with a required note, saying what it credits', async () => {
    let queue = [usdtItem];
    const approvePath = `/api/admin/usdt/${encodeURIComponent(usdtItem.transferId)}/approve`;
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: financeSession } }),
      'GET /api/admin/usdt/review': () => ({ body: { data: { items: queue } } }),
      [`POST ${approvePath}`]: () => {
        queue = [];
        return { body: { data: { transferId: usdtItem.transferId, orderId: usdtItem.orderId, status: 'approved', creditedMinor: 500_00, ledgerTransferId: 'tr_1', orderStatus: 'succeeded' } } };
      },
    });
    renderConsole('/usdt');
    expect(await screen.findByText(/usdt_abcdef123 · player 7 · received 6.006007 USDT · order ₹500.00 \(6.006007 USDT at ₹83.25\)/)).toBeTruthy();
    expect(screen.getByText('Why in review: paid after the order expired')).toBeTruthy();
    expect(screen.getByText('Approving credits ₹500.00: what arrived, at the order’s locked rate.')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve USDT payment to usdt_abcdef123' });
    expect(within(dialog).getByText('This credits ₹500.00 to player 7, once, through the ledger.')).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(within(dialog).getByRole('alert').textContent).toContain('Write at least 3 characters.');
    expect(api.callsTo('POST', approvePath)).toHaveLength(0);
    await userEvent.type(within(dialog).getByLabelText('Note (required)'), 'late by a minute, player asked');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect((await screen.findByRole('status')).textContent).toContain('Done: usdt_abcdef123 is now approved.');
    expect(api.callsTo('POST', approvePath)[0]!.body).toEqual({ note: 'late by a minute, player asked' });
    expect(await screen.findByText('Nothing waiting.')).toBeTruthy();
  });

  it('says, in a UTR row and in its approval dialog, when an approval would take the player past a deposit limit (decision 435)', async () => {
    const over = { ...deposit, limitWarning: [{ period: 'week' as const, limitMinor: 2_000_00, usedMinor: 2_400_00 }] };
    const other = { ...deposit, id: 'dep_underlimit1', playerId: 8 };
    stubApi({
      'GET /api/admin/me': () => ({ body: { data: financeSession } }),
      'GET /api/admin/deposits/review': () => ({ body: { data: { items: [over, other] } } }),
    });
    renderConsole('/deposits');
    const warning = 'Approving takes player 7 past their deposit limit per week (₹2,000.00): ₹2,400.00 credited in the window.';
    expect(await screen.findByText((text) => text.startsWith(warning))).toBeTruthy();
    // Only the row that would pass a limit says so.
    expect(screen.getAllByText((text) => text.startsWith('Approving takes player'))).toHaveLength(1);
    await userEvent.click(screen.getAllByRole('button', { name: 'Approve' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Approve deposit dep_abcdef123' });
    expect(within(dialog).getByText((text) => text.startsWith(warning))).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await userEvent.click(screen.getAllByRole('button', { name: 'Approve' })[1]!);
    const quiet = screen.getByRole('dialog', { name: 'Approve deposit dep_underlimit1' });
    expect(within(quiet).queryByText((text) => text.startsWith('Approving takes player'))).toBeNull();
  });

  it('says, in the row and in the approval dialog, when an approval would take the player past a deposit limit (decision 393)', async () => {
    const over = { ...usdtItem, limitWarning: [{ period: 'day' as const, limitMinor: 1_000_00, usedMinor: 1_300_00 }] };
    stubApi({
      'GET /api/admin/me': () => ({ body: { data: financeSession } }),
      'GET /api/admin/usdt/review': () => ({ body: { data: { items: [over] } } }),
    });
    renderConsole('/usdt');
    const warning = 'Approving takes player 7 past their deposit limit per day (₹1,000.00): ₹1,300.00 credited in the window.';
    expect(await screen.findByText((text) => text.startsWith(warning))).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));
    const dialog = screen.getByRole('dialog', { name: 'Approve USDT payment to usdt_abcdef123' });
    expect(within(dialog).getByText((text) => text.startsWith('This credits ₹500.00 to player 7, once, through the ledger. ' + warning))).toBeTruthy();
  });

  it('rejects with a dialog saying the money is returned on chain outside the platform; dust can only be rejected', async () => {
    const rejectPath = `/api/admin/usdt/${encodeURIComponent(tinyItem.transferId)}/reject`;
    const api = stubApi({
      'GET /api/admin/me': () => ({ body: { data: financeSession } }),
      'GET /api/admin/usdt/review': () => ({ body: { data: { items: [tinyItem] } } }),
      [`POST ${rejectPath}`]: () => ({ status: 409, body: { error: { code: 'DEPOSIT_STATE_CONFLICT', message: 'decided' } } }),
    });
    renderConsole('/usdt');
    expect(await screen.findByText('Worth less than one paisa at the order’s rate: it can only be rejected.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
    const dialog = screen.getByRole('dialog', { name: 'Reject USDT payment to usdt_tiny00001' });
    expect(within(dialog).getByText(/Nothing is credited. You return the 0.000001 USDT on chain yourself, outside the platform/)).toBeTruthy();
    await userEvent.type(within(dialog).getByLabelText('Note (required)'), 'returned, tx 0xdef');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    // Decided by someone else a moment ago: the dialog stays open and says so.
    expect(await within(dialog).findByRole('alert')).toBeTruthy();
    expect(api.callsTo('POST', rejectPath)[0]!.body).toEqual({ note: 'returned, tx 0xdef' });
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('lets support read the queue without decision buttons', async () => {
    stubApi({
      'GET /api/admin/me': () => ({ body: { data: supportSession } }),
      'GET /api/admin/deposits/review': () => ({ body: { data: { items: [] } } }),
      'GET /api/admin/usdt/review': () => ({ body: { data: { items: [usdtItem] } } }),
    });
    renderConsole();
    await userEvent.click(await screen.findByRole('link', { name: 'USDT review' }));
    expect(await screen.findByRole('heading', { name: 'USDT payments under review' })).toBeTruthy();
    expect(await screen.findByText(/usdt_abcdef123 · player 7/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reject' })).toBeNull();
  });
});
