import type { EventHandler } from '../../events';
import { addNotification } from './notifications-service';
import { depositMessage } from './deposit-messages';

type Subscribe = {
  subscribe<N extends 'DepositSucceeded' | 'DepositFailed' | 'DepositExpired'>(name: N, handler: string, fn: EventHandler<N>): void;
};

/** The handler name in `domain_event_deliveries`: stable, or old events would be delivered again. */
export const NOTIFICATIONS_HANDLER = 'notifications';

/**
 * The inbox listens to the domains instead of being called by them: each deposit outcome
 * becomes one message, written in the delivery's transaction and keyed by the event id, so a
 * redelivery writes nothing new.
 */
export function subscribeNotifications(events: Subscribe): void {
  const write: EventHandler<'DepositSucceeded' | 'DepositFailed' | 'DepositExpired'> = (event, tx) =>
    addNotification(tx, event.payload.playerId, depositMessage(event), new Date(event.occurredAt), event.id);
  events.subscribe('DepositSucceeded', NOTIFICATIONS_HANDLER, write);
  events.subscribe('DepositFailed', NOTIFICATIONS_HANDLER, write);
  events.subscribe('DepositExpired', NOTIFICATIONS_HANDLER, write);
}
