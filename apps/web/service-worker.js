/* global self, caches */
/**
 * Colorplay's service worker (docs/decisions/222-installable-app.md). Built by the `serviceWorker`
 * plugin in vite.config.ts, which fills in VERSION and the app shell's files (index.html and every
 * hashed JS/CSS file of this build).
 *
 * - The app shell is cached at install, so the app opens with the network cut; the pages then show
 *   their offline state for data that needs the network.
 * - API answers are never cached or even seen: /api/ and /sandbox/ requests are not intercepted,
 *   so balances, tokens and payment states only ever come from the server.
 * - A new version installs in the background and waits: the page shows "new version" and the new
 *   files serve the next visit (or at once when the player taps Reload).
 */
const VERSION = '__VERSION__';
// eslint-disable-next-line no-undef -- replaced with the list of files at build time
const SHELL = __SHELL__;
const CACHE = `colorplay-shell-${VERSION}`;

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key.startsWith('colorplay-shell-') && key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('message', (event) => {
  if (event.data === 'skip-waiting') void self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // Never the API, the sandbox pages or anything that carries money or tokens: straight to the network.
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/sandbox/') || url.pathname.startsWith('/admin')) return;

  if (request.mode === 'navigate') {
    // Pages: the network first (a deploy shows at once when online), the cached shell offline.
    event.respondWith(fetch(request).catch(() => caches.match('/index.html').then((cached) => cached ?? Response.error())));
    return;
  }
  if (url.pathname.startsWith('/assets/')) {
    // Hashed files never change: the cache first, then the network (and keep a copy).
    event.respondWith(
      caches.match(request).then(
        (cached) =>
          cached ??
          fetch(request).then((response) => {
            if (response.ok) {
              const copy = response.clone();
              void caches.open(CACHE).then((cache) => cache.put(request, copy));
            }
            return response;
          }),
      ),
    );
  }
});
