import { CheckInInputSchema, CheckInSettingsInputSchema, CheckInSettingsSchema, CheckInStateSchema, dataEnvelope, ErrorResponseSchema, LAZY_API_PATHS, VipStatusSchema } from '@colorplay/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CheckInService } from './check-in';
import type { GiftCodeAdminRoutesOptions } from './routes';
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

export type CheckInAdminRoutesOptions = Omit<GiftCodeAdminRoutesOptions, 'promotions'> & { checkIn: CheckInService };

/** The console's check-in settings (decision 565): every operator reads them; an admin sets them, audited. */
export const checkInAdminRoutes: FastifyPluginAsyncZod<CheckInAdminRoutesOptions> = async (app, { checkIn, guard, originOf }) => {
  const doc = { tags: ['admin'] };
  app.get(
    LAZY_API_PATHS.admin_check_in_settings,
    {
      ...guard('promotions.read'),
      schema: { ...doc, description: "The daily check-in's settings in force: bonus, wagering multiple, validity, daily budget and pause.", response: { 200: dataEnvelope(CheckInSettingsSchema), ...errors } },
    },
    async () => ({ data: await checkIn.settings() }),
  );
  app.post(
    LAZY_API_PATHS.admin_check_in_settings,
    {
      ...guard('promotions.manage'),
      schema: {
        ...doc,
        description: "Sets the daily check-in's settings (all of them at once); the next check-in uses them. Audited with the values before and after.",
        body: CheckInSettingsInputSchema,
        response: { 200: dataEnvelope(CheckInSettingsSchema), ...errors },
      },
    },
    async (request) => ({ data: await checkIn.updateSettings(request.body, request.operator, originOf(request)) }),
  );
};
