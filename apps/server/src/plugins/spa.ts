import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendApiNotFound } from './errors';
import { preloadLinks, routePreloads, withHeadLinks, type RoutePreloads, type ViteManifest } from './route-preloads';
import { LOTTERY_PAGE_CSP, lotteryGameOfPath, lotteryPageHtml, lotteryRouteFiles, lotteryStylesheets, shellData, shellLocaleOf, type ShellGame, type ShellRound } from './lottery-shell';

const HASHED_ASSET = /\/assets\//;

/** Files the browser must revalidate on every load: the page, and the service worker and manifest,
 * whose changes are how a new version reaches installed players (decision 222). */
const REVALIDATED = new Set(['index.html', 'sw.js', 'manifest.webmanifest']);

/** Hashed assets never change; the page, service worker and manifest are revalidated; other public files for 5 minutes. */
function cacheControlFor(filePath: string): string {
  if (HASHED_ASSET.test(filePath)) return 'public, max-age=31536000, immutable';
  if (REVALIDATED.has(path.basename(filePath))) return 'no-cache';
  return 'public, max-age=300';
}

/**
 * Serves the built player app on the API's origin. Vite's hashed assets never change, so they
 * are cached for a year; index.html must be revalidated on every load so a deploy takes effect.
 * Every other non-API path gets index.html (history fallback) so deep links work. Source maps are
 * built (for debugging a production error with the exact build) but in production never served:
 * they would hand out the readable source.
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  {
    serveSourceMaps,
    lotteryClocks,
  }: {
    serveSourceMaps: boolean;
    /** Every room's current round of a lottery game: given, a lottery page's HTML carries them (decision 560). */
    lotteryClocks?: (game: ShellGame) => { serverTimeMs: number; rounds: readonly ShellRound[] };
  },
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
  const currentPage = built ? builtPageOf(distDir) : () => null;
  if (built) {
    await app.register(fastifyStatic, {
      root: distDir,
      index: false,
      wildcard: false,
      // Our setHeaders decides; send's default (max-age=0) would overwrite it.
      cacheControl: false,
      allowedPath: (pathname) => serveSourceMaps || !pathname.endsWith('.map'),
      setHeaders(res, filePath) {
        res.setHeader('cache-control', cacheControlFor(filePath));
        // The registered type of web app manifests (send would say application/octet-stream).
        if (filePath.endsWith('.webmanifest')) res.setHeader('content-type', 'application/manifest+json');
        // The worker controls the whole origin from the root, and must be JavaScript to register.
        if (path.basename(filePath) === 'sw.js') res.setHeader('content-type', 'text/javascript; charset=utf-8');
      },
    });
  } else {
    app.log.warn({ distDir }, 'web app not built: run `npm run build`; only the API is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    // A missing file (has an extension), an API path or a sandbox page whose channel is off is a
    // real 404, never the app shell (the web app has no /sandbox/ pages of its own).
    const reserved = pathname.startsWith('/api/') || pathname === '/api' || pathname.startsWith('/sandbox/');
    if (reserved || !wantsPage || path.extname(pathname)) {
      return sendApiNotFound(reply, request.method, request.url);
    }
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet. Run `npm run build`.');
    }
    const game = lotteryClocks ? lotteryGameOfPath(pathname) : null;
    // Only the pages the server writes itself read the build (a file's stat per request); the rest get index.html as it is.
    const page = game || pathname === '/' ? currentPage() : null;
    if (page && lotteryClocks && game) {
      // The round's period and countdown are in the page: a copy from any cache (a back button's
      // included) would show a round that has ended, so it is never stored.
      return reply
        .header('cache-control', 'no-store')
        .header('content-security-policy', LOTTERY_PAGE_CSP)
        .header('vary', 'Cookie')
        .type('text/html; charset=utf-8')
        .send(lotteryPageHtml(page.indexHtml, shellData(game, lotteryClocks(game)), page.lotteryStylesheets, shellLocaleOf(request.headers.cookie), page.lotteryRoute));
    }
    // `/` with its lazy route's files preloaded (decision 586); revalidated like index.html.
    if (page && pathname === '/') return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(page.homeHtml);
    return reply.sendFile('index.html', { cacheControl: false });
  });
}

/** The build's manifest key of the home route (web: app/router.tsx). */
const HOME_MODULES = ['src/app/routes/home.tsx'];

/**
 * index.html, `/`'s page (decision 586) and the lottery module's stylesheets (decision 560), read
 * again only when index.html changes (a new build under a running server links new hashed files).
 * Null without the build's manifest: every page then gets the plain index.html.
 */
function builtPageOf(distDir: string): () => BuiltPage | null {
  const indexFile = path.join(distDir, 'index.html');
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  let cached: { mtimeMs: number; page: BuiltPage | null } | undefined;
  return () => {
    const mtimeMs = existsSync(indexFile) ? statSync(indexFile).mtimeMs : -1;
    if (cached?.mtimeMs !== mtimeMs) {
      const indexHtml = mtimeMs >= 0 && existsSync(manifestFile) ? readFileSync(indexFile, 'utf8') : null;
      cached = { mtimeMs, page: indexHtml === null ? null : builtPage(indexHtml, JSON.parse(readFileSync(manifestFile, 'utf8'))) };
    }
    return cached.page;
  };
}

interface BuiltPage {
  indexHtml: string;
  homeHtml: string;
  lotteryStylesheets: string[];
  lotteryRoute: RoutePreloads;
}

/**
 * A lottery page's HTML preloads nothing more (decision 586): its app starts after the shell's
 * first paint (decision 585), and its route's two dozen files, listed in the HTML, were downloaded
 * before that paint, beside its stylesheets, and counted by Lighthouse as what the paint waited
 * for (first paint 1.7-2.6 s instead of about 1 s). The start script links them after that paint,
 * a few per task (decision 588).
 */
function builtPage(indexHtml: string, manifest: ViteManifest): BuiltPage {
  return {
    indexHtml,
    homeHtml: withHeadLinks(indexHtml, preloadLinks(routePreloads(manifest, indexHtml, HOME_MODULES))),
    lotteryStylesheets: lotteryStylesheets(manifest, indexHtml),
    lotteryRoute: lotteryRouteFiles(manifest, indexHtml),
  };
}
