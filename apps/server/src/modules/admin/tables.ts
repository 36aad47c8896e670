/** The tables only this module's SQL may name (checked by test/boundaries.test.ts). */
export const OWNED_TABLES = ['operators', 'operator_sessions', 'operator_audit_log', 'operator_alerts', 'account_link_decisions', 'account_link_alerts', 'account_link_scan'] as const;
