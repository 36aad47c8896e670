import { type DomainEventName, inboxMessage } from '@colorplay/contract';
import type { EventHandler } from '../../events';
import { addNotification } from '../notifications';

type Subscribe = { subscribe<N extends DomainEventName>(name: N, handler: string, fn: EventHandler<N>): void };

/** The handler name in `domain_event_deliveries`: stable, or old events would be delivered again. */
export const SUPPORT_NOTIFICATIONS_HANDLER = 'support.notifications';


/**
 * An operator's answer reaches the player's inbox too (the socket tells an open Help page at
 * once; the inbox tells a player who is elsewhere). Written through the notifications module's
 * `addNotification`, keyed by the event id, so a redelivery writes nothing new.
 */
export function subscribeSupportNotifications(events: Subscribe): void {
  events.subscribe('SupportTicketUpdated', SUPPORT_NOTIFICATIONS_HANDLER, async (event, tx) => {
    if (!event.payload.byOperator) return;
    const message = inboxMessage(event.payload.status === 'resolved' ? 'supportResolved' : 'supportReplied', {});
    await addNotification(tx, event.payload.playerId, message, new Date(event.occurredAt), event.id);
  });
}
