import type { Bus } from './bus';

/** How long a looked-up session is trusted without asking the database again. */
const TTL_MS = 15_000;
const MAX_ENTRIES = 20_000;
const COOKIE = /(?:^|;\s*)(?:__Secure-)?cofound\.session_token=([^;]+)/;

/**
 * The signed-in person per session cookie, kept for a few seconds so a page's burst of API calls
 * (and a busy feed) does not look the session up in the database every time (decision 010).
 * Anything that ends sessions calls `revokeAll()`, which empties this cache on every instance
 * through the bus; the time limit bounds what a lost bus message could leave behind.
 */
export function createSessionCache<V>(bus: Bus) {
  const entries = new Map<string, { value: V; until: number }>();
  const clear = () => entries.clear();
  const unsubscribe = bus.subscribe(({ event }) => {
    if (event.type === 'sessions.revoked') clear();
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
    set(key: string, value: V, sessionExpiresAt: number) {
      if (entries.size >= MAX_ENTRIES) {
        // Oldest first: a Map iterates in insertion order.
        for (const k of entries.keys()) {
          entries.delete(k);
          if (entries.size < MAX_ENTRIES * 0.9) break;
        }
      }
      entries.set(key, { value, until: Math.min(Date.now() + TTL_MS, sessionExpiresAt) });
    },
    /** Sessions were ended (sign-out, password change or reset, deletion, ban): forget them all, everywhere. */
    revokeAll() {
      clear();
      bus.publish({ event: { type: 'sessions.revoked' } });
    },
    close: unsubscribe,
  };
}

export type SessionCache<V> = ReturnType<typeof createSessionCache<V>>;
