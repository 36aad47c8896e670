import type { FirstDepositClaim, FirstDepositStatus } from '@colorplay/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, signInForTests, skipSplash } from '../../test/render';
import { DEPOSIT_INFO, makeDeposit, stubWalletApi } from '../../test/fake-wallet-api';

const OFFER: NonNullable<FirstDepositStatus['offer']> = {
  id: 7,
  percent: 20,
  capMinor: 200_00,
  wageringMultiple: 5,
  bonusValidDays: 7,
  termsVersion: '2026-11-1',
  expiresAt: '2026-12-01T00:00:00.000Z',
};
const running: FirstDepositStatus = { offer: OFFER, unavailableReason: null, claim: null };
const claimOf = (over: Partial<FirstDepositClaim>): FirstDepositClaim => ({
  orderId: 'dep_first000001',
  offerId: 7,
  termsVersion: '2026-11-1',
  optedAt: '2026-11-22T08:00:00.000Z',
  status: 'pending',
  refusedReason: null,
  bonusMinor: null,
  grantId: null,
  decidedAt: null,
  ...over,
});

const amountInput = () => screen.getByRole('textbox', { name: 'Amount (₹)' }) as HTMLInputElement;

describe('the first-deposit bonus on the recharge page', () => {
  beforeEach(() => {
    skipSplash();
    signInForTests();
  });

  it('shows the running offer in words with its terms, never ticked, and sends the opt-in only when ticked', async () => {
    const deposit = makeDeposit({ id: 'dep_first000001', amountMinor: 1_000_00 });
    const api = stubWalletApi({
      'GET /api/wallet/get-deposit-info': () => ({ body: { data: DEPOSIT_INFO } }),
      'GET /api/promotions/first-deposit': () => ({ body: { data: running } }),
      'POST /api/wallet/get-recharge-url': () => ({ status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } }),
      'GET /api/wallet/get-deposits': () => ({ body: { data: { items: [deposit], nextCursor: null } } }),
    });
    renderApp('/wallet/Recharge');
    const card = await screen.findByRole('region', { name: 'First-deposit bonus' });
    expect(within(card).getByText('20% bonus up to ₹200.00, wager 5× within 7 days')).toBeTruthy();
    expect(within(card).getByText('Terms version 2026-11-1.')).toBeTruthy();
    const terms = within(card).getByText('Read the full terms');
    expect(terms.closest('details')?.open).toBe(false);
    fireEvent.click(terms);
    expect(within(card).getByText(/It becomes cash once you have bet 5 times the bonus within 7 days/)).toBeTruthy();
    const optIn = within(card).getByRole('checkbox', { name: 'Add the first-deposit bonus' }) as HTMLInputElement;
    expect(optIn.checked).toBe(false);

    // Not ticked: the order carries no opt-in.
    fireEvent.change(amountInput(), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recharge ₹1,000.00' }));
    await screen.findByRole('alert');
    expect(api.callsTo('POST', '/api/wallet/get-recharge-url')[0]!.body).not.toHaveProperty('firstDepositBonus');

    // Ticked: it does, with the terms version shown.
    fireEvent.click(optIn);
    expect(optIn.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Recharge ₹1,000.00' }));
    await screen.findByText((_, el) => el?.tagName === 'BUTTON' && el.textContent === 'Recharge ₹1,000.00' && !(el as HTMLButtonElement).disabled);
    const calls = api.callsTo('POST', '/api/wallet/get-recharge-url');
    expect(calls.at(-1)!.body).toMatchObject({ channel: 'upi', amountMinor: 1_000_00, firstDepositBonus: { termsVersion: '2026-11-1' } });
  });

  it('says so when the opt-in is refused (the offer ended meanwhile), and the card goes', async () => {
    let status: FirstDepositStatus = running;
    stubWalletApi({
      'GET /api/wallet/get-deposit-info': () => ({ body: { data: DEPOSIT_INFO } }),
      'GET /api/promotions/first-deposit': () => ({ body: { data: status } }),
      'POST /api/wallet/get-recharge-url': () => {
        status = { offer: null, unavailableReason: 'offer_paused', claim: null };
        return { status: 409, body: { error: { code: 'FIRST_DEPOSIT_OFFER_UNAVAILABLE', message: 'not available', details: { reason: 'offer_paused' } } } };
      },
    });
    renderApp('/wallet/Recharge');
    const card = await screen.findByRole('region', { name: 'First-deposit bonus' });
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Add the first-deposit bonus' }));
    fireEvent.change(amountInput(), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recharge ₹500.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The first-deposit bonus is not available to you any more, so nothing was ordered. Recharge again to go on without it.');
    await waitFor(() => expect(screen.queryByRole('region', { name: 'First-deposit bonus' })).toBeNull());
  });
});

describe('the bonus on the order page', () => {
  beforeEach(() => {
    skipSplash();
    signInForTests();
  });

  const page = (claim: FirstDepositClaim | null, status: 'succeeded' | 'pending_payment' = 'succeeded') => {
    const deposit = makeDeposit({ id: 'dep_first000001', status, expiresAt: new Date(Date.now() + 15 * 60_000).toISOString() });
    stubWalletApi({
      'GET /api/wallet/get-deposit-info': () => ({ body: { data: DEPOSIT_INFO } }),
      'GET /api/wallet/get-deposits': () => ({ body: { data: { items: [deposit], nextCursor: null } } }),
      'GET /api/promotions/first-deposit': () => ({ body: { data: { offer: null, unavailableReason: 'not_first_deposit', claim } } }),
    });
    renderApp('/wallet/Payment?orderId=dep_first000001');
  };

  it('says the bonus was added, with the terms version accepted', async () => {
    page(claimOf({ status: 'granted', bonusMinor: 200_00, grantId: 'bon_fddepfirst000001', decidedAt: '2026-11-22T08:01:00.000Z' }));
    expect(await screen.findByText('First-deposit bonus of ₹200.00 added: see its progress under your bonuses. Terms version 2026-11-1.')).toBeTruthy();
  });

  it('says why not when it was refused', async () => {
    page(claimOf({ status: 'refused', refusedReason: 'budget_spent', decidedAt: '2026-11-22T08:01:00.000Z' }));
    expect(await screen.findByText(/No first-deposit bonus: the offer ran out before this recharge was paid\./)).toBeTruthy();
  });

  it('says the bonus was chosen while the order waits for payment, and nothing for an order without it', async () => {
    page(claimOf({}), 'pending_payment');
    expect(await screen.findByText(/First-deposit bonus chosen: it is added once this recharge is paid\./)).toBeTruthy();
  });
});
