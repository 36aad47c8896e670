import type { Deposit } from '@colorplay/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, signInForTests, skipSplash } from '../../test/render';
import { DEPOSIT_INFO, makeDeposit, stubWalletApi } from '../../test/fake-wallet-api';

const ORDER = 'dep_pay0000001';
const PAGE = `/wallet/Payment?orderId=${ORDER}`;

function openDeposit(overrides: Partial<Deposit> = {}): Deposit {
  const now = Date.now();
  return makeDeposit({
    id: ORDER,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + 15 * 60_000).toISOString(),
    ...overrides,
  });
}

/** The API with an order whose status the test changes by assigning `state.deposit`. */
function stubOrder(initial: Deposit, extra: Parameters<typeof stubWalletApi>[0] = {}) {
  const state = { deposit: initial };
  const api = stubWalletApi({
    'GET /api/wallet/get-deposit-info': () => ({ body: { data: DEPOSIT_INFO } }),
    'GET /api/wallet/get-deposits': (call) => ({
      body: { data: { items: call.url.searchParams.get('id') === state.deposit.id ? [state.deposit] : [], nextCursor: null } },
    }),
    ...extra,
  });
  return { state, api };
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function utrInput() {
  return screen.getByRole('textbox', { name: 'UTR (12-digit UPI reference)' }) as HTMLInputElement;
}

describe('payment page', () => {
  beforeEach(() => {
    // Timers run on their own (so the page loads as usual) and can also be moved ahead.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    skipSplash();
    signInForTests();
  });

  it('shows what to pay and to whom, a QR code of the UPI link, copy buttons and the sandbox payment page', async () => {
    const deposit = openDeposit();
    stubOrder(deposit);
    renderApp(PAGE);
    expect(await screen.findByText('₹500.00')).toBeTruthy();
    expect(screen.getByText('Awaiting payment')).toBeTruthy();
    expect(screen.getByText('colorplay.sandbox@upi')).toBeTruthy();
    expect(screen.getByText(ORDER)).toBeTruthy();
    // The UPI ID's copy button is the UID's copy chip (decision 480: one component, copy-button.css),
    // on the UPI ID's own line; e2e/tests/layout.spec.ts measures its size and alignment.
    const copyUpi = screen.getByRole('button', { name: 'Copy UPI ID' });
    expect(copyUpi.className).toBe('copy-chip');
    expect(copyUpi.parentElement?.textContent).toBe('colorplay.sandbox@upi');
    expect(screen.getByRole('button', { name: 'Copy order number' }).className).toBe('copy-chip');

    const qr = screen.getByRole('img', { name: 'QR code to pay ₹500.00 to colorplay.sandbox@upi with any UPI app' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
    expect(screen.getByRole('link', { name: 'Open in a UPI app' }).getAttribute('href')).toBe(deposit.upiLink);

    const sandboxLink = await screen.findByRole('link', { name: 'Pay in sandbox UPI app' });
    expect(sandboxLink.getAttribute('href')).toBe('/sandbox/upi/pay/sbx_abcdef');
    expect(screen.getByText('Sandbox: a pretend UPI app, no real money moves.')).toBeTruthy();
  });

  it('counts down to the expiry in mm:ss', { timeout: 30_000 }, async () => {
    stubOrder(openDeposit());
    renderApp(PAGE);
    const timer = await screen.findByRole('timer');
    expect(timer.textContent).toMatch(/^(15:00|14:59)$/);
    await advance(61_000);
    expect(timer.textContent).toMatch(/^(13:59|13:58)$/);
    await advance(15 * 60_000);
    expect(timer.textContent).toBe('00:00');
    expect(screen.getByText(/^Time is up\./)).toBeTruthy();
  });

  it('counts down on the server’s clock, not the phone’s', async () => {
    // The phone is 5 minutes behind the server: its Date headers say so.
    const serverAheadMs = 5 * 60_000;
    const deposit = openDeposit({ expiresAt: new Date(Date.now() + serverAheadMs + 15 * 60_000).toISOString() });
    const api = stubOrder(deposit);
    const answer = api.api.fetchMock.getMockImplementation()!;
    api.api.fetchMock.mockImplementation(async (...args) => {
      const res = await answer(...args);
      const headers = new Headers(res.headers);
      headers.set('Date', new Date(Date.now() + serverAheadMs).toUTCString());
      return new Response(await res.text(), { status: res.status, headers });
    });
    renderApp(PAGE);
    const timer = await screen.findByRole('timer');
    // 15 minutes from the server's now; the phone's clock would have said 20.
    await advance(1000);
    expect(timer.textContent).toMatch(/^(15:00|14:59|14:58)$/);
  });

  it('checks the UTR before sending it: 12 digits, spaces allowed', async () => {
    const { state, api } = stubOrder(openDeposit(), {
      'POST /api/wallet/submit-utr': (call) => {
        state.deposit = { ...state.deposit, status: 'utr_submitted', utr: (call.body as { utr: string }).utr };
        return { body: { data: state.deposit } };
      },
    });
    renderApp(PAGE);
    await screen.findByText('₹500.00');
    const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Submit UTR' }));

    submit();
    expect(screen.getByRole('alert').textContent).toBe('Enter the UTR from your UPI app.');
    expect(utrInput().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(utrInput(), { target: { value: '12345678901' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('A UTR is exactly 12 digits.');
    fireEvent.change(utrInput(), { target: { value: '12345678901x' } });
    submit();
    expect(screen.getByRole('alert').textContent).toBe('A UTR is exactly 12 digits.');
    expect(api.callsTo('POST', '/api/wallet/submit-utr')).toHaveLength(0);

    fireEvent.change(utrInput(), { target: { value: '1234 5678 9012' } });
    submit();
    expect(await screen.findByText(/We received your UTR 123456789012/)).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/submit-utr')[0]!.body).toEqual({ orderId: ORDER, utr: '123456789012' });
    expect(screen.getByText('Under review')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: /UTR/ })).toBeNull();
  });

  it('shows a UTR the server refuses beside the field', async () => {
    stubOrder(openDeposit(), {
      'POST /api/wallet/submit-utr': () => ({ status: 409, body: { error: { code: 'UTR_ALREADY_USED', message: 'used' } } }),
    });
    renderApp(PAGE);
    await screen.findByText('₹500.00');
    fireEvent.change(utrInput(), { target: { value: '123456789012' } });
    fireEvent.click(screen.getByRole('button', { name: 'Submit UTR' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This UTR was already used for another recharge. Check the number in your UPI app.',
    );
  });

  it('cancels only after confirmation', async () => {
    const { state, api } = stubOrder(openDeposit(), {
      'POST /api/wallet/cancel-deposit': () => {
        state.deposit = { ...state.deposit, status: 'cancelled', paymentUrl: null };
        return { body: { data: state.deposit } };
      },
    });
    renderApp(PAGE);
    await screen.findByText('₹500.00');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await advance(400);
    expect(api.callsTo('POST', '/api/wallet/cancel-deposit')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('This order was cancelled.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/cancel-deposit')[0]!.body).toEqual({ orderId: ORDER });
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'New recharge' })).toBeTruthy();
  });

  it('follows the status live and stops asking once the payment succeeded', async () => {
    const { state, api } = stubOrder(openDeposit());
    renderApp(PAGE);
    await screen.findByText('Waiting for your payment.');
    state.deposit = { ...state.deposit, status: 'succeeded', paymentUrl: null, utr: '555566667777', completedAt: new Date().toISOString() };
    await advance(3000);
    expect(await screen.findByText('Recharge successful: ₹500.00 was added to your wallet.')).toBeTruthy();
    expect(screen.getByText('Succeeded')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to wallet' }).getAttribute('href')).toBe('/wallet');
    expect(screen.getByRole('link', { name: 'Recharge history' }).getAttribute('href')).toBe('/wallet/RechargeHistory');
    expect(screen.queryByRole('timer')).toBeNull();
    // Paid: the amount is no longer one "to pay".
    expect(screen.getByText('Amount paid')).toBeTruthy();
    expect(screen.queryByText('Amount to pay')).toBeNull();

    const reads = api.callsTo('GET', '/api/wallet/get-deposits').length;
    await advance(30_000);
    expect(api.callsTo('GET', '/api/wallet/get-deposits')).toHaveLength(reads);
  });

  it('says what is wrong with an address without an order or with an unknown one', async () => {
    stubOrder(openDeposit());
    const first = renderApp('/wallet/Payment');
    expect(await screen.findByText('No order number in the address. Start a new recharge.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New recharge' }).getAttribute('href')).toBe('/wallet/Recharge');
    first.unmount();

    renderApp('/wallet/Payment?orderId=dep_unknown0001');
    expect(await screen.findByText('There is no such recharge order in your account.')).toBeTruthy();
  });
});
