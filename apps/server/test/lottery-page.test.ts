import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { MINUTE_ROOMS, roundAt, WINGO_ROOMS, type Room } from '@colorplay/lottery';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../src/lib/clock';
import { SHELL_SESSION_WORDS } from '../src/plugins/lottery-shell';
import { buildTestApp, makeTempDir, removeTempDir, type TestApp } from './helpers/build-test-app';
import { playerFactory } from './helpers/players';

/**
 * A lottery page's HTML carries its game's round clocks and a shell of the round panel (decision
 * 560): the clocks are the schedule's (roundAt) at the server's time, the same for every caller,
 * and every other path gets the plain index.html.
 */

// 10.5 s into a 30 s round: 19.5 s before its draw.
const NOW = new Date(Date.UTC(2026, 10, 28, 9, 15, 10, 500));
const clock = fakeClock(NOW);
const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Colorplay</title><link rel="stylesheet" crossorigin href="/assets/index.Ab1.css"></head>' +
  '<body><div id="root"></div><script type="module" crossorigin src="/assets/index.Ab1.js"></script><link rel="modulepreload" crossorigin href="/assets/core.Ef3.js"></body></html>';
const MANIFEST = {
  'index.html': { file: 'assets/index.Ab1.js', css: ['assets/index.Ab1.css'], isEntry: true },
  'src/app/routes/wingo.tsx': { file: 'assets/wingo.Cd2.js', css: ['assets/wingo.Cd2.css', 'assets/index.Ab1.css'], imports: ['index.html', '_core.Ef3.js'] },
  '_core.Ef3.js': { file: 'assets/core.Ef3.js', css: ['assets/core.Ef3.css'] },
  'src/app/routes/home.tsx': { file: 'assets/home.Gh4.js', css: ['assets/home.Gh4.css'], imports: ['index.html', '_core.Ef3.js'] },
};

let t: TestApp;
let dist: string;
const newPlayer = playerFactory(() => t, '93');

beforeAll(async () => {
  dist = makeTempDir('colorplay-dist-');
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  t = await buildTestApp({ env: { WEB_DIST_DIR: dist }, clock });
});
afterAll(async () => {
  await t.app.close();
  removeTempDir(dist);
});

/** The JSON data block of a page, or null. */
function roundData(html: string): { game: string; room: string; serverTimeMs: number; rounds: Record<string, { period: string; locksAtMs: number; drawsAtMs: number }> } | null {
  const match = /<script type="application\/json" id="cp-round">([^<]*)<\/script>/.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}

const expectedRounds = (rooms: Record<string, Room>) =>
  Object.fromEntries(
    Object.values(rooms).map((room) => {
      const round = roundAt(room, NOW.getTime());
      return [room.id, { period: round.period, locksAtMs: round.locksAtMs, drawsAtMs: round.drawsAtMs }];
    }),
  );

