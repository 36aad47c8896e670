import {
  BonusGrantSchema,
  dataEnvelope,
  ErrorResponseSchema,
  GiftCodeInputSchema,
  GiftCodeParamsSchema,
  GiftCodeSchema,
  LAZY_API_PATHS,
  MarketingConsentInputSchema,
  MarketingConsentSchema,
  PromotionStatusSchema,
  RedeemGiftCodeInputSchema,
} from '@colorplay/contract';
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PromotionsService } from './service';

export type PromotionsRoutesOptions = {
  promotions: PromotionsService;
  requireAuth: preHandlerAsyncHookHandler;
};

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema };
const player = { tags: ['promotions'], security: [{ bearer: [] }] };

/**
 * The player's promotions routes (docs/promotions.md): marketing consent on the account page,
 * and their bonuses with progress. The player's token is checked first (requireAuth), then the body.
 */
export const promotionsRoutes: FastifyPluginAsyncZod<PromotionsRoutesOptions> = async (app, { promotions, requireAuth }) => {
  app.get(
    LAZY_API_PATHS.player_marketing_consent,
    { preHandler: requireAuth, schema: { ...player, response: { 200: dataEnvelope(MarketingConsentSchema), ...errors } } },
    async (request) => ({ data: await promotions.consent(request.auth.playerId) }),
  );
  app.post(
    LAZY_API_PATHS.player_marketing_consent,
    {
      preHandler: requireAuth,
      schema: {
        ...player,
        description: 'Gives (given: true) or withdraws marketing consent. Off until given; every change is kept with its time.',
        body: MarketingConsentInputSchema,
        response: { 200: dataEnvelope(MarketingConsentSchema), ...errors },
      },
    },
    async (request) => ({ data: await promotions.setConsent(request.auth.playerId, request.body.given) }),
  );
  app.get(
    LAZY_API_PATHS.player_bonuses,
    {
      preHandler: requireAuth,
      schema: {
        ...player,
        description: 'The player\'s bonuses, newest first, with wagering progress in minor units; one whose wagering is complete is converted to cash first.',
        response: { 200: dataEnvelope(z.object({ items: z.array(BonusGrantSchema) })), ...errors },
      },
    },
    async (request) => ({ data: { items: await promotions.bonuses(request.auth.playerId) } }),
  );
  app.get(
    LAZY_API_PATHS.promotions_status,
    {
      preHandler: requireAuth,
      schema: {
        ...player,
        description:
          'Whether offers are paused for the player now and why (the grant\'s own eligibility rule, read-only), when that reason ends by itself, and the current terms version against the one on their newest bonus.',
        response: { 200: dataEnvelope(PromotionStatusSchema), ...errors },
      },
    },
    async (request) => ({ data: await promotions.status(request.auth.playerId) }),
  );
  app.post(
    LAZY_API_PATHS.promotions_redeem,
    {
      preHandler: requireAuth,
      schema: {
        ...player,
        description:
          'Redeems a gift code under the terms version the player accepted: a bonus in its own account, if the code runs, its budget pays one more, the player is under its cap and may receive offers (consent, no break, exclusion or recent limit hit).',
        body: RedeemGiftCodeInputSchema,
        response: { 200: dataEnvelope(BonusGrantSchema), ...errors },
      },
    },
    async (request) => ({ data: await promotions.redeem(request.auth.playerId, request.body) }),
  );
};

export type GiftCodeAdminRoutesOptions = {
  promotions: PromotionsService;
  /**
   * The console's guard (session, permission table, CSRF header) and request origin, given by
   * app.ts from the admin module (as for announcements): these are console routes, and this
   * module does not import the console.
   */
  guard: (action: 'promotions.read' | 'promotions.manage') => { preHandler: (request: FastifyRequest) => Promise<void> };
  originOf: (request: FastifyRequest) => { ip: string | null; userAgent: string | null };
};

/** The console's gift codes (docs/promotions.md): every operator reads them; an admin creates and pauses one, each audited. */
export const giftCodeAdminRoutes: FastifyPluginAsyncZod<GiftCodeAdminRoutesOptions> = async (app, { promotions, guard, originOf }) => {
  const doc = { tags: ['admin'] };
  app.get(
    LAZY_API_PATHS.admin_gift_codes,
    { ...guard('promotions.read'), schema: { ...doc, response: { 200: dataEnvelope(z.object({ items: z.array(GiftCodeSchema) })), ...errors } } },
    async () => ({ data: { items: await promotions.giftCodes() } }),
  );
  app.post(
    LAZY_API_PATHS.admin_gift_codes,
    {
      ...guard('promotions.manage'),
      schema: {
        ...doc,
        description: 'Creates a gift code: a bonus with its wagering multiple (at most 5) and validity, a budget, a per-player cap and an expiry.',
        body: GiftCodeInputSchema,
        response: { 200: dataEnvelope(GiftCodeSchema), ...errors },
      },
    },
    async (request) => ({ data: await promotions.createGiftCode(request.body, request.operator, originOf(request)) }),
  );
  app.post(
    LAZY_API_PATHS.admin_gift_code_pause,
    { ...guard('promotions.manage'), schema: { ...doc, params: GiftCodeParamsSchema, response: { 200: dataEnvelope(GiftCodeSchema), ...errors } } },
    async (request) => ({ data: await promotions.pauseGiftCode(request.params.id, request.operator, originOf(request)) }),
  );
};
