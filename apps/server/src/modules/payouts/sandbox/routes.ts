import { pgText, minorToDecimal, SERVER_PATHS } from '@colorplay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../../lib/clock';
import { deliverSigned, escapeHtml, sandboxConsole } from '../../../lib/providers/sandbox-kit';
import type { SandboxPayoutGateway } from './sandbox-payouts';

const RefParams = z.object({ ref: pgText().regex(/^(spo|wd)_[A-Za-z0-9_-]{6,40}$/) });
const DecisionBody = z.object({ decision: z.enum(['paid', 'failed', 'reversed']) });

/** This page's two buttons and its warning. */
const PAGE_CSS =
  '.paid{background:#1a7f4b;color:#fff}.failed{background:#fff;color:#b3261e;border:2px solid #b3261e}.warning{border:2px solid #8a5a00;background:#fff8e1;color:#3d2a00;padding:8px 12px;border-radius:6px}';

/**
 * Said on the page itself (decision 040): the sandbox provider's console asks for no sign-in, so
 * anyone with the address decides any payout. Acceptable only because the sandbox moves no
 * money and does not exist in production (docs/payments.md, docs/operations.md).
 */
const OPEN_TO_ANYONE = `<p class="warning" role="note"><strong>No sign-in here.</strong> Anyone who can open this address can mark this
  withdrawal paid, failed or returned, as a payout provider would. That is acceptable only because this is a sandbox that
  moves no real money; the page does not exist when the payout sandbox is off (always in production, unless a demo allows it).</p>`;

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
  const { send } = await sandboxConsole(app, { cssPath: SERVER_PATHS.sandbox_payouts_css, css: PAGE_CSS });
  app.get(SERVER_PATHS.sandbox_payout_page, { schema: { hide: true } }, async (request, reply) => {
    const params = RefParams.safeParse(request.params);
    const payout = params.success ? await gateway.findPayout(params.data.ref) : undefined;
    reply.header('cache-control', 'no-store');
    if (!payout) return send(reply, 404, 'Payout not found', `<h1>Payout not found</h1><p>It appears here once the withdrawal is approved and sent.</p>${OPEN_TO_ANYONE}`);
    const amount = `₹${minorToDecimal(Number(payout.amount_minor))}`;
    const actions =
      payout.status === 'processing'
        ? `<form method="post"><button class="paid" name="decision" value="paid">Mark paid</button>
           <button class="failed" name="decision" value="failed">Mark failed</button></form>`
        : payout.status === 'paid'
          ? `<p role="status">This payout was paid (reference ${escapeHtml(payout.reference ?? '')}).</p>
             <form method="post"><button class="failed" name="decision" value="reversed">Mark returned by the bank</button></form>`
          : `<p role="status">This payout was ${escapeHtml(payout.status)}.</p>`;
    return send(
      reply,
      200,
      'Sandbox payouts',
      `<span class="badge">Sandbox: no real money moves</span>
       <div class="card"><h1>Sandbox payout</h1>
       <p>Pay out</p><p class="amount">${escapeHtml(amount)}</p>
       <dl><dt>To</dt><dd>${escapeHtml(destinationText(payout.destination))}</dd><dt>Withdrawal</dt><dd>${escapeHtml(payout.withdrawal_id)}</dd>
       <dt>Status</dt><dd>${escapeHtml(payout.status)}</dd></dl>
       ${actions}${OPEN_TO_ANYONE}</div>`,
    );
  });

  app.post(SERVER_PATHS.sandbox_payout_page, { schema: { hide: true } }, async (request, reply) => {
    const params = RefParams.safeParse(request.params);
    const body = DecisionBody.safeParse(request.body);
    if (!params.success || !body.success) {
      return send(reply, 400, 'Bad request', '<h1>Bad request</h1>');
    }
    const event = await gateway.decide(params.data.ref, body.data.decision, clock.now());
    if (!event) {
      // Known but still processing: the decision did not apply to its state; show it again.
      const payout = await gateway.findPayout(params.data.ref);
      if (!payout) return send(reply, 404, 'Payout not found', '<h1>Payout not found</h1>');
      return reply.redirect(SERVER_PATHS.sandbox_payout_page.replace(':ref', encodeURIComponent(payout.payout_ref)), 303);
    }
    await deliverSigned(app, { path: SERVER_PATHS.payout_callback, clock, secret, what: 'sandbox payout callback' }, event);
    return reply.redirect(SERVER_PATHS.sandbox_payout_page.replace(':ref', encodeURIComponent(event.payoutRef)), 303);
  });
};
