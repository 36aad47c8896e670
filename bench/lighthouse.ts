/**
 * Lighthouse's mobile profile (its default: a mid-range phone's screen, 4x CPU slowdown and slow
 * 4G, simulated) on `/` (a first visit, logged out) and on the four lottery pages (Wingo, K3, 5D,
 * Trx Win) for a logged-in player. Goals (decisions 308 and 560): performance >= 95 on every
 * page, and LCP under 2 s on the lottery pages; each page's figures are printed beside them. Not part of
 * `npm test`: `npm run bench:lighthouse` after `npm run build`. Drives Debian's Chromium
 * (CHROMIUM_PATH, default /usr/bin/chromium) through puppeteer-core, which Lighthouse depends on,
 * against the real server (in this process, on the embedded PGlite, serving apps/web/dist).
 * Writes bench/runs/lighthouse-<time>.json (decision 308).
 */
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import path from 'node:path';
import lighthouse, { type Result as LighthouseResult } from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { MINUTE_ROOMS, roundAt, WINGO_ROOMS, type Room } from '@colorplay/lottery';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openPglite } from '../apps/server/src/db/db';
import { migrate } from '../apps/server/src/db/migrate';
import { removeTempDirs, round2, tempDir } from './wingo/common';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const WEB_DIST = path.resolve(import.meta.dirname, '../apps/web/dist');
/** The targets every page's figures are printed beside. */
const TARGETS = { performanceScoreAtLeast: 95, lcpMsUnder: 2_000 };
/** The lottery pages, each with the room it opens on for a first visit (room-storage.ts). */
const LOTTERY_PAGES: ReadonlyArray<{ name: string; path: string; room: Room }> = [
  { name: 'wingoLoggedIn', path: '/home/AllLotteryGames/Wingo', room: WINGO_ROOMS['30s'] },
  { name: 'k3LoggedIn', path: '/home/AllLotteryGames/K3', room: MINUTE_ROOMS['1m'] },
  { name: '5dLoggedIn', path: '/home/AllLotteryGames/5D', room: MINUTE_ROOMS['1m'] },
  { name: 'trxLoggedIn', path: '/home/AllLotteryGames/TrxWin', room: MINUTE_ROOMS['1m'] },
];
/** The metrics the report keeps (Lighthouse audit ids), in milliseconds except CLS. */
const METRICS = ['first-contentful-paint', 'largest-contentful-paint', 'speed-index', 'total-blocking-time', 'interactive', 'cumulative-layout-shift', 'max-potential-fid'];

function summary(lhr: LighthouseResult) {
  const metric = (id: string) => lhr.audits[id]?.numericValue;
  const score = lhr.categories.performance?.score ?? null;
  return {
    url: lhr.finalDisplayedUrl,
    performanceScore: score === null ? null : Math.round(score * 100),
    metricsMs: Object.fromEntries(METRICS.map((id) => [id, metric(id) === undefined ? null : round2(metric(id)!)])),
    // The page's JavaScript as Lighthouse saw it load (bytes over the network, compressed).
    totalByteWeight: metric('total-byte-weight') ?? null,
    runWarnings: lhr.runWarnings,
    runtimeError: lhr.runtimeError ?? null,
  };
}

/** LIGHTHOUSE_LHR_DIR=dir also keeps each page's full Lighthouse result (a few MB, never committed)
 * to read its audits: the LCP element, bootup time, network requests, critical request chains. */
function saveLhr(name: string, lhr: LighthouseResult) {
  const dir = process.env.LIGHTHOUSE_LHR_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, `${name}.lhr.json`), JSON.stringify(lhr));
}

type PageGoal = { score: number | null; scoreMet: boolean | null; lcpMs: number | null; lcpMet: boolean | null };

/** Each page's score and LCP beside its target: every page's score >= 95, the lottery pages' LCP under 2 s (`/` has no LCP goal). */
function goalsOf(runs: Record<string, ReturnType<typeof summary>>): Record<string, PageGoal> {
  return Object.fromEntries(
    Object.entries(runs).map(([name, run]) => {
      const lcpMs = run.metricsMs['largest-contentful-paint'] ?? null;
      const lcpGoal = name !== 'home';
      return [
        name,
        {
          score: run.performanceScore,
          scoreMet: run.performanceScore === null ? null : run.performanceScore >= TARGETS.performanceScoreAtLeast,
          lcpMs,
          lcpMet: !lcpGoal || lcpMs === null ? null : lcpMs < TARGETS.lcpMsUnder,
        },
      ];
    }),
  );
}

