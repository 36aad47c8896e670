import { inboxMessage, type DomainEventName } from '@colorplay/contract';
import type { EventHandler } from '../../events';
import { depositMessage, kycMessage, withdrawalMessage } from './messages';
import { addNotification } from './repo';

type Subscribe = {
  subscribe<N extends DomainEventName>(name: N, handler: string, fn: EventHandler<N>): void;
};

/** The handler name in `domain_event_deliveries`: stable, or old events would be delivered again. */
export const NOTIFICATIONS_HANDLER = 'notifications';

/**
 * The inbox listens to the domains instead of being called by them: a new account, a password
 * reset, an account suspended or reopened (decision 420) or closed (decision 440), each deposit outcome, each withdrawal outcome and each KYC decision become one message
 * each, written in the delivery's transaction and keyed by the event id, so a redelivery writes
 * nothing new. A step that is not an outcome (a withdrawal in review, a KYC submission) has no
 * message; its delivery is recorded all the same.
 */
export function subscribeNotifications(events: Subscribe): void {
  const write: EventHandler<'DepositSucceeded' | 'DepositFailed' | 'DepositExpired'> = (event, tx) =>
    addNotification(tx, event.payload.playerId, depositMessage(event), new Date(event.occurredAt), event.id);
  events.subscribe('DepositSucceeded', NOTIFICATIONS_HANDLER, write);
  events.subscribe('DepositFailed', NOTIFICATIONS_HANDLER, write);
  events.subscribe('DepositExpired', NOTIFICATIONS_HANDLER, write);
  events.subscribe('PlayerRegistered', NOTIFICATIONS_HANDLER, (event, tx) =>
    addNotification(tx, event.payload.playerId, inboxMessage('welcome', {}), new Date(event.occurredAt), event.id),
  );
  events.subscribe('WithdrawalStatusChanged', NOTIFICATIONS_HANDLER, async (event, tx) => {
    const message = withdrawalMessage(event);
    if (message) await addNotification(tx, event.payload.playerId, message, new Date(event.occurredAt), event.id);
  });
  events.subscribe('KycStatusChanged', NOTIFICATIONS_HANDLER, async (event, tx) => {
    const message = kycMessage(event);
    if (message) await addNotification(tx, event.payload.playerId, message, new Date(event.occurredAt), event.id);
  });
  events.subscribe('AccountSuspensionChanged', NOTIFICATIONS_HANDLER, (event, tx) =>
    addNotification(tx, event.payload.playerId, inboxMessage(event.payload.suspended ? 'accountSuspended' : 'suspensionLifted', {}), new Date(event.occurredAt), event.id),
  );
  events.subscribe('AccountClosed', NOTIFICATIONS_HANDLER, (event, tx) =>
    addNotification(
      tx,
      event.payload.playerId,
      inboxMessage(event.payload.balanceRule === 'hold' ? 'accountClosedHold' : 'accountClosedPayOut', {}),
      new Date(event.occurredAt),
      event.id,
    ),
  );
  events.subscribe('PasswordReset', NOTIFICATIONS_HANDLER, (event, tx) =>
    addNotification(tx, event.payload.playerId, inboxMessage('passwordReset', {}), new Date(event.occurredAt), event.id),
  );
  events.subscribe('PasswordChanged', NOTIFICATIONS_HANDLER, (event, tx) =>
    addNotification(tx, event.payload.playerId, inboxMessage('passwordChanged', {}), new Date(event.occurredAt), event.id),
  );
}
