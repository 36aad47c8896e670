import {
  API_PATHS,
  LAZY_API_PATHS,
  dataEnvelope,
  ErrorResponseSchema,
  LotteryBetsPageSchema,
  LotteryChainSchema,
  LotteryFairnessQuerySchema,
  LotteryFairnessSchema,
  LotteryGameParamsSchema,
  LotteryHistoryPageSchema,
  LotteryHistoryQuerySchema,
  LotteryRoomQuerySchema,
  LotteryRoomStateSchema,
  LotteryTrendQuerySchema,
  LotteryTrendSchema,
  LotteryVoidsPageSchema,
  LotteryVoidsParamsSchema,
  LotteryVoidsQuerySchema,
  MyLotteryBetsQuerySchema,
  PlaceLotteryBetInputSchema,
  PlaceLotteryBetResultSchema,
  PlaceLotterySlipInputSchema,
  PlaceLotterySlipResultSchema,
  MyWingoBetsQuerySchema,
  PlaceWingoBetInputSchema,
  PlaceWingoBetResultSchema,
  PlayerLotteryBetsPageSchema,
  PlayerLotteryBetsQuerySchema,
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
      // A bet's answer is a few hundred bytes, under the compression threshold: the hot path
      // skips the compression plugin's per-request hooks (request bodies are still decompressed).
      compress: false,
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

  // The player's bets of every game (decision 362): the full game history. Authentication first,
  // then the query's validation (an unknown game, room or status is VALIDATION_FAILED).
  app.get(
    LAZY_API_PATHS.lottery_all_my_bets,
    {
      preHandler: requireAuth,
      schema: {
        tags: ['lottery'],
        security: [{ bearer: [] }],
        description: 'The player’s bets of every lottery game, newest first, by game, room and status.',
        querystring: PlayerLotteryBetsQuerySchema,
        response: { 200: dataEnvelope(PlayerLotteryBetsPageSchema), ...errors },
      },
    },
    async (request) => ({ data: await lottery.playerBets(request.auth.playerId, request.query) }),
  );

  // The other games (K3, 5D): the same reads and bets for any game on the engine, by `:game`.
  // Static Wingo paths above win over `:game`; the params schema admits only the games served here.
  const gamePub = { tags: ['lottery'], params: LotteryGameParamsSchema };
  const gameAuthed = { ...gamePub, security: [{ bearer: [] }] };

  app.get(API_PATHS.lottery_state, { schema: { ...gamePub, querystring: LotteryRoomQuerySchema, response: { 200: dataEnvelope(LotteryRoomStateSchema), ...errors } } }, async (request) => ({
    data: await lottery.gameState(request.params.game, request.query.room),
  }));

  app.get(API_PATHS.lottery_chains, { schema: { ...gamePub, querystring: LotteryRoomQuerySchema, response: { 200: dataEnvelope(z.array(LotteryChainSchema)), ...errors } } }, async (request) => ({
    data: await lottery.gameChains(request.params.game, request.query.room),
  }));

  app.get(API_PATHS.lottery_history, { schema: { ...gamePub, querystring: LotteryHistoryQuerySchema, response: { 200: dataEnvelope(LotteryHistoryPageSchema), ...errors } } }, async (request) => ({
    data: await lottery.gameHistory(request.params.game, request.query),
  }));

  app.get(API_PATHS.lottery_trend, { schema: { ...gamePub, querystring: LotteryTrendQuerySchema, response: { 200: dataEnvelope(LotteryTrendSchema), ...errors } } }, async (request) => ({
    data: await lottery.gameTrend(request.params.game, request.query.room, request.query.count),
  }));

  app.get(
    API_PATHS.lottery_fairness,
    {
      schema: {
        ...gamePub,
        description: 'Everything needed to verify a drawn K3 or 5D round (docs/fairness.md "Reading K3 and 5D"); accepted by `npm run fair -- verify --record`.',
        querystring: LotteryFairnessQuerySchema,
        response: { 200: dataEnvelope(LotteryFairnessSchema), ...errors },
      },
    },
    async (request) => ({ data: await lottery.gameFairness(request.params.game, request.query.period) }),
  );

  // The voids of a room of any game, Wingo included (decision 384): public, as the fairness records.
  app.get(
    LAZY_API_PATHS.lottery_voids,
    {
      schema: {
        tags: ['lottery'],
        params: LotteryVoidsParamsSchema,
        description: "A room's voided rounds, newest first: why, the stakes refunded, and what each would have drawn and paid whenever its link was public.",
        querystring: LotteryVoidsQuerySchema,
        response: { 200: dataEnvelope(LotteryVoidsPageSchema), ...errors },
      },
    },
    async (request) => ({ data: await lottery.voids(request.params.game, request.query) }),
  );

  app.post(
    API_PATHS.lottery_place_bet,
    {
      onRequest: async (request) => {
        betReceivedAt.set(request, lottery.now());
      },
      compress: false,
      preHandler: requireAuth,
      schema: {
        ...gameAuthed,
        description: "Places one bet on the current period of a room of the game (idempotent by key); the selection must be one of the game's rule table.",
        body: PlaceLotteryBetInputSchema,
        response: { 200: dataEnvelope(PlaceLotteryBetResultSchema), ...errors },
      },
    },
    async (request) => ({ data: await lottery.placeGameBet(request.auth.playerId, request.params.game, request.body, betReceivedAt.get(request)) }),
  );

  // A slip (decision 513): several selections of one round, accepted or refused whole. Stamped on
  // arrival as a lone bet is (decision 201); a refused item's code names it in details.itemIndex.
  app.post(
    LAZY_API_PATHS.lottery_place_slip,
    {
      onRequest: async (request) => {
        betReceivedAt.set(request, lottery.now());
      },
      preHandler: requireAuth,
      schema: {
        ...gameAuthed,
        description: 'Places 1 to 10 bets on the current period of a room of the game as one slip: all of them or none, one debit for the total (idempotent by key).',
        body: PlaceLotterySlipInputSchema,
        response: { 200: dataEnvelope(PlaceLotterySlipResultSchema), ...errors },
      },
    },
    async (request) => ({ data: await lottery.placeGameSlip(request.auth.playerId, request.params.game, request.body, betReceivedAt.get(request)) }),
  );

  app.get(
    API_PATHS.lottery_my_bets,
    { preHandler: requireAuth, schema: { ...gameAuthed, querystring: MyLotteryBetsQuerySchema, response: { 200: dataEnvelope(LotteryBetsPageSchema), ...errors } } },
    async (request) => ({ data: await lottery.myGameBets(request.params.game, request.auth.playerId, request.query) }),
  );
};
