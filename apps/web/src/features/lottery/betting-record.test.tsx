import type { PlayerLotteryBet } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithRouter, signInForTests } from '../../test/render';
import { stubWingoApi } from '../../test/fake-wingo-api';
import { BettingRecordPage } from './betting-record';
import { useWingo, WingoProvider } from './wingo-context';

const MY_BETS = LAZY_API_PATHS.lottery_all_my_bets;

function Bump() {
  const { incrementBetHistoryRefreshKey } = useWingo();
  return (
    <button type="button" onClick={incrementBetHistoryRefreshKey}>
      bump
    </button>
  );
}

const bet = (o: Partial<PlayerLotteryBet>): PlayerLotteryBet => ({
  id: 'bet_test000001',
  game: 'wingo',
  roomId: '30s',
  period: '202611230300010',
  selection: 'green',
  amountMinor: 100,
  quantity: 1,
  multiplier: 1,
  totalMinor: 100,
  feeMinor: 2,
  contractMinor: 98,
  status: 'pending',
  payoutMinor: 0,
  outcome: null,
  placedAtMs: 1_790_000_000_000,
  settledAtMs: null,
  commitment: { chainId: 1, finalHash: 'ab'.repeat(32), roundIndex: 1, beaconRound: 1000 },
  locksAtMs: 1_790_000_000_000,
  ...o,
});

