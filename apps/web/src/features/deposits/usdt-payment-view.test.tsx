import type { UsdtDeposit } from '@colorplay/contract';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { BALANCE_KEY } from '../../lib/balance';
import { entryOf, setResourceData } from '../../lib/resource';
import { hexGroups } from './order-page';
import { makeUsdtDeposit, runtimeConfig, USDT_ADDRESS, USDT_TOKEN } from '../../test/fake-usdt-api';
import { stubWalletApi } from '../../test/fake-wallet-api';
import { renderApp, signInForTests, skipSplash } from '../../test/render';

const ORDER = 'usdt_test000001';
const PAGE = `/wallet/Payment?orderId=${ORDER}`;
const STATUS = '/api/wallet/get-usdt-deposit-status-pooling';

/**
 * The API with one USDT order whose state the test changes by assigning `state.deposit`. Every
 * answer carries the server's time of that moment, as the server's does.
 */
function stubOrder(initial: UsdtDeposit, options: { usdtChain?: boolean; serverAheadMs?: number } = {}, extra: Parameters<typeof stubWalletApi>[0] = {}) {
  const state = { deposit: initial };
  const serverNow = () => new Date(Date.now() + (options.serverAheadMs ?? 0)).toISOString();
  const api = stubWalletApi({
    'GET /api/config': () => ({ body: { data: runtimeConfig({ usdtChain: options.usdtChain ?? true }) } }),
    [`GET ${STATUS}`]: (call) =>
      call.url.searchParams.get('orderId') === state.deposit.id
        ? { body: { data: { ...state.deposit, serverTime: serverNow() } } }
        : { status: 404, body: { error: { code: 'DEPOSIT_NOT_FOUND', message: 'No such order' } } },
    ...extra,
  });
  return { state, api };
}

async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

