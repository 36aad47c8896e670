import {
  AnnouncementIdParamsSchema,
  API_PATHS,
  dataEnvelope,
  ErrorResponseSchema,
  MarkAllReadResultSchema,
  NotificationsPageSchema,
  NotificationsQuerySchema,
  PlayerAnnouncementsSchema,
} from '@colorplay/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/db';
import type { Clock } from '../../lib/clock';
import { z } from 'zod';
import type { Announcements } from './announcements';
import { listNotifications, markAllNotificationsRead } from './repo';

export type NotificationRoutesOptions = { db: Db; clock: Clock; requireAuth: preHandlerAsyncHookHandler; announcements: Announcements };

export const notificationRoutes: FastifyPluginAsyncZod<NotificationRoutesOptions> = async (
  app,
  { db, clock, requireAuth, announcements },
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
      // The inbox's announcements are read with the rest (decision 458).
      data: {
        updated: (await markAllNotificationsRead(db, request.auth.playerId, clock.now())) + (await announcements.markAllRead(request.auth.playerId)),
      },
    }),
  );

  app.get(
    API_PATHS.announcements,
    {
      preHandler: requireAuth,
      schema: {
        tags: ['messages'],
        security: [{ bearer: [] }],
        description: 'The operator announcements that reach the player now (decision 458), both languages, newest first, each with its read state.',
        response: { 200: dataEnvelope(PlayerAnnouncementsSchema), 401: ErrorResponseSchema },
      },
    },
    async (request) => ({ data: { items: await announcements.forPlayer(request.auth.playerId) } }),
  );

  app.post(
    API_PATHS.announcement_read,
    {
      preHandler: requireAuth,
      schema: {
        tags: ['messages'],
        security: [{ bearer: [] }],
        params: AnnouncementIdParamsSchema,
        response: { 200: dataEnvelope(z.object({ read: z.literal(true) })), 400: ErrorResponseSchema, 401: ErrorResponseSchema, 404: ErrorResponseSchema },
      },
    },
    async (request) => {
      await announcements.markRead(request.auth.playerId, request.params.id);
      return { data: { read: true as const } };
    },
  );
};