describe('bet history', () => {
  beforeEach(() => signInForTests());

  it('lists the bets of every game with their game, selection, result and a verify link of their game, and filters on the server', async () => {
    const wingoWon = bet({ id: 'bet_won00001', status: 'won', payoutMinor: 196, outcome: [3] });
    const k3Lost = bet({ id: 'bet_k3lost01', game: 'k3', roomId: '1m', period: '202611230600011', selection: 'pair:11-2', status: 'lost', outcome: [6, 5, 4], commitment: { chainId: 2, finalHash: 'cd'.repeat(32), roundIndex: 7, beaconRound: 9 } });
    const fivedPending = bet({ id: 'bet_5dpend01', game: '5d', roomId: '3m', period: '202611231800012', selection: 'A:big', status: 'pending' });
    const trxWon = bet({ id: 'bet_trxwon01', game: 'trx', roomId: '1m', period: '202611230600013', selection: 'big', status: 'won', payoutMinor: 196, outcome: [7], commitment: null });
    const api = stubWingoApi({
      [`GET ${MY_BETS}`]: ({ url }) => {
        const game = url.searchParams.get('game');
        const status = url.searchParams.get('status');
        // Every bet was placed on 21 September 2026; a day filter of another day finds none.
        const date = url.searchParams.get('date');
        const items = [wingoWon, k3Lost, fivedPending, trxWon].filter((b) => (!game || b.game === game) && (!status || b.status === status) && (!date || date === '2026-09-21'));
        return { body: { data: { items, nextCursor: null } } };
      },
    });
    renderWithRouter(
      <WingoProvider>
        <BettingRecordPage />
      </WingoProvider>,
    );
    expect(await screen.findByText('Win Go · Green · ₹1.00')).toBeTruthy();
    expect(screen.getByText('K3 · Two same 1 1 and 2 · ₹1.00')).toBeTruthy();
    expect(screen.getByText('5D · A Big · ₹1.00')).toBeTruthy();
    expect(screen.getByText('Trx Win · Big · ₹1.00')).toBeTruthy();
    expect(screen.getAllByText('Won ₹1.96')).toHaveLength(2);
    expect(screen.getByText('Lost', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('Waiting for the draw')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Dice 6 5 4' })).toBeTruthy();
    expect(screen.getByText('Amount ₹1.00 x 1 x1 = ₹1.00; fee ₹0.02; result 6 5 4')).toBeTruthy();
    // Each verify link opens its own game's verify screen with the bet's commitment; a pending bet has none.
    expect(screen.getByRole('link', { name: 'Verify round 202611230300010' }).getAttribute('href')).toBe(
      `/home/AllLotteryGames/Verify?room=30s&period=202611230300010&final=${'ab'.repeat(32)}&k=1`,
    );
    expect(screen.getByRole('link', { name: 'Verify round 202611230600011' }).getAttribute('href')).toBe(
      `/home/AllLotteryGames/VerifyGame?game=k3&period=202611230600011&final=${'cd'.repeat(32)}&k=7`,
    );
    expect(screen.getByRole('link', { name: 'Verify round 202611230600013' }).getAttribute('href')).toBe('/home/AllLotteryGames/VerifyGame?game=trx&period=202611230600013');
    expect(screen.queryByRole('link', { name: 'Verify round 202611231800012' })).toBeNull();
    expect(api.callsTo('GET', MY_BETS)[0]!.url.searchParams.get('game')).toBeNull();

    // No room filter until a game is chosen; then that game's rooms.
    expect(screen.queryByLabelText('Room')).toBeNull();
    fireEvent.change(screen.getByLabelText('Game'), { target: { value: 'k3' } });
    await waitFor(() => expect(screen.queryByText('Win Go · Green · ₹1.00')).toBeNull());
    expect(screen.getByText('K3 · Two same 1 1 and 2 · ₹1.00')).toBeTruthy();
    const roomSelect = screen.getByLabelText('Room');
    expect(within(roomSelect).getAllByRole('option').map((o) => o.textContent)).toEqual(['All', 'K3 1 Min', 'K3 3 Min', 'K3 5 Min', 'K3 10 Min']);
    fireEvent.change(roomSelect, { target: { value: '3m' } });
    await waitFor(() => expect(api.callsTo('GET', MY_BETS).some((c) => c.url.searchParams.get('room') === '3m' && c.url.searchParams.get('game') === 'k3')).toBe(true));

    fireEvent.change(screen.getByLabelText('Game'), { target: { value: 'all' } });
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'won' } });
    await waitFor(() => expect(screen.queryByText('K3 · Two same 1 1 and 2 · ₹1.00')).toBeNull());
    expect(screen.getByText('Trx Win · Big · ₹1.00')).toBeTruthy();
    const last = api.callsTo('GET', MY_BETS).at(-1)!.url.searchParams;
    expect([last.get('status'), last.get('game'), last.get('room')]).toEqual(['won', null, null]);

    // A day, typed day first as India writes it, is sent as the ISO day (the server reads it in
    // India Standard Time); a half-typed day sends nothing and, once left, says what to type.
    const calls = api.callsTo('GET', MY_BETS).length;
    const day = screen.getByRole('textbox', { name: 'Date' });
    fireEvent.change(day, { target: { value: '23/11' } });
    fireEvent.blur(day);
    expect(screen.getByText('Enter a day as dd/mm/yyyy, or leave it empty for every day.')).toBeTruthy();
    expect(api.callsTo('GET', MY_BETS)).toHaveLength(calls);
    fireEvent.change(day, { target: { value: '23/11/2026' } });
    await waitFor(() => expect(api.callsTo('GET', MY_BETS).at(-1)!.url.searchParams.get('date')).toBe('2026-11-23'));
    expect(api.callsTo('GET', MY_BETS).at(-1)!.url.searchParams.get('status')).toBe('won');
    expect(screen.queryByText('Enter a day as dd/mm/yyyy, or leave it empty for every day.')).toBeNull();
    expect(await screen.findByText('No bets match these filters.')).toBeTruthy();
    // Emptied: every day again.
    fireEvent.change(day, { target: { value: '' } });
    expect(await screen.findByText('Trx Win · Big · ₹1.00')).toBeTruthy();
  });

  it('is titled as the account menu names it, with the form system\'s fields and the day format shown once (issue 39)', async () => {
    stubWingoApi({ [`GET ${MY_BETS}`]: () => ({ body: { data: { items: [], nextCursor: null } } }) });
    renderWithRouter(
      <WingoProvider>
        <BettingRecordPage />
      </WingoProvider>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Bet history' })).toBeTruthy();
    const filters = screen.getByRole('form', { name: 'Filters' });
    for (const name of ['Game', 'Status']) expect(within(filters).getByRole('combobox', { name }).className).toBe('field__input');
    const day = within(filters).getByRole('textbox', { name: 'Date' });
    expect(day.getAttribute('type')).toBe('text');
    expect(day.className).toBe('field__input');
    expect(day.getAttribute('inputmode')).toBe('numeric');
    // The format once, as the field's description, and nowhere else on the page.
    expect(day.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(day.getAttribute('aria-describedby')!)?.textContent).toBe('dd/mm/yyyy');
    expect(screen.getAllByText(/dd\/mm\/yyyy/)).toHaveLength(1);
    expect(day.getAttribute('placeholder')).toBeNull();
  });

  it('reads the bets again when the shared bet-history counter is bumped', async () => {
    const api = stubWingoApi({ [`GET ${MY_BETS}`]: () => ({ body: { data: { items: [], nextCursor: null } } }) });
    renderWithRouter(
      <WingoProvider>
        <Bump />
        <BettingRecordPage />
      </WingoProvider>,
    );
    expect(await screen.findByText('No bets match these filters.')).toBeTruthy();
    expect(api.callsTo('GET', MY_BETS)).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: 'bump' }));
    await waitFor(() => expect(api.callsTo('GET', MY_BETS)).toHaveLength(2));
    expect(within(document.body).getByRole('heading', { level: 1, name: 'Bet history' })).toBeTruthy();
  });
});
