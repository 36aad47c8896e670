import { AdminAnnouncementSchema, AnnouncementIdParamsSchema, AnnouncementInputSchema, dataEnvelope, ErrorResponseSchema, LAZY_API_PATHS } from '@colorplay/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Announcements } from './announcements';

export type AnnouncementRoutesOptions = {
  announcements: Announcements;
  /**
   * The console's guard (session, permission table, CSRF header) and request origin, given by
   * app.ts from the admin module: these are console routes (docs/admin.md), and the inbox must not
   * import the console (the console's auth already imports the inbox).
   */
  guard: (action: 'announcements.read' | 'announcements.manage') => { preHandler: (request: FastifyRequest) => Promise<void> };
  originOf: (request: FastifyRequest) => { ip: string | null; userAgent: string | null };
};

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 404: ErrorResponseSchema };
const doc = { tags: ['admin'] };

/**
 * The console's announcements page (decision 458): every operator reads the list; an admin
 * schedules one and pauses or resumes it, each audited.
 */
export const announcementRoutes: FastifyPluginAsyncZod<AnnouncementRoutesOptions> = async (app, { announcements, guard, originOf }) => {
  app.get(
    LAZY_API_PATHS.admin_announcements,
    { ...guard('announcements.read'), schema: { ...doc, response: { 200: dataEnvelope(z.object({ items: z.array(AdminAnnouncementSchema) })), ...errors } } },
    async () => ({ data: { items: await announcements.list() } }),
  );

  app.post(
    LAZY_API_PATHS.admin_announcements,
    {
      ...guard('announcements.manage'),
      schema: {
        ...doc,
        description: 'Schedules an announcement in English and Hindi for a segment, from startsAt to endsAt (at most 90 days).',
        body: AnnouncementInputSchema,
        response: { 200: dataEnvelope(AdminAnnouncementSchema), ...errors },
      },
    },
    async (request) => ({ data: await announcements.create(request.body, request.operator, originOf(request)) }),
  );

  for (const [path, paused] of [
    [LAZY_API_PATHS.admin_announcement_pause, true],
    [LAZY_API_PATHS.admin_announcement_resume, false],
  ] as const) {
    app.post(
      path,
      { ...guard('announcements.manage'), schema: { ...doc, params: AnnouncementIdParamsSchema, response: { 200: dataEnvelope(AdminAnnouncementSchema), ...errors } } },
      async (request) => ({
        data: await (paused ? announcements.pause : announcements.resume)(request.params.id, request.operator, originOf(request)),
      }),
    );
  }
};
