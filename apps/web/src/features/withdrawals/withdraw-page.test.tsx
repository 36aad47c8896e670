import { API_PATHS } from '@colorplay/contract/paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, signInForTests, skipSplash } from '../../test/render';
import { makeKyc, makeMethod, makeWithdrawal, makeWithdrawInfo, stubWithdrawApi } from '../../test/fake-withdraw-api';
import type { WithdrawInfo } from '@colorplay/contract';

const UPI = makeMethod();
const BANK = makeMethod({
  id: 'pm_bank000001',
  kind: 'bank',
  summary: 'HDFC0001234 ••••6789',
  details: { kind: 'bank', accountHolder: 'Asha Rao', accountNumberLast4: '6789', ifsc: 'HDFC0001234' },
});

function stub(info: Partial<WithdrawInfo> = {}, extra: Parameters<typeof stubWithdrawApi>[0] = {}) {
  return stubWithdrawApi({
    [`GET ${API_PATHS.withdraw_info}`]: () => ({ body: { data: makeWithdrawInfo(info) } }),
    [`GET ${API_PATHS.payout_methods}`]: () => ({ body: { data: { items: [UPI, BANK], maxMethods: 5 } } }),
    [`GET ${API_PATHS.kyc_status}`]: () => ({ body: { data: makeKyc({ status: 'rejected', rejectionReason: 'The PAN photo is blurred' }) } }),
    ...extra,
  });
}

const amountInput = () => screen.getByRole('textbox', { name: 'Amount (₹)' }) as HTMLInputElement;

/** Confirms the withdrawal in its dialog. */
const confirm = async (amount: string) => {
  const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
  fireEvent.click(within(dialog).getByRole('button', { name: `Confirm ${amount}` }));
};

