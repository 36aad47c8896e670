import { API_PATHS, dataEnvelope, ErrorResponseSchema, SandboxSmsQuerySchema, SandboxSmsSchema } from '@colorplay/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/db';
import type { Clock } from '../../lib/clock';
import { readSandboxOutbox } from './sms-sender';

/** How long a sandbox handle can read its message: as long as the code in it is valid. */
const HANDLE_TTL_MS = 5 * 60 * 1000;

/**
 * Sandbox SMS channel only (app.ts registers this plugin only then): lets a tester read the
 * message a real SMS would have carried, using the handle returned by the code request.
 */
export const sandboxSmsRoutes: FastifyPluginAsyncZod<{ db: Queryable; clock: Clock }> = async (app, { db, clock }) => {
  app.get(
    API_PATHS.sandbox_sms_outbox,
    {
      schema: {
        tags: ['sandbox'],
        description:
          'Sandbox SMS channel only: the message sent for one code request, by the handle that request returned.',
        querystring: SandboxSmsQuerySchema,
        response: { 200: dataEnvelope(z.object({ messages: z.array(SandboxSmsSchema) })), 400: ErrorResponseSchema },
      },
    },
    async (request) => ({
      data: { messages: await readSandboxOutbox(db, request.query.handle, new Date(clock.now().getTime() - HANDLE_TTL_MS)) },
    }),
  );
};