/** The goals as a table for the console, with the load average each page started at. */
function goalTable(goals: Record<string, PageGoal>, load: Record<string, number>): string {
  const mark = (met: boolean | null) => (met === null ? '' : met ? ' ok' : ' MISSED');
  const lines = Object.entries(goals).map(([name, g]) => {
    const lcp = g.lcpMs === null ? '-' : `${Math.round(g.lcpMs)} ms`;
    const lcpTarget = name === 'home' ? '(no goal)' : `< ${TARGETS.lcpMsUnder} ms${mark(g.lcpMet)}`;
    return `${name.padEnd(14)} score ${String(g.score ?? '-').padStart(3)} (>= ${TARGETS.performanceScoreAtLeast}${mark(g.scoreMet)})  LCP ${lcp.padStart(8)} ${lcpTarget}  load ${load[name] ?? '-'}`;
  });
  return ['Lighthouse goals (mobile profile):', ...lines].join('\n') + '\n';
}

const startedMs = Date.now();
/** One line per page as it is done: a run takes minutes on a loaded machine. */
function progress(name: string, run: ReturnType<typeof summary>) {
  const lcp = run.metricsMs['largest-contentful-paint'];
  process.stderr.write(`${name}: score ${run.performanceScore}, LCP ${typeof lcp === 'number' ? Math.round(lcp) : '-'} ms (${Math.round((Date.now() - startedMs) / 1000)} s into the run)\n`);
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP): one more try before giving up. */
async function audit(run: () => Promise<LighthouseResult | undefined>): Promise<LighthouseResult> {
  const first = await run();
  if (first && !first.runtimeError) return first;
  const second = await run();
  if (!second) throw new Error('lighthouse returned no result');
  return second;
}

/**
 * Waits, if needed, until the room the page opens on has at least `marginMs` before its
 * lock. In the last 5 s the board shows the large locked countdown, which then becomes the page's
 * largest paint at whatever moment the lock fell during the trace: the figures would depend on
 * where in the round the run began rather than on the page.
 */
async function awayFromLock(room: Room, marginMs = 12_000): Promise<void> {
  const round = roundAt(room, Date.now());
  if (round.locksAtMs - Date.now() >= marginMs) return;
  await new Promise((resolve) => setTimeout(resolve, round.drawsAtMs - Date.now() + 200));
}

