import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendApiNotFound } from './errors';

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
  { serveSourceMaps }: { serveSourceMaps: boolean },
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  const built = existsSync(indexFile);
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
    return reply.sendFile('index.html', { cacheControl: false });
  });
}
