import {
  ADMIN_SESSION_COOKIE,
  LAZY_API_PATHS,
  ChangeOperatorPasswordInputSchema,
  dataEnvelope,
  OkSchema,
  OperatorLoginInputSchema,
  OperatorSessionSchema,
} from '@colorplay/contract';
import { DEVICE_COOKIE_DAYS } from '../auth';
import { doc, errors, originOf, type AdminRouteKit } from './route-kit';
import { ADMIN_DEVICE_COOKIE, ADMIN_SESSION_ABSOLUTE_SECONDS } from './rules';

/** Sign-in, sign-out, the session and the password change. */
export function signInRoutes({ app, admin, guard, requireCsrfHeader, cookieOptions, clearCookie }: AdminRouteKit): void {
  app.post(
    LAZY_API_PATHS.admin_login,
    {
      preHandler: async (request) => requireCsrfHeader(request),
      schema: { ...doc, description: 'Username, password and TOTP code in one step; sets the cp_admin session cookie.', body: OperatorLoginInputSchema, response: { 200: dataEnvelope(OperatorSessionSchema), ...errors } },
    },
    async (request, reply) => {
      const { sessionId, session, deviceCookie } = await admin.login(request.body, originOf(request), request.cookies[ADMIN_DEVICE_COOKIE]);
      reply.setCookie(ADMIN_SESSION_COOKIE, sessionId, { ...cookieOptions, maxAge: ADMIN_SESSION_ABSOLUTE_SECONDS });
      // This browser signed in as this name: its own failures, not strangers', throttle it (decision 242).
      reply.setCookie(ADMIN_DEVICE_COOKIE, deviceCookie, { ...cookieOptions, path: LAZY_API_PATHS.admin_login, maxAge: DEVICE_COOKIE_DAYS * 86_400 });
      return { data: session };
    },
  );

  app.post(
    LAZY_API_PATHS.admin_logout,
    { ...guard(null), schema: { ...doc, response: { 200: dataEnvelope(OkSchema), ...errors } } },
    async (request, reply) => {
      await admin.logout(request.operator, originOf(request));
      clearCookie(reply);
      return { data: { ok: true as const } };
    },
  );

  app.post(
    LAZY_API_PATHS.admin_password,
    { ...guard(null), schema: { ...doc, body: ChangeOperatorPasswordInputSchema, response: { 200: dataEnvelope(OperatorSessionSchema), ...errors } } },
    async (request) => ({ data: await admin.changePassword(request.operator, request.body, originOf(request)) }),
  );

  app.get(LAZY_API_PATHS.admin_me, { ...guard(null), schema: { ...doc, response: { 200: dataEnvelope(OperatorSessionSchema), ...errors } } }, async (request) => ({
    data: await admin.me(request.operator),
  }));
}
