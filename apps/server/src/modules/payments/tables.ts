/**
 * The tables only this module's SQL may name (checked by test/boundaries.test.ts): the log of
 * gateway notices received (deposits records and settles them through this module's index) and
 * the sandbox gateway's own payments.
 */
export const OWNED_TABLES = ['payment_webhook_events', 'sandbox_upi_payments'] as const;
