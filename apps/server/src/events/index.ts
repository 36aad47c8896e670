/**
 * Domain events after commit (docs/architecture.md, "Events"): the outbox a module records its
 * events in, inside the transaction of the change; the dispatcher that delivers them after
 * commit to durable subscribers; and the bus that fans them out to every node.
 */
import type { FastifyBaseLogger } from 'fastify';
import { createInProcessBus, type Bus } from './bus';
import { createRedisBus } from './redis-bus';

export { createEvents, BUS_RELAY_HANDLER, type Events, type EventRecorder, type EventHandler, type EventsDeps } from './service';
export { createInProcessBus, type Bus, type BusListener } from './bus';
export { createRedisBus, EVENTS_CHANNEL } from './redis-bus';
export { DEFAULT_RETRY_POLICY, retryDelayMs, type RetryPolicy } from './backoff';

/** Redis pub/sub when a URL is configured (several nodes), otherwise this process only. */
export function openBus(redisUrl: string | undefined, log: FastifyBaseLogger): Promise<Bus> {
  return redisUrl ? createRedisBus(redisUrl, log) : Promise.resolve(createInProcessBus(log));
}
