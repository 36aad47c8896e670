/**
 * The inbox's public face: its routes, its event subscriptions, and `addNotification` for a
 * module that must write a message inside its own transaction (the demo player's welcome).
 */
export { addNotification } from './repo';
export { notificationRoutes } from './routes';
export { NOTIFICATIONS_HANDLER, subscribeNotifications } from './subscribers';
