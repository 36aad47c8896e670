/** Console constants without zod, so the web console imports them alone (see admin.ts). */
export const OPERATOR_ROLES = ['admin', 'finance', 'support'] as const;
/** A page of another site cannot set a custom header without a CORS preflight we refuse. */
export const ADMIN_CSRF_HEADER = 'x-colorplay-admin';
export const ADMIN_CSRF_VALUE = '1';
/** The operator session cookie (httpOnly, SameSite=Strict, path /api/admin). */
export const ADMIN_SESSION_COOKIE = 'cp_admin';

/** Every action the audit log records (the console's filter offers exactly these). */
export const AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'logout',
  'deposit.approve',
  'deposit.reject',
  'usdt.approve',
  'usdt.reject',
  'withdrawal.approve',
  'withdrawal.reject',
  'kyc.verify',
  'kyc.reject',
  'kyc.document_view',
  'operator.create',
  'operator.disable',
  'password.change',
  'audit.export',
  'lottery.retire_chains',
] as const;
