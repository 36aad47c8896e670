import type { MarketingConsent, NotificationsPage, UserInfo } from '@colorplay/contract';
import { LAZY_API_PATHS } from '@colorplay/contract/lazy-paths';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { readStoredToken } from '../../lib/session';
import { stubApi } from '../../test/fake-api';
import { renderApp, signInForTests, skipSplash } from '../../test/render';

const USER: UserInfo = {
  uid: 1000042,
  phone: '98******10',
  nickname: 'Player 1000042',
  avatar: 7,
  createdAt: '2026-01-15T04:30:00.000Z',
  lastLoginAt: '2026-01-15T04:30:00.000Z', language: null,
};

const tokenAnswer = (token = 'fresh-token') => ({ body: { data: { token, expiresAt: '2026-01-15T04:45:00.000Z', user: USER } } });

beforeEach(() => {
  skipSplash();
});

describe('login', () => {
  it('checks the fields before calling the server', async () => {
    const api = stubApi({});
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(screen.getByLabelText('Mobile number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Enter a 10-digit mobile number starting with 6, 7, 8 or 9.')).toBeTruthy();
    expect(screen.getByText('Enter your password.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows and hides the password with a real button', async () => {
    stubApi({});
    renderApp('/login');
    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    expect(screen.getByRole('button', { name: 'Hide password' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('disables the button while submitting, stores the token and returns to the wanted page', async () => {
    let answer!: () => void;
    const api = stubApi({
      'POST /api/login': () => new Promise((resolve) => (answer = () => resolve(tokenAnswer('tok-A')))),
      'GET /api/wallet/get': () => ({ body: { data: { currency: 'INR', totalMinor: 0, mainMinor: 0, vendors: [] } } }),
    });
    renderApp('/login?next=%2Fwallet');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '+91 98765 43210' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Tiger-Lily-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    const busy = await screen.findByRole('button', { name: 'Logging in…' });
    // aria-disabled, not disabled: a disabled button would drop focus to <body> mid-submit.
    expect(busy.getAttribute('aria-disabled')).toBe('true');
    expect(api.callsTo('POST', '/api/login')[0]?.body).toEqual({ phone: '9876543210', password: 'Tiger-Lily-42' });
    act(() => answer());
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' })).toBeTruthy();
    expect(readStoredToken()).toBe('tok-A');
    expect(JSON.parse(localStorage.getItem('m_login_token') ?? 'null')).toBe('tok-A');
  });

  it('ends the first-visit language bar on Home once the account brings its language, even the one on screen (decision 479)', async () => {
    stubApi({
      'POST /api/login': () => ({ body: { data: { token: 'tok-L', expiresAt: '2026-01-15T04:45:00.000Z', user: { ...USER, language: 'en' } } } }),
      'GET /api/wallet/balance': () => ({ body: { data: { currency: 'INR', balanceMinor: 0 } } }),
    });
    expect(localStorage.getItem('colorplay.locale')).toBeNull();
    // A first visit on this device (no language stored), logging in on the way back to Home.
    renderApp('/login?next=%2F');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Tiger-Lily-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    // Back on Home with the account's language stored on the device: no bar asking for one.
    await screen.findByRole('region', { name: 'Balance' });
    await waitFor(() => expect(localStorage.getItem('colorplay.locale')).toBe('en'));
    await waitFor(() => expect(screen.queryByRole('complementary', { name: 'Language' })).toBeNull());
  });

  it('says the same thing for a wrong phone or password, and how long to wait when rate limited', async () => {
    let status = 401;
    stubApi({
      'POST /api/login': () =>
        status === 401
          ? { status, body: { error: { code: 'INVALID_CREDENTIALS', message: 'Wrong phone or password' } } }
          : { status, body: { error: { code: 'RATE_LIMITED', message: 'Too many attempts. Try again in 300 seconds.' } } },
    });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'wrong-one' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The mobile number or password is not right.');
    status = 429;
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/^Too many tries\. Try again in \d+ min\.$/));
    expect(readStoredToken()).toBeNull();
  });
});

describe('login errors from the server', () => {
  it('puts a validation issue beside its field, and a lost connection above the button', async () => {
    let offline = false;
    stubApi({
      'POST /api/login': () => {
        if (offline) return Promise.reject(new TypeError('Failed to fetch'));
        return { status: 400, body: { error: { code: 'VALIDATION_FAILED', message: 'Invalid body', issues: [{ path: 'phone', message: 'bad phone' }] } } };
      },
    });
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Tiger-Lily-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter a 10-digit mobile number starting with 6, 7, 8 or 9.')).toBeTruthy();
    expect(screen.getByLabelText('Mobile number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Password').getAttribute('aria-invalid')).toBeNull();
    // The field's own error is announced, and focus is on that field.
    expect(screen.getByRole('alert').textContent).toBe('Enter a 10-digit mobile number starting with 6, 7, 8 or 9.');
    expect(document.activeElement).toBe(screen.getByLabelText('Mobile number'));

    offline = true;
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('No connection. Check your network and try again.');
    expect(screen.getByLabelText('Mobile number').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('button', { name: 'Log in' }).getAttribute('aria-disabled')).toBeNull();
  });

  it('gives the wait of a 429 in minutes from Retry-After', async () => {
    // The shared stub sends no headers; this answer needs Retry-After.
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: { code: 'RATE_LIMITED', message: 'Too many attempts.' } }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '600' },
          }),
      ),
    );
    renderApp('/login');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Tiger-Lily-42' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many tries. Try again in 10 min.');
  });
});