describe('a lottery page’s HTML', () => {
  it.each([
    ['/home/AllLotteryGames/Wingo', 'wingo', '30s', WINGO_ROOMS],
    ['/home/AllLotteryGames/K3', 'k3', '1m', MINUTE_ROOMS],
    ['/home/allLotteryGames/5d/', '5d', '1m', MINUTE_ROOMS],
    ['/home/AllLotteryGames/TrxWin?from=lobby', 'trx', '1m', MINUTE_ROOMS],
  ] as const)('%s carries every room’s round of %s at the server’s time, and the shell of the first room', async (url, game, room, rooms) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
    const data = roundData(res.body);
    expect(data).toEqual({ game, room, serverTimeMs: NOW.getTime(), rounds: expectedRounds(rooms), words: SHELL_SESSION_WORDS });
    // The shell shows the first room's period and countdown before any script runs.
    const first = roundAt(rooms[room as keyof typeof rooms] as Room, NOW.getTime());
    expect(res.body).toContain(`<span data-shell-period>${first.period}</span>`);
    const digits = [...res.body.matchAll(/<span class="wingo-clock__digit">(\d)<\/span>/g)].map((m) => m[1]).join('');
    const left = Math.ceil((first.drawsAtMs - NOW.getTime()) / 1000);
    expect(digits).toBe(`${String(Math.floor(left / 60)).padStart(2, '0')}${String(left % 60).padStart(2, '0')}`);
    // The lottery module's own stylesheet, not its imports' nor the one index.html already links.
    // Nothing preloaded: what the app loads is asked for once it starts, after the first paint (decisions 585, 586).
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index.Ab1.css"><link rel="stylesheet" crossorigin href="/assets/wingo.Cd2.css"></head>');
    expect(res.body).not.toMatch(/<link[^>]*core\.Ef3\.css/);
    expect(res.body).not.toMatch(/<link[^>]*wingo\.Cd2\.js/);
    expect(res.body.match(/index\.Ab1\.css/g)).toHaveLength(1);
    // The app's script and preloads are added by the page's own script after the shell's first paint
    // (decision 585), then the route's files not linked yet, a few per task (decision 588).
    expect(res.body).not.toContain('<script type="module"');
    expect(res.body).not.toContain('<link rel="modulepreload"');
    expect(res.body).toContain('<script id="cp-start" data-entry="/assets/index.Ab1.js" data-preloads="/assets/core.Ef3.js" data-route="/assets/wingo.Cd2.js /assets/core.Ef3.css">');
  });

  it('allows its two inline scripts by their hashes, and no other inline script or style', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home/AllLotteryGames/Wingo' });
    const scripts = [...res.body.matchAll(/<script(?: id="cp-start" data-entry="[^"]*" data-preloads="[^"]*" data-route="[^"]*")?>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(scripts).toHaveLength(2);
    expect(res.body.match(/<script[\s>]/g)).toHaveLength(3);
    const [shellHash, startHash] = scripts.map((script) => createHash('sha256').update(script).digest('base64'));
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' 'sha256-${shellHash}' 'sha256-${startHash}';`);
    expect(csp).toContain("style-src 'self';");
    expect(csp).toContain("script-src-attr 'none'");
    expect(res.body).not.toMatch(/<style|style="/);
  });

  it('is the same for a logged-in player as for anyone: no player data', async () => {
    const player = await newPlayer(12_345);
    const anonymous = await t.app.inject({ method: 'GET', url: '/home/AllLotteryGames/Wingo' });
    const theirs = await player.client.call('GET', '/home/AllLotteryGames/Wingo');
    expect(theirs.statusCode).toBe(200);
    expect(player.client.token).toBeTruthy();
    expect(theirs.body).toBe(anonymous.body);
    expect(theirs.body).not.toContain(player.phone);
    expect(theirs.body).not.toContain('12345');
  });

  it('writes the session line in the language the cookie names, and says the page varies by cookie', async () => {
    const english = await t.app.inject({ method: 'GET', url: '/home/AllLotteryGames/K3' });
    const hindi = await t.app.inject({ method: 'GET', url: '/home/AllLotteryGames/K3', headers: { cookie: 'other=1; colorplay_locale=hi' } });
    expect(english.body).toContain('<span>Time playing this session: –:––:–– </span><span class="lottery-shell__link">About reality checks</span>');
    expect(hindi.body).toContain('<span>इस सेशन में खेलने का समय: –:––:–– </span><span class="lottery-shell__link">रियलिटी चेक के बारे में</span>');
    expect(hindi.headers.vary).toBe('Cookie');
  });

  it('is not given to `/`, which gets index.html with its home route’s files preloaded (decision 586)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    expect(res.body).toBe(
      INDEX_HTML.replace(
        '</head>',
        '<link rel="modulepreload" crossorigin href="/assets/home.Gh4.js">' +
          '<link rel="preload" as="style" crossorigin href="/assets/home.Gh4.css"><link rel="preload" as="style" crossorigin href="/assets/core.Ef3.css"></head>',
      ),
    );
  });

  it.each(['/wallet', '/home/AllLotteryGames/BettingRecordWin', '/home/AllLotteryGames/Verify?period=1', '/home/AllLotteryGames/Wingo/extra', '/home/Wingo'])(
    'is not given to %s, which gets the plain index.html',
    async (url) => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(INDEX_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toContain("script-src 'self';");
    },
  );
});
