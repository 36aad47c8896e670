/** The tables only this module's SQL may name (checked by test/boundaries.test.ts). */
export const OWNED_TABLES = ['support_tickets', 'support_messages', 'support_attachments'] as const;
