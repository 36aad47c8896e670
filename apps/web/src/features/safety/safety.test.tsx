import type { SafetyState } from '@colorplay/contract';
import { SAFETY_LIMIT_KINDS, SAFETY_PERIODS } from '@colorplay/contract/safety-constants';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '../../test/fake-api';
import { renderApp, renderWithRouter, signInForTests, skipSplash } from '../../test/render';
import { parseRupees } from './amount';
import { checksDue, formatDuration, RealityCheck } from './reality-check';
import { SESSION_GAP_MS, sessionStart } from './play-session';

function makeState(overrides: Partial<SafetyState> = {}): SafetyState {
  return {
    limits: SAFETY_LIMIT_KINDS.flatMap((kind) => SAFETY_PERIODS.map((period) => ({ kind, period, amountMinor: null, pending: null, usedMinor: 0, reservedMinor: 0, remainingMinor: null }))),
    block: { kind: 'none', until: null, reopenRequestedAt: null, reopensAt: null },
    realityCheckMinutes: null,
    offered: { depositLimits: true, lossLimits: true, stakeLimits: true, breaks: true, selfExclusion: true, realityChecks: true },
    depositLimitRequired: false,
    depositLimitPrompt: false,
    netDeposits: { last30DaysMinor: 400_00, last12MonthsMinor: 900_00, allTimeMinor: 1_200_00 },
    currency: 'INR',
    ...overrides,
  };
}

describe('safety helpers', () => {
  it('reads a limit in rupees: empty is no limit, at least ₹1, at most two decimals', () => {
    expect(parseRupees('')).toBeNull();
    expect(parseRupees(' 500 ')).toBe(500_00);
    expect(parseRupees('12.5')).toBe(12_50);
    expect(parseRupees('0.99')).toBe('invalid');
    expect(parseRupees('1.234')).toBe('invalid');
    expect(parseRupees('-5')).toBe('invalid');
    expect(parseRupees('abc')).toBe('invalid');
  });

  it('counts reality checks by interval and formats the session', () => {
    expect(checksDue(29 * 60_000, 30)).toBe(0);
    expect(checksDue(30 * 60_000, 30)).toBe(1);
    expect(checksDue(95 * 60_000, 30)).toBe(3);
    expect(checksDue(95 * 60_000, null)).toBe(0);
    expect(formatDuration(65_000)).toBe('1:05');
    expect(formatDuration(3_909_000)).toBe('1:05:09');
  });

  it('keeps the session while a game page marks it, and starts a new one after a break', () => {
    const store = new Map<string, string>();
    const storage = { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) };
    expect(sessionStart(storage, 1_000)).toBe(1_000);
    expect(sessionStart(storage, 5_000)).toBe(1_000);
    // Marked at 5 s: up to the gap later it is the same session, however long it has run.
    expect(sessionStart(storage, 5_000 + SESSION_GAP_MS)).toBe(1_000);
    // A break longer than the gap since the last mark: a new session.
    const after = 5_000 + 2 * SESSION_GAP_MS + 1;
    expect(sessionStart(storage, after)).toBe(after);
    store.set('cp_play_session', 'garbage');
    expect(sessionStart(storage, after + 10)).toBe(after + 10);
  });
});

describe('the session clock (decision 509)', () => {
  beforeEach(() => {
    signInForTests();
    stubApi({ 'GET /api/safety': () => ({ body: { data: makeState() } }) });
  });

  /** A game page opened in a new tab: the same localStorage, a sessionStorage of its own. */
  function openTab() {
    sessionStorage.clear();
    return renderWithRouter(<RealityCheck />);
  }

  it('is labelled in words and links to the page that explains reality checks', () => {
    openTab();
    const clock = within(screen.getByRole('complementary', { name: 'Reality check session clock' }));
    expect(clock.getByText('Time playing this session: 0:00')).toBeTruthy();
    expect(clock.getByRole('link', { name: 'About reality checks' }).getAttribute('href')).toBe('/main/Safety');
  });

  it('tells the server the device’s language in a cookie, for the lottery shell’s first paint', async () => {
    document.cookie = 'colorplay_locale=; Max-Age=0; Path=/';
    openTab();
    await waitFor(() => expect(document.cookie).toContain('colorplay_locale=en'));
  });

  it('runs one session across tabs until a break with no game page open ends it', () => {
    const t0 = Date.parse('2026-11-29T10:00:00Z');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(t0);
    openTab().unmount();

    // A second tab a minute later shows the same session, not one of its own.
    vi.setSystemTime(t0 + 65_000);
    const second = openTab();
    expect(screen.getByText(/session: 1:05$/)).toBeTruthy();
    second.unmount();

    // No game page open for longer than the gap: the next one starts a new session.
    vi.setSystemTime(t0 + 65_000 + SESSION_GAP_MS + 1_000);
    openTab();
    expect(screen.getByText(/session: 0:00$/)).toBeTruthy();
  });
});

