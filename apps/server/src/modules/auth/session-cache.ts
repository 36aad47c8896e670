/**
 * Which sessions this node checked recently and found open (decision 202), so an authenticated
 * request costs no database round trip. Only open sessions are kept, each for at most `ttlMs`
 * of real time and never past the session's own expiry. A revocation evicts its sessions: at
 * once on the revoking node (before it answers), and on every node when the SessionsRevoked
 * event arrives over the bus. If the bus misses the event (no Redis between nodes, Redis down)
 * the TTL is the bound: a revoked session is refused on every node at most `ttlMs` after the
 * revocation committed.
 *
 * A lookup that raced a revocation must not store its stale "open": each eviction bumps a
 * generation, and a result read before the latest eviction began is not stored.
 */
export type SessionCache = {
  /** The entry's session expiry when the session is cached as open for this player. */
  get(sessionId: string, playerId: number, nowMs: number): boolean;
  /** The generation before a lookup; pass it to `set` so a raced lookup is dropped. */
  generation(): number;
  set(sessionId: string, playerId: number, expiresAtMs: number, generation: number): void;
  evictSession(sessionId: string): void;
  evictPlayer(playerId: number): void;
  clear(): void;
  readonly size: number;
};

type Entry = { playerId: number; expiresAtMs: number; storedAt: number };

export function createSessionCache(options: { ttlMs: number; maxEntries?: number; monotonicMs?: () => number }): SessionCache {
  const { ttlMs } = options;
  const maxEntries = options.maxEntries ?? 100_000;
  const mono = options.monotonicMs ?? (() => performance.now());
  const entries = new Map<string, Entry>();
  const byPlayer = new Map<number, Set<string>>();
  let gen = 0;

  function drop(sessionId: string): void {
    const e = entries.get(sessionId);
    if (!e) return;
    entries.delete(sessionId);
    const set = byPlayer.get(e.playerId);
    set?.delete(sessionId);
    if (set && set.size === 0) byPlayer.delete(e.playerId);
  }

  return {
    get(sessionId, playerId, nowMs) {
      if (ttlMs <= 0) return false;
      const e = entries.get(sessionId);
      if (!e) return false;
      if (e.playerId !== playerId || nowMs >= e.expiresAtMs || mono() - e.storedAt >= ttlMs) {
        drop(sessionId);
        return false;
      }
      return true;
    },
    generation: () => gen,
    set(sessionId, playerId, expiresAtMs, generation) {
      if (ttlMs <= 0 || generation !== gen) return;
      // Bounded: past the cap the oldest entries go (a Map iterates in insertion order).
      while (entries.size >= maxEntries) drop(entries.keys().next().value!);
      drop(sessionId);
      entries.set(sessionId, { playerId, expiresAtMs, storedAt: mono() });
      let set = byPlayer.get(playerId);
      if (!set) byPlayer.set(playerId, (set = new Set()));
      set.add(sessionId);
    },
    evictSession(sessionId) {
      gen += 1;
      drop(sessionId);
    },
    evictPlayer(playerId) {
      gen += 1;
      for (const id of [...(byPlayer.get(playerId) ?? [])]) drop(id);
    },
    clear() {
      gen += 1;
      entries.clear();
      byPlayer.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
