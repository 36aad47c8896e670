import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fakeClock } from '../clock';
import { decisionEventId, deliverSigned, escapeHtml, sandboxChannel, sandboxConsole } from './sandbox-kit';
import { SIGNATURE_HEADER, signWebhook } from './wire';

/**
 * The sandbox gateway kit on a bare server: a console's stylesheet and pages, our signed channel
 * as a sandbox gateway verifies and parses it, and a decision delivered signed to our own route.
 */

const secret = 'sandbox-secret-0123456789abcdef';
const clock = fakeClock(new Date('2026-08-01T09:00:00Z'));
const Event = z.object({ eventId: z.string(), amountMinor: z.number().int() });

async function server() {
  const app = Fastify();
  const received: { verdict: string; body: unknown }[] = [];
  const channel = sandboxChannel(secret, Event, (event) => ({ event }));
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post('/hook', async (request, reply) => {
    const raw = request.body as string;
    const verdict = channel.verify(request.headers, raw, clock.now());
    received.push({ verdict, body: channel.parse(JSON.parse(raw)) });
    return reply.status(verdict === 'ok' ? 200 : 401).send({});
  });
  await app.register(async (scoped) => {
    const { send } = await sandboxConsole(scoped, { cssPath: '/sandbox/test/page.css', css: '.go{color:red}' });
    scoped.get('/sandbox/test/:ref', async (request, reply) => send(reply, 404, 'Not <found>', `<h1>${escapeHtml((request.params as { ref: string }).ref)}</h1>`));
  });
  return { app, received, channel };
}

describe('sandbox gateway kit', () => {
  it("serves a console's stylesheet as a file and its pages in the common layout, escaped", async () => {
    const { app } = await server();
    const css = await app.inject({ method: 'GET', url: '/sandbox/test/page.css' });
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toMatch(/^body\{margin:0;.*\.go\{color:red\}\n$/s);
    const page = await app.inject({ method: 'GET', url: '/sandbox/test/%3Cscript%3E' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<title>Not &lt;found&gt;</title>');
    expect(page.body).toContain('<link rel="stylesheet" href="/sandbox/test/page.css">');
    expect(page.body).toContain('<h1>&lt;script&gt;</h1>');
    expect(page.body).not.toMatch(/<style|style=/);
    await app.close();
  });

  it('delivers a decision signed with our scheme, which the channel verifies and parses', async () => {
    const { app, received } = await server();
    const event = { eventId: decisionEventId('sbx_abc123', 'paid'), amountMinor: 500 };
    expect(event.eventId).toBe('evt_sbx_abc123_paid');
    expect(await deliverSigned(app, { path: '/hook', clock, secret, what: 'test delivery' }, event)).toBe(true);
    expect(received).toEqual([{ verdict: 'ok', body: { ok: true, event } }]);
    await app.close();
  });

  it('refuses another secret, an old signature and a body that does not match the schema', async () => {
    const { channel } = await server();
    const raw = JSON.stringify({ eventId: 'e1', amountMinor: 1 });
    expect(channel.verify({ [SIGNATURE_HEADER]: signWebhook('another-secret-0123456789abcdef', raw, clock.now()) }, raw, clock.now())).toBe('mismatch');
    expect(channel.verify({ [SIGNATURE_HEADER]: signWebhook(secret, raw, new Date(clock.now().getTime() - 301_000)) }, raw, clock.now())).toBe('stale');
    expect(channel.verify({ [SIGNATURE_HEADER]: [signWebhook(secret, raw, clock.now())] }, raw, clock.now())).toBe('missing');
    expect(channel.parse({ eventId: 'e1', amountMinor: 1.5 })).toEqual({ ok: false, issues: [{ path: 'amountMinor', message: expect.any(String) }] });
    expect(channel.description).toContain(SIGNATURE_HEADER);
  });
});
