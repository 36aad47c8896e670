import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { makeWallet, stubWalletApi } from '../test/fake-wallet-api';
import { renderApp, signInForTests, skipSplash } from '../test/render';

beforeEach(() => {
  skipSplash();
});

const nav = () => screen.getByRole('navigation', { name: 'Main' });

describe('first visit', () => {
  it('offers a guest Log in and Register on home', async () => {
    stubWalletApi({});
    renderApp('/');
    const welcome = await screen.findByRole('region', { name: 'Welcome' });
    expect(within(welcome).getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/login');
    expect(within(welcome).getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    // Decision 518: the way to play is on the first screen for a guest too (the guard asks to log in).
    expect(screen.getByRole('link', { name: 'Play Win Go Every result can be verified.' }).getAttribute('href')).toBe('/home/AllLotteryGames/Wingo');
  });

  it('shows a player the balance with Recharge, and the way into Win Go as the home tile under it', async () => {
    signInForTests();
    stubWalletApi({ 'GET /api/wallet/balance': () => ({ body: { data: { balanceMinor: 1_234_50, currency: 'INR' } } }) });
    renderApp('/');
    const card = await screen.findByRole('region', { name: 'Balance' });
    expect(await within(card).findByText('₹1,234.50')).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Recharge' }).getAttribute('href')).toBe('/wallet/Recharge');
    const play = screen.getByRole('link', { name: 'Play Win Go Every result can be verified.' });
    expect(play.getAttribute('href')).toBe('/home/AllLotteryGames/Wingo');
    expect(within(card).queryByRole('link', { name: /Win Go/ })).toBeNull();
    expect(card.compareDocumentPosition(play) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('keeps the balance in one place: a transfer’s answer shows on home without reading it again', async () => {
    signInForTests();
    const api = stubWalletApi({
      'GET /api/wallet/get': () => ({ body: { data: makeWallet({ totalMinor: 150_00, mainMinor: 100_00, vendors: [{ vendorCode: 'jili', balanceMinor: 50_00 }] }) } }),
      'GET /api/wallet/balance': () => ({ body: { data: { balanceMinor: 100_00, currency: 'INR' } } }),
      'POST /api/wallet/transfer-to-main-wallet': () => ({
        body: { data: { movedMinor: 50_00, wallet: makeWallet({ totalMinor: 150_00, mainMinor: 150_00, vendors: [{ vendorCode: 'jili', balanceMinor: 0 }] }) } },
      }),
    });
    renderApp('/wallet');
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer to main wallet' }));
    await screen.findByText('₹50.00 moved to your main wallet.');
    fireEvent.click(within(nav()).getByRole('link', { name: 'Home' }));
    const card = await screen.findByRole('region', { name: 'Balance' });
    expect(await within(card).findByText('₹150.00')).toBeTruthy();
    expect(api.callsTo('GET', '/api/wallet/balance')).toHaveLength(0);
  });

  it('names the window after the page', async () => {
    signInForTests();
    stubWalletApi({ 'GET /api/wallet/get': () => ({ body: { data: makeWallet() } }) });
    renderApp('/wallet');
    await screen.findByRole('heading', { level: 1, name: 'Wallet' });
    await waitFor(() => expect(document.title).toBe('Wallet · Colorplay'));
  });

  it('moves focus to the new page’s heading after a route change, not on the first page', async () => {
    signInForTests();
    stubWalletApi({
      'GET /api/wallet/get': () => ({ body: { data: makeWallet() } }),
      'GET /api/wallet/balance': () => ({ body: { data: { balanceMinor: 0, currency: 'INR' } } }),
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'Colorplay' });
    expect(document.activeElement).toBe(document.body);
    fireEvent.click(within(nav()).getByRole('link', { name: 'Wallet' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Wallet' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
  });
});
