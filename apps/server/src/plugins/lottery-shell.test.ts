// @vitest-environment jsdom
/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { lotteryGameOfPath, lotteryPageHtml, lotteryRouteFiles, lotteryStylesheets, SHELL_SCRIPT, SHELL_SESSION_WORDS, SHELL_START_SCRIPT, SHELL_TITLES, shellLocaleOf, type ShellData } from './lottery-shell';

/** The shell's inline script (decision 560), run in a DOM the way the browser runs it while parsing. */

const SERVER_MS = Date.UTC(2026, 10, 28, 9, 15, 10, 500);
const DATA: ShellData = {
  game: 'k3',
  room: '1m',
  serverTimeMs: SERVER_MS,
  rounds: {
    '1m': { period: '20261128100000556', locksAtMs: SERVER_MS + 44_500, drawsAtMs: SERVER_MS + 49_500 },
    '5m': { period: '20261128200000112', locksAtMs: SERVER_MS + 104_500, drawsAtMs: SERVER_MS + 109_500 },
  },
  words: SHELL_SESSION_WORDS,
};
const INDEX = '<!doctype html><html><head></head><body><div id="root"></div></body></html>';

/** Puts the served page's body in the document and runs its inline script, as parsing would. */
function load(data: ShellData = DATA) {
  const html = lotteryPageHtml(INDEX, data, []);
  document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
  new Function(SHELL_SCRIPT)();
}
const shell = () => document.getElementById('cp-shell');
const countdown = () => [...document.querySelectorAll('.wingo-clock__digit')].map((d) => d.textContent).join('');
const period = () => document.querySelector('[data-shell-period]')?.textContent;
const sessionLine = () => document.getElementById('cp-session')?.textContent;

beforeEach(() => {
  localStorage.clear();
  // The phone's clock is 3 s behind the server's: the countdown follows the server's time.
  vi.useFakeTimers({ now: SERVER_MS - 3_000 });
});
afterEach(() => {
  vi.useRealTimers();
  document.body.innerHTML = '';
});

describe('the lottery page shell', () => {
  it('shows the first room’s round for a player with a session, and counts down on the server’s time', () => {
    localStorage.setItem('m_login_token', '"a.b.c"');
    load();
    expect(shell()?.querySelector('h1')?.textContent).toBe('K3');
    expect(period()).toBe('20261128100000556');
    expect(countdown()).toBe('0050');
    vi.advanceTimersByTime(10_000);
    expect(countdown()).toBe('0040');
    // Past the draw it rests at zero instead of going negative.
    vi.advanceTimersByTime(60_000);
    expect(countdown()).toBe('0000');
  });

  it('shows the room the player chose last, and ignores a stored value that is no room', () => {
    localStorage.setItem('m_login_token', '"a.b.c"');
    localStorage.setItem('colorplay.k3.room', '5m');
    load();
    expect(period()).toBe('20261128200000112');
    expect(countdown()).toBe('0150');
    localStorage.setItem('colorplay.k3.room', 'constructor');
    load();
    expect(period()).toBe('20261128100000556');
  });

  it('removes itself for a visitor without a session (the app sends them to login)', () => {
    load();
    expect(shell()).toBeNull();
    expect(document.getElementById('root')?.children).toHaveLength(0);
  });

  it('draws the session line from the session the browser keeps, in the stored language, and counts it up', () => {
    localStorage.setItem('m_login_token', '"a.b.c"');
    const now = Date.now();
    // A session started 1 h 2 min 5 s ago, last marked 10 minutes ago (within the 15-minute gap).
    localStorage.setItem('cp_play_session', `${now - 3_725_000}:${now - 600_000}`);
    load();
    expect(sessionLine()).toBe('Time playing this session: 1:02:05 About reality checks');
    vi.advanceTimersByTime(2_000);
    expect(sessionLine()).toBe('Time playing this session: 1:02:07 About reality checks');
    // It reads the session and leaves marking it to the app.
    expect(localStorage.getItem('cp_play_session')).toBe(`${now - 3_725_000}:${now - 600_000}`);
    localStorage.setItem('colorplay.locale', 'hi');
    load();
    expect(sessionLine()).toBe('इस सेशन में खेलने का समय: 1:02:07 रियलिटी चेक के बारे में');
  });

  it('carries the session line’s words in the HTML, in the cookie’s language, before any script runs', () => {
    const body = (html: string) => /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
    document.body.innerHTML = body(lotteryPageHtml(INDEX, DATA, []));
    expect(sessionLine()).toBe('Time playing this session: –:––:–– About reality checks');
    document.body.innerHTML = body(lotteryPageHtml(INDEX, DATA, [], 'hi'));
    expect(sessionLine()).toBe('इस सेशन में खेलने का समय: –:––:–– रियलिटी चेक के बारे में');
    // The script then writes the stored language and the length into the same element.
    localStorage.setItem('m_login_token', '"a.b.c"');
    const line = document.getElementById('cp-session');
    new Function(SHELL_SCRIPT)();
    expect(document.getElementById('cp-session')).toBe(line);
    expect(sessionLine()).toBe('Time playing this session: 0:00 About reality checks');
  });

  it('reads the language from the request’s cookie, English otherwise', () => {
    expect(['colorplay_locale=hi', 'a=1; colorplay_locale=hi; b=2', 'colorplay_locale=en', 'colorplay_locale=fr', 'xcolorplay_locale=hi', '', undefined].map(shellLocaleOf)).toEqual(['hi', 'hi', 'en', 'en', 'en', 'en', 'en']);
  });

  it('starts the session line at 0:00 when the stored session ended with a break, or there is none', () => {
    localStorage.setItem('m_login_token', '"a.b.c"');
    const now = Date.now();
    localStorage.setItem('cp_play_session', `${now - 3_725_000}:${now - 16 * 60_000}`);
    load();
    expect(sessionLine()).toBe('Time playing this session: 0:00 About reality checks');
    vi.advanceTimersByTime(65_000);
    expect(sessionLine()).toBe('Time playing this session: 1:05 About reality checks');
    localStorage.removeItem('cp_play_session');
    load();
    expect(sessionLine()).toBe('Time playing this session: 0:00 About reality checks');
  });

  it('writes a text only when it changes, not at every tick', async () => {
    localStorage.setItem('m_login_token', '"a.b.c"');
    load();
    const written: string[] = [];
    new MutationObserver((records) => records.forEach((r) => written.push((r.target as Element).className))).observe(document.getElementById('root')!, { childList: true, subtree: true });
    // 49.5 s before the draw: one tick later (49.25 s) the countdown still shows 0050, the session 0:00.
    vi.advanceTimersByTime(250);
    await Promise.resolve();
    expect(written).toEqual([]);
    // The next tick (49.0 s): the two digits that change, and nothing else.
    vi.advanceTimersByTime(250);
    await Promise.resolve();
    expect(written).toEqual(['wingo-clock__digit', 'wingo-clock__digit']);
    expect(countdown()).toBe('0049');
  });

  it('stops ticking once the app has replaced it', () => {
    localStorage.setItem('m_login_token', '"a.b.c"');
    load();
    const digits = [...document.querySelectorAll('.wingo-clock__digit')];
    document.getElementById('root')!.replaceChildren();
    vi.advanceTimersByTime(5_000);
    expect(digits.map((d) => d.textContent).join('')).toBe('0050');
    expect(vi.getTimerCount()).toBe(0);
  });
});

