import { createHash } from 'node:crypto';
import { CONTENT_SECURITY_POLICY } from './security-headers';

/**
 * The lottery pages' first paint (decision 560). On a cold visit a slow phone downloaded and ran
 * the main bundle and the lottery chunk before the round panel could paint (Lighthouse: LCP about
 * 3 s). The server, which answers every page path with index.html, answers a lottery page's path
 * with index.html plus:
 * - the lottery module's stylesheet (the page needs it before it renders anyway);
 * - a static shell of the page's top in `#root`: the game's name and the round panel with the
 *   countdown and period of the room a first visit opens on, in the real components' classes;
 * - the clocks of every room of the game (the schedule's public facts, the same for every player:
 *   no player data) as a JSON data block, and a small inline script (allowed by its hash in this
 *   response's Content-Security-Policy) that shows the room the player chose last, ticks the
 *   countdown, and removes the shell for a visitor without a session (whom the app sends to login:
 *   a round panel meanwhile would mislead).
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

/** What the HTML carries: the game, its first room, the server time and every room's round. */
export interface ShellData {
  game: ShellGame;
  room: string;
  serverTimeMs: number;
  rounds: Record<string, { period: string; locksAtMs: number; drawsAtMs: number }>;
}

export function shellData(game: ShellGame, clocks: { serverTimeMs: number; rounds: readonly ShellRound[] }): ShellData {
  return {
    game,
    room: SHELL_DEFAULT_ROOMS[game],
    serverTimeMs: clocks.serverTimeMs,
    rounds: Object.fromEntries(clocks.rounds.map((r) => [r.roomId, { period: r.period, locksAtMs: r.locksAtMs, drawsAtMs: r.drawsAtMs }])),
  };
}

/**
 * The inline script, run by the browser as the HTML is parsed (before the first paint): shows the
 * round of the room the player chose last (keys of web's session.ts and room-storage.ts), then
 * ticks the countdown until the app's first render takes the shell out of the document. Plain
 * ES2015 source text, served as it is (a compiled function's text could carry the compiler's
 * helpers); lottery-shell.test.ts runs it in a DOM.
 */
export const SHELL_SCRIPT = `(function () {
  var shell = document.getElementById('cp-shell');
  var block = document.getElementById('cp-round');
  if (!shell || !block) return;
  var data = JSON.parse(block.textContent);
  var room = data.room;
  try {
    if (!localStorage.getItem('m_login_token')) { shell.remove(); return; }
    var stored = localStorage.getItem('colorplay.' + data.game + '.room');
    if (stored !== null && Object.prototype.hasOwnProperty.call(data.rounds, stored)) room = stored;
  } catch (e) {}
  var round = data.rounds[room];
  var offset = data.serverTimeMs - Date.now();
  shell.querySelector('[data-shell-period]').textContent = round.period;
  var digits = shell.querySelectorAll('.wingo-clock__digit');
  (function tick() {
    if (!shell.isConnected) return;
    var left = Math.max(0, Math.ceil((round.drawsAtMs - Date.now() - offset) / 1000));
    var text = String(Math.floor(left / 60)).padStart(2, '0') + String(left % 60).padStart(2, '0');
    for (var i = 0; i < digits.length; i++) digits[i].textContent = text.charAt(i);
    if (left > 0) setTimeout(tick, 250);
  })();
})();`;
const SHELL_SCRIPT_HASH = `'sha256-${createHash('sha256').update(SHELL_SCRIPT).digest('base64')}'`;

/** The Content-Security-Policy of a lottery page: the strict one, plus the inline script by its hash. */
export const LOTTERY_PAGE_CSP = CONTENT_SECURITY_POLICY.replace("script-src 'self'", `script-src 'self' ${SHELL_SCRIPT_HASH}`);

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The build's manifest entry of the lottery pages' module (web: app/router.tsx). */
const LOTTERY_MODULE = 'src/app/routes/wingo.tsx';

type ViteManifest = Record<string, { file: string; css?: string[] }>;

/**
 * The lottery module's own stylesheets, as URLs, less those index.html already links: they hold
 * the shell's classes (the round panel's and lottery-shell.css). Its imports' stylesheets (tabs,
 * dialogs, the safety screens) are left to the app, which loads them with the chunk: each would
 * be one more request before the first paint. Empty when the manifest has no such module.
 */
export function lotteryStylesheets(manifest: ViteManifest, indexHtml: string): string[] {
  return (manifest[LOTTERY_MODULE]?.css ?? []).map((css) => `/${css}`).filter((href) => !indexHtml.includes(`href="${href}"`));
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
 * height (the words come with the app, in the player's language).
 */
export function lotteryPageHtml(indexHtml: string, data: ShellData, stylesheets: readonly string[]): string {
  const round = data.rounds[data.room];
  if (!round || !indexHtml.includes('<div id="root"></div>')) return indexHtml;
  const links = stylesheets.map((href) => `<link rel="stylesheet" crossorigin href="${escapeHtml(href)}">`).join('');
  const secondsLeft = Math.ceil((round.drawsAtMs - data.serverTimeMs) / 1000);
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
  return indexHtml
    .replace('</head>', () => `${links}</head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${shell}</div><script type="application/json" id="cp-round">${json}</script><script>${SHELL_SCRIPT}</script>`);
}
