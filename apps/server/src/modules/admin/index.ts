/**
 * modules/admin: the operator console's server side (docs/admin.md): operators with roles and a TOTP
 * second factor, their cookie sessions, the permission table, the review queues (through the
 * deposits, withdrawals and KYC modules' indexes), read-only player lookup and the append-only
 * audit log. Its only public face.
 */
export { adminRoutes, type AdminRoutesOptions } from './routes';
export { subscribeAdminAlerts, ADMIN_ALERTS_HANDLER } from './alert-subscribers';
export { createAdminService, type AdminDeps, type AdminService, type OperatorPrincipal } from './service';
export { DEMO_OPERATOR, ensureDemoOperator } from './demo-operator';
export { PERMISSIONS, isAllowed, type AdminAction } from './permissions';
export { consoleGuard } from './console-guard';
export { originOf } from './route-kit';
export { createAuditLog, type AuditLog, type RequestOrigin } from './audit';
export { otpauthUri, totpCode } from './totp';
export { toCsv, csvCell } from './csv';
export { OWNED_TABLES } from './tables';
