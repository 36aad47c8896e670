/**
 * The inbox's public face: its routes, its event subscriptions, `addNotification` for a module
 * that must write a message inside its own transaction (the demo player's welcome), and the
 * operator announcements (decision 458). A message is a key of the contract's
 * INBOX_MESSAGE_PARAMS and its parameters (decision 457): add a key there, never a text here.
 */
export { addNotification } from './repo';
export { notificationRoutes } from './routes';
export { announcementRoutes } from './announcement-routes';
export { createAnnouncements, type Announcements } from './announcements';
export { NOTIFICATIONS_HANDLER, subscribeNotifications } from './subscribers';
