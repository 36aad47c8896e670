import {
  API_PATHS,
  BalanceSchema,
  dataEnvelope,
  ErrorResponseSchema,
  TransferToMainInputSchema,
  TransferToMainResultSchema,
  WalletSchema,
} from '@colorplay/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { WalletService } from './service';

export type WalletRoutesOptions = {
  wallet: WalletService;
  requireAuth: preHandlerAsyncHookHandler;
};

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

/** The wallet's balance endpoints: the balance, the purses, the sweep to main. */
export const walletRoutes: FastifyPluginAsyncZod<WalletRoutesOptions> = async (app, { wallet, requireAuth }) => {
  const authed = { preHandler: requireAuth };
  const doc = { tags: ['wallet'], security: [{ bearer: [] }] };

  app.get(API_PATHS.get_balance, { ...authed, schema: { ...doc, response: { 200: dataEnvelope(BalanceSchema), ...errors } } }, async (request) => ({
    data: await wallet.balance(request.auth.playerId),
  }));

  app.get(API_PATHS.get_wallet, { ...authed, schema: { ...doc, response: { 200: dataEnvelope(WalletSchema), ...errors } } }, async (request) => ({
    data: await wallet.wallet(request.auth.playerId),
  }));

  app.post(
    API_PATHS.transfer_to_main_wallet,
    { ...authed, schema: { ...doc, body: TransferToMainInputSchema, response: { 200: dataEnvelope(TransferToMainResultSchema), ...errors } } },
    async (request) => ({ data: await wallet.transferToMain(request.auth.playerId, request.body.idempotencyKey) }),
  );
};