describe('the app’s start on a lottery page (decision 585)', () => {
  const VITE_INDEX =
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index.Ab1.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/core.Cd2.js"><link rel="modulepreload" crossorigin href="/assets/jsx.Ef3.js"></head><body><div id="root"></div></body></html>';
  let frames: FrameRequestCallback[];
  let visibility: DocumentVisibilityState;
  /** The paint observers the page made (a browser with paint timing), or null (one without). */
  let paintObservers: { callback: (list: { getEntriesByName(name: string): unknown[] }, observer: { disconnect(): void }) => void; disconnected: boolean }[] | null;
  const runFrame = () => frames.splice(0).forEach((frame) => frame(performance.now()));
  const paint = (name: string) =>
    paintObservers!.filter((o) => !o.disconnected).forEach((o) => o.callback({ getEntriesByName: (n) => (n === name ? [{ name }] : []) }, { disconnect: () => (o.disconnected = true) }));
  const appScripts = () => [...document.head.querySelectorAll('script')].map((s) => ({ type: s.type, src: s.getAttribute('src'), crossOrigin: s.crossOrigin }));
  const appPreloads = () => [...document.head.querySelectorAll('link')].map((l) => `${l.rel} ${l.getAttribute('href')} ${l.crossOrigin}`);

  /** The page as served: its head and body in the document, its two scripts run as parsing would. */
  function parse() {
    const html = lotteryPageHtml(VITE_INDEX, DATA, []);
    document.head.innerHTML = /<head>([\s\S]*)<\/head>/.exec(html)![1]!;
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
    new Function(SHELL_SCRIPT)();
    new Function(SHELL_START_SCRIPT)();
  }

  beforeEach(() => {
    localStorage.setItem('m_login_token', '"a.b.c"');
    frames = [];
    visibility = 'visible';
    paintObservers = [];
    vi.stubGlobal('requestAnimationFrame', (frame: FrameRequestCallback) => frames.push(frame));
    vi.spyOn(document, 'visibilityState', 'get').mockImplementation(() => visibility);
    vi.stubGlobal(
      'PerformanceObserver',
      Object.assign(
        function PerformanceObserver(this: { observe(): void }, callback: NonNullable<typeof paintObservers>[number]['callback']) {
          const observer = { callback, disconnected: false };
          this.observe = () => paintObservers!.push(observer);
        },
        { get supportedEntryTypes() { return paintObservers ? ['paint'] : []; } },
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    document.head.innerHTML = '';
  });

  it('takes the app’s script and preloads out of the head, and adds them in the task after the first contentful paint', () => {
    parse();
    expect(document.head.innerHTML).toBe('');
    expect(appScripts()).toEqual([]);
    paint('first-paint');
    vi.runOnlyPendingTimers();
    expect(appScripts()).toEqual([]);
    paint('first-contentful-paint');
    expect(appScripts()).toEqual([]);
    vi.runOnlyPendingTimers();
    // crossOrigin '' is the anonymous mode of Vite's `crossorigin`, so the preloaded files are the ones the entry imports.
    expect(appScripts()).toEqual([{ type: 'module', src: '/assets/index.Ab1.js', crossOrigin: '' }]);
    expect(appPreloads()).toEqual(['modulepreload /assets/core.Cd2.js ', 'modulepreload /assets/jsx.Ef3.js ']);
    expect(document.head.lastElementChild?.tagName).toBe('SCRIPT');
    document.dispatchEvent(new Event('visibilitychange'));
    expect(appScripts()).toHaveLength(1);
  });

  it('then links the route’s files a few per task, each once: scripts as module preloads, stylesheets as stylesheets (decision 588)', () => {
    const route = { scripts: ['/assets/wingo.1.js', '/assets/tabs.2.js', '/assets/core.Cd2.js', '/assets/a.3.js', '/assets/b.4.js', '/assets/c.5.js'], stylesheets: ['/assets/tabs.6.css'] };
    const html = lotteryPageHtml(VITE_INDEX, DATA, [], 'en', route);
    document.head.innerHTML = /<head>([\s\S]*)<\/head>/.exec(html)![1]!;
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(html)![1]!;
    new Function(SHELL_SCRIPT)();
    new Function(SHELL_START_SCRIPT)();
    paint('first-contentful-paint');
    vi.advanceTimersToNextTimer();
    // The task that adds the entry adds none of the route's files.
    expect(appScripts()).toHaveLength(1);
    expect(appPreloads()).toEqual(['modulepreload /assets/core.Cd2.js ', 'modulepreload /assets/jsx.Ef3.js ']);
    // Then two a task (the entry's core, already linked, is not linked twice).
    vi.advanceTimersToNextTimer();
    expect(appPreloads().slice(2)).toEqual(['modulepreload /assets/wingo.1.js ', 'modulepreload /assets/tabs.2.js ']);
    vi.advanceTimersToNextTimer();
    expect(appPreloads().slice(4)).toEqual(['modulepreload /assets/a.3.js ']);
    vi.advanceTimersToNextTimer();
    expect(appPreloads().slice(5)).toEqual(['modulepreload /assets/b.4.js ', 'modulepreload /assets/c.5.js ']);
    // The bundle's preload helper links one itself meanwhile: the start script does not add it again.
    const helper = document.createElement('link');
    helper.rel = 'stylesheet';
    helper.crossOrigin = '';
    helper.href = '/assets/tabs.6.css';
    document.head.appendChild(helper);
    vi.advanceTimersToNextTimer();
    vi.advanceTimersByTime(1_000);
    expect(appPreloads()).toHaveLength(8);
    // Without the helper, a stylesheet is linked as one, crossorigin like Vite's.
    document.head.innerHTML = '';
    document.body.innerHTML = /<body>([\s\S]*)<\/body>/.exec(lotteryPageHtml(VITE_INDEX, DATA, [], 'en', { scripts: [], stylesheets: ['/assets/tabs.6.css'] }))![1]!;
    visibility = 'hidden';
    new Function(SHELL_START_SCRIPT)();
    vi.runAllTimers();
    expect(appPreloads()).toEqual(['modulepreload /assets/core.Cd2.js ', 'modulepreload /assets/jsx.Ef3.js ', 'stylesheet /assets/tabs.6.css ']);
  });

  it('starts after two frames and a task in a browser without paint timing', () => {
    paintObservers = null;
    parse();
    runFrame();
    vi.runOnlyPendingTimers();
    expect(appScripts()).toEqual([]);
    runFrame();
    expect(appScripts()).toEqual([]);
    vi.runOnlyPendingTimers();
    expect(appScripts()).toHaveLength(1);
  });

  it('starts at once where no paint is coming: a page not visible, one hidden before it paints, a visitor without a session', () => {
    visibility = 'hidden';
    parse();
    expect(appScripts()).toHaveLength(1);
    document.head.innerHTML = '';
    visibility = 'visible';
    parse();
    visibility = 'hidden';
    document.dispatchEvent(new Event('visibilitychange'));
    expect(appScripts()).toHaveLength(1);
    paint('first-contentful-paint');
    vi.runOnlyPendingTimers();
    expect(appScripts()).toHaveLength(1);
    document.head.innerHTML = '';
    visibility = 'visible';
    localStorage.removeItem('m_login_token');
    parse();
    expect(document.getElementById('cp-shell')).toBeNull();
    expect(appScripts()).toHaveLength(1);
  });

  it('leaves an index.html without Vite’s entry script to start itself', () => {
    const html = lotteryPageHtml(INDEX, DATA, []);
    expect(html).not.toContain('cp-start');
    expect(html).not.toContain('modulepreload');
  });
});

describe('the lottery pages and their files', () => {
  it('knows the four lottery pages by path, case-insensitively, and nothing else', () => {
    expect(['/home/AllLotteryGames/Wingo', '/home/alllotterygames/K3', '/home/AllLotteryGames/5D/', '/home/AllLotteryGames/TRXWIN'].map(lotteryGameOfPath)).toEqual(['wingo', 'k3', '5d', 'trx']);
    expect(['/', '/home/AllLotteryGames/VerifyGame', '/home/AllLotteryGames/BettingRecordWin', '/home/AllLotteryGames/Trx', '/x/home/AllLotteryGames/Wingo'].map(lotteryGameOfPath)).toEqual([null, null, null, null, null]);
  });

  it('links the lottery module’s own stylesheets, less what index.html links', () => {
    const manifest = {
      'index.html': { file: 'assets/index.1.js', css: ['assets/index.1.css'] },
      'src/app/routes/wingo.tsx': { file: 'assets/wingo.2.js', css: ['assets/wingo.2.css', 'assets/index.1.css'], imports: ['index.html', '_a.js'] },
      '_a.js': { file: 'assets/a.3.js', css: ['assets/a.3.css'] },
    };
    expect(lotteryStylesheets(manifest, '<link rel="stylesheet" crossorigin href="/assets/index.1.css">')).toEqual(['/assets/wingo.2.css']);
    expect(lotteryStylesheets({}, '')).toEqual([]);
  });

  it('lists the files the app’s start imports on a lottery page, less what the page links already', () => {
    const manifest = {
      'index.html': { file: 'assets/index.1.js', css: ['assets/index.1.css'], imports: ['_core.js'] },
      '_core.js': { file: 'assets/core.0.js' },
      'src/app/routes/wingo.tsx': { file: 'assets/wingo.2.js', css: ['assets/wingo.2.css', 'assets/index.1.css'], imports: ['index.html', '_core.js', '_a.js'] },
      'src/app/lottery-preload-start.ts': { file: 'assets/start.4.js', imports: ['_a.js', '_b.js'] },
      '_a.js': { file: 'assets/a.3.js', css: ['assets/a.3.css'] },
      '_b.js': { file: 'assets/b.5.js' },
    };
    const indexHtml =
      '<script type="module" crossorigin src="/assets/index.1.js"></script><link rel="modulepreload" crossorigin href="/assets/core.0.js"><link rel="stylesheet" crossorigin href="/assets/index.1.css">';
    expect(lotteryRouteFiles(manifest, indexHtml)).toEqual({ scripts: ['/assets/wingo.2.js', '/assets/a.3.js', '/assets/start.4.js', '/assets/b.5.js'], stylesheets: ['/assets/a.3.css'] });
    expect(lotteryRouteFiles({}, indexHtml)).toEqual({ scripts: [], stylesheets: [] });
  });

  it('words the session line as the app’s English and Hindi dictionaries do', () => {
    const messages = (file: string) => readFileSync(path.resolve(import.meta.dirname, '../../../web/src/lib/messages', file), 'utf8');
    for (const [file, words] of [['en-safety.ts', SHELL_SESSION_WORDS.en], ['hi/safety.ts', SHELL_SESSION_WORDS.hi]] as const) {
      expect(messages(file)).toContain(`'reality.session': '${words.session}'`);
      expect(messages(file)).toContain(`'reality.about': '${words.about}'`);
    }
  });

  it('names each game as the app’s English and Hindi dictionaries do', () => {
    const messages = (file: string) => readFileSync(path.resolve(import.meta.dirname, '../../../web/src/lib/messages', file), 'utf8');
    for (const file of ['en-wingo.ts', 'hi/wingo.ts']) expect(messages(file)).toContain(`'wingo.title': '${SHELL_TITLES.wingo}'`);
    for (const file of ['en-lottery-games.ts', 'hi/lottery-games.ts']) {
      for (const game of ['k3', '5d', 'trx'] as const) expect(messages(file)).toContain(`'lg.title.${game}': '${SHELL_TITLES[game]}'`);
    }
  });
});
