import {
  dataEnvelope,
  ErrorResponseSchema,
  FirstDepositOfferInputSchema,
  FirstDepositOfferParamsSchema,
  FirstDepositOfferSchema,
  FirstDepositStatusSchema,
  LAZY_API_PATHS,
} from '@colorplay/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FirstDepositService } from './first-deposit';
import type { GiftCodeAdminRoutesOptions } from './routes';

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };

export type FirstDepositRoutesOptions = { firstDeposit: FirstDepositService; requireAuth: preHandlerAsyncHookHandler };

/** The player's first-deposit offer and claim (docs/promotions.md): the player's token first. */
export const firstDepositRoutes: FastifyPluginAsyncZod<FirstDepositRoutesOptions> = async (app, { firstDeposit, requireAuth }) => {
  app.get(
    LAZY_API_PATHS.player_first_deposit,
    {
      preHandler: requireAuth,
      schema: {
        tags: ['promotions'],
        security: [{ bearer: [] }],
        description:
          'The running first-deposit offer when the player has no credited deposit and may receive offers (else null and why), and the player\'s opt-in with what its credit decided.',
        response: { 200: dataEnvelope(FirstDepositStatusSchema), ...errors },
      },
    },
    async (request) => ({ data: await firstDeposit.status(request.auth.playerId) }),
  );
};

export type FirstDepositAdminRoutesOptions = Omit<GiftCodeAdminRoutesOptions, 'promotions'> & { firstDeposit: FirstDepositService };

/** The console's first-deposit offers: every operator reads them; an admin creates and pauses one, each audited. */
export const firstDepositAdminRoutes: FastifyPluginAsyncZod<FirstDepositAdminRoutesOptions> = async (app, { firstDeposit, guard, originOf }) => {
  const doc = { tags: ['admin'] };
  app.get(
    LAZY_API_PATHS.admin_first_deposit_offers,
    { ...guard('promotions.read'), schema: { ...doc, response: { 200: dataEnvelope(z.object({ items: z.array(FirstDepositOfferSchema) })), ...errors } } },
    async () => ({ data: { items: await firstDeposit.offers() } }),
  );
  app.post(
    LAZY_API_PATHS.admin_first_deposit_offers,
    {
      ...guard('promotions.manage'),
      schema: {
        ...doc,
        description: 'Creates the first-deposit offer (one runs at a time): a percent of the first deposit up to a cap, its wagering multiple (at most 5) and validity, a budget and an expiry.',
        body: FirstDepositOfferInputSchema,
        response: { 200: dataEnvelope(FirstDepositOfferSchema), ...errors },
      },
    },
    async (request) => ({ data: await firstDeposit.createOffer(request.body, request.operator, originOf(request)) }),
  );
  app.post(
    LAZY_API_PATHS.admin_first_deposit_offer_pause,
    { ...guard('promotions.manage'), schema: { ...doc, params: FirstDepositOfferParamsSchema, response: { 200: dataEnvelope(FirstDepositOfferSchema), ...errors } } },
    async (request) => ({ data: await firstDeposit.pauseOffer(request.params.id, request.operator, originOf(request)) }),
  );
};
