import { CheckInInputSchema, CheckInStateSchema, dataEnvelope, ErrorResponseSchema, LAZY_API_PATHS, VipStatusSchema } from '@colorplay/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CheckInService } from './check-in';
import type { VipService } from './vip';

export type CheckInRoutesOptions = { checkIn: CheckInService; vip: VipService; requireAuth: preHandlerAsyncHookHandler };

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 409: ErrorResponseSchema };
const player = { tags: ['promotions'], security: [{ bearer: [] }] };

/**
 * The daily check-in and the VIP page (docs/promotions.md, decisions 545-547): the player's token
 * is checked first (requireAuth), then the body.
 */
export const checkInRoutes: FastifyPluginAsyncZod<CheckInRoutesOptions> = async (app, { checkIn, vip, requireAuth }) => {
  app.get(
    LAZY_API_PATHS.promotions_check_in,
    {
      preHandler: requireAuth,
      schema: {
        ...player,
        description: "Today's check-in (an IST calendar day): available with the offer, done with its bonus, or unavailable with the reason.",
        response: { 200: dataEnvelope(CheckInStateSchema), ...errors },
      },
    },
    async (request) => ({ data: await checkIn.state(request.auth.playerId) }),
  );
  app.post(
    LAZY_API_PATHS.promotions_check_in,
    {
      preHandler: requireAuth,
      schema: {
        ...player,
        description:
          'Checks in for today under the terms version the player was shown: a small bonus, once per IST day, no deposit needed, if the player may receive offers, no other bonus is in play and the day’s budget pays it.',
        body: CheckInInputSchema,
        response: { 200: dataEnvelope(CheckInStateSchema), ...errors },
      },
    },
    async (request) => ({ data: await checkIn.checkIn(request.auth.playerId, request.body) }),
  );
  app.get(
    LAZY_API_PATHS.promotions_vip,
    {
      preHandler: requireAuth,
      schema: {
        ...player,
        description: "The player's VIP level, what counts so far (tenure, verified identity, verified play), the next level's conditions and the whole published table of levels and benefits.",
        response: { 200: dataEnvelope(VipStatusSchema), ...errors },
      },
    },
    async (request) => ({ data: await vip.status(request.auth.playerId) }),
  );
};
