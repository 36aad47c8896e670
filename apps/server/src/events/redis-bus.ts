import { DomainEventSchema } from '@colorplay/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { notifyListeners, type Bus, type BusListener } from './bus';

export const EVENTS_CHANNEL = 'colorplay:events';

/**
 * The bus over Redis pub/sub (decision 081): every node subscribes to one channel, so an event
 * published by the node that dispatched it reaches the listeners of all nodes, its own included
 * (it hears its own message back from Redis rather than short-cutting, so every node sees the
 * same stream). Pub/sub keeps nothing: a node that is down misses messages, which is why
 * anything durable subscribes to the outbox instead.
 */
export async function createRedisBus(url: string, log: FastifyBaseLogger): Promise<Bus> {
  // A subscribed connection can only listen, so publishing needs a second one. A publish that
  // cannot reach Redis fails after a few retries and the outbox tries again later.
  const options = { maxRetriesPerRequest: 2, lazyConnect: true } as const;
  const pub = new Redis(url, options);
  const sub = new Redis(url, options);
  for (const [role, conn] of [['publish', pub], ['subscribe', sub]] as const) {
    // ioredis reconnects by itself; without a listener an outage would crash the process.
    conn.on('error', (err: Error) => log.warn({ err, role }, 'redis bus connection error'));
  }
  const listeners = new Set<BusListener>();
  // Whether the subscribed connection hears the channel: false from its close until ioredis has
  // reconnected it (and re-subscribed: autoResubscribe). Meanwhile every node's events are lost
  // to this node's listeners, which the Wingo socket tells its clients (decision 233).
  let connected = false;
  const statusListeners = new Set<(up: boolean) => void>();
  const setConnected = (up: boolean) => {
    if (up === connected) return;
    connected = up;
    if (!up) log.warn('redis bus lost; live updates paused until it is back');
    else log.info('redis bus connected');
    for (const fn of statusListeners) fn(up);
  };
  sub.on('ready', () => setConnected(true));
  sub.on('close', () => setConnected(false));
  sub.on('message', (channel: string, message: string) => {
    if (channel !== EVENTS_CHANNEL) return;
    let parsed;
    try {
      parsed = DomainEventSchema.safeParse(JSON.parse(message));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) {
      log.warn({ channel }, 'ignored a malformed message on the event bus');
      return;
    }
    notifyListeners(listeners, parsed.data, log);
  });
  try {
    await Promise.all([pub.connect(), sub.connect()]);
    // Subscribed before this resolves, so nothing published afterwards is missed.
    await sub.subscribe(EVENTS_CHANNEL);
  } catch (err) {
    // Like the database, an unreachable Redis stops the start with the driver's reason,
    // rather than leaving connections retrying behind a half-built app.
    pub.disconnect();
    sub.disconnect();
    throw err;
  }

  return {
    kind: 'redis',
    async publish(event) {
      await pub.publish(EVENTS_CHANNEL, JSON.stringify(event));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    connected: () => connected,
    onConnectionChange(fn) {
      statusListeners.add(fn);
      return () => void statusListeners.delete(fn);
    },
    async close() {
      listeners.clear();
      statusListeners.clear();
      await Promise.allSettled([sub.quit(), pub.quit()]);
    },
  };
}
