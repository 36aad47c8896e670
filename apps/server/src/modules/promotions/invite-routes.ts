import { dataEnvelope, ErrorResponseSchema, InviteSummarySchema, LAZY_API_PATHS } from '@colorplay/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { InvitesService } from './invites';

export type InviteRoutesOptions = {
  invites: InvitesService;
  requireAuth: preHandlerAsyncHookHandler;
};

/** The player's invites (docs/promotions.md, "Invite a friend"): the player's token first. */
export const inviteRoutes: FastifyPluginAsyncZod<InviteRoutesOptions> = async (app, { invites, requireAuth }) => {
  app.get(
    LAZY_API_PATHS.player_invites,
    {
      preHandler: requireAuth,
      schema: {
        tags: ['promotions'],
        security: [{ bearer: [] }],
        description:
          'The player\'s invite code (their UID) and link, how many friends joined, qualified (KYC passed and played) and were rewarded, the cap per rolling window, the reward\'s terms, and the newest 50 friends (nickname and phone ending) with their step.',
        response: { 200: dataEnvelope(InviteSummarySchema), 401: ErrorResponseSchema },
      },
    },
    async (request) => ({ data: await invites.summary(request.auth.playerId) }),
  );
};
