import type { DomainEvent } from '@colorplay/contract';
import type { FastifyBaseLogger } from 'fastify';

export type BusListener = (event: DomainEvent) => void;

/**
 * Fan-out of committed domain events to every node (the Wingo WebSocket rides on it). The
 * outbox dispatcher publishes each event once, after commit; every node's listeners hear it.
 * Delivery to listeners is best effort (a node that is down misses it): anything that must not
 * be missed subscribes to the outbox instead (`events.subscribe`).
 */
export interface Bus {
  readonly kind: 'in-process' | 'redis';
  publish(event: DomainEvent): Promise<void>;
  /** Returns the function that unsubscribes. */
  subscribe(listener: BusListener): () => void;
  /**
   * False while the bus cannot deliver other nodes' events (Redis unreachable); listeners then
   * miss events. The in-process bus is always connected, so it may leave these out.
   */
  connected?(): boolean;
  /** Called on every change of `connected()`; returns the function that unsubscribes. */
  onConnectionChange?(fn: (connected: boolean) => void): () => void;
  close(): Promise<void>;
}

/** Calls each listener; one that throws is logged and never stops the others. */
export function notifyListeners(listeners: Iterable<BusListener>, event: DomainEvent, log: FastifyBaseLogger): void {
  for (const listener of listeners) {
    try {
      listener(event);
    } catch (err) {
      log.error({ err, eventId: event.id, event: event.name }, 'bus listener failed');
    }
  }
}

/** One node: publishing calls this process's listeners. The default without REDIS_URL. */
export function createInProcessBus(log: FastifyBaseLogger): Bus {
  const listeners = new Set<BusListener>();
  return {
    kind: 'in-process',
    async publish(event) {
      notifyListeners(listeners, event, log);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    async close() {
      listeners.clear();
    },
  };
}