describe('already logged in', () => {
  it('leaves /login for the wanted page, as when another tab logs in', async () => {
    stubApi({ 'GET /api/wallet/get': () => ({ body: { data: { currency: 'INR', totalMinor: 0, mainMinor: 0, vendors: [] } } }) });
    renderApp('/login?next=%2Fwallet');
    await screen.findByRole('heading', { level: 1, name: 'Log in' });
    act(() => signInForTests('from-another-tab'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wallet' })).toBeTruthy();
  });
});

const HANDLE = 'h'.repeat(32);
const codeRequested = () => ({ body: { data: { resendAfterSeconds: 60, expiresInSeconds: 300, sandboxHandle: HANDLE } } });
const sandboxSms = (body: string) => () => ({
  body: { data: { messages: [{ phone: '9876543210', body, createdAt: '2026-01-15T04:30:00.000Z' }] } },
});

describe('register', () => {
  it('requires the 18+ confirmation and maps server field issues beside their fields', async () => {
    const api = stubApi({
      'POST /api/register': () => ({
        status: 400,
        body: { error: { code: 'VALIDATION_FAILED', message: 'Invalid body', issues: [{ path: 'password', message: 'too common' }] } },
      }),
    });
    renderApp('/register');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText('Code from the SMS'), { target: { value: '482913' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'password123' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('You must confirm that you are 18 or older.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: 'I am 18 or older and accept the rules of play' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This password is too common or too easy to guess. Choose another.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/register')[0]?.body).toEqual({
      phone: '9876543210',
      code: '482913',
      password: 'password123',
      ageConfirmed: true,
    });
  });

  it('sends a code to the number, shows the sandbox SMS by its handle, counts the resend down and registers with it', async () => {
    const api = stubApi({
      'POST /api/register/request-code': codeRequested,
      'GET /api/sandbox/sms-outbox': sandboxSms('Your Colorplay registration code is 482913.'),
      'POST /api/register': () => tokenAnswer('tok-R'),
      'GET /api/get-user-info': () => ({ body: { data: USER } }),
      'GET /api/wallet/balance': () => ({ body: { data: { currency: 'INR', balanceMinor: 0 } } }),
      'GET /api/notifications': () => ({ body: { data: { items: [], unreadCount: 0, nextCursor: null } } }),
    });
    renderApp('/register');
    fireEvent.click(await screen.findByRole('button', { name: 'Send code' }));
    expect(screen.getByText('Enter a 10-digit mobile number starting with 6, 7, 8 or 9.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);

    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '+91 98765 43210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const sms = await screen.findByRole('region', { name: 'Sandbox SMS to 9876543210' });
    expect(within(sms).getByText('Your Colorplay registration code is 482913.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/register/request-code')[0]?.body).toEqual({ phone: '9876543210' });
    // The outbox is read by the request's handle, never by phone number.
    const read = api.callsTo('GET', '/api/sandbox/sms-outbox')[0]!.url.searchParams;
    expect([...read.keys()]).toEqual(['handle']);
    expect(read.get('handle')).toBe(HANDLE);
    expect((screen.getByRole('button', { name: /^Send again in \d+ s$/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('Code from the SMS'), { target: { value: '482913' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Tiger-Lily-42' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(readStoredToken()).toBe('tok-R'));
    expect(api.callsTo('POST', '/api/register')[0]?.body).toMatchObject({ phone: '9876543210', code: '482913' });
    // A new player lands on Home (decision 479), not on the account page.
    expect(await screen.findByRole('region', { name: 'Balance' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Colorplay' })).toBeTruthy();
  });

  it('asks for the code before calling the server, and explains a wrong one', async () => {
    const api = stubApi({ 'POST /api/register': () => ({ status: 400, body: { error: { code: 'OTP_INVALID', message: 'wrong' } } }) });
    renderApp('/register');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Tiger-Lily-42' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText('Enter the 6-digit code.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('Code from the SMS'), { target: { value: '000000' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('That code is not right. Check the SMS and try again.')).toBeTruthy();
  });

  it('reads no outbox without a sandbox handle and says when the SMS could not be sent', async () => {
    let status = 200;
    const api = stubApi({
      'POST /api/register/request-code': () =>
        status === 200
          ? { body: { data: { resendAfterSeconds: 60, expiresInSeconds: 300 } } }
          : { status, body: { error: { code: 'SMS_UNAVAILABLE', message: 'gateway down' } } },
    });
    renderApp('/register');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '9876543210' } });
    status = 503;
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We could not send the SMS just now. Try again in a minute.')).toBeTruthy();
    status = 200;
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(await screen.findByText('We sent an SMS to 9876543210. The code in it is valid for 5 minutes.')).toBeTruthy();
    expect(api.callsTo('GET', '/api/sandbox/sms-outbox')).toHaveLength(0);
    expect(screen.queryByRole('region', { name: /Sandbox SMS/ })).toBeNull();
  });

  it("fills the invite code in from a friend's link (/register?invite=CODE) and sends it", async () => {
    const api = stubApi({ 'POST /api/register': () => tokenAnswer('tok-I') });
    renderApp('/register?invite=48213907');
    const invite = (await screen.findByLabelText('Invite code (optional)')) as HTMLInputElement;
    expect(invite.value).toBe('48213907');
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText('Code from the SMS'), { target: { value: '482913' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Tiger-Lily-42' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'I am 18 or older and accept the rules of play' }));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/register')[0]?.body).toMatchObject({ inviteCode: '48213907' }));
  });

  it('tells a known number to log in instead', async () => {
    stubApi({ 'POST /api/register': () => ({ status: 409, body: { error: { code: 'PHONE_ALREADY_REGISTERED', message: 'taken' } } }) });
    renderApp('/register');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '9876543210' } });
    fireEvent.change(screen.getByLabelText('Code from the SMS'), { target: { value: '482913' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Tiger-Lily-42' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This number already has an account. Log in instead.')).toBeTruthy();
  });
});

describe('change avatar (spec sections 2 and 4)', () => {
  it('shows Loading... until the current avatar is known, then 20 buttons with the current one pressed', async () => {
    let answer!: () => void;
    stubApi({ 'GET /api/get-user-info': () => new Promise((resolve) => (answer = () => resolve({ body: { data: USER } }))) });
    signInForTests();
    renderApp('/main/Avatar');
    expect(await screen.findByText('Loading...')).toBeTruthy();
    act(() => answer());
    const grid = await screen.findByRole('list', { name: 'Avatars' });
    const buttons = within(grid).getAllByRole('button');
    expect(buttons.map((b) => b.getAttribute('aria-label'))).toEqual(Array.from({ length: 20 }, (_, i) => `Avatar ${i + 1}`));
    expect(buttons.filter((b) => b.getAttribute('aria-pressed') === 'true').map((b) => b.getAttribute('aria-label'))).toEqual(['Avatar 7']);
    expect(screen.queryByText('Loading...')).toBeNull();
  });

  it('selects at once, shows the global loading overlay while saving, then goes to /main', async () => {
    let finishSave!: () => void;
    const api = stubApi({
      'GET /api/get-user-info': () => ({ body: { data: USER } }),
      'POST /api/update-user-info': () => new Promise((resolve) => (finishSave = () => resolve({ body: { data: { ...USER, avatar: 12 } } }))),
      'GET /api/wallet/balance': () => ({ body: { data: { balanceMinor: 0, currency: 'INR' } } }),
      'GET /api/notifications': () => ({ body: { data: { items: [], unreadCount: 0, nextCursor: null } } }),
    });
    signInForTests('tok-1');
    renderApp('/main/Avatar');
    fireEvent.click(await screen.findByRole('button', { name: 'Avatar 12' }));
    expect(screen.getByRole('button', { name: 'Avatar 12' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Avatar 7' }).getAttribute('aria-pressed')).toBe('false');
    expect(await screen.findByRole('status', { name: 'Please wait' })).toBeTruthy();
    const save = api.callsTo('POST', '/api/update-user-info')[0];
    expect(save?.body).toEqual({ avatar: 12 });
    act(() => finishSave());
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
  });
});

describe('change avatar: check mark and failures', () => {
  const userAndAccount = {
    'GET /api/get-user-info': () => ({ body: { data: USER } }),
    'GET /api/wallet/balance': () => ({ body: { data: { balanceMinor: 0, currency: 'INR' } } }),
    'GET /api/notifications': () => ({ body: { data: { items: [], unreadCount: 0, nextCursor: null } } }),
  };

  it('draws the check mark on the current avatar only', async () => {
    stubApi(userAndAccount);
    signInForTests();
    renderApp('/main/Avatar');
    await screen.findByRole('button', { name: 'Avatar 7' });
    const withCheck = screen.getAllByRole('button', { name: /^Avatar \d+$/ }).filter((b) => b.querySelector('svg') !== null);
    expect(withCheck.map((b) => b.getAttribute('aria-label'))).toEqual(['Avatar 7']);
  });

  it('says so when saving fails, turns the loading flag off and still goes to /main', async () => {
    let failSave!: () => void;
    stubApi({
      ...userAndAccount,
      'POST /api/update-user-info': () =>
        new Promise((resolve) => (failSave = () => resolve({ status: 500, body: { error: { code: 'INTERNAL', message: 'boom' } } }))),
    });
    signInForTests();
    renderApp('/main/Avatar');
    fireEvent.click(await screen.findByRole('button', { name: 'Avatar 3' }));
    expect(await screen.findByRole('status', { name: 'Please wait' })).toBeTruthy();
    act(() => failSave());
    expect(await screen.findByText('Could not save your avatar. Please try again.')).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 1, name: 'Account' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Please wait' })).toBeNull());
  });

  it('ends the session when saving answers 401 and the refresh is refused (spec section 8)', async () => {
    stubApi({
      ...userAndAccount,
      'POST /api/update-user-info': () => ({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'expired' } } }),
      'POST /api/refresh-token': () => ({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'no session' } } }),
    });
    signInForTests();
    renderApp('/main/Avatar');
    fireEvent.click(await screen.findByRole('button', { name: 'Avatar 3' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(readStoredToken()).toBeNull();
  });
});

describe('account page', () => {
  it('shows avatar, nickname, UID, balance, unread count and the links', async () => {
    stubApi({
      'GET /api/get-user-info': () => ({ body: { data: USER } }),
      'GET /api/wallet/balance': () => ({ body: { data: { balanceMinor: 1234_56, currency: 'INR' } } }),
      'GET /api/notifications': () => ({ body: { data: { items: [], unreadCount: 2, nextCursor: null } } }),
      // One unread announcement and one read: the badge counts as the inbox does (2 + 1).
      'GET /api/announcements': () => ({
        body: {
          data: {
            items: ['ann_1', 'ann_2'].map((id, i) => ({
              id,
              kind: 'service',
              title: { en: 'Notice', hi: 'सूचना' },
              body: { en: 'A notice.', hi: 'एक सूचना।' },
              startsAt: '2026-01-15T04:00:00.000Z',
              endsAt: '2026-02-15T04:00:00.000Z',
              read: i === 1,
            })),
          },
        },
      }),
    });
    signInForTests();
    renderApp('/main');
    expect(await screen.findByText('Player 1000042')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Avatar 7' })).toBeTruthy();
    expect(screen.getByText('1000042')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy UID' })).toBeTruthy();
    expect(await screen.findByText('₹1,234.56')).toBeTruthy();
    const links = within(screen.getByRole('navigation', { name: 'Account' }));
    expect((await links.findByRole('link', { name: 'Messages 3 unread' })).getAttribute('href')).toBe('/home/Messages');
    expect(links.getByRole('link', { name: 'Recharge history' }).getAttribute('href')).toBe('/wallet/RechargeHistory');
    // Decision 303: bet and withdrawal history, safety, and help answered in place.
    expect(links.getByRole('link', { name: 'Bet history' }).getAttribute('href')).toBe('/home/AllLotteryGames/BettingRecordWin');
    expect(links.getByRole('link', { name: 'Withdrawal history' }).getAttribute('href')).toBe('/wallet/WithdrawHistory');
    expect(links.getByRole('link', { name: 'Safer gambling: limits and breaks' }).getAttribute('href')).toBe('/main/Safety');
    const help = within(screen.getByRole('region', { name: 'Help' }));
    expect(help.getByText('How do I withdraw?')).toBeTruthy();
    expect(help.getByRole('link', { name: 'How to play Win Go' }).getAttribute('href')).toBe('/home/AllLotteryGames/Wingo');
  });

  it('logs out after confirming and lands on /login', async () => {
    const api = stubApi({
      'GET /api/get-user-info': () => ({ body: { data: USER } }),
      'GET /api/wallet/balance': () => ({ body: { data: { balanceMinor: 0, currency: 'INR' } } }),
      'GET /api/notifications': () => ({ body: { data: { items: [], unreadCount: 0, nextCursor: null } } }),
      'POST /api/logout': () => ({ body: { data: { ok: true } } }),
    });
    signInForTests();
    renderApp('/main');
    fireEvent.click(await screen.findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(readStoredToken()).toBeNull();
    expect(api.callsTo('POST', '/api/logout')).toHaveLength(1);
  });

  it('ends the session when get-user-info answers 401 and the refresh is refused (spec section 8)', async () => {
    stubApi({
      'GET /api/get-user-info': () => ({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'expired' } } }),
      'POST /api/refresh-token': () => ({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'no session' } } }),
      'GET /api/wallet/balance': () => ({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'expired' } } }),
      'GET /api/notifications': () => ({ status: 401, body: { error: { code: 'UNAUTHORIZED', message: 'expired' } } }),
    });
    signInForTests();
    renderApp('/main');
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(readStoredToken()).toBeNull();
  });
});

describe('change password (decision 404)', () => {
  const accountApis = (change: () => { status?: number; body: unknown }) =>
    stubApi({
      'GET /api/get-user-info': () => ({ body: { data: USER } }),
      'GET /api/wallet/balance': () => ({ body: { data: { balanceMinor: 0, currency: 'INR' } } }),
      'GET /api/notifications': () => ({ body: { data: { items: [], unreadCount: 0, nextCursor: null } } }),
      'POST /api/change-password': change,
    });

  it('checks the fields first, puts a wrong current password beside its field, then changes it and stays signed in', async () => {
    let wrong = true;
    const api = accountApis(() =>
      wrong
        ? { status: 400, body: { error: { code: 'CURRENT_PASSWORD_WRONG', message: 'Your current password is not correct' } } }
        : { body: { data: { ok: true } } },
    );
    signInForTests();
    renderApp('/main');
    const section = within(await screen.findByRole('region', { name: 'Change password' }));
    fireEvent.click(section.getByRole('button', { name: 'Change password' }));
    expect(section.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
    expect(section.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST', '/api/change-password')).toHaveLength(0);

    fireEvent.change(section.getByLabelText('Current password'), { target: { value: 'not-my-password' } });
    fireEvent.change(section.getByLabelText('New password'), { target: { value: 'Another-Pass-77' } });
    fireEvent.click(section.getByRole('button', { name: 'Change password' }));
    expect(await section.findByText('This is not your current password.')).toBeTruthy();
    expect(section.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');

    wrong = false;
    fireEvent.change(section.getByLabelText('Current password'), { target: { value: 'Tiger-Lily-42' } });
    fireEvent.click(section.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password has been changed. Other devices have been signed out.')).toBeTruthy();
    expect(api.callsTo('POST', '/api/change-password').at(-1)?.body).toEqual({ currentPassword: 'Tiger-Lily-42', newPassword: 'Another-Pass-77' });
    expect((section.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
    expect(readStoredToken()).not.toBeNull();
  });
});

describe('messages', () => {
  const page = (over: Partial<NotificationsPage> = {}): NotificationsPage => ({
    items: [
      { id: 'ntf_2', message: { key: 'depositSucceeded', params: { orderId: 'dep_a1', amountMinor: 123_456_78 } }, createdAt: '2026-01-15T04:30:00.000Z', read: false },
      { id: 'ntf_1', message: { key: 'welcome', params: {} }, createdAt: '2026-01-14T18:45:00.000Z', read: true },
    ],
    unreadCount: 1,
    nextCursor: null,
    ...over,
  });

  it('marks unread messages, shows IST times and marks all as read', async () => {
    const api = stubApi({
      'GET /api/notifications': () => ({ body: { data: page() } }),
      'POST /api/notifications/mark-all-as-read': () => ({ body: { data: { updated: 1 } } }),
    });
    signInForTests();
    renderApp('/home/Messages');
    const unread = await screen.findByRole('heading', { level: 2, name: 'Unread: Recharge successful' });
    expect(unread).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Welcome to Colorplay' })).toBeTruthy();
    // 04:30 UTC is 10:00 at UTC+5:30.
    expect(screen.getAllByText(/10:00/).length).toBeGreaterThan(0);
    // Its own row under the header, not squeezed into the header's 44 px corner beside the title.
    const markAll = screen.getByRole('button', { name: 'Mark all as read' });
    expect(markAll.closest('header, .top-bar')).toBeNull();
    expect(markAll.parentElement?.classList.contains('messages__toolbar')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Recharge successful' })).toBeTruthy();
    expect(screen.queryByText(/^Unread/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
    expect(api.callsTo('POST', '/api/notifications/mark-all-as-read')).toHaveLength(1);
  });

  it('lists announcements first, in the language the player reads, with server messages rendered from their keys', async () => {
    const api = stubApi({
      'GET /api/notifications': () => ({ body: { data: page() } }),
      'GET /api/announcements': () => ({
        body: {
          data: {
            items: [
              {
                id: 'ann_7',
                kind: 'service',
                title: { en: 'New terms', hi: 'नई शर्तें' },
                body: { en: 'Our terms change on 1 August.', hi: 'हमारी शर्तें 1 अगस्त को बदलेंगी।' },
                startsAt: '2026-01-15T04:00:00.000Z',
                endsAt: '2026-02-15T04:00:00.000Z',
                read: false,
              },
            ],
          },
        },
      }),
      'POST /api/announcements/ann_7/read': () => ({ body: { data: { read: true } } }),
    });
    const { setLocale } = await import('../../lib/i18n');
    await setLocale('hi');
    try {
      signInForTests();
      renderApp('/home/Messages');
      expect(await screen.findByRole('heading', { level: 3, name: 'अपठित: नई शर्तें' }, { timeout: 15_000 })).toBeTruthy();
      expect(screen.getByText('हमारी शर्तें 1 अगस्त को बदलेंगी।')).toBeTruthy();
      // A server message: its key in Hindi, the amount in the app's Hindi money format.
      expect(await screen.findByRole('heading', { level: 2, name: 'अपठित: रिचार्ज सफल' })).toBeTruthy();
      expect(screen.getByText('₹1,23,456.78 आपके वॉलेट में जोड़ दिए गए (ऑर्डर dep_a1)।')).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'पढ़ा हुआ मार्क करें' }));
      expect(await screen.findByRole('heading', { level: 3, name: 'नई शर्तें' })).toBeTruthy();
      expect(api.callsTo('POST', '/api/announcements/ann_7/read')).toHaveLength(1);
    } finally {
      await setLocale('en');
    }
  });

  it('has an empty state', async () => {
    stubApi({ 'GET /api/notifications': () => ({ body: { data: page({ items: [], unreadCount: 0 }) } }) });
    signInForTests();
    renderApp('/home/Messages');
    expect(await screen.findByText('No messages yet. News about your account and deposits will appear here.')).toBeTruthy();
  });

  it('loads the next page when the end of the list scrolls into view', async () => {
    const observed: { callback: IntersectionObserverCallback; target: Element }[] = [];
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(target: Element) {
          observed.push({ callback: this.callback, target });
        }
        disconnect() {}
      },
    );
    const api = stubApi({
      'GET /api/notifications': (call) =>
        call.url.searchParams.get('before') === 'ntf_1'
          ? { body: { data: page({ items: [{ id: 'ntf_0', message: { key: 'text', params: { title: 'Older', body: 'x' } }, createdAt: '2026-01-13T00:00:00.000Z', read: true }] }) } }
          : { body: { data: page({ nextCursor: 'ntf_1' }) } },
    });
    signInForTests();
    renderApp('/home/Messages');
    await screen.findByRole('button', { name: 'Load more' });
    const last = observed.at(-1);
    expect(last?.target.contains(screen.getByRole('button', { name: 'Load more' }))).toBe(true);
    act(() => last?.callback([{ isIntersecting: true, target: last.target } as IntersectionObserverEntry], {} as IntersectionObserver));
    expect(await screen.findByRole('heading', { level: 2, name: 'Older' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/notifications').map((c) => c.url.searchParams.get('before'))).toEqual([null, 'ntf_1']);
  });

  it('loads the next page with the cursor', async () => {
    const api = stubApi({
      'GET /api/notifications': (call) =>
        call.url.searchParams.get('before') === 'ntf_1'
          ? { body: { data: page({ items: [{ id: 'ntf_0', message: { key: 'text', params: { title: 'Older', body: 'x' } }, createdAt: '2026-01-13T00:00:00.000Z', read: true }] }) } }
          : { body: { data: page({ nextCursor: 'ntf_1' }) } },
    });
    signInForTests();
    renderApp('/home/Messages');
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Older' })).toBeTruthy();
    expect(api.callsTo('GET', '/api/notifications').map((c) => c.url.searchParams.get('before'))).toEqual([null, 'ntf_1']);
    expect(screen.getByText('No more messages')).toBeTruthy();
  });
});

describe('forgot password', () => {
  it('asks for a code, shows the sandbox SMS, then resets and goes to /login', async () => {
    const api = stubApi({
      'POST /api/forgot-password/request-code': codeRequested,
      'GET /api/sandbox/sms-outbox': sandboxSms('Your Colorplay code is 482913'),
      'POST /api/forgot-password/reset': () => ({ body: { data: { ok: true } } }),
    });
    renderApp('/rpwd');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    const sms = await screen.findByRole('region', { name: 'Sandbox SMS to 9876543210' });
    expect(within(sms).getByText('Your Colorplay code is 482913')).toBeTruthy();
    expect(api.callsTo('GET', '/api/sandbox/sms-outbox')[0]?.url.search).toBe(`?handle=${HANDLE}`);
    expect((screen.getByRole('button', { name: /^Send again in \d+ s$/ }) as HTMLButtonElement).disabled).toBe(true);

    fireEvent.change(screen.getByLabelText('6-digit code'), { target: { value: '482913' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Brand-New-Pass-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Log in' })).toBeTruthy();
    expect(api.callsTo('POST', '/api/forgot-password/reset')[0]?.body).toEqual({ phone: '9876543210', code: '482913', newPassword: 'Brand-New-Pass-9' });
  });

  it('reads no sandbox outbox without a handle (a real SMS channel), and counts the resend cooldown down from its start', async () => {
    // Only the clock is faked (intervals stay real), so the time on the page can jump.
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date('2026-01-15T04:30:00.000Z').getTime();
    vi.setSystemTime(start);
    try {
      const api = stubApi({
        'POST /api/forgot-password/request-code': () => ({ body: { data: { resendAfterSeconds: 60, expiresInSeconds: 300 } } }),
      });
      renderApp('/rpwd');
      fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '9876543210' } });
      // The player takes half a minute to type the number: the wait still starts at 60 s.
      vi.setSystemTime(start + 30_000);
      fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
      expect(await screen.findByLabelText('6-digit code')).toBeTruthy();
      expect(api.callsTo('GET', '/api/sandbox/sms-outbox')).toHaveLength(0);
      expect(screen.queryByRole('region', { name: /Sandbox SMS/ })).toBeNull();
      expect(screen.queryByText(/^Sandbox:/)).toBeNull();
      expect((screen.getByRole('button', { name: 'Send again in 60 s' }) as HTMLButtonElement).disabled).toBe(true);

      vi.setSystemTime(start + 30_000 + 45_500);
      expect(await screen.findByRole('button', { name: 'Send again in 15 s' }, { timeout: 3000 })).toBeTruthy();
      vi.setSystemTime(start + 30_000 + 60_000);
      const resend = await screen.findByRole('button', { name: 'Send the code again' }, { timeout: 3000 });
      expect((resend as HTMLButtonElement).disabled).toBe(false);
      fireEvent.click(resend);
      await waitFor(() => expect(api.callsTo('POST', '/api/forgot-password/request-code')).toHaveLength(2));
      expect(api.callsTo('POST', '/api/forgot-password/request-code')[1]?.body).toEqual({ phone: '9876543210' });
      expect(await screen.findByRole('button', { name: 'Send again in 60 s' })).toBeTruthy();
    } finally {
      vi.useRealTimers();
    }
  });

  it('explains a wrong code', async () => {
    stubApi({
      'POST /api/forgot-password/request-code': () => ({ body: { data: { resendAfterSeconds: 60, expiresInSeconds: 300 } } }),
      'POST /api/forgot-password/reset': () => ({ status: 400, body: { error: { code: 'OTP_INVALID', message: 'wrong' } } }),
    });
    renderApp('/rpwd');
    fireEvent.change(await screen.findByLabelText('Mobile number'), { target: { value: '9876543210' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText('6-digit code'), { target: { value: '000000' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Brand-New-Pass-9' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password' }));
    expect(await screen.findByText('That code is not right. Check the SMS and try again.')).toBeTruthy();
  });
});

/** The account page's reads, and the marketing consent as the server keeps it (off until given). */
function consentApis(fail = false) {
  let consent: MarketingConsent = { given: false, changedAt: null, history: [] };
  return stubApi({
    'GET /api/get-user-info': () => ({ body: { data: USER } }),
    'GET /api/wallet/balance': () => ({ body: { data: { balanceMinor: 0, currency: 'INR' } } }),
    'GET /api/notifications': () => ({ body: { data: { items: [], unreadCount: 0, nextCursor: null } } }),
    [`GET ${LAZY_API_PATHS.player_marketing_consent}`]: () => ({ body: { data: consent } }),
    [`POST ${LAZY_API_PATHS.player_marketing_consent}`]: (call) => {
      if (fail) return { status: 503, body: { error: { code: 'SERVICE_UNAVAILABLE', message: 'down' } } };
      const given = (call.body as { given: boolean }).given;
      const at = given ? '2026-11-23T10:00:00.000Z' : '2026-11-23T11:30:00.000Z';
      consent = { given, changedAt: at, history: [{ given, at }, ...consent.history] };
      return { body: { data: consent } };
    },
  });
}

describe('the account page’s marketing consent', () => {
  beforeEach(() => {
    skipSplash();
    signInForTests();
  });

  it('is a labelled switch, off until given; giving and withdrawing it is saved and says when', async () => {
    const api = consentApis();
    renderApp('/main');
    const section = await screen.findByRole('region', { name: 'Marketing offers' });
    const toggle = within(section).getByRole('switch', { name: 'Send me offers and bonuses' }) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
    expect(within(section).getByText(/Off: you have not given consent\./)).toBeTruthy();

    fireEvent.click(toggle);
    // 10:00 UTC is 15:30 in India.
    expect(await within(section).findByText(/On since 2026-11-23 15:30:00 \(India time\)\./)).toBeTruthy();
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(await within(section).findByText(/Off since 2026-11-23 17:00:00 \(India time\)\./)).toBeTruthy();
    expect(toggle.checked).toBe(false);
    expect(api.callsTo('POST', LAZY_API_PATHS.player_marketing_consent).map((c) => c.body)).toEqual([{ given: true }, { given: false }]);
  });

  it('says so when the choice could not be saved, and stays as it was', async () => {
    consentApis(true);
    renderApp('/main');
    const section = await screen.findByRole('region', { name: 'Marketing offers' });
    const toggle = within(section).getByRole('switch', { name: 'Send me offers and bonuses' }) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    fireEvent.click(toggle);
    // On at once while it is saved, then back to the server's state when the save fails.
    expect(toggle.checked).toBe(true);
    expect(await within(section).findByRole('alert')).toHaveProperty('textContent', 'Your choice could not be saved. Try again.');
    expect(toggle.checked).toBe(false);
  });
});
