import {
  AuthResultSchema,
  dataEnvelope,
  ErrorResponseSchema,
  ForgotPasswordRequestInputSchema,
  ForgotPasswordRequestResultSchema,
  LoginInputSchema,
  OkSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  SandboxSmsQuerySchema,
  SandboxSmsSchema,
  SessionTokenSchema,
  API_PATHS,
} from '@colorplay/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/db';
import { readSandboxOutbox, type SmsSender } from '../sms/sms-sender';
import type { AuthService } from './auth-service';
import { REFRESH_COOKIE } from './rules';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
};

export type AuthRoutesOptions = { auth: AuthService; sms: SmsSender; db: Db; secureCookies: boolean };

/** register, login, refresh-token, logout, forgot-password (request code, reset). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, sms, db, secureCookies }) => {
  // The refresh token lives in an httpOnly cookie scoped to the API, invisible to scripts.
  const setRefreshCookie = (reply: FastifyReply, token: string, expiresAt: Date) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: secureCookies,
      path: '/api',
      expires: expiresAt,
    });
  const clearRefreshCookie = (reply: FastifyReply) =>
    reply.clearCookie(REFRESH_COOKIE, { path: '/api', httpOnly: true, sameSite: 'strict', secure: secureCookies });

  app.post(
    API_PATHS.register,
    { schema: { tags: ['auth'], body: RegisterInputSchema, response: { 200: dataEnvelope(AuthResultSchema), ...errors } } },
    async (request, reply) => {
      const issued = await auth.register(request.body, request.ip);
      setRefreshCookie(reply, issued.refreshToken, issued.sessionExpiresAt);
      return { data: issued.result };
    },
  );

  app.post(
    API_PATHS.login,
    { schema: { tags: ['auth'], body: LoginInputSchema, response: { 200: dataEnvelope(AuthResultSchema), ...errors } } },
    async (request, reply) => {
      const issued = await auth.login(request.body, request.ip);
      setRefreshCookie(reply, issued.refreshToken, issued.sessionExpiresAt);
      return { data: issued.result };
    },
  );

  app.post(
    API_PATHS.refresh_token,
    {
      schema: {
        tags: ['auth'],
        description: 'Rotates the refresh cookie and returns a new access token. 401 means log out.',
        response: { 200: dataEnvelope(SessionTokenSchema), 401: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        const refreshed = await auth.refresh(request.cookies[REFRESH_COOKIE]);
        setRefreshCookie(reply, refreshed.refreshToken, refreshed.sessionExpiresAt);
        return { data: refreshed.token };
      } catch (err) {
        clearRefreshCookie(reply);
        throw err;
      }
    },
  );

  app.post(
    '/api/logout',
    { schema: { tags: ['auth'], response: { 200: dataEnvelope(OkSchema) } } },
    async (request, reply) => {
      const claims = await auth.authenticate(request.headers.authorization).catch(() => null);
      await auth.logout(claims, request.cookies[REFRESH_COOKIE]);
      clearRefreshCookie(reply);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    '/api/forgot-password/request-code',
    {
      schema: {
        tags: ['auth'],
        body: ForgotPasswordRequestInputSchema,
        response: { 200: dataEnvelope(ForgotPasswordRequestResultSchema), ...errors },
      },
    },
    async (request) => ({ data: await auth.requestResetCode(request.body.phone, request.ip) }),
  );

  app.post(
    '/api/forgot-password/reset',
    { schema: { tags: ['auth'], body: ResetPasswordInputSchema, response: { 200: dataEnvelope(OkSchema), ...errors } } },
    async (request, reply) => {
      await auth.resetPassword(request.body, request.ip);
      clearRefreshCookie(reply);
      return { data: { ok: true as const } };
    },
  );

  // Sandbox only: lets a tester read the code that a real SMS would have carried.
  if (sms.kind === 'sandbox') {
    app.get(
      '/api/sandbox/sms-outbox',
      {
        schema: {
          tags: ['sandbox'],
          description: 'Sandbox SMS channel only: the latest messages "sent" to a phone number.',
          querystring: SandboxSmsQuerySchema,
          response: { 200: dataEnvelope(z.object({ messages: z.array(SandboxSmsSchema) })), 400: ErrorResponseSchema },
        },
      },
      async (request) => ({ data: { messages: await readSandboxOutbox(db, request.query.phone) } }),
    );
  }
};
