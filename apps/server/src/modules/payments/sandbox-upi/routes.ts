import { pgText, minorToDecimal, SERVER_PATHS } from '@colorplay/contract';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import type { Clock } from '../../../lib/clock';
import { deliverSigned, escapeHtml, sandboxConsole } from '../../../lib/providers/sandbox-kit';
import type { SandboxUpiGateway } from './sandbox-gateway';

const RefParams = z.object({ ref: pgText().regex(/^sbx_[A-Za-z0-9_-]{6,40}$/) });
const DecisionBody = z.object({ decision: z.enum(['paid', 'declined']) });
const SettlementQuery = z.strictObject({ date: z.iso.date() });

/** This page's two buttons. */
const PAGE_CSS = '.pay{background:#1a7f4b;color:#fff}.decline{background:#fff;color:#b3261e;border:2px solid #b3261e}';

/** The pretend UPI app: a page where a tester approves or declines a sandbox payment. */
export const sandboxUpiRoutes: FastifyPluginAsync<{ gateway: SandboxUpiGateway; secret: string; clock: Clock }> = async (
  app,
  { gateway, secret, clock },
) => {
  const { send } = await sandboxConsole(app, { cssPath: SERVER_PATHS.sandbox_upi_css, css: PAGE_CSS });
  app.get(SERVER_PATHS.sandbox_upi_pay, { schema: { hide: true } }, async (request, reply) => {
    const params = RefParams.safeParse(request.params);
    const payment = params.success ? await gateway.findPayment(params.data.ref) : undefined;
    reply.header('cache-control', 'no-store');
    if (!payment) return send(reply, 404, 'Payment not found', '<h1>Payment not found</h1>');
    const amount = `₹${minorToDecimal(payment.amount_minor)}`;
    const decided =
      payment.status === 'pending'
        ? `<form method="post"><button class="pay" name="decision" value="paid">Pay ${escapeHtml(amount)}</button>
           <button class="decline" name="decision" value="declined">Decline</button></form>`
        : `<p role="status">This payment was ${escapeHtml(payment.status)}${payment.utr ? ` (UTR ${escapeHtml(payment.utr)})` : ''}.</p>
           <p><a href="/wallet/Payment?orderId=${encodeURIComponent(payment.merchant_order_id)}">Back to Colorplay</a></p>`;
    return send(
      reply,
      200,
      'Sandbox UPI',
      `<span class="badge">Sandbox: no real money moves</span>
       <div class="card"><h1>Sandbox UPI</h1>
       <p>Pay to</p><p class="amount">${escapeHtml(amount)}</p>
       <dl><dt>Payee</dt><dd>${escapeHtml(payment.payee_vpa)}</dd><dt>Order</dt><dd>${escapeHtml(payment.merchant_order_id)}</dd></dl>
       ${decided}</div>`,
    );
  });

  // The gateway's settlement file of one India day (IST), for the console's reconciliation import.
  app.get(SERVER_PATHS.sandbox_upi_settlement, { schema: { hide: true } }, async (request, reply) => {
    const query = SettlementQuery.safeParse(request.query);
    if (!query.success) return send(reply, 400, 'Bad request', '<h1>Bad request: ?date=YYYY-MM-DD</h1>');
    const from = new Date(`${query.data.date}T00:00:00+05:30`);
    const csv = await gateway.settlementCsv(from, new Date(from.getTime() + 24 * 3600_000));
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="sandbox-upi-settlement-${query.data.date}.csv"`)
      .type('text/csv; charset=utf-8')
      .send(csv);
  });

  app.post(SERVER_PATHS.sandbox_upi_pay, { schema: { hide: true } }, async (request, reply) => {
    const params = RefParams.safeParse(request.params);
    const body = DecisionBody.safeParse(request.body);
    if (!params.success || !body.success) {
      return send(reply, 400, 'Bad request', '<h1>Bad request</h1>');
    }
    const event = await gateway.decide(params.data.ref, body.data.decision, clock.now());
    if (!event) return send(reply, 404, 'Payment not found', '<h1>Payment not found</h1>');
    await deliverSigned(app, { path: SERVER_PATHS.upi_webhook, clock, secret, what: 'sandbox webhook delivery' }, event);
    const payment = await gateway.findPayment(params.data.ref);
    return reply.redirect(`/wallet/Payment?orderId=${encodeURIComponent(payment!.merchant_order_id)}`, 303);
  });
};
