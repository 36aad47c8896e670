import {
  API_PATHS,
  dataEnvelope,
  ErrorResponseSchema,
  UpdateUserInfoInputSchema,
  UserInfoSchema,
} from '@colorplay/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { findPlayerById, toUserInfo, updateAvatar } from './repo';

export type PlayerRoutesOptions = { db: Db; requireAuth: preHandlerAsyncHookHandler };

/** get-user-info and update-user-info (spec section 7; only the avatar can change). */
export const playerRoutes: FastifyPluginAsyncZod<PlayerRoutesOptions> = async (app, { db, requireAuth }) => {
  app.get(
    API_PATHS.get_user_info,
    {
      preHandler: requireAuth,
      schema: {
        tags: ['account'],
        security: [{ bearer: [] }],
        response: { 200: dataEnvelope(UserInfoSchema), 401: ErrorResponseSchema },
      },
    },
    async (request) => {
      const player = await findPlayerById(db, request.auth.playerId);
      if (!player) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
      return { data: toUserInfo(player) };
    },
  );

  app.post(
    API_PATHS.update_user_info,
    {
      preHandler: requireAuth,
      schema: {
        tags: ['account'],
        security: [{ bearer: [] }],
        body: UpdateUserInfoInputSchema,
        response: {
          200: dataEnvelope(z.object({ avatar: z.number().int() })),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      await updateAvatar(db, request.auth.playerId, request.body.avatar);
      return { data: { avatar: request.body.avatar } };
    },
  );
};