describe('withdraw page', () => {
  beforeEach(() => {
    skipSplash();
    signInForTests();
  });

  it('says what can be withdrawn now and explains the wagering-locked part in plain words', async () => {
    stub();
    renderApp('/wallet/Withdraw');
    const card = await screen.findByRole('region', { name: 'Withdrawable now' });
    expect(within(card).getByText('₹500.00')).toBeTruthy();
    expect(within(card).getByText('Main wallet balance').nextElementSibling?.textContent).toBe('₹800.00');
    expect(within(card).getByText('Locked until played through').nextElementSibling?.textContent).toBe('₹300.00');
    expect(
      within(card).getByText(
        '₹300.00 of your balance is locked: money you recharge must be played through 1× before it can be withdrawn. Play ₹300.00 more to unlock it all.',
      ),
    ).toBeTruthy();
    expect(screen.getByText('Sandbox: payouts are pretend, no real money moves.')).toBeTruthy();
  });

  it('shows the limits, the withdrawals left today and the fee for the typed amount', async () => {
    stub({ feeFixedMinor: 10_00, feeBps: 100 });
    renderApp('/wallet/Withdraw');
    await screen.findByRole('textbox', { name: 'Amount (₹)' });
    expect(screen.getByText('From ₹100.00 to ₹50,000.00 per withdrawal. 2 of 3 withdrawals left today (India time).')).toBeTruthy();
    expect(screen.getByText('Fee: ₹10.00 + 1 %, taken from the amount when it is paid.')).toBeTruthy();
    fireEvent.change(amountInput(), { target: { value: '200' } });
    expect(screen.getByText('Fee ₹12.00; you receive ₹188.00.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Withdraw ₹200.00' })).toBeTruthy();
  });

  it('has no form once the daily count is used up', async () => {
    stub({ dailyCountLeft: 0 });
    renderApp('/wallet/Withdraw');
    expect(await screen.findByText('You have made all 3 withdrawals allowed today. Try again tomorrow (India time).')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Amount (₹)' })).toBeNull();
  });

  it.each([
    ['', 'Enter an amount.'],
    ['99', 'The smallest withdrawal is ₹100.00.'],
    ['600', 'You can withdraw at most ₹500.00 now.'],
  ])('refuses %j inline without calling the server', async (typed, message) => {
    const api = stub();
    renderApp('/wallet/Withdraw');
    await screen.findByRole('radio', { name: /player@okbank/ });
    fireEvent.change(amountInput(), { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: /^Withdraw( ₹|$)/ }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(amountInput().getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', API_PATHS.request_withdrawal)).toHaveLength(0);
  });

  it('requests the withdrawal in paise to the chosen method with an idempotency key, and shows the result', async () => {
    const created = makeWithdrawal({ amountMinor: 200_00, status: 'review', method: { id: BANK.id, kind: 'bank', summary: BANK.summary } });
    const api = stub({}, { [`POST ${API_PATHS.request_withdrawal}`]: () => ({ body: { data: created } }) });
    renderApp('/wallet/Withdraw');
    const upi = (await screen.findByRole('radio', { name: /player@okbank/ })) as HTMLInputElement;
    expect(upi.checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: /HDFC0001234/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw all (₹500.00)' }));
    expect(amountInput().value).toBe('500');
    fireEvent.change(amountInput(), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw ₹200.00' }));
    await confirm('₹200.00');

    const result = await screen.findByRole('status', { name: /Withdrawal requested/ });
    expect(result.textContent).toContain('Withdrawal requested: ₹200.00 to HDFC0001234 ••••6789.');
    expect(result.textContent).toContain('It will be checked by our team before it is paid.');
    expect(within(result).getByText('Under review')).toBeTruthy();
    expect(within(result).getByRole('link', { name: 'See withdrawal history' }).getAttribute('href')).toBe('/wallet/WithdrawHistory');
    expect(amountInput().value).toBe('');
    const [call] = api.callsTo('POST', API_PATHS.request_withdrawal);
    expect(call!.body).toMatchObject({ methodId: BANK.id, amountMinor: 200_00 });
    expect((call!.body as { idempotencyKey: string }).idempotencyKey).toMatch(/.{16,}/);
  });

  it('sends nothing on the first tap: a dialog shows amount, method, fee, what arrives and when, then confirms', async () => {
    const api = stub({ feeFixedMinor: 10_00, feeBps: 100 }, { [`POST ${API_PATHS.request_withdrawal}`]: () => ({ body: { data: makeWithdrawal({ amountMinor: 200_00 }) } }) });
    renderApp('/wallet/Withdraw');
    await screen.findByRole('radio', { name: /player@okbank/ });
    fireEvent.change(amountInput(), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw ₹200.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm withdrawal' });
    const fact = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(fact('Amount')).toBe('₹200.00');
    expect(fact('Pay out to')).toBe('player@okbank');
    expect(fact('Fee')).toBe('₹12.00');
    expect(fact('You receive')).toBe('₹188.00');
    expect(fact('Expected time')).toBe('Within minutes when approved at once; usually less than a day when our team checks it first.');
    expect(api.callsTo('POST', API_PATHS.request_withdrawal)).toHaveLength(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Confirm withdrawal' })).toBeNull());
    expect(api.callsTo('POST', API_PATHS.request_withdrawal)).toHaveLength(0);
    expect(amountInput().value).toBe('200');

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw ₹200.00' }));
    await confirm('₹200.00');
    await waitFor(() => expect(api.callsTo('POST', API_PATHS.request_withdrawal)).toHaveLength(1));
  });

  it('says how far the withdrawable amount is from the minimum instead of offering a form that can only refuse', async () => {
    stub({ balanceMinor: 14_84, withdrawableMinor: 14_84, wageringLockedMinor: 0, wagering: { factor: 1, remainingToPlayMinor: 0, lockReason: null } });
    renderApp('/wallet/Withdraw');
    expect(await screen.findByText('The smallest withdrawal is ₹100.00. You can withdraw ₹14.84 now: ₹85.16 short of the minimum.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Amount (₹)' })).toBeNull();
    // The payout methods can still be managed.
    expect(screen.getByRole('radio', { name: /player@okbank/ })).toBeTruthy();
  });

  it('retries a failed request with the same idempotency key and shows the wagering lock beside the amount', async () => {
    let calls = 0;
    const api = stub({}, {
      [`POST ${API_PATHS.request_withdrawal}`]: () =>
        ++calls === 1
          ? { status: 409, body: { error: { code: 'WAGERING_LOCKED', message: 'locked' } } }
          : { body: { data: makeWithdrawal({ status: 'approved' }) } },
    });
    renderApp('/wallet/Withdraw');
    await screen.findByRole('radio', { name: /player@okbank/ });
    fireEvent.change(amountInput(), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw ₹200.00' }));
    await confirm('₹200.00');
    expect(await screen.findByText('Part of this amount is still locked until it is played through.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw ₹200.00' }));
    await confirm('₹200.00');
    expect(await screen.findByText('It is approved and on its way.')).toBeTruthy();
    const keys = api.callsTo('POST', API_PATHS.request_withdrawal).map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it('asks before a withdrawal forfeits an unconverted bonus, then resends the same request with the same key', async () => {
    const api = stub({}, {
      [`POST ${API_PATHS.request_withdrawal}`]: (call) =>
        (call.body as { forfeitBonus?: boolean }).forfeitBonus
          ? { body: { data: makeWithdrawal({ status: 'approved' }) } }
          : { status: 409, body: { error: { code: 'BONUS_FORFEIT_REQUIRED', message: 'forfeits ₹50', details: { bonusMinor: 50_00, grantId: 'bon_1' } } } },
    });
    renderApp('/wallet/Withdraw');
    await screen.findByRole('radio', { name: /player@okbank/ });
    fireEvent.change(amountInput(), { target: { value: '200' } });
    fireEvent.click(screen.getByRole('button', { name: 'Withdraw ₹200.00' }));
    await confirm('₹200.00');
    const dialog = await screen.findByRole('dialog', { name: 'Withdrawing forfeits your bonus' });
    expect(within(dialog).getByText('This withdrawal forfeits your bonus of ₹50.00 (not yet converted). Withdraw and forfeit it?')).toBeTruthy();
    // Cancel changes nothing and sends nothing more.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Withdrawing forfeits your bonus' })).toBeNull());
    expect(api.callsTo('POST', API_PATHS.request_withdrawal)).toHaveLength(1);
    expect(amountInput().value).toBe('200');

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw ₹200.00' }));
    await confirm('₹200.00');
    const again = await screen.findByRole('dialog', { name: 'Withdrawing forfeits your bonus' });
    fireEvent.click(within(again).getByRole('button', { name: 'Withdraw ₹200.00 and forfeit the bonus' }));
    expect(await screen.findByText('It is approved and on its way.')).toBeTruthy();
    const bodies = api.callsTo('POST', API_PATHS.request_withdrawal).map((c) => c.body as { idempotencyKey: string; forfeitBonus?: boolean; amountMinor: number });
    expect(bodies.map((b) => b.forfeitBonus)).toEqual([undefined, undefined, true]);
    expect(bodies[2]).toMatchObject({ methodId: UPI.id, amountMinor: 200_00 });
    expect(new Set(bodies.map((b) => b.idempotencyKey)).size).toBe(1);
  });

  it('adds a UPI ID after checking it, and selects it', async () => {
    const added = makeMethod({ id: 'pm_upi0000002', summary: 'new@ybl', details: { kind: 'upi', vpa: 'new@ybl' }, createdAt: '2026-01-16T00:00:00.000Z' });
    const api = stub({}, { [`POST ${API_PATHS.payout_methods}`]: () => ({ body: { data: added } }) });
    renderApp('/wallet/Withdraw');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a payout method' }));
    const form = screen.getByRole('form', { name: 'Add a payout method' });
    const vpa = within(form).getByRole('textbox', { name: 'UPI ID' });
    fireEvent.change(vpa, { target: { value: 'not-a-vpa' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save payout method' }));
    expect(await within(form).findByText('Enter a UPI ID like name@bank.')).toBeTruthy();
    expect(api.callsTo('POST', API_PATHS.payout_methods)).toHaveLength(0);

    fireEvent.change(vpa, { target: { value: 'new@ybl' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save payout method' }));
    const radio = (await screen.findByRole('radio', { name: /new@ybl/ })) as HTMLInputElement;
    await waitFor(() => expect(radio.checked).toBe(true));
    expect(api.callsTo('POST', API_PATHS.payout_methods)[0]!.body).toEqual({ kind: 'upi', vpa: 'new@ybl' });
  });

  it('checks a bank account (IFSC, digits) before sending it', async () => {
    const api = stub();
    renderApp('/wallet/Withdraw');
    fireEvent.click(await screen.findByRole('button', { name: 'Add a payout method' }));
    const form = screen.getByRole('form', { name: 'Add a payout method' });
    fireEvent.click(within(form).getByRole('radio', { name: 'Bank account' }));
    fireEvent.change(within(form).getByRole('textbox', { name: 'Account holder name' }), { target: { value: 'Asha Rao' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'Account number' }), { target: { value: '12ab' } });
    fireEvent.change(within(form).getByRole('textbox', { name: 'IFSC' }), { target: { value: 'HDFC1234' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save payout method' }));
    expect(await within(form).findByText('An account number is 9 to 18 digits.')).toBeTruthy();
    expect(within(form).getByText('An IFSC is 11 characters like HDFC0001234.')).toBeTruthy();
    expect(api.callsTo('POST', API_PATHS.payout_methods)).toHaveLength(0);
  });

  it('shows the payout methods as cards with their kind, and Remove quieter than Add', async () => {
    stub();
    renderApp('/wallet/Withdraw');
    const upi = await screen.findByRole('radio', { name: 'player@okbank' });
    const card = upi.closest('label')!;
    expect(card.classList.contains('method-card')).toBe(true);
    expect(document.getElementById(upi.getAttribute('aria-describedby')!)?.textContent).toBe('UPI');
    expect(card.querySelector('use')?.getAttribute('href')).toMatch(/#mark-upi$/);
    const bank = screen.getByRole('radio', { name: 'HDFC0001234 ••••6789' });
    expect(bank.closest('label')!.querySelector('use')?.getAttribute('href')).toMatch(/#mark-bank$/);
    // Remove is a quiet text button (named for its method); Add is the filled button.
    const remove = screen.getByRole('button', { name: 'Remove player@okbank' });
    expect(remove.textContent).toBe('Remove');
    expect(remove.classList.contains('button')).toBe(false);
    expect(screen.getByRole('button', { name: 'Add a payout method' }).classList.contains('button--primary')).toBe(true);
  });

  it('removes a payout method only after the confirmation', async () => {
    const api = stub({}, { [`POST ${API_PATHS.remove_payout_method}`]: () => ({ body: { data: { items: [BANK], maxMethods: 5 } } }) });
    renderApp('/wallet/Withdraw');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove player@okbank' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove this payout method?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('POST', API_PATHS.remove_payout_method)).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Remove player@okbank' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Remove this payout method?' })).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(screen.queryByRole('radio', { name: /player@okbank/ })).toBeNull());
    expect(api.callsTo('POST', API_PATHS.remove_payout_method)[0]!.body).toEqual({ methodId: UPI.id });
  });

  describe('before the identity is verified', () => {
    it('asks for the identity check instead of showing the form', async () => {
      stub({ kycStatus: 'none' });
      renderApp('/wallet/Withdraw');
      expect(await screen.findByRole('heading', { level: 2, name: 'Verify your identity to withdraw' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Verify identity' }).getAttribute('href')).toBe('/wallet/Kyc');
      expect(screen.queryByRole('textbox', { name: 'Amount (₹)' })).toBeNull();
      // The withdrawable amount is still stated.
      expect(screen.getByRole('region', { name: 'Withdrawable now' })).toBeTruthy();
    });

    it('says a pending check is under review', async () => {
      stub({ kycStatus: 'pending' });
      renderApp('/wallet/Withdraw');
      expect(await screen.findByRole('heading', { level: 2, name: 'Your identity check is under review' })).toBeTruthy();
      expect(screen.getByRole('link', { name: 'See identity check' })).toBeTruthy();
      expect(screen.queryByRole('textbox', { name: 'Amount (₹)' })).toBeNull();
    });

    it('gives the reason of a rejected check and the way to submit again', async () => {
      stub({ kycStatus: 'rejected' });
      renderApp('/wallet/Withdraw');
      expect(await screen.findByRole('heading', { level: 2, name: 'Your identity check was not accepted' })).toBeTruthy();
      expect(await screen.findByText('Reason: The PAN photo is blurred')).toBeTruthy();
      expect(screen.getByRole('link', { name: 'Submit again' }).getAttribute('href')).toBe('/wallet/Kyc');
    });
  });
});
