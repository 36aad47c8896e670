import type { DomainEventName } from '@colorplay/contract';
import type { Db } from '../../db/db';
import type { EventHandler } from '../../events';
import type { Clock } from '../../lib/clock';
import { createAuditLog } from './audit';

type Subscribe = {
  subscribe<N extends DomainEventName>(name: N, handler: string, fn: EventHandler<N>): void;
};

/** The handler name in `domain_event_deliveries`: stable, or old events would be delivered again. */
export const ADMIN_ALERTS_HANDLER = 'admin-alerts';

/**
 * Alerts the console's list raises from other modules' news rather than from an operator's
 * action: a credited deposit that took a player past a deposit limit (decision 392). The alert
 * and its audit row are written in the delivery's transaction, so a redelivery writes nothing new.
 */
export function subscribeAdminAlerts(events: Subscribe, deps: { db: Db; clock: Clock }): void {
  const audit = createAuditLog(deps);
  events.subscribe('DepositLimitPassed', ADMIN_ALERTS_HANDLER, async (event, tx) => {
    const p = event.payload;
    await audit.raiseAlert(tx, 'deposit_limit_passed', { id: null, username: null }, `player:${p.playerId}`, { ip: null, userAgent: null }, {
      orderId: p.orderId,
      channel: p.channel,
      amountMinor: p.amountMinor,
      passed: p.passed,
    });
  });
}
