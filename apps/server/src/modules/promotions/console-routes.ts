import { AdminBonusGrantSchema, dataEnvelope, ErrorResponseSchema, LAZY_API_PATHS, PlayerIdParamsSchema, PromotionCostQuerySchema, PromotionCostReportSchema } from '@colorplay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { PromotionCostService } from './cost-report';
import type { PromotionsService } from './service';

export type PromotionsConsoleRoutesOptions = {
  costs: PromotionCostService;
  promotions: PromotionsService;
  /** The console's guard (session, permission table) and request origin, given by app.ts as for the gift codes' routes. */
  guard: (action: 'promotions.read') => { preHandler: (request: FastifyRequest) => Promise<void> };
  originOf: (request: FastifyRequest) => { ip: string | null; userAgent: string | null };
};

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };

/**
 * The console's reads of promotions (docs/promotions.md, "Console and cost"): the offers' cost
 * report and its CSV, and a player's bonuses. Every operator reads them (`promotions.read`).
 */
export const promotionsConsoleRoutes: FastifyPluginAsyncZod<PromotionsConsoleRoutesOptions> = async (app, { costs, promotions, guard, originOf }) => {
  app.get(
    LAZY_API_PATHS.admin_promotions_cost,
    {
      ...guard('promotions.read'),
      schema: {
        tags: ['admin'],
        description:
          'What the offers cost over a range of IST days, from the ledger: per source and offer, bonus money granted, converted to cash (with what bonus stakes won), forfeited and expired in the range, and what active grants still hold now.',
        querystring: PromotionCostQuerySchema,
        response: { 200: dataEnvelope(PromotionCostReportSchema), ...errors },
      },
    },
    async (request) => ({ data: await costs.costs(request.query) }),
  );
  app.get(
    LAZY_API_PATHS.admin_promotions_cost_csv,
    { ...guard('promotions.read'), schema: { tags: ['admin'], description: 'The cost report as CSV (amounts in rupees); each export is audited.', querystring: PromotionCostQuerySchema } },
    async (request, reply) => {
      const { from, to } = request.query;
      const csv = await costs.csv({ from, to }, request.operator, originOf(request));
      return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="promotions-cost-${from}-${to}.csv"`).send(csv);
    },
  );
  app.get(
    LAZY_API_PATHS.admin_player_bonuses,
    {
      ...guard('promotions.read'),
      schema: {
        tags: ['admin'],
        description: "A player's bonuses, newest first, with their status, source and wagering progress; reading converts nothing.",
        params: PlayerIdParamsSchema,
        response: { 200: dataEnvelope(z.object({ items: z.array(AdminBonusGrantSchema) })), ...errors },
      },
    },
    async (request) => ({ data: { items: await promotions.playerBonusesForConsole(request.params.playerId) } }),
  );
};
