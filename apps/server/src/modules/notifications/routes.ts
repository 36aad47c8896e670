import {
  API_PATHS,
  dataEnvelope,
  ErrorResponseSchema,
  MarkAllReadResultSchema,
  NotificationsPageSchema,
  NotificationsQuerySchema,
} from '@colorplay/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/db';
import type { Clock } from '../../lib/clock';
import { listNotifications, markAllNotificationsRead } from './repo';

export type NotificationRoutesOptions = { db: Db; clock: Clock; requireAuth: preHandlerAsyncHookHandler };

export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (
  app,
  { db, clock, requireAuth },
) => {
  app.get(
    API_PATHS.notifications,
    {
      preHandler: requireAuth,
      schema: {
        tags: ['messages'],
        security: [{ bearer: [] }],
        querystring: NotificationsQuerySchema,
        response: { 200: dataEnvelope(NotificationsPageSchema), 400: ErrorResponseSchema, 401: ErrorResponseSchema },
      },
    },
    async (request) => ({ data: await listNotifications(db, request.auth.playerId, request.query) }),
  );

  app.post(
    API_PATHS.mark_all_as_read,
    {
      preHandler: requireAuth,
      schema: {
        tags: ['messages'],
        security: [{ bearer: [] }],
        response: { 200: dataEnvelope(MarkAllReadResultSchema), 401: ErrorResponseSchema },
      },
    },
    async (request) => ({
      data: { updated: await markAllNotificationsRead(db, request.auth.playerId, clock.now()) },
    }),
  );
};
