import {
  API_PATHS,
  dataEnvelope,
  ErrorResponseSchema,
  MyWingoBetsQuerySchema,
  PlaceWingoBetInputSchema,
  PlaceWingoBetResultSchema,
  WingoBetsPageSchema,
  WingoChainSchema,
  WingoFairnessQuerySchema,
  WingoFairnessSchema,
  WingoHistoryPageSchema,
  WingoHistoryQuerySchema,
  WingoRoomQuerySchema,
  WingoRoomStateSchema,
  WingoTrendQuerySchema,
  WingoTrendSchema,
} from '@colorplay/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { LotteryService } from './service';

export type LotteryRoutesOptions = { lottery: LotteryService; requireAuth: preHandlerAsyncHookHandler };

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema, 409: ErrorResponseSchema, 503: ErrorResponseSchema };

/**
 * Wingo over HTTP. The reads (room state with the server time, history, trend, fairness) are
 * public and give everything the socket gives, so the screen works with the socket down.
 * There is no route that sets, edits or re-draws a result, and no auto-bet.
 */
export const lotteryRoutes: FastifyPluginAsyncZod<LotteryRoutesOptions> = async (app, { lottery, requireAuth }) => {
  /** When each bet request reached the server (by the domain clock). */
  const betReceivedAt = new WeakMap<object, Date>();
  const pub = { tags: ['wingo'] };
  const authed = { tags: ['wingo'], security: [{ bearer: [] }] };

  app.get(API_PATHS.wingo_state, { schema: { ...pub, querystring: WingoRoomQuerySchema, response: { 200: dataEnvelope(WingoRoomStateSchema), ...errors } } }, async (request) => ({
    data: await lottery.state(request.query.room),
  }));

  app.get(API_PATHS.wingo_chains, { schema: { ...pub, querystring: WingoRoomQuerySchema, response: { 200: dataEnvelope(z.array(WingoChainSchema)), ...errors } } }, async (request) => ({
    data: await lottery.chains(request.query.room),
  }));

  app.get(API_PATHS.wingo_history, { schema: { ...pub, querystring: WingoHistoryQuerySchema, response: { 200: dataEnvelope(WingoHistoryPageSchema), ...errors } } }, async (request) => ({
    data: await lottery.history(request.query),
  }));

  app.get(API_PATHS.wingo_trend, { schema: { ...pub, querystring: WingoTrendQuerySchema, response: { 200: dataEnvelope(WingoTrendSchema), ...errors } } }, async (request) => ({
    data: await lottery.trend(request.query.room, request.query.count),
  }));

  app.get(
    API_PATHS.wingo_fairness,
    {
      schema: {
        ...pub,
        description: 'Everything needed to verify a drawn round (docs/fairness.md); accepted by the verify screen and `npm run fair -- verify`.',
        querystring: WingoFairnessQuerySchema,
        response: { 200: dataEnvelope(WingoFairnessSchema), ...errors },
      },
    },
    async (request) => ({ data: await lottery.fairness(request.query.period) }),
  );

  app.post(
    API_PATHS.wingo_place_bet,
    {
      // Arrival time decides (decision 201): taken before authentication, body parsing and
      // validation, so time spent there under load never turns an in-time bet into a late one.
      onRequest: async (request) => {
        betReceivedAt.set(request, lottery.now());
      },
      preHandler: requireAuth,
      schema: {
        ...authed,
        description: 'Places one bet on the current period of a room (idempotent by key).',
        body: PlaceWingoBetInputSchema,
        response: { 200: dataEnvelope(PlaceWingoBetResultSchema), ...errors },
      },
    },
    async (request) => ({ data: await lottery.placeBet(request.auth.playerId, request.body, betReceivedAt.get(request)) }),
  );

  app.get(
    API_PATHS.wingo_my_bets,
    { preHandler: requireAuth, schema: { ...authed, querystring: MyWingoBetsQuerySchema, response: { 200: dataEnvelope(WingoBetsPageSchema), ...errors } } },
    async (request) => ({ data: await lottery.myBets(request.auth.playerId, request.query) }),
  );
};
