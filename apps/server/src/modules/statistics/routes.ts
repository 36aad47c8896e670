import { dataEnvelope, ErrorResponseSchema, LAZY_API_PATHS, PlayerStatisticsSchema } from '@colorplay/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { StatisticsService } from './service';

export type StatisticsRoutesOptions = { statistics: StatisticsService; requireAuth: preHandlerAsyncHookHandler };

export const statisticsRoutes: FastifyPluginAsyncZod<StatisticsRoutesOptions> = async (app, { statistics, requireAuth }) => {
  app.get(
    LAZY_API_PATHS.player_statistics,
    {
      preHandler: requireAuth,
      schema: {
        tags: ['account'],
        security: [{ bearer: [] }],
        description: 'The player\'s bets, stakes, payouts and net result today, yesterday, in the last 7 and 30 India days, per game and in total (decision 459).',
        response: { 200: dataEnvelope(PlayerStatisticsSchema), 401: ErrorResponseSchema },
      },
    },
    async (request) => ({ data: await statistics.forPlayer(request.auth.playerId) }),
  );
};
