import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { Clock } from '../clock';
import { issuesOf, SIGNATURE_HEADER, signWebhook, verifyWebhookSignature, type SignatureVerdict } from './wire';

/**
 * The sandbox gateway kit: what our pretend providers share (the pretend UPI app, the pretend
 * payout provider). Each keeps its own book and its own page; the kit gives them one page layout
 * with its stylesheet served as a file (the Content-Security-Policy allows no inline style), HTML
 * escaping, our signed channel (the gateway's verify and parse side) and the delivery of a signed
 * callback to our own server the way a real provider sends it.
 *
 * Mounting stays with app.ts: a sandbox gateway is created only when its channel is on, and its
 * console is registered only with that gateway, so when off its routes do not exist (404).
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
 * Registers a sandbox console's common parts (form bodies, its stylesheet) and answers its pages.
 * Call it inside the console's plugin, which app.ts registers only while the sandbox is on.
 */
export async function sandboxConsole(app: FastifyInstance, { cssPath, css }: { cssPath: string; css: string }) {
  await app.register(fastifyFormbody);
  app.get(cssPath, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(`${SANDBOX_PAGE_CSS}${css}\n`),
  );
  return {
    /** Sends a whole page with this status. */
    send: (reply: FastifyReply, status: number, title: string, body: string) =>
      reply.status(status).type('text/html; charset=utf-8').send(sandboxPage(cssPath, title, body)),
  };
}

/** One event per decision: redeliveries carry the same id, so the receiver deduplicates. */
export const decisionEventId = (ref: string, status: string) => `evt_${ref}_${status}`;

/**
 * The receiving side of our signed channel, as a sandbox gateway describes, verifies and parses
 * it; `wrap` names the parsed event the way the gateway's interface wants it (`{ notice }`, `{ event }`).
 */
export function sandboxChannel<S extends z.ZodType, W extends object>(secret: string, schema: S, wrap: (value: z.infer<S>) => W) {
  return {
    description: `Header ${SIGNATURE_HEADER}: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">; 5-minute window; redeliveries are recognised by eventId.`,
    verify(headers: Record<string, string | string[] | undefined>, rawBody: string, now: Date): SignatureVerdict {
      const header = headers[SIGNATURE_HEADER];
      return verifyWebhookSignature(secret, typeof header === 'string' ? header : undefined, rawBody, now);
    },
    parse(json: unknown): ({ ok: true } & W) | { ok: false; issues: { path: string; message: string }[] } {
      const parsed = schema.safeParse(json);
      return parsed.success ? { ok: true, ...wrap(parsed.data) } : { ok: false, issues: issuesOf(parsed.error) };
    },
  };
}

/**
 * Posts `event` to our own `path` over real HTTP, signed with our scheme like a real provider's
 * callback, retrying a few times. Before the server listens (tests using inject) it goes through
 * inject instead.
 */
export async function deliverSigned(app: FastifyInstance, opts: { path: string; clock: Clock; secret: string; what: string }, event: unknown): Promise<boolean> {
  const body = JSON.stringify(event);
  for (let attempt = 1; attempt <= 3; attempt++) {
    const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(opts.secret, body, opts.clock.now()) };
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
