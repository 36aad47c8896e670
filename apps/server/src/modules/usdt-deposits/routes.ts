import {
  API_PATHS,
  CreateUsdtRechargeInputSchema,
  dataEnvelope,
  ErrorResponseSchema,
  UsdtDepositSchema,
  UsdtDepositsPageSchema,
  UsdtDepositsQuerySchema,
  UsdtDepositStatusQuerySchema,
  UsdtFaucetInputSchema,
  UsdtFaucetResultSchema,
} from '@colorplay/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { UsdtDepositsService } from './service';

export type UsdtRoutesOptions = { usdt: UsdtDepositsService; requireAuth: preHandlerAsyncHookHandler };

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 503: ErrorResponseSchema };

/** The player's USDT recharge endpoints (cancel-deposit is the deposits module's route, which hands usdt_ ids here). */
export const usdtRoutes: FastifyPluginAsyncZod<UsdtRoutesOptions> = async (app, { usdt, requireAuth }) => {
  const authed = { preHandler: requireAuth };
  const doc = { tags: ['wallet'], security: [{ bearer: [] }] };

  app.post(
    API_PATHS.get_payment_url_usdt,
    {
      ...authed,
      schema: {
        ...doc,
        description: 'Creates a USDT recharge order (idempotent by key): its own deposit address and the USDT amount at the locked rate.',
        body: CreateUsdtRechargeInputSchema,
        response: { 200: dataEnvelope(UsdtDepositSchema), ...errors },
      },
    },
    async (request) => ({ data: await usdt.createOrder(request.auth.playerId, request.body) }),
  );

  app.get(
    API_PATHS.get_usdt_deposit_status_pooling,
    { ...authed, schema: { ...doc, querystring: UsdtDepositStatusQuerySchema, response: { 200: dataEnvelope(UsdtDepositSchema), ...errors } } },
    async (request) => ({ data: await usdt.status(request.auth.playerId, request.query.orderId) }),
  );

  app.get(
    API_PATHS.get_usdt_deposits,
    { ...authed, schema: { ...doc, querystring: UsdtDepositsQuerySchema, response: { 200: dataEnvelope(UsdtDepositsPageSchema), ...errors } } },
    async (request) => ({ data: await usdt.list(request.auth.playerId, request.query) }),
  );
};

/** The sandbox faucet: registered only while the sandbox chain is on (never in production by default). */
export const usdtFaucetRoutes: FastifyPluginAsyncZod<UsdtRoutesOptions> = async (app, { usdt, requireAuth }) => {
  app.post(
    API_PATHS.sandbox_usdt_faucet,
    {
      preHandler: requireAuth,
      schema: {
        tags: ['sandbox'],
        security: [{ bearer: [] }],
        description: 'Sandbox chain only: sends test USDT from the dev chain deployer to the order address.',
        body: UsdtFaucetInputSchema,
        response: { 200: dataEnvelope(UsdtFaucetResultSchema), ...errors },
      },
    },
    async (request) => ({ data: await usdt.faucet(request.auth.playerId, request.body) }),
  );
};
