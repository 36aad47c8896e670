/** The tables only this module's SQL may name (checked by test/boundaries.test.ts). */
export const OWNED_TABLES = ['sessions', 'refresh_tokens', 'otp_codes', 'login_failures', 'rate_limit_counters'] as const;