async function main() {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error('no web build: run `npm run build` first');
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package`);
  const dataDir = tempDir('colorplay-lighthouse-');
  const db = await openPglite(path.join(dataDir, 'pglite'));
  await migrate(db);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    TOKEN_SECRET: 'bench-token-secret-0123456789abcdef0123',
    WEBHOOK_SECRET: 'bench-webhook-secret-0123456789abcdef01',
    WEB_DIST_DIR: WEB_DIST,
    // The USDT sandbox's dev chain would mine in this process while pages load (decision 307).
    USDT_CHANNEL: 'off',
  });
  const app = await buildApp({ config, db, logger: { level: 'warn', file: '/dev/null' } });
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  await app.lottery.tick();

  // A player registered through the real routes (sandbox SMS): the access token the app keeps
  // in localStorage and the refresh cookie it refreshes with at start. One per lottery page: the
  // app refreshes at boot and the refresh token rotates, so a second page reusing the first
  // one's cookie would be logged out and measure the login page.
  const call = async (method: 'GET' | 'POST', url: string, body?: unknown) => {
    const res = await app.inject({ method, url, ...(body ? { payload: body as object } : {}) });
    if (res.statusCode !== 200) throw new Error(`${method} ${url} → ${res.statusCode} ${res.body}`);
    return res;
  };
  let registrations = 0;
  const newPlayer = async () => {
    registrations += 1;
    const phone = `97${String((Date.now() + registrations) % 1e8).padStart(8, '0')}`;
    const { sandboxHandle } = (await call('POST', '/api/register/request-code', { phone })).json().data as { sandboxHandle: string };
    const sms = (await call('GET', `/api/sandbox/sms-outbox?handle=${sandboxHandle}`)).json().data as { messages: { body: string }[] };
    const code = /\b(\d{6})\b/.exec(sms.messages[0]?.body ?? '')?.[1];
    const registered = await call('POST', '/api/register', { phone, code, password: 'Bench-Marigold-77', ageConfirmed: true });
    const token = (registered.json().data as { token: string }).token;
    const refresh = registered.cookies.find((c) => c.name === 'cp_refresh');
    if (!refresh) throw new Error('registration set no refresh cookie');
    return { token, refresh: refresh.value };
  };

  const browser = await puppeteer.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const flags = { output: 'json' as const, logLevel: 'error' as const, onlyCategories: ['performance'] };
  const runs: Record<string, ReturnType<typeof summary>> = {};
  const load: Record<string, number> = {};
  try {
    // `/` as a first visit: Lighthouse clears the origin's storage before it loads the page.
    load.home = round2(loadavg()[0]!);
    const home = await audit(async () => (await lighthouse(`${base}/`, flags, undefined, await browser.newPage()))?.lhr);
    runs.home = summary(home);
    progress('home', runs.home);
    saveLhr('home', home);

    // Each lottery page logged in, still a cold visit: a browser context of its own (empty HTTP
    // cache, no service worker), the token and cookies set from a file of the origin that runs no
    // app code (so nothing is cached or registered), and kept (disableStorageReset).
    const host = new URL(base).hostname;
    let last: LighthouseResult = home;
    for (const lottery of LOTTERY_PAGES) {
      const { token, refresh } = await newPlayer();
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      await page.goto(`${base}/manifest.webmanifest`);
      await page.evaluate((t) => localStorage.setItem('m_login_token', JSON.stringify(t)), token);
      await page.setCookie(
        { name: 'cp_refresh', value: refresh, domain: host, path: '/api', httpOnly: true, sameSite: 'Strict' },
        { name: 'is_splash_screen_shown', value: 'true', domain: host, path: '/' },
      );
      last = await audit(async () => {
        await awayFromLock(lottery.room);
        load[lottery.name] = round2(loadavg()[0]!);
        return (await lighthouse(`${base}${lottery.path}`, { ...flags, disableStorageReset: true }, undefined, page))?.lhr;
      });
      const run = summary(last);
      runs[lottery.name] = run;
      progress(lottery.name, run);
      saveLhr(lottery.name, last);
      await context.close();
    }
    const settings = last.configSettings;
    const report = {
      measuredAt: new Date().toISOString(),
      lighthouseVersion: last.lighthouseVersion,
      profile: { formFactor: settings.formFactor, throttlingMethod: settings.throttlingMethod, throttling: settings.throttling, screenEmulation: settings.screenEmulation },
      chromium: await browser.version(),
      machine: { cpus: cpus().length, cpuModel: cpus()[0]?.model, memoryGiB: round2(totalmem() / 2 ** 30), node: process.version },
      loadAverage1mAtStart: load,
      note: 'simulated throttling: metrics are computed from the trace for a slow phone on slow 4G; a loaded machine still lengthens the trace',
      pages: runs,
      targets: TARGETS,
      goals: goalsOf(runs),
    };
    const text = JSON.stringify(report, null, 2) + '\n';
    const runsDir = path.join(import.meta.dirname, 'runs');
    mkdirSync(runsDir, { recursive: true });
    const file = path.join(runsDir, `lighthouse-${report.measuredAt.replace(/[:.]/g, '-')}.json`);
    writeFileSync(file, text);
    process.stdout.write(`${text}\n${goalTable(report.goals, load)}\nreport written to ${file}\n`);
  } finally {
    await browser.close();
    await app.close();
  }
}

main()
  .catch((err: unknown) => {
    process.stderr.write(`lighthouse bench failed: ${err instanceof Error ? err.stack : String(err)}\n`);
    process.exitCode = 1;
  })
  .finally(removeTempDirs);
