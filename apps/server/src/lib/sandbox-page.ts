import type { FastifyInstance } from 'fastify';
import type { Clock } from './clock';

/**
 * What the sandbox pages share (the pretend UPI app and the pretend payout provider): HTML
 * escaping, one page layout with its stylesheet served as a file (the Content-Security-Policy
 * allows no inline style), and delivery of a signed callback to our own server the way a real
 * provider sends it.
 */

export const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The common styles; each page adds the classes of its two buttons. */
export const SANDBOX_PAGE_CSS = `body{margin:0;font-family:system-ui,sans-serif;background:#eef2f7;color:#1b2330;display:flex;justify-content:center}
main{max-width:420px;width:100%;padding:24px 20px}
.badge{display:inline-block;background:#ffe8a3;color:#6b4e00;border-radius:12px;padding:4px 10px;font-size:13px}
.card{background:#fff;border-radius:16px;padding:20px;margin-top:16px;box-shadow:0 2px 10px #0001}
.amount{font-size:36px;font-weight:700;margin:8px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px}dt{color:#5b6575}dd{margin:0;word-break:break-all}
button{width:100%;font-size:18px;padding:14px;border-radius:12px;border:0;margin-top:12px;cursor:pointer}
`;

/** A whole sandbox page; `body` is trusted HTML whose dynamic parts the caller escaped. */
export function sandboxPage(cssPath: string, title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${cssPath}"></head><body><main>${body}</main></body></html>`;
}

/**
 * Posts `event` to our own `path` over real HTTP, signed like a real provider's, retrying a few
 * times. Before the server listens (tests using inject) it goes through inject instead.
 */
export async function deliverSigned(
  app: FastifyInstance,
  opts: { path: string; clock: Clock; header: string; sign: (body: string, now: Date) => string; what: string },
  event: unknown,
): Promise<boolean> {
  const body = JSON.stringify(event);
  for (let attempt = 1; attempt <= 3; attempt++) {
    const headers = { 'content-type': 'application/json', [opts.header]: opts.sign(body, opts.clock.now()) };
    try {
      const address = app.server.listening ? app.server.address() : null;
      const status =
        address && typeof address === 'object'
          ? (await fetch(`http://127.0.0.1:${address.port}${opts.path}`, { method: 'POST', headers, body })).status
          : (await app.inject({ method: 'POST', url: opts.path, headers, payload: body })).statusCode;
      if (status === 200) return true;
      app.log.warn({ status, attempt }, `${opts.what} refused`);
    } catch (err) {
      app.log.warn({ err, attempt }, `${opts.what} failed`);
    }
    await new Promise((r) => setTimeout(r, 200 * attempt));
  }
  return false;
}
