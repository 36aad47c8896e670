import { API_PATHS } from '@colorplay/contract/paths';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderWithRouter, signInForTests } from '../../test/render';
import { makeBet, stubWingoApi } from '../../test/fake-wingo-api';
import { BettingRecordPage } from './betting-record';
import { useWingo, WingoProvider } from './wingo-context';

const MY_BETS = API_PATHS.wingo_my_bets;

function Bump() {
  const { incrementBetHistoryRefreshKey } = useWingo();
  return (
    <button type="button" onClick={incrementBetHistoryRefreshKey}>
      bump
    </button>
  );
}

describe('full game history', () => {
  beforeEach(() => signInForTests());

  it('lists the bets with result details, filters by room and status, and links each round to its verification', async () => {
    const won = makeBet({ id: 'bet_won00001', period: '202611230300010', status: 'won', payoutMinor: 196, resultDigit: 3 });
    const lost = makeBet({ id: 'bet_lost0001', period: '202611230300011', selection: 'big', status: 'lost', resultDigit: 2 });
    const api = stubWingoApi({ [`GET ${MY_BETS}`]: () => ({ body: { data: { items: [won, lost], nextCursor: null } } }) });
    renderWithRouter(
      <WingoProvider>
        <BettingRecordPage />
      </WingoProvider>,
    );
    expect(await screen.findByText('Won ₹1.96')).toBeTruthy();
    expect(screen.getByText('Lost', { selector: 'span' })).toBeTruthy();
    expect(screen.getByText('Amount ₹1.00 x 1 x1 = ₹1.00; fee ₹0.02; result 3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Verify round 202611230300010' }).getAttribute('href')).toBe(
      // The bet receipt's commitment travels with the link: the screen checks the round against it.
      `/home/AllLotteryGames/Verify?room=30s&period=202611230300010&final=${'ab'.repeat(32)}&k=1`,
    );

    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'lost' } });
    expect(screen.queryByText('Won ₹1.96')).toBeNull();
    expect(screen.getByText('Lost', { selector: 'span' })).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Room'), { target: { value: '1m' } });
    await waitFor(() => expect(api.callsTo('GET', MY_BETS).some((c) => c.url.searchParams.get('room') === '1m')).toBe(true));
    expect(api.callsTo('GET', MY_BETS)[0]!.url.searchParams.get('room')).toBeNull();
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
    expect(within(document.body).getByRole('heading', { level: 1, name: 'Game history' })).toBeTruthy();
  });
});
