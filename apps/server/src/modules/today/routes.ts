import { dataEnvelope, ErrorResponseSchema, LAZY_API_PATHS, TodayFiguresSchema } from '@colorplay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimiter, RateRule } from '../auth';
import type { TodayService } from './service';

export type TodayRoutesOptions = { today: TodayService; limiter: RateLimiter };

/** Generous for a page a player reloads, tight enough that the public read is no way to load the database. */
const TODAY_PER_ADDRESS: RateRule = { name: 'today-figures', limit: 30, windowSeconds: 60 };

export const todayRoutes: FastifyPluginAsyncZod<TodayRoutesOptions> = async (app, { today, limiter }) => {
  app.get(
    LAZY_API_PATHS.today_figures,
    {
      schema: {
        tags: ['lottery'],
        description:
          "Public, no sign-in: today's rounds drawn across the four lottery games, the bets they settled and what they paid out (India day, every player together, cached about a minute; decision 518). Rate limited per address.",
        response: { 200: dataEnvelope(TodayFiguresSchema), 429: ErrorResponseSchema },
      },
    },
    async (request) => {
      await limiter.hit(TODAY_PER_ADDRESS, request.ip);
      return { data: await today.figures() };
    },
  );
};
