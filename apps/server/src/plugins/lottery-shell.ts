import { createHash } from 'node:crypto';
import { routePreloads, type RoutePreloads, type ViteManifest } from './route-preloads';
import { CONTENT_SECURITY_POLICY } from './security-headers';

/**
 * The lottery pages' first paint (decision 560). On a cold visit a slow phone downloaded and ran
 * the main bundle and the lottery chunk before the round panel could paint (Lighthouse: LCP about
 * 3 s). The server, which answers every page path with index.html, answers a lottery page's path
 * with index.html plus:
 * - the lottery module's stylesheet (the page needs it before it renders anyway);
 * - a static shell of the page's top in `#root`: the game's name and the round panel with the
 *   countdown and period of the room a first visit opens on, in the real components' classes;
 * - the reality check's session line above the page, empty: the player's own data, which only the
 *   browser holds (the session's start in localStorage, decision 509; the language chosen);
 * - the clocks of every room of the game (the schedule's public facts, the same for every player:
 *   no player data) and the session line's words in both languages as a JSON data block, and a
 *   small inline script (allowed by its hash in this response's Content-Security-Policy) that
 *   shows the room the player chose last, writes the session line from what the browser holds,
 *   ticks both clocks, and removes the shell for a visitor without a session (whom the app sends
 *   to login: a round panel meanwhile would mislead);
 * - the app's own script and preloads taken out, and added by a second inline script once the
 *   browser has painted the shell (decision 585).
 * React's first render replaces `#root`'s content: the shell is never hydrated or read by the app.
 */

/** The games of the lottery pages by their path segment (web: config/paths.ts and games/links.ts). */
const PAGE_GAMES = new Map<string, ShellGame>([
  ['wingo', 'wingo'],
  ['k3', 'k3'],
  ['5d', '5d'],
  ['trxwin', 'trx'],
]);
export type ShellGame = 'wingo' | 'k3' | '5d' | 'trx';

/**
 * The games' names as the page's heading shows them (web: `wingo.title` and `lg.title.*`, the same
 * in English and Hindi; lottery-shell.test.ts checks both dictionaries).
 */
export const SHELL_TITLES: Record<ShellGame, string> = { wingo: 'Win Go', k3: 'K3', '5d': '5D', trx: 'Trx Win' };

/** The room a first visit opens on (web: features/lottery/room-storage.ts). */
export const SHELL_DEFAULT_ROOMS: Record<ShellGame, string> = { wingo: '30s', k3: '1m', '5d': '1m', trx: '1m' };

/** The page's own class list (web: lottery-page.tsx), so the shell sits where the page will. */
const PAGE_CLASSES: Record<ShellGame, string> = { wingo: 'page wingo', k3: 'page wingo lg-page lg-page--k3', '5d': 'page wingo lg-page lg-page--5d', trx: 'page wingo lg-page lg-page--trx' };

/** The game of a lottery page's path, or null. Case-insensitive, as React Router matches. */
export function lotteryGameOfPath(pathname: string): ShellGame | null {
  const match = /^\/home\/AllLotteryGames\/([^/]+)\/?$/i.exec(pathname);
  return match ? (PAGE_GAMES.get(match[1]!.toLowerCase()) ?? null) : null;
}

/** One room's round as the shell needs it. */
export interface ShellRound {
  roomId: string;
  period: string;
  locksAtMs: number;
  drawsAtMs: number;
}

/**
 * The session line's words (web: `reality.session` and `reality.about` of en-safety.ts and
 * hi/safety.ts; lottery-shell.test.ts checks both dictionaries). `{duration}` as the app's.
 */
export const SHELL_SESSION_WORDS = {
  en: { session: 'Time playing this session: {duration}', about: 'About reality checks' },
  hi: { session: 'इस सेशन में खेलने का समय: {duration}', about: 'रियलिटी चेक के बारे में' },
} as const;

/** The languages the shell can write its session line in (web: i18n.tsx's locales). */
export type ShellLocale = keyof typeof SHELL_SESSION_WORDS;

/**
 * The cookie the app sets with the player's language on a lottery page (web: reality-check.tsx),
 * so the session line's words come in the first paint in that language; English without it. A
 * hint only: the script still writes the line in the language the browser stores.
 */
export const SHELL_LOCALE_COOKIE = 'colorplay_locale';

