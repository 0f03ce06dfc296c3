import type { Bus } from './bus';

/**
 * How long a looked-up session is trusted without asking the database again, while a bus carries
 * every revocation to every instance and a gap in it (a 'resync') empties the cache
 * (docs/decisions/048): what it bounds is a change made behind the app's back.
 */
const TTL_MS = 5 * 60_000;
/** Without a bus between instances (REALTIME_BUS=off) it is the only bound on a revocation made elsewhere. */
const TTL_NO_BUS_MS = 15_000;
const MAX_ENTRIES = 20_000;
const COOKIE = /(?:^|;\s*)(?:__Secure-)?cofound\.session_token=([^;]+)/;

/**
 * The signed-in person per session cookie, kept for a few minutes so a page's burst of API calls
 * (and a busy feed) does not look the session up in the database every time (docs/decisions/010).
 * Whatever ends sessions calls `revoke(userIds)` once it has succeeded: every instance forgets
 * those people's cached sessions through the bus (`revokeAll()` when who is not known). Only the
 * people concerned: a flood of sign-outs must not make every instance look everyone up again.
 * A gap in the bus (its 'resync') forgets everyone; the time limit bounds what was changed behind
 * the app's back (a session deleted straight in the database).
 */
export function createSessionCache<V extends { id: string }>(bus: Bus) {
  const entries = new Map<string, { value: V; until: number }>();
  const ttlMs = bus.kind === 'off' ? TTL_NO_BUS_MS : TTL_MS;
  /** Counts every forgetting: a lookup that started before one is not kept (see `set`). */
  let epoch = 0;
  const forget = (userIds?: readonly string[]) => {
    if (userIds && !userIds.length) return;
    epoch += 1;
    if (!userIds) return entries.clear();
    const ids = new Set(userIds);
    for (const [key, hit] of entries) if (ids.has(hit.value.id)) entries.delete(key);
  };
  const unsubscribe = bus.subscribe(({ event }) => {
    if (event.type === 'sessions.revoked' || event.type === 'sessions.refreshed') forget(event.userIds);
    // The bus lost its connection for a while: a revocation may have been missed.
    else if (event.type === 'resync') forget();
  });
  return {
    /** The cache key of a request: its signed session cookie, or null. */
    keyOf(cookieHeader: string | undefined): string | null {
      return cookieHeader ? (COOKIE.exec(cookieHeader)?.[1] ?? null) : null;
    },
    get(key: string): V | undefined {
      const hit = entries.get(key);
      if (!hit) return undefined;
      if (hit.until > Date.now()) return hit.value;
      entries.delete(key);
      return undefined;
    },
    /**
     * Read before looking a session up, and handed to `set` with what the lookup found: sessions
     * ended while it ran (here or through the bus) may have been read before they ended.
     */
    get epoch() {
      return epoch;
    },
    /** Keeps what a lookup begun at `since` (the `epoch` then) found, unless sessions ended since. */
    set(key: string, value: V, sessionExpiresAt: number, since: number) {
      if (since !== epoch) return;
      if (entries.size >= MAX_ENTRIES) {
        // Oldest first: a Map iterates in insertion order.
        for (const k of entries.keys()) {
          entries.delete(k);
          if (entries.size < MAX_ENTRIES * 0.9) break;
        }
      }
      entries.set(key, { value, until: Math.min(Date.now() + ttlMs, sessionExpiresAt) });
    },
    /**
     * These people's sessions were ended (sign-out, password change or reset, deletion): forget them,
     * everywhere.
     */
    revoke(userIds: readonly string[]) {
      if (!userIds.length) return;
      forget(userIds);
      bus.publish({ event: { type: 'sessions.revoked', userIds: [...userIds] } });
    },
    /**
     * What these people's sessions carry changed (their profile's display fields, ViewerCard): forget
     * their cached sessions everywhere, so the next request reads them again. Ends nothing: the
     * realtime sockets are left alone.
     */
    refresh(userIds: readonly string[]) {
      if (!userIds.length) return;
      forget(userIds);
      bus.publish({ event: { type: 'sessions.refreshed', userIds: [...userIds] } });
    },
    /** Sessions were ended and who is not known: forget them all, everywhere. */
    revokeAll() {
      forget();
      bus.publish({ event: { type: 'sessions.revoked' } });
    },
    /** How many sessions are cached (tests). */
    get size() {
      return entries.size;
    },
    close: unsubscribe,
  };
}

export type SessionCache<V extends { id: string }> = ReturnType<typeof createSessionCache<V>>;
