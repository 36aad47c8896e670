import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderApp, signInForTests, skipSplash } from '../../test/render';
import { makeWallet, stubWalletApi } from '../../test/fake-wallet-api';

describe('wallet page', () => {
  beforeEach(() => {
    skipSplash();
    signInForTests();
  });

  it('shows the total, the main wallet, game wallets and the ways to recharge and see history', async () => {
    stubWalletApi({
      'GET /api/wallet/get': () => ({
        body: { data: makeWallet({ totalMinor: 1_234_56, mainMinor: 1_200_00, vendors: [{ vendorCode: 'jili', balanceMinor: 34_56 }] }) },
      }),
    });
    renderApp('/wallet');
    const total = await screen.findByRole('region', { name: 'Total balance' });
    expect(within(total).getByText('₹1,234.56')).toBeTruthy();
    expect(within(total).getByText('Main wallet').nextElementSibling?.textContent).toBe('₹1,200.00');
    // The vendor list failed to load (404 here): a generic name, never the raw code.
    expect(within(await screen.findByRole('listitem', { name: 'Wallet of game provider Other game' })).getByText('₹34.56')).toBeTruthy();
    expect(screen.queryByText('jili')).toBeNull();
    expect(screen.getByRole('link', { name: 'Recharge' }).getAttribute('href')).toBe('/wallet/Recharge');
    expect(screen.getByRole('link', { name: 'Recharge history' }).getAttribute('href')).toBe('/wallet/RechargeHistory');
    expect(screen.getByRole('link', { name: 'Withdraw' }).getAttribute('href')).toBe('/wallet/Withdraw');
    expect(screen.getByRole('link', { name: 'Withdrawal history' }).getAttribute('href')).toBe('/wallet/WithdrawHistory');
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeTruthy();
  });

  it('names each game wallet by its vendor\'s catalog name; a vendor the catalog does not name gets a generic label (issue 22)', async () => {
    stubWalletApi({
      'GET /api/wallet/get': () => ({
        body: {
          data: makeWallet({
            totalMinor: 300_00,
            vendors: [
              { vendorCode: 'MG_Fish', balanceMinor: 200_00 },
              { vendorCode: 'GONE_VENDOR', balanceMinor: 100_00 },
            ],
          }),
        },
      }),
      'GET /api/games/vendors': () => ({
        body: { data: [{ code: 'MG_Fish', title: 'MG Fish', image: '/x.svg', type: null, tab: null, walletMode: 'transfer', gameCount: 6 }] },
      }),
    });
    renderApp('/wallet');
    expect(within(await screen.findByRole('listitem', { name: 'Wallet of game provider MG Fish' })).getByText('₹200.00')).toBeTruthy();
    expect(within(screen.getByRole('listitem', { name: 'Wallet of game provider Other game' })).getByText('₹100.00')).toBeTruthy();
    expect(screen.queryByText('MG_Fish')).toBeNull();
    expect(screen.queryByText('GONE_VENDOR')).toBeNull();
  });

  it('offers no transfer when the game wallets are empty', async () => {
    stubWalletApi({ 'GET /api/wallet/get': () => ({ body: { data: makeWallet({ totalMinor: 500_00, mainMinor: 500_00 }) } }) });
    renderApp('/wallet');
    await screen.findByText('No money is held in game wallets.');
    expect((screen.getByRole('button', { name: 'Transfer to main wallet' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('transfers to the main wallet with one request per tap burst, and shows the new balances', async () => {
    const before = makeWallet({ totalMinor: 150_00, mainMinor: 100_00, vendors: [{ vendorCode: 'jili', balanceMinor: 50_00 }] });
    const after = makeWallet({ totalMinor: 150_00, mainMinor: 150_00, vendors: [{ vendorCode: 'jili', balanceMinor: 0 }] });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const api = stubWalletApi({
      'GET /api/wallet/get': () => ({ body: { data: before } }),
      'POST /api/wallet/transfer-to-main-wallet': async () => {
        await held;
        return { body: { data: { movedMinor: 50_00, wallet: after } } };
      },
    });
    renderApp('/wallet');
    const button = await screen.findByRole('button', { name: 'Transfer to main wallet' });
    fireEvent.click(button);
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('button', { name: 'Transferring…' }));
    release();

    expect(await screen.findByText('₹50.00 moved to your main wallet.')).toBeTruthy();
    const transfers = api.callsTo('POST', '/api/wallet/transfer-to-main-wallet');
    expect(transfers).toHaveLength(1);
    expect(transfers[0]!.body).toEqual({ idempotencyKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) });
    const total = screen.getByRole('region', { name: 'Total balance' });
    expect(within(total).getByText('Main wallet').nextElementSibling?.textContent).toBe('₹150.00');
    expect((screen.getByRole('button', { name: 'Transfer to main wallet' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('retries a failed transfer with the same idempotency key, so it cannot move money twice', async () => {
    let attempt = 0;
    const api = stubWalletApi({
      'GET /api/wallet/get': () => ({ body: { data: makeWallet({ totalMinor: 50_00, vendors: [{ vendorCode: 'jili', balanceMinor: 50_00 }] }) } }),
      'POST /api/wallet/transfer-to-main-wallet': () =>
        attempt++ === 0
          ? { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'try later' } } }
          : { body: { data: { movedMinor: 50_00, wallet: makeWallet({ totalMinor: 50_00, mainMinor: 50_00 }) } } },
    });
    renderApp('/wallet');
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer to main wallet' }));
    expect(await screen.findByText('The service is busy. Try again in a moment.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Transfer to main wallet' }));
    await screen.findByText('₹50.00 moved to your main wallet.');
    const [first, second] = api.callsTo('POST', '/api/wallet/transfer-to-main-wallet');
    expect(second!.body).toEqual(first!.body);
  });

  it('says so when the wallet cannot be loaded, and tries again on request', async () => {
    let fail = true;
    stubWalletApi({
      'GET /api/wallet/get': () =>
        fail ? { status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } } : { body: { data: makeWallet({ totalMinor: 500_00, mainMinor: 500_00 }) } },
    });
    renderApp('/wallet');
    expect(await screen.findByText('Could not load this. Check your connection and try again.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const total = await screen.findByRole('region', { name: 'Total balance' });
    await waitFor(() => expect(within(total).getAllByText('₹500.00')).toHaveLength(2));
  });
});