describe('the Safety page', () => {
  beforeEach(() => {
    skipSplash();
    signInForTests();
  });

  it('sets a daily deposit limit from an empty field and shows net deposits', async () => {
    const api = stubApi({
      'GET /api/safety': () => ({ body: { data: makeState() } }),
      'POST /api/safety/limits': (call) => {
        const set = makeState();
        set.limits[0] = { ...set.limits[0]!, amountMinor: (call.body as { amountMinor: number }).amountMinor, remainingMinor: 500_00 };
        return { body: { data: set } };
      },
    });
    renderApp('/main/Safety');
    const day = await screen.findByRole('form', { name: 'Deposit limits: Per 24 hours' });
    const field = within(day).getByRole('textbox', { name: 'Per 24 hours limit (₹)' }) as HTMLInputElement;
    // Never pre-filled.
    expect(field.value).toBe('');
    fireEvent.change(field, { target: { value: '500' } });
    fireEvent.click(within(day).getByRole('button', { name: 'Save limit' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/safety/limits')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/safety/limits')[0]!.body).toEqual({ kind: 'deposit', period: 'day', amountMinor: 500_00 });
    expect(await within(day).findByText('Saved.')).toBeTruthy();
    expect(within(day).getByText(/Now: ₹500\.00/)).toBeTruthy();
    const net = screen.getByRole('region', { name: 'Net deposits' });
    expect(within(net).getByText('₹400.00')).toBeTruthy();
    expect(within(net).getByText('₹1,200.00')).toBeTruthy();
  });

  it('shows what open orders hold apart from what was credited, and says so when late payments passed the limit (decisions 390-392)', async () => {
    const state = makeState();
    state.limits[0] = { ...state.limits[0]!, amountMinor: 1_000_00, usedMinor: 400_00, reservedMinor: 300_00, remainingMinor: 300_00 };
    state.limits[1] = { ...state.limits[1]!, amountMinor: 1_000_00, usedMinor: 2_000_00, reservedMinor: 0, remainingMinor: 0 };
    stubApi({ 'GET /api/safety': () => ({ body: { data: state } }) });
    renderApp('/main/Safety');
    const day = await screen.findByRole('form', { name: 'Deposit limits: Per 24 hours' });
    expect(within(day).getByText(/Used ₹400\.00, ₹300\.00 left · ₹300\.00 held by open orders/)).toBeTruthy();
    expect(within(day).queryByRole('status')).toBeNull();
    const week = screen.getByRole('form', { name: 'Deposit limits: Per 7 days' });
    expect(within(week).getByRole('status').textContent).toBe('Deposits credited in this window are over this limit (a payment arrived late, or the limit was lowered). New deposits wait until the window allows them.');
  });

  it('asks before a break and shows it; no break or exclusion can then be taken', async () => {
    const until = '2026-11-25T10:00:00.000Z';
    const api = stubApi({
      'GET /api/safety': () => ({ body: { data: makeState() } }),
      'POST /api/safety/break': () => ({ body: { data: makeState({ block: { kind: 'break', until, reopenRequestedAt: null, reopensAt: null } }) } }),
    });
    renderApp('/main/Safety');
    fireEvent.click(await screen.findByRole('radio', { name: '1 week' }));
    fireEvent.click(screen.getByRole('button', { name: 'Take a break' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take a break?' });
    expect(within(dialog).getByText(/for 1 week/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take a break' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/safety/break')[0]?.body).toEqual({ days: 7 }));
    expect(await screen.findByText(/You are on a break until/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take a break' })).toBeNull();
  });

  it('shows a waiting raise with its confirmation only once it may be confirmed', async () => {
    const state = makeState();
    state.limits[0] = {
      ...state.limits[0]!,
      amountMinor: 200_00,
      remainingMinor: 200_00,
      pending: { amountMinor: 900_00, requestedAt: '2026-11-23T10:00:00.000Z', confirmableAt: '2026-11-24T10:00:00.000Z', confirmable: true },
    };
    const api = stubApi({ 'GET /api/safety': () => ({ body: { data: state } }), 'POST /api/safety/limits/confirm': () => ({ body: { data: makeState() } }) });
    renderApp('/main/Safety');
    const day = await screen.findByRole('form', { name: 'Deposit limits: Per 24 hours' });
    expect(within(day).getByText(/Change to ₹900\.00 waits until/)).toBeTruthy();
    fireEvent.click(within(day).getByRole('button', { name: 'Confirm the change' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/safety/limits/confirm')[0]?.body).toEqual({ kind: 'deposit', period: 'day' }));
  });
});

// Decision 479: registering lands on Home, where the prompt is a card under the page's header;
// on the account page it is a card under the top bar, not above it.
describe('the deposit-limit prompt as a card under the header', () => {
  beforeEach(() => {
    skipSplash();
    signInForTests();
  });

  const common = {
    'GET /api/safety': () => ({ body: { data: makeState({ depositLimitPrompt: true }) } }),
    'GET /api/wallet/balance': () => ({ body: { data: { currency: 'INR', balanceMinor: 0 } } }),
    'GET /api/notifications': () => ({ body: { data: { items: [], unreadCount: 0, nextCursor: null } } }),
  };

  it('on Home for a signed-in player: after the header and the wallet card', async () => {
    stubApi(common);
    renderApp('/');
    const prompt = await screen.findByRole('region', { name: 'Set a deposit limit?' });
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.compareDocumentPosition(prompt) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(prompt.closest('main')).toBe(heading.closest('main'));
  });

  it('on the account page: inside the page, after its top bar', async () => {
    stubApi({
      ...common,
      'GET /api/get-user-info': () => ({
        body: { data: { uid: 1000042, phone: '98******10', nickname: 'Player 1000042', avatar: 7, createdAt: '2026-01-15T04:30:00.000Z', lastLoginAt: null, language: null } },
      }),
    });
    renderApp('/main');
    const prompt = await screen.findByRole('region', { name: 'Set a deposit limit?' });
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.compareDocumentPosition(prompt) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(prompt.closest('main')).toBe(heading.closest('main'));
  });
});
