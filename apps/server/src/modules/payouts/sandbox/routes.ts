import { API_PATHS, minorToDecimal, pgText, type PayoutCallbackEvent } from '@colorplay/contract';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../../lib/clock';
import { SIGNATURE_HEADER, signWebhook } from '../../payments';
import type { SandboxPayoutGateway } from './sandbox-payouts';

const RefParams = z.object({ ref: pgText().regex(/^(spo|wd)_[A-Za-z0-9_-]{6,40}$/) });
const DecisionBody = z.object({ decision: z.enum(['paid', 'failed', 'reversed']) });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Sends the event to our own callback over real HTTP, signed like a real provider's, retrying a
 * few times. Before the server listens (tests using inject) it goes through inject instead.
 */
async function deliver(app: FastifyInstance, secret: string, clock: Clock, event: PayoutCallbackEvent): Promise<boolean> {
  const body = JSON.stringify(event);
  for (let attempt = 1; attempt <= 3; attempt++) {
    const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(secret, body, clock.now()) };
    try {
      const address = app.server.listening ? app.server.address() : null;
      const status =
        address && typeof address === 'object'
          ? (await fetch(`http://127.0.0.1:${address.port}${API_PATHS.payout_callback}`, { method: 'POST', headers, body })).status
          : (await app.inject({ method: 'POST', url: API_PATHS.payout_callback, headers, payload: body })).statusCode;
      if (status === 200) return true;
      app.log.warn({ status, attempt }, 'sandbox payout callback refused');
    } catch (err) {
      app.log.warn({ err, attempt }, 'sandbox payout callback failed');
    }
    await new Promise((r) => setTimeout(r, 200 * attempt));
  }
  return false;
}

/** Served as a file: the Content-Security-Policy allows no inline style. */
const PAGE_CSS = `body{margin:0;font-family:system-ui,sans-serif;background:#eef2f7;color:#1b2330;display:flex;justify-content:center}
main{max-width:420px;width:100%;padding:24px 20px}
.badge{display:inline-block;background:#ffe8a3;color:#6b4e00;border-radius:12px;padding:4px 10px;font-size:13px}
.card{background:#fff;border-radius:16px;padding:20px;margin-top:16px;box-shadow:0 2px 10px #0001}
.amount{font-size:36px;font-weight:700;margin:8px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px}dt{color:#5b6575}dd{margin:0;word-break:break-all}
button{width:100%;font-size:18px;padding:14px;border-radius:12px;border:0;margin-top:12px;cursor:pointer}
.paid{background:#1a7f4b;color:#fff}.failed{background:#fff;color:#b3261e;border:2px solid #b3261e}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${API_PATHS.sandbox_payouts_css}"></head><body><main>${body}</main></body></html>`;
}

function destinationText(d: Record<string, unknown>): string {
  if (d.kind === 'upi') return String(d.vpa);
  if (d.kind === 'bank') return `${String(d.accountHolder)}, ${String(d.ifsc)}, ••••${String(d.accountNumber).slice(-4)}`;
  return String(d.address);
}

/** The pretend payout provider's console: a tester marks a payout paid, failed or reversed. */
export const sandboxPayoutRoutes: FastifyPluginAsync<{ gateway: SandboxPayoutGateway; secret: string; clock: Clock }> = async (
  app,
  { gateway, secret, clock },
) => {
  await app.register(fastifyFormbody);
  app.get(API_PATHS.sandbox_payouts_css, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(PAGE_CSS),
  );
  app.get(API_PATHS.sandbox_payout_page, { schema: { hide: true } }, async (request, reply) => {
    const params = RefParams.safeParse(request.params);
    const payout = params.success ? await gateway.findPayout(params.data.ref) : undefined;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!payout) return reply.status(404).send(page('Payout not found', '<h1>Payout not found</h1><p>It appears here once the withdrawal is approved and sent.</p>'));
    const amount = `₹${minorToDecimal(Number(payout.amount_minor))}`;
    const actions =
      payout.status === 'processing'
        ? `<form method="post"><button class="paid" name="decision" value="paid">Mark paid</button>
           <button class="failed" name="decision" value="failed">Mark failed</button></form>`
        : payout.status === 'paid'
          ? `<p role="status">This payout was paid (reference ${escapeHtml(payout.reference ?? '')}).</p>
             <form method="post"><button class="failed" name="decision" value="reversed">Mark returned by the bank</button></form>`
          : `<p role="status">This payout was ${escapeHtml(payout.status)}.</p>`;
    return page(
      'Sandbox payouts',
      `<span class="badge">Sandbox: no real money moves</span>
       <div class="card"><h1>Sandbox payout</h1>
       <p>Pay out</p><p class="amount">${escapeHtml(amount)}</p>
       <dl><dt>To</dt><dd>${escapeHtml(destinationText(payout.destination))}</dd><dt>Withdrawal</dt><dd>${escapeHtml(payout.withdrawal_id)}</dd>
       <dt>Status</dt><dd>${escapeHtml(payout.status)}</dd></dl>
       ${actions}</div>`,
    );
  });

  app.post(API_PATHS.sandbox_payout_page, { schema: { hide: true } }, async (request, reply) => {
    const params = RefParams.safeParse(request.params);
    const body = DecisionBody.safeParse(request.body);
    if (!params.success || !body.success) {
      return reply.status(400).type('text/html; charset=utf-8').send(page('Bad request', '<h1>Bad request</h1>'));
    }
    const event = await gateway.decide(params.data.ref, body.data.decision, clock.now());
    if (!event) {
      // Known but still processing: the decision did not apply to its state; show it again.
      const payout = await gateway.findPayout(params.data.ref);
      if (!payout) return reply.status(404).type('text/html; charset=utf-8').send(page('Payout not found', '<h1>Payout not found</h1>'));
      return reply.redirect(API_PATHS.sandbox_payout_page.replace(':ref', encodeURIComponent(payout.payout_ref)), 303);
    }
    await deliver(app, secret, clock, event);
    return reply.redirect(API_PATHS.sandbox_payout_page.replace(':ref', encodeURIComponent(event.payoutRef)), 303);
  });
};