/** The language a request's cookies name for the shell, or English. */
export function shellLocaleOf(cookieHeader: string | undefined): ShellLocale {
  const match = new RegExp(`(?:^|;\\s*)${SHELL_LOCALE_COOKIE}=(en|hi)(?:;|$)`).exec(cookieHeader ?? '');
  return (match?.[1] as ShellLocale | undefined) ?? 'en';
}

/** The session line's length before the script knows it (the start is in the browser). */
export const SHELL_UNKNOWN_DURATION = '–:––:––';

/** What the HTML carries: the game, its first room, the server time, every room's round and the session line's words. */
export interface ShellData {
  game: ShellGame;
  room: string;
  serverTimeMs: number;
  rounds: Record<string, { period: string; locksAtMs: number; drawsAtMs: number }>;
  words: typeof SHELL_SESSION_WORDS;
}

export function shellData(game: ShellGame, clocks: { serverTimeMs: number; rounds: readonly ShellRound[] }): ShellData {
  return {
    game,
    room: SHELL_DEFAULT_ROOMS[game],
    serverTimeMs: clocks.serverTimeMs,
    rounds: Object.fromEntries(clocks.rounds.map((r) => [r.roomId, { period: r.period, locksAtMs: r.locksAtMs, drawsAtMs: r.drawsAtMs }])),
    words: SHELL_SESSION_WORDS,
  };
}

/**
 * The inline script, run by the browser as the HTML is parsed (before the first paint): shows the
 * round of the room the player chose last (keys of web's session.ts and room-storage.ts) and the
 * session line in the player's language (web: i18n.tsx's stored locale, play-session.ts's
 * "start:seen", which it reads and never writes: the app marks the session), then ticks the
 * countdown and the session's length until the app's first render takes the shell out of the
 * document. The session line is Lighthouse's largest paint on these pages: drawn here, it paints
 * with the round panel instead of after the app's first render. Plain
 * ES2015 source text, served as it is (a compiled function's text could carry the compiler's
 * helpers); lottery-shell.test.ts runs it in a DOM.
 */
export const SHELL_SCRIPT = `(function () {
  var shell = document.getElementById('cp-shell');
  var line = document.getElementById('cp-session');
  var block = document.getElementById('cp-round');
  if (!shell || !line || !block) return;
  var data = JSON.parse(block.textContent);
  var room = data.room;
  var words = data.words.en;
  var start = Date.now();
  try {
    if (!localStorage.getItem('m_login_token')) { shell.remove(); line.remove(); return; }
    var stored = localStorage.getItem('colorplay.' + data.game + '.room');
    if (stored !== null && Object.prototype.hasOwnProperty.call(data.rounds, stored)) room = stored;
    if (localStorage.getItem('colorplay.locale') === 'hi') words = data.words.hi;
    var session = (localStorage.getItem('cp_play_session') || '').split(':').map(Number);
    if (session[0] > 0 && session[0] <= start && start - session[1] <= 900000) start = session[0];
  } catch (e) {}
  var round = data.rounds[room];
  var offset = data.serverTimeMs - Date.now();
  shell.querySelector('[data-shell-period]').textContent = round.period;
  line.lastChild.textContent = words.about;
  var digits = shell.querySelectorAll('.wingo-clock__digit');
  var two = function (n) { return String(n).padStart(2, '0'); };
  // Writes a text only when it changes: a write is style and layout work for the main thread,
  // which the app's start needs, four times a second.
  var write = function (node, text) { if (node.textContent !== text) node.textContent = text; };
  (function tick() {
    if (!shell.isConnected) return;
    var left = Math.max(0, Math.ceil((round.drawsAtMs - Date.now() - offset) / 1000));
    var text = two(Math.floor(left / 60)) + two(left % 60);
    for (var i = 0; i < digits.length; i++) write(digits[i], text.charAt(i));
    var played = Math.max(0, Math.floor((Date.now() - start) / 1000));
    var h = Math.floor(played / 3600);
    var m = Math.floor((played % 3600) / 60);
    var duration = (h > 0 ? h + ':' + two(m) : String(m)) + ':' + two(played % 60);
    write(line.firstChild, words.session.replace('{duration}', duration) + ' ');
    setTimeout(tick, 250);
  })();
})();`;

