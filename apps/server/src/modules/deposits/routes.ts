import {
  API_PATHS,
  CreateRechargeInputSchema,
  dataEnvelope,
  DepositInfoSchema,
  DepositRefInputSchema,
  DepositSchema,
  DepositsPageSchema,
  DepositsQuerySchema,
  ErrorResponseSchema,
  SubmitUtrInputSchema,
} from '@colorplay/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DepositsService } from './service';

export type DepositRoutesOptions = {
  deposits: DepositsService;
  requireAuth: preHandlerAsyncHookHandler;
};

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** The recharge endpoints of spec section 7 (UPI channel; USDT comes with its own issue). */
export const depositRoutes: FastifyPluginAsyncZod<DepositRoutesOptions> = async (app, { deposits, requireAuth }) => {
  const authed = { preHandler: requireAuth };
  const doc = { tags: ['wallet'], security: [{ bearer: [] }] };

  app.get(API_PATHS.get_deposit_info, { ...authed, schema: { ...doc, response: { 200: dataEnvelope(DepositInfoSchema), ...errors } } }, async () => ({
    data: deposits.info(),
  }));

  app.post(
    API_PATHS.get_payment_url,
    {
      ...authed,
      schema: {
        ...doc,
        description: 'Creates a UPI recharge order (idempotent by key) and returns its payment details.',
        body: CreateRechargeInputSchema,
        response: { 200: dataEnvelope(DepositSchema), ...errors },
      },
    },
    async (request) => ({ data: await deposits.createRecharge(request.auth.playerId, request.body) }),
  );

  app.get(
    API_PATHS.get_deposits,
    { ...authed, schema: { ...doc, querystring: DepositsQuerySchema, response: { 200: dataEnvelope(DepositsPageSchema), ...errors } } },
    async (request) => ({ data: await deposits.list(request.auth.playerId, request.query) }),
  );

  app.post(
    API_PATHS.submit_utr,
    { ...authed, schema: { ...doc, body: SubmitUtrInputSchema, response: { 200: dataEnvelope(DepositSchema), ...errors } } },
    async (request) => ({ data: await deposits.submitUtr(request.auth.playerId, request.body.orderId, request.body.utr) }),
  );

  app.post(
    API_PATHS.cancel_deposit,
    { ...authed, schema: { ...doc, body: DepositRefInputSchema, response: { 200: dataEnvelope(DepositSchema), ...errors } } },
    async (request) => ({ data: await deposits.cancel(request.auth.playerId, request.body.orderId) }),
  );
};
