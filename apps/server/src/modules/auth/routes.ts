import {
  AuthResultSchema,
  ChangePasswordInputSchema,
  dataEnvelope,
  ErrorResponseSchema,
  ForgotPasswordRequestInputSchema,
  ForgotPasswordRequestResultSchema,
  LoginInputSchema,
  OkSchema,
  RegisterCodeRequestInputSchema,
  RegisterInputSchema,
  ResetPasswordInputSchema,
  SessionTokenSchema,
  API_PATHS,
} from '@colorplay/contract';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import type { AuthService } from './service';
import { DEVICE_COOKIE, REFRESH_COOKIE } from './rules';
import { DEVICE_COOKIE_DAYS } from './device-cookies';

const errors = {
  400: ErrorResponseSchema,
  401: ErrorResponseSchema,
  409: ErrorResponseSchema,
  429: ErrorResponseSchema,
  503: ErrorResponseSchema,
};

export type AuthRoutesOptions = { auth: AuthService; secureCookies: boolean; corsOrigins: string[]; requireAuth: preHandlerAsyncHookHandler };

/**
 * A browser always sends Origin on a POST from script. It must be this site (same host as the
 * request) or one of CORS_ORIGINS. A request without Origin comes from a non-browser client,
 * which holds the cookie only if it was given it, so it is allowed (decision 043).
 */
export function isAllowedOrigin(request: FastifyRequest, corsOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return true;
  if (corsOrigins.includes(origin)) return true;
  try {
    const url = new URL(origin);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.host === request.host;
  } catch {
    return false; // `null` (sandboxed frames, some redirects) and garbage
  }
}

/** register (request code, register), login, refresh-token, logout, forgot-password (request code, reset). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, { auth, secureCookies, corsOrigins, requireAuth }) => {
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

  // Sent back only to the login route: it marks this browser as one that signed in as the number
  // before, so strangers' failures do not slow it down (decision 242).
  const setDeviceCookie = (reply: FastifyReply, value: string) =>
    reply.setCookie(DEVICE_COOKIE, value, { path: API_PATHS.login, httpOnly: true, sameSite: 'strict', secure: secureCookies, maxAge: DEVICE_COOKIE_DAYS * 86_400 });

  app.post(
    API_PATHS.register_request_code,
    {
      schema: {
        tags: ['auth'],
        description:
          'Sends a registration code by SMS. A number that already has an account gets the same answer; the SMS tells its holder.',
        body: RegisterCodeRequestInputSchema,
        response: { 200: dataEnvelope(ForgotPasswordRequestResultSchema), ...errors },
      },
    },
    async (request) => ({ data: await auth.requestRegisterCode(request.body.phone, request.ip) }),
  );

  app.post(
    API_PATHS.register,
    { schema: { tags: ['auth'], body: RegisterInputSchema, response: { 200: dataEnvelope(AuthResultSchema), ...errors } } },
    async (request, reply) => {
      const issued = await auth.register(request.body, request.ip);
      setRefreshCookie(reply, issued.refreshToken, issued.sessionExpiresAt);
      setDeviceCookie(reply, issued.deviceCookie);
      return { data: issued.result };
    },
  );

  app.post(
    API_PATHS.login,
    { schema: { tags: ['auth'], body: LoginInputSchema, response: { 200: dataEnvelope(AuthResultSchema), ...errors } } },
    async (request, reply) => {
      const issued = await auth.login(request.body, request.ip, request.cookies[DEVICE_COOKIE]);
      setRefreshCookie(reply, issued.refreshToken, issued.sessionExpiresAt);
      setDeviceCookie(reply, issued.deviceCookie);
      return { data: issued.result };
    },
  );

  app.post(
    API_PATHS.refresh_token,
    {
      schema: {
        tags: ['auth'],
        description:
          'Rotates the refresh cookie and returns a new access token. 401 means log out; 403 ORIGIN_NOT_ALLOWED a foreign page.',
        response: { 200: dataEnvelope(SessionTokenSchema), 401: ErrorResponseSchema, 403: ErrorResponseSchema },
      },
    },
    async (request, reply) => {
      // Refused before touching the session: a foreign page must not rotate nor end it.
      if (!isAllowedOrigin(request, corsOrigins)) {
        throw new AppError('ORIGIN_NOT_ALLOWED', 'This request came from a page of another site.');
      }
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
    API_PATHS.logout,
    { schema: { tags: ['auth'], response: { 200: dataEnvelope(OkSchema) } } },
    async (request, reply) => {
      const claims = await auth.authenticate(request.headers.authorization).catch(() => null);
      await auth.logout(claims, request.cookies[REFRESH_COOKIE]);
      clearRefreshCookie(reply);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    API_PATHS.forgot_password_request_code,
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
    API_PATHS.forgot_password_reset,
    { schema: { tags: ['auth'], body: ResetPasswordInputSchema, response: { 200: dataEnvelope(OkSchema), ...errors } } },
    async (request, reply) => {
      await auth.resetPassword(request.body, request.ip);
      clearRefreshCookie(reply);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    API_PATHS.change_password,
    {
      preHandler: requireAuth,
      schema: {
        tags: ['auth'],
        description:
          'Signed in: sets a new password given the current one (wrong ones are rate-limited like sign-in). Every other session of the player ends and old device cookies stop counting; this browser gets a new one (decision 404).',
        body: ChangePasswordInputSchema,
        response: { 200: dataEnvelope(OkSchema), ...errors },
      },
    },
    async (request, reply) => {
      const changed = await auth.changePassword(request.auth, request.body, request.ip);
      setDeviceCookie(reply, changed.deviceCookie);
      return { data: { ok: true as const } };
    },
  );
};
