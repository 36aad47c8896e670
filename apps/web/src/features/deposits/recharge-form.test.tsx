import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, signInForTests, skipSplash } from '../../test/render';
import { DEPOSIT_INFO, makeDeposit, stubWalletApi } from '../../test/fake-wallet-api';
import { makeUsdtDeposit, runtimeConfig, USDT_ADDRESS } from '../../test/fake-usdt-api';

function amountInput() {
  return screen.getByRole('textbox', { name: 'Amount (₹)' }) as HTMLInputElement;
}

describe('recharge page', () => {
  beforeEach(() => {
    skipSplash();
    signInForTests();
  });

  it('offers UPI, shows USDT as not available yet, and fills the amount from a preset', async () => {
    stubWalletApi({ 'GET /api/wallet/get-deposit-info': () => ({ body: { data: DEPOSIT_INFO } }) });
    renderApp('/wallet/Recharge');
    const channels = await screen.findByRole('group', { name: 'Payment channel' });
    const upi = within(channels).getByRole('radio', { name: 'UPI' }) as HTMLInputElement;
    const usdt = within(channels).getByRole('radio', { name: /USDT/ }) as HTMLInputElement;
    expect(upi.checked).toBe(true);
    expect(usdt.disabled).toBe(true);
    expect(within(channels).getByText('Not available yet')).toBeTruthy();
    expect(screen.getByText('Sandbox: no real money moves.')).toBeTruthy();
    expect(screen.getByText('From ₹100.00 to ₹50,000.00')).toBeTruthy();

    const preset = screen.getByRole('button', { name: '₹500.00' });
    fireEvent.click(preset);
    expect(amountInput().value).toBe('500');
    expect(preset.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Recharge ₹500.00' })).toBeTruthy();
  });

  it('shows the channels as cards with their marks and what each takes, and the balance', async () => {
    stubWalletApi({
      'GET /api/wallet/get-deposit-info': () => ({ body: { data: DEPOSIT_INFO } }),
      'GET /api/wallet/balance': () => ({ body: { data: { balanceMinor: 1_00_000_00, currency: 'INR' } } }),
    });
    renderApp('/wallet/Recharge');
    const channels = await screen.findByRole('group', { name: 'Payment channel' });
    const upi = within(channels).getByRole('radio', { name: 'UPI' });
    // A card, not a bare radio: the name, a line on what it takes, and the apps' lettermarks.
    expect(upi.closest('label')?.classList.contains('method-card')).toBe(true);
    expect(upi.getAttribute('aria-describedby') && document.getElementById(upi.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Google Pay, PhonePe, Paytm, BHIM or any UPI app',
    );
    const marks = [...upi.closest('label')!.querySelectorAll('use')].map((use) => use.getAttribute('href')?.split('#')[1]);
    expect(marks).toEqual(['mark-upi', 'mark-gpay', 'mark-phonepe', 'mark-paytm', 'mark-bhim']);
    expect(await screen.findByText('₹1,00,000.00')).toBeTruthy();
    expect(screen.getByText('Balance:')).toBeTruthy();
  });

  it.each([
    ['', 'Enter an amount.'],
    ['abc', 'Enter an amount in rupees, like 500 or 500.50.'],
    ['99.99', 'The smallest recharge is ₹100.00.'],
    ['50000.01', 'The largest recharge is ₹50,000.00.'],
    ['100.001', 'Use at most two decimals (paise).'],
  ])('refuses %j inline, without calling the server', async (typed, message) => {
    const api = stubWalletApi({ 'GET /api/wallet/get-deposit-info': () => ({ body: { data: DEPOSIT_INFO } }) });
    renderApp('/wallet/Recharge');
    await screen.findByRole('group', { name: 'Payment channel' });
    fireEvent.change(amountInput(), { target: { value: typed } });
    fireEvent.click(screen.getByRole('button', { name: /^Recharge/ }));
    const error = await screen.findByText(message);
    expect(amountInput().getAttribute('aria-invalid')).toBe('true');
    expect(amountInput().getAttribute('aria-describedby')).toContain(error.id);
    expect(document.activeElement).toBe(amountInput());
    expect(api.callsTo('POST', '/api/wallet/get-recharge-url')).toHaveLength(0);
  });

  it('creates the order in paise with an idempotency key, then opens its payment page', async () => {
    const deposit = makeDeposit({ id: 'dep_new0000001', amountMinor: 1_234_50 });
    const api = stubWalletApi({
      'GET /api/wallet/get-deposit-info': () => ({ body: { data: DEPOSIT_INFO } }),
      'POST /api/wallet/get-recharge-url': () => ({ body: { data: deposit } }),
      'GET /api/wallet/get-deposits': () => ({ body: { data: { items: [deposit], nextCursor: null } } }),
    });
    renderApp('/wallet/Recharge');
    await screen.findByRole('group', { name: 'Payment channel' });
    fireEvent.change(amountInput(), { target: { value: '1,234.50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recharge ₹1,234.50' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeTruthy();
    const [create] = api.callsTo('POST', '/api/wallet/get-recharge-url');
    expect(create!.body).toEqual({ channel: 'upi', amountMinor: 123_450, idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) });
    expect(await screen.findByText('dep_new0000001')).toBeTruthy();
    expect(api.callsTo('GET', '/api/wallet/get-deposits')[0]!.url.searchParams.get('id')).toBe('dep_new0000001');
  });

  it('keeps the key for a retry of the same amount and takes a new one for another amount', async () => {
    const api = stubWalletApi({
      'GET /api/wallet/get-deposit-info': () => ({ body: { data: DEPOSIT_INFO } }),
      'POST /api/wallet/get-recharge-url': () => ({ status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } }),
    });
    renderApp('/wallet/Recharge');
    await screen.findByRole('group', { name: 'Payment channel' });
    // Each attempt must have reached the server and failed (button usable again) before the next.
    const submit = async (value: string, attempt: number) => {
      fireEvent.change(amountInput(), { target: { value } });
      fireEvent.click(screen.getByRole('button', { name: /^Recharge ₹/ }));
      await waitFor(() => expect(api.callsTo('POST', '/api/wallet/get-recharge-url')).toHaveLength(attempt));
      await screen.findByRole('alert');
      await waitFor(() => expect((screen.getByRole('button', { name: /^Recharge ₹/ }) as HTMLButtonElement).disabled).toBe(false));
    };
    await submit('500', 1);
    await submit('500', 2);
    await submit('600', 3);
    const keys = api.callsTo('POST', '/api/wallet/get-recharge-url').map((c) => (c.body as { idempotencyKey: string }).idempotencyKey);
    expect(keys).toHaveLength(3);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('shows the server refusing an amount', async () => {
    stubWalletApi({
      'GET /api/wallet/get-deposit-info': () => ({ body: { data: DEPOSIT_INFO } }),
      'POST /api/wallet/get-recharge-url': () => ({
        status: 400,
        body: { error: { code: 'AMOUNT_OUT_OF_RANGE', message: 'Recharge between ₹100.00 and ₹50000.00', issues: [{ path: 'amountMinor', message: 'x' }] } },
      }),
    });
    renderApp('/wallet/Recharge');
    await screen.findByRole('group', { name: 'Payment channel' });
    fireEvent.change(amountInput(), { target: { value: '500' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recharge ₹500.00' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This amount is outside the recharge limits.');
  });

  it('offers USDT when the server runs the channel: an INR amount, then the address screen of the new order', async () => {
    const order = makeUsdtDeposit({ id: 'usdt_new0000001', amountMinor: 1_000_00, usdtAmount: '12.012012' });
    const api = stubWalletApi({
      'GET /api/config': () => ({ body: { data: runtimeConfig() } }),
      'GET /api/wallet/get-deposit-info': () => ({ body: { data: DEPOSIT_INFO } }),
      'POST /api/wallet/get-recharge-url-usdt': () => ({ body: { data: order } }),
      'GET /api/wallet/get-usdt-deposit-status-pooling': () => ({ body: { data: { ...order, serverTime: new Date().toISOString() } } }),
    });
    renderApp('/wallet/Recharge');
    const channels = await screen.findByRole('group', { name: 'Payment channel' });
    const usdt = within(channels).getByRole('radio', { name: 'USDT' }) as HTMLInputElement;
    await waitFor(() => expect(usdt.disabled).toBe(false));
    expect(within(channels).queryByText('Not available yet')).toBeNull();
    fireEvent.click(usdt);
    expect(screen.getByText('You pay in USDT. The USDT amount is fixed at the rate of the moment you create the order.')).toBeTruthy();
    // The same INR limits as UPI (the server applies one range to both channels).
    expect(screen.getByText('From ₹100.00 to ₹50,000.00')).toBeTruthy();

    fireEvent.change(amountInput(), { target: { value: '1000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Recharge ₹1,000.00' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'USDT payment' })).toBeTruthy();
    expect(await screen.findByText('12.012012 USDT')).toBeTruthy();
    expect(screen.getAllByText((_, el) => el?.textContent === USDT_ADDRESS).length).toBeGreaterThan(0);
    const [call] = api.callsTo('POST', '/api/wallet/get-recharge-url-usdt');
    expect(call!.body).toEqual({ amountMinor: 1_000_00, idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) });
    expect(api.callsTo('POST', '/api/wallet/get-recharge-url')).toHaveLength(0);
  });

  it('keeps USDT "not available yet" when the server says the channel is off', async () => {
    stubWalletApi({
      'GET /api/config': () => ({ body: { data: runtimeConfig({ usdt: false, usdtChain: false }) } }),
      'GET /api/wallet/get-deposit-info': () => ({ body: { data: DEPOSIT_INFO } }),
    });
    renderApp('/wallet/Recharge');
    const channels = await screen.findByRole('group', { name: 'Payment channel' });
    await waitFor(() => expect(within(channels).getByText('Not available yet')).toBeTruthy());
    expect((within(channels).getByRole('radio', { name: /USDT/ }) as HTMLInputElement).disabled).toBe(true);
  });

  it('takes the USDT limits and presets from get-deposit-info when it gives them', async () => {
    const info = {
      ...DEPOSIT_INFO,
      channels: [DEPOSIT_INFO.channels[0]!, { channel: 'usdt' as const, enabled: true, minMinor: 200_00, maxMinor: 10_000_00, presetsMinor: [250_00] }],
    };
    stubWalletApi({
      'GET /api/config': () => ({ body: { data: runtimeConfig() } }),
      'GET /api/wallet/get-deposit-info': () => ({ body: { data: info } }),
    });
    renderApp('/wallet/Recharge');
    const channels = await screen.findByRole('group', { name: 'Payment channel' });
    fireEvent.click(within(channels).getByRole('radio', { name: 'USDT' }));
    expect(screen.getByText('From ₹200.00 to ₹10,000.00')).toBeTruthy();
    expect(screen.getByRole('button', { name: '₹250.00' })).toBeTruthy();
    fireEvent.change(amountInput(), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: /^Recharge/ }));
    expect(await screen.findByText('The smallest recharge is ₹200.00.')).toBeTruthy();
  });
});
