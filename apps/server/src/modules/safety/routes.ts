import {
  API_PATHS,
  ConfirmSafetyLimitInputSchema,
  SafetyConfirmInputSchema,
  dataEnvelope,
  ErrorResponseSchema,
  SafetyChangeSchema,
  SafetySessionQuerySchema,
  SafetySessionSchema,
  SafetyStateSchema,
  SelfExcludeInputSchema,
  SetRealityCheckInputSchema,
  SetSafetyLimitInputSchema,
  TakeBreakInputSchema,
} from '@colorplay/contract';
import type { preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { SafetyService } from './service';

export type SafetyRoutesOptions = { safety: SafetyService; requireAuth: preHandlerAsyncHookHandler };

const errors = { 400: ErrorResponseSchema, 401: ErrorResponseSchema, 403: ErrorResponseSchema, 409: ErrorResponseSchema };
const state = { 200: dataEnvelope(SafetyStateSchema), ...errors };

/**
 * The player's responsible-gambling controls (decision 210). Every change is the player's own: there
 * is no route, for players or operators, that lifts a break or an exclusion early.
 */
export const safetyRoutes: FastifyPluginAsyncZod<SafetyRoutesOptions> = async (app, { safety, requireAuth }) => {
  const authed = { preHandler: requireAuth };
  const doc = { tags: ['safety'], security: [{ bearer: [] }] };
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  app.get(API_PATHS.safety, { ...authed, schema: { ...doc, response: state } }, async (request) => ({ data: await safety.state(request.auth.playerId) }));
  app.post(
    API_PATHS.safety_limit,
    { ...authed, schema: { ...doc, description: 'Sets or removes (null) a limit. Lowering applies at once; raising or removing waits 24 hours and a confirmation.', body: SetSafetyLimitInputSchema, response: state } },
    async (request) => ({ data: await safety.setLimit(request.auth.playerId, request.body) }),
  );
  app.post(
    API_PATHS.safety_limit_confirm,
    { ...authed, schema: { ...doc, description: 'Confirms a waiting raise or removal after its 24-hour cooling-off.', body: ConfirmSafetyLimitInputSchema, response: state } },
    async (request) => ({ data: await safety.confirmLimit(request.auth.playerId, request.body) }),
  );
  app.post(
    API_PATHS.safety_break,
    { ...authed, schema: { ...doc, description: 'Takes a break (time-out) of 1 to 42 days. It cannot be ended early.', body: TakeBreakInputSchema, response: state } },
    async (request) => ({ data: await safety.takeBreak(request.auth.playerId, request.body) }),
  );
  app.post(
    API_PATHS.safety_exclusion,
    { ...authed, schema: { ...doc, description: 'Self-excludes for 6, 12 or 60 months, at once. It cannot be ended early.', body: SelfExcludeInputSchema, response: state } },
    async (request) => ({ data: await safety.selfExclude(request.auth.playerId, request.body) }),
  );
  app.post(
    API_PATHS.safety_reopen,
    { ...authed, schema: { ...doc, description: 'After a self-exclusion ended: asks to reopen the account, which reopens 24 hours later.', body: SafetyConfirmInputSchema, response: state } },
    async (request) => ({ data: await safety.requestReopen(request.auth.playerId) }),
  );
  app.post(
    API_PATHS.safety_reality_check,
    { ...authed, schema: { ...doc, body: SetRealityCheckInputSchema, response: state } },
    async (request) => ({ data: await safety.setRealityCheck(request.auth.playerId, request.body) }),
  );
  app.post(
    API_PATHS.safety_deposit_prompt_skip,
    { ...authed, schema: { ...doc, description: 'The player skipped the prompt to set a deposit limit.', body: SafetyConfirmInputSchema, response: state } },
    async (request) => ({ data: await safety.skipDepositPrompt(request.auth.playerId) }),
  );
  app.get(
    API_PATHS.safety_session,
    { ...authed, schema: { ...doc, description: 'The reality check: net result and stakes since the session began.', querystring: SafetySessionQuerySchema, response: { 200: dataEnvelope(SafetySessionSchema), ...errors } } },
    async (request) => ({ data: await safety.session(request.auth.playerId, new Date(request.query.since)) }),
  );
  app.get(
    API_PATHS.safety_history,
    { ...authed, schema: { ...doc, description: 'Every change of the player’s controls, newest first.', response: { 200: dataEnvelope(z.object({ items: z.array(SafetyChangeSchema) })), ...errors } } },
    async (request) => ({ data: { items: await safety.history(request.auth.playerId) } }),
  );
};