/**
 * The app's start on a lottery page (decision 585). index.html's module script and its module
 * preloads are taken out of a lottery page's HTML, and this inline script adds them once the
 * browser reports the shell's first contentful paint: the preloads first (one fragment), then the
 * entry. Otherwise a phone that has the bundle before its first frame (a fast network, a slow CPU)
 * runs the app's start, hundreds of milliseconds of script at 4x, before painting anything; and on
 * a slow network the 100 KB of script shares the connections with the stylesheets the first paint
 * waits for. It starts at once where no paint is coming: a page that is not visible (or is hidden
 * before it paints), and a page whose shell its script removed (a visitor without a session). A
 * browser without paint timing starts after two frames. Then, a few per task (decision 588), it
 * links the lottery route's files: its scripts as module preloads, its stylesheets as stylesheets.
 * The bundle's preload helper, which finds them linked and adds nothing, used to add all of them
 * itself, two dozen elements in the one task that runs the app's start (110-360 ms of it at 4x).
 * The URLs come in the element's `data-entry`, `data-preloads` and `data-route`
 * (space-separated), so this text, and its hash in the policy, stay the same from build to build.
 * lottery-shell.test.ts runs it in a DOM.
 */
export const SHELL_START_SCRIPT = `(function () {
  var element = document.getElementById('cp-start');
  var entry = element.getAttribute('data-entry');
  var preloads = (element.getAttribute('data-preloads') || '').split(' ').filter(Boolean);
  var route = (element.getAttribute('data-route') || '').split(' ').filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var files = document.createDocumentFragment();
    for (var i = 0; i < preloads.length; i++) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = preloads[i];
      files.appendChild(link);
    }
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry;
    files.appendChild(script);
    document.head.appendChild(files);
    setTimeout(linkRoute, 0);
  }
  function linkRoute() {
    var linked = {};
    var links = document.getElementsByTagName('link');
    for (var i = 0; i < links.length; i++) linked[links[i].href] = true;
    var batch = route.splice(0, 2);
    for (var j = 0; j < batch.length; j++) {
      var link = document.createElement('link');
      link.rel = batch[j].slice(-4) === '.css' ? 'stylesheet' : 'modulepreload';
      link.crossOrigin = '';
      link.href = batch[j];
      if (!linked[link.href]) document.head.appendChild(link);
    }
    if (route.length > 0) setTimeout(linkRoute, 0);
  }
  function afterTask() {
    setTimeout(start, 0);
  }
  if (document.visibilityState !== 'visible' || !document.getElementById('cp-shell')) return start();
  document.addEventListener('visibilitychange', start, { once: true });
  try {
    if (PerformanceObserver.supportedEntryTypes.indexOf('paint') < 0) throw new Error('no paint timing');
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      afterTask();
    }).observe({ type: 'paint', buffered: true });
  } catch (e) {
    requestAnimationFrame(function () {
      requestAnimationFrame(afterTask);
    });
  }
})();`;

const scriptHash = (source: string) => `'sha256-${createHash('sha256').update(source).digest('base64')}'`;

