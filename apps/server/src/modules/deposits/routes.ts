import {
  API_PATHS,
  CancelDepositInputSchema,
  CancelDepositResultSchema,
  CreateRechargeInputSchema,
  dataEnvelope,
  DepositInfoSchema,
  DepositSchema,
  DepositsPageSchema,
  DepositsQuerySchema,
  ErrorResponseSchema,
  SubmitUtrInputSchema,
  type UsdtDeposit,
} from '@colorplay/contract';
import { AppError } from '../../errors';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { DepositsService } from './service';

export type DepositRoutesOptions = {
  deposits: DepositsService;
  requireAuth: preHandlerAsyncHookHandler;
  /** Cancels a USDT order (`usdt_` id) when that channel is on: cancel-deposit takes either kind. */
  cancelUsdt?: ((playerId: number, orderId: string) => Promise<UsdtDeposit>) | undefined;
};

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** The recharge endpoints of the UPI channel (USDT has its own module, usdt-deposits). */
export const depositRoutes: FastifyPluginAsyncZod<DepositRoutesOptions> = async (app, { deposits, requireAuth, cancelUsdt }) => {
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
    {
      ...authed,
      schema: {
        ...doc,
        description: 'Cancels an unpaid recharge order of either channel: a UPI order (dep_) answers a Deposit, a USDT order (usdt_) a UsdtDeposit.',
        body: CancelDepositInputSchema,
        response: { 200: dataEnvelope(CancelDepositResultSchema), ...errors },
      },
    },
    async (request) => {
      const { orderId } = request.body;
      if (!orderId.startsWith('usdt_')) return { data: await deposits.cancel(request.auth.playerId, orderId) };
      if (!cancelUsdt) throw new AppError('DEPOSIT_NOT_FOUND', 'No such recharge order');
      return { data: await cancelUsdt(request.auth.playerId, orderId) };
    },
  );
};
