import { API_PATHS, minorToDecimal, pgText, type UpiWebhookEvent } from '@colorplay/contract';
import fastifyFormbody from '@fastify/formbody';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../../lib/clock';
import { SIGNATURE_HEADER, signWebhook } from '../webhook-signature';
import type { SandboxUpiGateway } from './sandbox-gateway';

const RefParams = z.object({ ref: pgText().regex(/^sbx_[A-Za-z0-9_-]{6,40}$/) });
const DecisionBody = z.object({ decision: z.enum(['paid', 'declined']) });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * Sends the event to our own webhook over real HTTP, signed like a real provider's, retrying a
 * few times. Before the server listens (tests using inject) it goes through inject instead.
 */
async function deliver(app: FastifyInstance, secret: string, clock: Clock, event: UpiWebhookEvent): Promise<boolean> {
  const body = JSON.stringify(event);
  for (let attempt = 1; attempt <= 3; attempt++) {
    const headers = { 'content-type': 'application/json', [SIGNATURE_HEADER]: signWebhook(secret, body, clock.now()) };
    try {
      const address = app.server.listening ? app.server.address() : null;
      const status =
        address && typeof address === 'object'
          ? (await fetch(`http://127.0.0.1:${address.port}${API_PATHS.upi_webhook}`, { method: 'POST', headers, body })).status
          : (await app.inject({ method: 'POST', url: API_PATHS.upi_webhook, headers, payload: body })).statusCode;
      if (status === 200) return true;
      app.log.warn({ status, attempt }, 'sandbox webhook delivery refused');
    } catch (err) {
      app.log.warn({ err, attempt }, 'sandbox webhook delivery failed');
    }
    await new Promise((r) => setTimeout(r, 200 * attempt));
  }
  return false;
}

/**
 * The page's styles, served as a file: the Content-Security-Policy allows no inline style.
 */
const SANDBOX_UPI_CSS_PATH = API_PATHS.sandbox_upi_css;
const PAGE_CSS = `body{margin:0;font-family:system-ui,sans-serif;background:#eef2f7;color:#1b2330;display:flex;justify-content:center}
main{max-width:420px;width:100%;padding:24px 20px}
.badge{display:inline-block;background:#ffe8a3;color:#6b4e00;border-radius:12px;padding:4px 10px;font-size:13px}
.card{background:#fff;border-radius:16px;padding:20px;margin-top:16px;box-shadow:0 2px 10px #0001}
.amount{font-size:36px;font-weight:700;margin:8px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;font-size:14px}dt{color:#5b6575}dd{margin:0;word-break:break-all}
button{width:100%;font-size:18px;padding:14px;border-radius:12px;border:0;margin-top:12px;cursor:pointer}
.pay{background:#1a7f4b;color:#fff}.decline{background:#fff;color:#b3261e;border:2px solid #b3261e}
`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${SANDBOX_UPI_CSS_PATH}"></head><body><main>${body}</main></body></html>`;
}

/** The pretend UPI app: a page where a tester approves or declines a sandbox payment. */
export const sandboxUpiRoutes: FastifyPluginAsync<{ gateway: SandboxUpiGateway; secret: string; clock: Clock }> = async (
  app,
  { gateway, secret, clock },
) => {
  await app.register(fastifyFormbody);
  app.get(SANDBOX_UPI_CSS_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/css; charset=utf-8').header('cache-control', 'public, max-age=300').send(PAGE_CSS),
  );
  app.get(API_PATHS.sandbox_upi_pay, { schema: { hide: true } }, async (request, reply) => {
    const params = RefParams.safeParse(request.params);
    const payment = params.success ? await gateway.findPayment(params.data.ref) : undefined;
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    if (!payment) return reply.status(404).send(page('Payment not found', '<h1>Payment not found</h1>'));
    const amount = `₹${minorToDecimal(payment.amount_minor)}`;
    const decided =
      payment.status === 'pending'
        ? `<form method="post"><button class="pay" name="decision" value="paid">Pay ${escapeHtml(amount)}</button>
           <button class="decline" name="decision" value="declined">Decline</button></form>`
        : `<p role="status">This payment was ${escapeHtml(payment.status)}${payment.utr ? ` (UTR ${escapeHtml(payment.utr)})` : ''}.</p>
           <p><a href="/wallet/Payment?orderId=${encodeURIComponent(payment.merchant_order_id)}">Back to Colorplay</a></p>`;
    return page(
      'Sandbox UPI',
      `<span class="badge">Sandbox: no real money moves</span>
       <div class="card"><h1>Sandbox UPI</h1>
       <p>Pay to</p><p class="amount">${escapeHtml(amount)}</p>
       <dl><dt>Payee</dt><dd>${escapeHtml(payment.payee_vpa)}</dd><dt>Order</dt><dd>${escapeHtml(payment.merchant_order_id)}</dd></dl>
       ${decided}</div>`,
    );
  });

  app.post(API_PATHS.sandbox_upi_pay, { schema: { hide: true } }, async (request, reply) => {
    const params = RefParams.safeParse(request.params);
    const body = DecisionBody.safeParse(request.body);
    if (!params.success || !body.success) {
      return reply.status(400).type('text/html; charset=utf-8').send(page('Bad request', '<h1>Bad request</h1>'));
    }
    const event = await gateway.decide(params.data.ref, body.data.decision, clock.now());
    if (!event) return reply.status(404).type('text/html; charset=utf-8').send(page('Payment not found', '<h1>Payment not found</h1>'));
    await deliver(app, secret, clock, event);
    const payment = await gateway.findPayment(params.data.ref);
    return reply.redirect(`/wallet/Payment?orderId=${encodeURIComponent(payment!.merchant_order_id)}`, 303);
  });
};
