import { dataEnvelope, LAZY_API_PATHS, TodayFiguresSchema } from '@colorplay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TodayService } from './service';

export type TodayRoutesOptions = { today: TodayService };

/**
 * Public and unlimited on purpose (decision 518): the answer is the same for everyone and cached a
 * minute per node, so a read costs no database work; a per-address counter would have made every
 * read a database write (and a bad request leave a row behind).
 */
export const todayRoutes: FastifyPluginAsyncZod<TodayRoutesOptions> = async (app, { today }) => {
  app.get(
    LAZY_API_PATHS.today_figures,
    {
      schema: {
        tags: ['lottery'],
        description:
          "Public, no sign-in: today's rounds drawn across the four lottery games, the bets they settled and what they paid out (India day, every player together, cached about a minute per node; decision 518).",
        response: { 200: dataEnvelope(TodayFiguresSchema) },
      },
    },
    async () => ({ data: await today.figures() }),
  );
};