/** The Content-Security-Policy of a lottery page: the strict one, plus its two inline scripts by their hashes. */
export const LOTTERY_PAGE_CSP = CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${scriptHash(SHELL_SCRIPT)} ${scriptHash(SHELL_START_SCRIPT)}`);

/** index.html's module script as Vite writes it (the app's entry), and its module preloads (the entry's imports). */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The build's manifest entry of the lottery pages' module (web: app/router.tsx). */
const LOTTERY_MODULE = 'src/app/routes/wingo.tsx';

/**
 * The lottery module's own stylesheets, as URLs, less those index.html already links: they hold
 * the shell's classes (the round panel's and lottery-shell.css). Its imports' stylesheets (tabs,
 * dialogs, the safety screens) are left to the app, which loads them with the chunk: each would
 * be one more request before the first paint. Empty when the manifest has no such module.
 */
export function lotteryStylesheets(manifest: ViteManifest, indexHtml: string): string[] {
  return (manifest[LOTTERY_MODULE]?.css ?? []).map((css) => `/${css}`).filter((href) => !indexHtml.includes(`href="${href}"`));
}

/** The modules main.tsx imports at once on a lottery page: the lottery module and its data's preload (decision 305). */
const LOTTERY_START_MODULES = [LOTTERY_MODULE, 'src/app/lottery-preload-start.ts'];

/**
 * The files the app's start imports on a lottery page, less what the page already links (index.html's
 * files and the lottery module's own stylesheets): SHELL_START_SCRIPT links them a few per task
 * once the app's entry is in the page (decision 588).
 */
export function lotteryRouteFiles(manifest: ViteManifest, indexHtml: string): RoutePreloads {
  const linked = new Set(lotteryStylesheets(manifest, indexHtml));
  const files = routePreloads(manifest, indexHtml, LOTTERY_START_MODULES);
  return { scripts: files.scripts, stylesheets: files.stylesheets.filter((href) => !linked.has(href)) };
}

/** mm:ss split into the countdown's four digit boxes and separator (web: round-panel.tsx). */
function countdownHtml(secondsLeft: number): string {
  const s = Math.max(0, secondsLeft);
  const text = `${String(Math.floor(s / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return [...text].map((c) => (c === ':' ? '<span class="wingo-clock__sep">:</span>' : `<span class="wingo-clock__digit">${c}</span>`)).join('');
}

/**
 * index.html with the lottery page's stylesheets, shell and data. `stylesheets` are the lottery
 * chunk's CSS files (from the build's manifest); a label the shell leaves empty keeps its line's
 * height (the words come with the app, in the player's language); the session line is written in
 * `locale` (the request's cookie) until the script writes it.
 */
export function lotteryPageHtml(
  indexHtml: string,
  data: ShellData,
  stylesheets: readonly string[],
  locale: ShellLocale = 'en',
  route: RoutePreloads = { scripts: [], stylesheets: [] },
): string {
  const round = data.rounds[data.room];
  if (!round || !indexHtml.includes('<div id="root"></div>')) return indexHtml;
  const links = stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`).join('');
  const secondsLeft = Math.ceil((round.drawsAtMs - data.serverTimeMs) / 1000);
  // The session line as the app draws it (web: safety/reality-check.tsx), with its words in the
  // language the request's cookie names and the length unknown, so the words are in the first
  // paint: the browser may paint the shell before the parser runs the script, and the line is the
  // page's largest paint (a line written by the script into a later frame set LCP 200-500 ms after
  // the first paint; decision 561). The script then writes the stored language and the length
  // into the same element. Its height is also held by its stylesheet (lottery-shell.css). Hidden
  // from assistive technology like the rest of the stand-in, its link an inert span (an
  // aria-hidden link could still take focus).
  const words = data.words[locale];
  const session =
    '<p id="cp-session" class="session-clock lottery-shell__session" aria-hidden="true">' +
    `<span>${escapeHtml(words.session.replace('{duration}', SHELL_UNKNOWN_DURATION))} </span><span class="lottery-shell__link">${escapeHtml(words.about)}</span></p>`;
  const shell =
    `<main id="cp-shell" class="${PAGE_CLASSES[data.game]}" aria-busy="true">` +
    // The back arrow as the page draws it (web: components/ui/top-bar.tsx), inert until the app's link replaces it.
    '<header class="top-bar"><span class="top-bar__back" aria-hidden="true"><svg viewBox="0 0 24 24" width="24" height="24" focusable="false">' +
    '<path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" stroke-width="2.4" stroke-linecap="round" stroke-linejoin="round"/></svg></span>' +
    `<h1 class="top-bar__title">${escapeHtml(SHELL_TITLES[data.game])}</h1></header>` +
    '<div class="lottery-shell__balance"></div><div class="lottery-shell__rooms"></div>' +
    '<section class="wingo-round"><div class="wingo-round__main"><div class="wingo-round__info"></div>' +
    '<div class="wingo-round__clock"><p class="wingo-round__label">&nbsp;</p>' +
    `<p class="wingo-clock">${countdownHtml(secondsLeft)}</p>` +
    `<p class="wingo-round__period"><span data-shell-period>${escapeHtml(round.period)}</span></p>` +
    '</div></div></section></main>';
  // `<` escaped so no value can close the data block.
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  // The app's entry and its preloads, started by SHELL_START_SCRIPT after the shell's first paint.
  // An index.html without that script (not Vite's) keeps its own start.
  const entry = ENTRY_SCRIPT.exec(indexHtml)?.[1];
  const preloads = entry === undefined ? [] : [...indexHtml.matchAll(MODULE_PRELOAD)].map((m) => m[1]!);
  const start =
    entry === undefined
      ? ''
      : `<script id="cp-start" data-entry="${escapeHtml(entry)}" data-preloads="${escapeHtml(preloads.join(' '))}" data-route="${escapeHtml([...route.scripts, ...route.stylesheets].join(' '))}">${SHELL_START_SCRIPT}</script>`;
  const head = entry === undefined ? indexHtml : indexHtml.replace(ENTRY_SCRIPT, '').replace(MODULE_PRELOAD, '');
  return head
    .replace('</head>', () => `${links}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${session}${shell}</div><script type="application/json" id="cp-round">${json}</script><script>${SHELL_SCRIPT}</script>${start}`);
}
