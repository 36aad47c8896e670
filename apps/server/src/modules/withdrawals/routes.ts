import { AddPayoutMethodInputSchema, API_PATHS, dataEnvelope, ErrorResponseSchema, PayoutMethodListSchema, PayoutMethodRefInputSchema, PayoutMethodSchema, RequestWithdrawalInputSchema, SERVER_PATHS, WithdrawalQuerySchema, WithdrawalRefInputSchema, WithdrawalSchema, WithdrawalsPageSchema, WithdrawalsQuerySchema, WithdrawInfoSchema } from '@colorplay/contract';
import type { FastifyPluginAsync, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import type { Clock } from '../../lib/clock';
import type { PayoutGateway } from '../payouts';
import type { WithdrawalsService } from './types';

export type WithdrawalRoutesOptions = {
  withdrawals: WithdrawalsService;
  requireAuth: preHandlerAsyncHookHandler;
};

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** The player's withdrawal endpoints (docs/payments.md); operators act through the service. */
export const withdrawalRoutes: FastifyPluginAsyncZod<WithdrawalRoutesOptions> = async (app, { withdrawals, requireAuth }) => {
  const authed = { preHandler: requireAuth };
  const doc = { tags: ['withdrawals'], security: [{ bearer: [] }] };

  app.get(API_PATHS.withdraw_info, { ...authed, schema: { ...doc, response: { 200: dataEnvelope(WithdrawInfoSchema), ...errors } } }, async (request) => ({
    data: await withdrawals.info(request.auth.playerId),
  }));

  app.get(API_PATHS.payout_methods, { ...authed, schema: { ...doc, response: { 200: dataEnvelope(PayoutMethodListSchema), ...errors } } }, async (request) => ({
    data: await withdrawals.listMethods(request.auth.playerId),
  }));

  app.post(
    API_PATHS.payout_methods,
    { ...authed, schema: { ...doc, description: 'Saves a payout method (UPI ID, bank account with IFSC, or USDT address).', body: AddPayoutMethodInputSchema, response: { 200: dataEnvelope(PayoutMethodSchema), ...errors } } },
    async (request) => ({ data: await withdrawals.addMethod(request.auth.playerId, request.body) }),
  );

  app.post(
    API_PATHS.remove_payout_method,
    { ...authed, schema: { ...doc, body: PayoutMethodRefInputSchema, response: { 200: dataEnvelope(PayoutMethodListSchema), ...errors } } },
    async (request) => ({ data: await withdrawals.removeMethod(request.auth.playerId, request.body.methodId) }),
  );

  app.post(
    API_PATHS.request_withdrawal,
    {
      ...authed,
      schema: {
        ...doc,
        description: 'Requests a withdrawal (idempotent by key): the amount moves from the main wallet to a hold at once.',
        body: RequestWithdrawalInputSchema,
        response: { 200: dataEnvelope(WithdrawalSchema), ...errors },
      },
    },
    async (request) => ({ data: await withdrawals.request(request.auth.playerId, request.body) }),
  );

  app.post(
    API_PATHS.cancel_withdrawal,
    { ...authed, schema: { ...doc, body: WithdrawalRefInputSchema, response: { 200: dataEnvelope(WithdrawalSchema), ...errors } } },
    async (request) => ({ data: await withdrawals.cancel(request.auth.playerId, request.body.withdrawalId) }),
  );

  app.get(
    API_PATHS.get_withdrawals,
    { ...authed, schema: { ...doc, querystring: WithdrawalsQuerySchema, response: { 200: dataEnvelope(WithdrawalsPageSchema), ...errors } } },
    async (request) => ({ data: await withdrawals.list(request.auth.playerId, request.query) }),
  );

  app.get(
    API_PATHS.get_withdrawal,
    { ...authed, schema: { ...doc, querystring: WithdrawalQuerySchema, response: { 200: dataEnvelope(WithdrawalSchema), ...errors } } },
    async (request) => ({ data: await withdrawals.get(request.auth.playerId, request.query.withdrawalId) }),
  );
};

/**
 * The payout gateway's signed callback. The configured adapter (payouts) knows its provider's
 * signature scheme and body; the signature covers the exact bytes received, so this plugin parses
 * JSON itself from the raw body (encapsulated: other routes keep Fastify's parser).
 */
export const payoutCallbackRoutes: FastifyPluginAsync<{ withdrawals: WithdrawalsService; gateway: PayoutGateway; clock: Clock }> = async (
  app,
  { withdrawals, gateway, clock },
) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.post(
    SERVER_PATHS.payout_callback,
    {
      schema: {
        tags: ['payouts'],
        description: `Payout gateway callback (${gateway.name}). ${gateway.callback.description} A callback for a withdrawal never sent for payout is refused with PAYOUT_NOT_FOUND.`,
        response: {
          200: dataEnvelope(z.object({ outcome: z.enum(['applied', 'duplicate', 'ignored']) })),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
          404: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const raw = typeof request.body === 'string' ? request.body : '';
      const verdict = gateway.callback.verify(request.headers, raw, clock.now());
      if (verdict !== 'ok') {
        request.log.warn({ verdict }, 'payout callback refused');
        throw new AppError('WEBHOOK_SIGNATURE_INVALID', `Callback signature ${verdict}`);
      }
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        throw new AppError('MALFORMED_JSON', 'The request body is not valid JSON');
      }
      const parsed = gateway.callback.parse(json);
      if (!parsed.ok) throw new AppError('VALIDATION_FAILED', 'The callback event is not valid', parsed.issues);
      if (parsed.event === null) return { data: { outcome: 'ignored' as const } };
      return { data: await withdrawals.handlePayoutEvent(parsed.event) };
    },
  );
};
