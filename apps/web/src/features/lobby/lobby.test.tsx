import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { LAUNCH_TICKET, stubGamesApi } from '../../test/fake-games-api';
import { renderApp, signInForTests, skipSplash } from '../../test/render';
import { stubIntersectionObserver } from '../../test/intersection-observer';
import { setLocale } from '../../lib/i18n';

beforeEach(() => {
  skipSplash();
});

// Every lobby route but home needs a session (decision 126); each describe says whether it has one.

const panel = () => screen.findByRole('tabpanel');

/** The tiles of a grid (or of every grid) inside an element. */
function tilesIn(el: HTMLElement): HTMLElement[] {
  return within(el).getAllByRole('listitem');
}

async function openTab(name: string) {
  fireEvent.click(await screen.findByRole('tab', { name }));
  await waitFor(() => expect(screen.getByRole('tab', { name }).getAttribute('aria-selected')).toBe('true'));
}

describe('All Games', () => {
  beforeEach(() => signInForTests());

  it('has the top bar All with a back arrow home and the eight category tabs in the spec’s order', async () => {
    stubGamesApi();
    renderApp('/home/AllGames');
    expect(await screen.findByRole('heading', { level: 1, name: 'All' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/');
    const tabs = within(screen.getByRole('tablist', { name: 'Game categories' })).getAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Popular', 'Lottery', 'Casino', 'Slots', 'Sports', 'Rummy', 'Fishing', 'Original']);
  });

  it('Popular: a heading and 18 launchable tiles, each with its odds of winning between 96 and 98 %', async () => {
    stubGamesApi();
    renderApp('/home/AllGames?tab=0');
    const content = await panel();
    expect(await within(content).findByRole('heading', { level: 2, name: 'Popular' })).toBeTruthy();
    const tiles = await waitFor(() => {
      const found = tilesIn(content);
      expect(found).toHaveLength(18);
      return found;
    });
    for (const tile of tiles) {
      expect(within(tile).getByRole('button')).toBeTruthy();
      const odds = within(tile).getByText(/^odds of winning \d+\.\d\d%$/).textContent!;
      const percent = Number(odds.replace(/[^\d.]/g, ''));
      expect(percent).toBeGreaterThanOrEqual(96);
      expect(percent).toBeLessThanOrEqual(98);
    }
  });

  it('Lottery: a heading, Win Go, K3, 5D and Trx Win links to their screens, none Coming soon (issue 22, decisions 345, 355)', async () => {
    stubGamesApi();
    renderApp('/home/AllGames?tab=1');
    const content = await panel();
    expect(await within(content).findByRole('heading', { level: 2, name: 'Lottery' })).toBeTruthy();
    await waitFor(() => expect(tilesIn(content)).toHaveLength(4));
    expect(within(content).queryAllByRole('button')).toHaveLength(0);
    const links = within(content).getAllByRole('link');
    expect(links.map((link) => [link.textContent?.split('Guess')[0], link.getAttribute('href')])).toEqual([
      ['Win Go', '/home/AllLotteryGames/Wingo'],
      ['K3', '/home/AllLotteryGames/K3'],
      ['5D', '/home/AllLotteryGames/5D'],
      ['Trx Win', '/home/AllLotteryGames/TrxWin'],
    ]);
    expect(within(content).queryAllByText('Coming soon')).toHaveLength(0);
    for (const name of ['Win Go', 'K3', '5D', 'Trx Win']) expect(within(content).getByText(name)).toBeTruthy();
    expect(within(content).getAllByText(/Green\/Red\/Violet to win/)).toHaveLength(2);
  });

  it('Lottery card subtitles and the Sports tab read in Hindi (decision 478)', async () => {
    stubGamesApi();
    await setLocale('hi');
    try {
      renderApp('/home/AllGames?tab=1');
      const content = await panel();
      await waitFor(() => expect(tilesIn(content)).toHaveLength(4));
      expect(within(content).getAllByText(/हरा\/लाल\/बैंगनी पर जीतें/)).toHaveLength(2);
      expect(within(content).getAllByText(/बड़ा\/छोटा\/विषम\/सम/)).toHaveLength(2);
      expect(within(content).queryByText(/Guess Number/)).toBeNull();
      expect(screen.getByRole('tab', { name: 'स्पोर्ट्स' })).toBeTruthy();
    } finally {
      await setLocale('en');
    }
  });

  it('Casino: EVO Video and MG Video, 6 games each, with All Games to type=casino tab 0 and 3; no heading', async () => {
    stubGamesApi();
    renderApp('/home/AllGames?tab=2');
    const content = await panel();
    const evo = await within(content).findByRole('region', { name: 'EVO Video' });
    const mg = within(content).getByRole('region', { name: 'MG Video' });
    expect(tilesIn(evo)).toHaveLength(6);
    expect(tilesIn(mg)).toHaveLength(6);
    expect(within(evo).getByRole('link', { name: 'All Games' }).getAttribute('href')).toBe('/home/AllOnlineGames?type=casino&tab=0');
    expect(within(mg).getByRole('link', { name: 'All Games' }).getAttribute('href')).toBe('/home/AllOnlineGames?type=casino&tab=3');
    expect(within(content).queryAllByRole('heading')).toHaveLength(0);
  });

  it('Slots: six vendor sections of 6 games, All Games to type=slot with tabs 0, 1, 2, 5, 6, 8', async () => {
    stubGamesApi();
    renderApp('/home/AllGames?tab=3');
    const content = await panel();
    await within(content).findByRole('region', { name: 'JILI' });
    const sections = within(content).getAllByRole('region');
    const nameOf = (section: HTMLElement) => document.getElementById(section.getAttribute('aria-labelledby')!)!.textContent;
    expect(sections.map(nameOf)).toEqual([
      'JILI',
      'PG',
      'JDB',
      'AG Electronic',
      'EVO Electronic',
      'MG Fish',
    ]);
    for (const section of sections) expect(tilesIn(section)).toHaveLength(6);
    expect(sections.map((s) => within(s).getByRole('link', { name: 'All Games' }).getAttribute('href'))).toEqual(
      [0, 1, 2, 5, 6, 8].map((tab) => `/home/AllOnlineGames?type=slot&tab=${tab}`),
    );
  });

  it('Sports chosen from the tab strip shows its five vendor tiles, each labelled Coming soon and saying so on tap (decisions 125, 478)', async () => {
    stubGamesApi();
    renderApp('/home/AllGames?tab=0');
    await panel();
    await openTab('Sports');
    const content = await panel();
    await waitFor(() => expect(tilesIn(content)).toHaveLength(5));
    for (const name of ['Cricket', 'CMD', 'Saba', 'IM', 'AG']) expect(within(content).getByText(new RegExp(`^${name}`, 'i'))).toBeTruthy();
    expect(within(content).queryAllByRole('link')).toHaveLength(0);
    expect(within(content).getAllByText('Coming soon')).toHaveLength(5);
    const buttons = within(content).getAllByRole('button');
    expect(buttons.map((b) => b.textContent)).toEqual(['Coming soonCricket', 'Coming soonCMD', 'Coming soonSaba', 'Coming soonIM', 'Coming soonAG']);
    fireEvent.click(buttons[0]!);
    expect((await screen.findByText('Cricket is coming soon: it cannot be played yet.')).closest('[role="status"]')).toBeTruthy();
  });

  it('keeps the chosen tab in the address', async () => {
    stubGamesApi();
    renderApp('/home/AllGames?tab=4');
    await panel();
    expect(screen.getByRole('tab', { name: 'Sports' }).getAttribute('aria-selected')).toBe('true');
    await openTab('Rummy');
    const content = await panel();
    await waitFor(() => expect(tilesIn(content)).toHaveLength(2));
  });

  it('Rummy: two vendor tiles labelled Coming soon, whose tap says so', async () => {
    stubGamesApi();
    renderApp('/home/AllGames?tab=5');
    const content = await panel();
    await waitFor(() => expect(tilesIn(content)).toHaveLength(2));
    expect(within(content).getByText('365 Rummy')).toBeTruthy();
    expect(within(content).getByText('V8 Poker')).toBeTruthy();
    expect(within(content).getAllByText('Coming soon')).toHaveLength(2);
    fireEvent.click(within(content).getByRole('button', { name: /V8 Poker/ }));
    expect(await screen.findByText('V8 Poker is coming soon: it cannot be played yet.')).toBeTruthy();
  });

  it('Fishing: 19 tiles, the 12 playable MG Fish games first, then 7 labelled Coming soon (decision 478)', async () => {
    stubGamesApi();
    renderApp('/home/AllGames?tab=6');
    const content = await panel();
    await waitFor(() => expect(tilesIn(content)).toHaveLength(19));
    const tiles = tilesIn(content);
    expect(tiles.map((tile) => within(tile).queryByText('Coming soon') === null)).toEqual([...Array<boolean>(12).fill(true), ...Array<boolean>(7).fill(false)]);
    expect(within(content).getAllByText('Coming soon')).toHaveLength(7);
    // A tap on a coming-soon one says so.
    fireEvent.click(within(tiles[18]!).getByRole('button'));
    const title = within(tiles[18]!).getByText(/\w+ \w+/, { selector: '.game-tile__title' }).textContent!;
    expect(await screen.findByText(`${title} is coming soon: it cannot be played yet.`)).toBeTruthy();
  });

  it('Original: 18 tiles that launch games', async () => {
    stubGamesApi();
    renderApp('/home/AllGames?tab=7');
    const content = await panel();
    await waitFor(() => expect(tilesIn(content)).toHaveLength(18));
    expect(within(content).getAllByRole('button')).toHaveLength(18);
    expect(within(content).queryAllByRole('heading')).toHaveLength(0);
  });
});

describe('launching a game (spec section 4)', () => {
  it('a game without an id shows the failure toast Game Under Maintenance and calls nothing', async () => {
    const api = stubGamesApi();
    signInForTests();
    renderApp('/home/AllGames?tab=3');
    const ag = await within(await panel()).findByRole('region', { name: 'AG Electronic' });
    fireEvent.click(within(ag).getByRole('button', { name: /maintenance/i }));
    expect(await screen.findByText('Game Under Maintenance')).toBeTruthy();
    expect(api.callsTo('POST', '/api/refresh-token')).toHaveLength(0);
    expect(api.callsTo('POST', '/api/games/launch-ticket')).toHaveLength(0);
  });

  it('a logged-out player who taps a popular game on home goes to /login', async () => {
    const api = stubGamesApi();
    renderApp('/');
    const popular = await screen.findByRole('region', { name: 'Popular games' });
    await waitFor(() => expect(tilesIn(popular)).toHaveLength(18));
    fireEvent.click(within(tilesIn(popular)[0]!).getByRole('button'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/games/launch-ticket')).toHaveLength(0);
  });

  it('refreshes the token, mints a ticket under the loading overlay, then asks Tips; Cancel closes', async () => {
    let answerTicket: () => void = () => {};
    const ticketAnswered = new Promise<void>((resolve) => (answerTicket = resolve));
    const api = stubGamesApi({
      'POST /api/games/launch-ticket': async () => {
        await ticketAnswered;
        return { body: { data: { ticket: LAUNCH_TICKET, expiresAt: new Date(Date.now() + 60_000).toISOString() } } };
      },
    });
    signInForTests();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/home/AllGames?tab=7');
    const content = await panel();
    await waitFor(() => expect(tilesIn(content)).toHaveLength(18));
    fireEvent.click(within(tilesIn(content)[0]!).getByRole('button'));
    // The global loading overlay is up while the ticket is being minted, and no dialog yet.
    expect(await screen.findByRole('status', { name: 'Please wait' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST', '/api/games/launch-ticket')).toHaveLength(1));
    expect(screen.queryByRole('dialog', { name: 'Tips' })).toBeNull();
    answerTicket();
    const dialog = await screen.findByRole('dialog', { name: 'Tips' });
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Please wait' })).toBeNull());
    expect(within(dialog).getByText('Are you sure you want to join the game?')).toBeTruthy();
    expect(api.callsTo('POST', '/api/refresh-token')).toHaveLength(1);
    const [ticketCall] = api.callsTo('POST', '/api/games/launch-ticket');
    expect(ticketCall!.body).toEqual({ gameId: expect.stringMatching(/^[a-f0-9]{32}$/) });
    // The refresh comes before the ticket, so the ticket is minted with a fresh token.
    expect(api.calls.findIndex((c) => c.path === '/api/refresh-token')).toBeLessThan(api.calls.findIndex((c) => c.path === '/api/games/launch-ticket'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tips' })).toBeNull());
    expect(open).not.toHaveBeenCalled();
  });

  it('Confirm opens the launch address in a new tab synchronously, with the ticket as token and the game id', async () => {
    const api = stubGamesApi();
    signInForTests();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/home/AllGames?tab=0');
    const content = await panel();
    await waitFor(() => expect(tilesIn(content)).toHaveLength(18));
    fireEvent.click(within(tilesIn(content)[2]!).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Tips' });
    const gameId = (api.callsTo('POST', '/api/games/launch-ticket')[0]!.body as { gameId: string }).gameId;
    // No await between the click and the check: window.open must run inside the click itself.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target] = open.mock.calls[0]!;
    const opened = new URL(String(url));
    expect(opened.pathname).toBe('/api/games/open-game-url');
    expect(opened.searchParams.get('token')).toBe(LAUNCH_TICKET);
    expect(opened.searchParams.get('game_id')).toBe(gameId);
    expect(opened.searchParams.get('token')).not.toBe('test-access-token');
    expect(target).toBe('_blank');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tips' })).toBeNull());
  });

  it('a transfer-mode vendor\'s Tips says what moves where and lets the player choose the amount (issue 22)', async () => {
    stubGamesApi({
      'POST /api/games/launch-ticket': () => ({
        body: {
          data: {
            ticket: LAUNCH_TICKET,
            expiresAt: new Date(Date.now() + 60_000).toISOString(),
            transfer: { vendorCode: 'MG_Fish', vendorTitle: 'MG Fish', mainMinor: 500_00, minMinor: 100 },
          },
        },
      }),
    });
    signInForTests();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/home/AllGames?tab=7');
    const content = await panel();
    await waitFor(() => expect(tilesIn(content)).toHaveLength(18));
    fireEvent.click(within(tilesIn(content)[0]!).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Tips' });
    // A modest ₹100 by default, not the whole main balance (decision 475).
    expect(within(dialog).getByText(/₹100\.00 moves from your main wallet to MG Fish's wallet while you play/)).toBeTruthy();
    const amount = within(dialog).getByRole('textbox', { name: 'Amount to move (₹)' }) as HTMLInputElement;
    expect(amount.value).toBe('100');
    // More than the balance: an error, and Confirm opens nothing.
    fireEvent.change(amount, { target: { value: '600' } });
    expect(within(dialog).getByText('Your main wallet holds ₹500.00: move at most that.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(open).not.toHaveBeenCalled();
    fireEvent.change(amount, { target: { value: '0.5' } });
    expect(within(dialog).getByText('Move at least ₹1.00.')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '120.50' } });
    expect(within(dialog).getByText(/₹120\.50 moves from your main wallet to MG Fish's wallet/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(open).toHaveBeenCalledTimes(1);
    const opened = new URL(String(open.mock.calls[0]![0]));
    expect(opened.searchParams.get('amount_minor')).toBe('12050');
    expect(opened.searchParams.get('token')).toBe(LAUNCH_TICKET);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Tips' })).toBeNull());
  });

  it('a seamless vendor\'s Confirm sends no amount', async () => {
    stubGamesApi();
    signInForTests();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/home/AllGames?tab=7');
    const content = await panel();
    await waitFor(() => expect(tilesIn(content)).toHaveLength(18));
    fireEvent.click(within(tilesIn(content)[0]!).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Tips' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(new URL(String(open.mock.calls[0]![0])).searchParams.has('amount_minor')).toBe(false);
  });

  it('while Tips stays open, mints a fresh ticket shortly before the old one expires, and Confirm uses it', async () => {
    let minted = 0;
    const api = stubGamesApi({
      // A ticket 10.3 s from expiry is renewed 10 s before it, that is after about 0.3 s.
      'POST /api/games/launch-ticket': () => {
        minted += 1;
        return { body: { data: { ticket: `tkt_${minted}_abcdefghijklmnop`, expiresAt: new Date(Date.now() + 10_300).toISOString() } } };
      },
    });
    signInForTests();
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/home/AllGames?tab=7');
    const content = await panel();
    await waitFor(() => expect(tilesIn(content)).toHaveLength(18));
    fireEvent.click(within(tilesIn(content)[0]!).getByRole('button'));
    const dialog = await screen.findByRole('dialog', { name: 'Tips' });
    await waitFor(() => expect(api.callsTo('POST', '/api/games/launch-ticket').length).toBeGreaterThanOrEqual(2), { timeout: 3000 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    const token = new URL(String(open.mock.calls[0]![0])).searchParams.get('token');
    expect(token).not.toBe('tkt_1_abcdefghijklmnop');
    expect(token).toMatch(/^tkt_\d+_/);
  });

  it('a refused refresh ends the session and goes to /login without a ticket', async () => {
    const api = stubGamesApi({ 'POST /api/refresh-token': () => ({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'no' } } }) });
    signInForTests();
    renderApp('/home/AllGames?tab=7');
    const content = await panel();
    await waitFor(() => expect(tilesIn(content)).toHaveLength(18));
    fireEvent.click(within(tilesIn(content)[0]!).getByRole('button'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/games/launch-ticket')).toHaveLength(0);
  });

  it('a failed ticket shows its message and no dialog', async () => {
    stubGamesApi({
      'POST /api/games/launch-ticket': () => ({ status: 409, body: { error: { code: 'GAME_UNDER_MAINTENANCE', message: 'x' } } }),
    });
    signInForTests();
    renderApp('/home/AllGames?tab=7');
    const content = await panel();
    await waitFor(() => expect(tilesIn(content)).toHaveLength(18));
    fireEvent.click(within(tilesIn(content)[0]!).getByRole('button'));
    expect(await screen.findByText('Game Under Maintenance')).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'Tips' })).toBeNull();
  });
});

describe('home games', () => {
  it('shows the lottery section with Win Go leading to its screen, and the 18 popular games', async () => {
    stubGamesApi();
    renderApp('/');
    const lottery = await screen.findByRole('region', { name: 'Lottery' });
    const winGo = await within(lottery).findByRole('link', { name: /Win Go/ });
    expect(winGo.getAttribute('href')).toBe('/home/AllLotteryGames/Wingo');
    expect(tilesIn(lottery)).toHaveLength(4);
    const popular = screen.getByRole('region', { name: 'Popular games' });
    await waitFor(() => expect(tilesIn(popular)).toHaveLength(18));
    for (const img of popular.querySelectorAll('img')) {
      expect(img.getAttribute('loading')).toBe('lazy');
      expect(img.getAttribute('width')).toBe('100');
      expect(img.getAttribute('height')).toBe('120');
    }
  });
});

describe('All online games', () => {
  beforeEach(() => signInForTests());

  it('shows the vendor tabs of the type, selects the vendor by its tab number and pages its games', async () => {
    const observers = stubIntersectionObserver();
    const api = stubGamesApi();
    renderApp('/home/AllOnlineGames?type=slot&tab=0');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['JILI', 'PG', 'JDB', 'AG Electronic', 'EVO Electronic', 'MG Fish']);
    expect(screen.getByRole('tab', { name: 'JILI' }).getAttribute('aria-selected')).toBe('true');
    const list = await screen.findByRole('list', { name: 'Games' });
    await waitFor(() => expect(tilesIn(list)).toHaveLength(12));
    // The end of the list scrolls into view: the next page is read and appended.
    const more = screen.getByRole('button', { name: 'More games' });
    const watching = observers.find((o) => o.target === more)!;
    watching.callback([{ isIntersecting: true, target: more } as unknown as IntersectionObserverEntry], {} as IntersectionObserver);
    await waitFor(() => expect(tilesIn(screen.getByRole('list', { name: 'Games' }))).toHaveLength(24));
    const pages = api.callsTo('GET', '/api/games').map((c) => [c.url.searchParams.get('vendor'), c.url.searchParams.get('offset')]);
    expect(pages).toEqual([
      ['JILI', '0'],
      ['JILI', '12'],
    ]);
  });

  it('MG Video is casino tab 3, and choosing another vendor changes the address’s tab', async () => {
    stubGamesApi();
    renderApp('/home/AllOnlineGames?type=casino&tab=3');
    expect((await screen.findByRole('tab', { name: 'MG Video' })).getAttribute('aria-selected')).toBe('true');
    fireEvent.click(screen.getByRole('tab', { name: 'EVO Video' }));
    await waitFor(() => expect(screen.getByRole('tab', { name: 'EVO Video' }).getAttribute('aria-selected')).toBe('true'));
    expect(await screen.findByRole('list', { name: 'Games' })).toBeTruthy();
  });

  it('All casino games lists the casino vendors', async () => {
    stubGamesApi();
    renderApp('/home/AllCasinoGames');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['EVO Video', 'MG Video']);
  });
});
