/** The outbox and its per-handler delivery record (src/events). */
export const OWNED_TABLES = ['domain_events', 'domain_event_deliveries'] as const;
