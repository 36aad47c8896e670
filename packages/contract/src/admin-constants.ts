/** Console constants without zod, so the web console imports them alone (see admin.ts). */
export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
/** A page of another site cannot set a custom header without a CORS preflight we refuse. */
export const ADMIN_CSRF_HEADER = 'x-colorplay-admin';
export const ADMIN_CSRF_VALUE = '1';
/** The operator session cookie (httpOnly, SameSite=Strict, path /api/admin). */
export const ADMIN_SESSION_COOKIE = 'cp_admin';