describe('USDT address screen', () => {
  beforeEach(() => {
    // Timers run on their own (so the page loads as usual) and can also be moved ahead.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    skipSplash();
    signInForTests();
  });

  it('shows what to send, where, on which network, with a QR code of the address and the token contract', async () => {
    stubOrder(makeUsdtDeposit());
    renderApp(PAGE);
    expect(await screen.findByRole('heading', { level: 1, name: 'USDT payment' })).toBeTruthy();
    expect(await screen.findByText('6.006006 USDT')).toBeTruthy();
    expect(screen.getByText('Send only USDT on Colorplay dev chain (sandbox).')).toBeTruthy();
    expect(screen.getByText('Your wallet gets ₹500.00')).toBeTruthy();
    expect(screen.getByText('Rate: 1 USDT = ₹83.25')).toBeTruthy();
    // Addresses show in groups of four that never break inside; the text is intact.
    const byWholeText = (hex: string) => {
      const found = [...document.querySelectorAll('.usdt-hex')].find((el) => el.textContent === hex);
      expect(found, hex).toBeDefined();
      return found!;
    };
    const address = byWholeText(USDT_ADDRESS);
    expect([...address.children].map((group) => group.textContent)).toEqual(hexGroups(USDT_ADDRESS));
    expect(hexGroups(USDT_ADDRESS)).toHaveLength(11);
    expect(hexGroups(USDT_ADDRESS).slice(1).every((group) => group.length === 4)).toBe(true);
    expect(byWholeText(USDT_TOKEN)).toBeTruthy();
    expect(screen.getByText(ORDER)).toBeTruthy();
    expect(screen.getByText('Waiting')).toBeTruthy();
    expect(screen.getByText('Waiting for your transfer.')).toBeTruthy();

    const qr = screen.getByRole('img', { name: `QR code of the deposit address ${USDT_ADDRESS}` });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d+ \d+h1v1h-1z/);
  });

  it('copies the address and the amount, and says "Copied" in a polite live region', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    stubOrder(makeUsdtDeposit());
    renderApp(PAGE);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenLastCalledWith(USDT_ADDRESS);
    const region = screen.getAllByRole('status').find((el) => el.getAttribute('aria-live') === 'polite')!;
    expect(await within(region).findByText('Copied')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Copy amount' }));
    await advance(0);
    expect(writeText).toHaveBeenLastCalledWith('6.006006');
  });

  it.each<[string, Partial<UsdtDeposit>, string, string]>([
    ['waiting', {}, 'Waiting', 'Waiting for your transfer.'],
    ['seen', { status: 'seen', confirmations: 1, txHash: '0xabc' }, 'Confirming', 'Transfer seen: 1 of 3 confirmations.'],
    ['succeeded', { status: 'succeeded', confirmations: 3, creditedMinor: 500_00 }, 'Succeeded', 'Recharge successful: ₹500.00 was added to your wallet.'],
    ['expired', { status: 'expired' }, 'Expired', 'This order expired before a transfer arrived.'],
    [
      'review',
      { status: 'review', reviewReason: 'late_payment' },
      'Under review',
      'The transfer arrived after the order expired. Our team checks this transfer by hand before it is credited. No need to send again.',
    ],
    ['cancelled', { status: 'cancelled' }, 'Cancelled', 'This order was cancelled.'],
  ])('says what a %s order is doing', async (_name, overrides, chip, text) => {
    stubOrder(makeUsdtDeposit(overrides));
    renderApp(PAGE);
    expect(await screen.findByText(text)).toBeTruthy();
    expect(screen.getByText(chip, { selector: '.status-chip' })).toBeTruthy();
    const open = overrides.status === undefined || overrides.status === 'seen';
    expect(screen.queryByText('Status updates on its own.') !== null).toBe(open);
    // The way on once nothing more is expected: the wallet and the history.
    expect(screen.queryByRole('link', { name: 'Go to wallet' }) !== null).toBe(!open);
  });

  it('notes an underpayment and an overpayment with what arrived', async () => {
    const under = stubOrder(
      makeUsdtDeposit({ status: 'succeeded', underpaid: true, receivedUsdt: '5', receivedBaseUnits: '5000000000000000000', creditedMinor: 416_25 }),
    );
    const first = renderApp(PAGE);
    expect(await screen.findByText('Recharge successful: ₹416.25 was added to your wallet.')).toBeTruthy();
    expect(screen.getByText('Less than the order arrived (5 USDT): your wallet is credited with what arrived.')).toBeTruthy();
    first.unmount();

    under.state.deposit = makeUsdtDeposit({ status: 'succeeded', overpaid: true, receivedUsdt: '7', creditedMinor: 582_75 });
    renderApp(PAGE);
    expect(await screen.findByText('Recharge successful: ₹582.75 was added to your wallet.')).toBeTruthy();
    expect(screen.getByText('More than the order arrived (7 USDT): your wallet is credited with the order (up to 1 % more); anything beyond that is checked by our team before it is credited.')).toBeTruthy();
  });

  it('counts down to the expiry on the server’s clock, not the phone’s', { timeout: 30_000 }, async () => {
    // The phone is 5 minutes behind the server; the order expires 30 minutes from the server's now.
    const serverAheadMs = 5 * 60_000;
    stubOrder(makeUsdtDeposit({ expiresAt: new Date(Date.now() + serverAheadMs + 30 * 60_000).toISOString() }), { serverAheadMs });
    renderApp(PAGE);
    const timer = await screen.findByRole('timer');
    await advance(1000);
    // 30 minutes on the server's clock; the phone's own clock would say 35.
    expect(timer.textContent).toMatch(/^(30:00|29:59|29:58)$/);
    await advance(61_000);
    expect(timer.textContent).toMatch(/^(28:59|28:58|28:57)$/);
  });

  it('cancels only after confirmation in a dialog', async () => {
    const { state, api } = stubOrder(makeUsdtDeposit(), {}, {
      'POST /api/wallet/cancel-deposit': () => {
        state.deposit = { ...state.deposit, status: 'cancelled' };
        return { body: { data: { ...state.deposit, serverTime: new Date().toISOString() } } };
      },
    });
    renderApp(PAGE);
    await screen.findByText('6.006006 USDT');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this order?' });
    expect(within(dialog).getByText('Only cancel if you have not sent USDT. A transfer that still arrives goes to a manual check.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep order' }));
    await advance(400);
    expect(api.callsTo('POST', '/api/wallet/cancel-deposit')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel order' }));
    fireEvent.click(within(screen.getByRole('dialog', { name: 'Cancel this order?' })).getByRole('button', { name: 'Cancel order' }));
    expect(await screen.findByText('This order was cancelled.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/wallet/cancel-deposit')[0]!.body).toEqual({ orderId: ORDER });
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    await advance(400);
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();
    expect(screen.getByRole('link', { name: 'New recharge' })).toBeTruthy();
  });

  it('offers the sandbox faucet when the chain is the sandbox; the transfer is then followed to success and the balance read again', async () => {
    const { state, api } = stubOrder(makeUsdtDeposit(), { usdtChain: true }, {
      'POST /api/sandbox/usdt/faucet': () => {
        state.deposit = { ...state.deposit, status: 'seen', confirmations: 1, txHash: '0xfeed' };
        return { body: { data: { txHash: '0xfeed', to: USDT_ADDRESS, amountBaseUnits: state.deposit.usdtAmountBaseUnits, blockNumber: 7 } } };
      },
    });
    renderApp(PAGE);
    const box = await screen.findByRole('region', { name: 'Sandbox: send test USDT' });
    fireEvent.click(within(box).getByRole('button', { name: 'Send test USDT' }));
    expect(await screen.findByText('Transfer seen: 1 of 3 confirmations.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/sandbox/usdt/faucet')[0]!.body).toEqual({ orderId: ORDER });
    // The faucet is for a waiting order only: once a transfer is seen it is gone.
    expect(screen.queryByRole('region', { name: 'Sandbox: send test USDT' })).toBeNull();

    // A balance on screen elsewhere (home, Wingo) is fresh until the money arrives.
    setResourceData(BALANCE_KEY, { balanceMinor: 0, currency: 'INR' });
    expect(entryOf(BALANCE_KEY).stale).toBe(false);
    state.deposit = { ...state.deposit, status: 'succeeded', confirmations: 3, creditedMinor: 500_00, completedAt: new Date().toISOString() };
    await advance(3000);
    expect(await screen.findByText('Recharge successful: ₹500.00 was added to your wallet.')).toBeTruthy();
    expect(entryOf(BALANCE_KEY).stale).toBe(true);

    // Nothing more to follow: the page stops asking.
    const reads = api.callsTo('GET', STATUS).length;
    await advance(30_000);
    expect(api.callsTo('GET', STATUS)).toHaveLength(reads);
  });

  it('shows a credited order as a success only: no amount to send, no network warning, no address', async () => {
    stubOrder(makeUsdtDeposit({ status: 'succeeded', confirmations: 3, creditedMinor: 500_00, txHash: '0xabc1', completedAt: new Date().toISOString() }));
    renderApp(PAGE);
    expect(await screen.findByText('Recharge successful: ₹500.00 was added to your wallet.')).toBeTruthy();
    expect(screen.queryByText('Send exactly')).toBeNull();
    expect(screen.queryByText('Send only USDT on Colorplay dev chain (sandbox).')).toBeNull();
    expect(screen.queryByText('Deposit address')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy address' })).toBeNull();
    expect(screen.queryByRole('img', { name: /QR code/ })).toBeNull();
    expect(screen.queryByRole('timer')).toBeNull();
    // What the order was, for the record.
    expect(screen.getByText('₹500.00 (6.006006 USDT)')).toBeTruthy();
    expect(screen.getByText(ORDER)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to wallet' })).toBeTruthy();
  });

  it('after "Send test USDT" shows the transfer at once and counts its confirmations one by one', { timeout: 30_000 }, async () => {
    const { state } = stubOrder(makeUsdtDeposit(), { usdtChain: true }, {
      // The chain watcher has not seen the transfer yet: the order still says waiting.
      'POST /api/sandbox/usdt/faucet': () => ({ body: { data: { txHash: '0xfeed', to: USDT_ADDRESS, amountBaseUnits: state.deposit.usdtAmountBaseUnits, blockNumber: 7 } } }),
    });
    renderApp(PAGE);
    const box = await screen.findByRole('region', { name: 'Sandbox: send test USDT' });
    fireEvent.click(within(box).getByRole('button', { name: 'Send test USDT' }));
    expect(await screen.findByText('Transfer sent. Waiting for the network to see it.')).toBeTruthy();
    const bar = screen.getByRole('progressbar', { name: 'Confirmations' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(bar.getAttribute('aria-valuemax')).toBe('3');
    expect(screen.getByText('0 of 3 confirmations')).toBeTruthy();
    // Nothing invites a second payment meanwhile.
    expect(screen.queryByText('Send exactly')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send test USDT' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel order' })).toBeNull();

    // The watcher sees it, then a block a second: each confirmation shows within a second.
    state.deposit = { ...state.deposit, status: 'seen', confirmations: 1, txHash: '0xfeed' };
    await advance(1000);
    expect(await screen.findByText('1 of 3 confirmations')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Confirmations' }).getAttribute('aria-valuenow')).toBe('1');
    state.deposit = { ...state.deposit, confirmations: 2 };
    await advance(1000);
    expect(await screen.findByText('2 of 3 confirmations')).toBeTruthy();
    state.deposit = { ...state.deposit, status: 'succeeded', confirmations: 3, creditedMinor: 500_00 };
    await advance(1000);
    expect(await screen.findByText('Recharge successful: ₹500.00 was added to your wallet.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('has no faucet when the chain is a real one', async () => {
    const { api } = stubOrder(makeUsdtDeposit(), { usdtChain: false });
    renderApp(PAGE);
    await screen.findByText('6.006006 USDT');
    await advance(0);
    expect(api.callsTo('GET', '/api/config').length).toBeGreaterThan(0);
    expect(screen.queryByRole('region', { name: 'Sandbox: send test USDT' })).toBeNull();
    expect(screen.queryByRole('button', { name: /test USDT/ })).toBeNull();
  });

  it('says so for a USDT order that is not the player’s', async () => {
    stubOrder(makeUsdtDeposit());
    renderApp('/wallet/Payment?orderId=usdt_unknown0001');
    expect(await screen.findByText('There is no such recharge order in your account.')).toBeTruthy();
  });
});
