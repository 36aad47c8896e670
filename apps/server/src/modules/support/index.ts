/**
 * modules/support: support tickets (docs/support.md): a player's problem linked to one of their
 * records, its thread with live updates, the console's queue with SLA timers, internal notes,
 * canned replies, and a formal complaint's final response. Its only public face.
 */
export { createSupportService, type SupportDeps, type SupportService } from './service';
export { supportRoutes, type SupportRoutesOptions } from './routes';
export { subscribeSupportNotifications, SUPPORT_NOTIFICATIONS_HANDLER } from './subscribers';
export { DEFAULT_SUPPORT_SETTINGS, type SupportSettings } from './settings';
export { OWNED_TABLES } from './tables';
