import {
  API_PATHS,
  dataEnvelope,
  ErrorResponseSchema,
  LanguageSchema,
  UpdateUserInfoInputSchema,
  UserInfoSchema,
} from '@colorplay/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/db';
import { AppError } from '../../errors';
import { findPlayerById, toUserInfo, updateAvatar, updateLanguage } from './repo';

export type PlayerRoutesOptions = { db: Db; requireAuth: preHandlerAsyncHookHandler };

/** get-user-info and update-user-info (the avatar; the language, decision 221). */
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
          200: dataEnvelope(z.object({ avatar: z.number().int(), language: LanguageSchema.nullable() })),
          400: ErrorResponseSchema,
          401: ErrorResponseSchema,
        },
      },
    },
    async (request) => {
      const { avatar, language } = request.body;
      if (avatar !== undefined) await updateAvatar(db, request.auth.playerId, avatar);
      if (language !== undefined) await updateLanguage(db, request.auth.playerId, language);
      const player = await findPlayerById(db, request.auth.playerId);
      if (!player) throw new AppError('UNAUTHORIZED', 'Please log in to continue.');
      return { data: { avatar: player.avatar, language: player.language } };
    },
  );
};
