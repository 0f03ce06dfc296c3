/*
 * What a person's sockets may ask of the database, per process (see realtime.ts). Authorising a
 * topic and checking who may signal typing each cost a query; without a bound, a script that
 * subscribes and unsubscribes in a loop (or reopens its socket to start afresh) makes the server
 * query without end. Each person gets a token bucket: a full page's worth of topics at once (a
 * reconnect resubscribes everything its tabs hold), then a steady trickle. It is kept per person
 * rather than per socket so reopening sockets gains nothing, and in memory because sockets live on
 * one process: a person reaching several processes gets each one's budget, which still bounds them.
 */

/** Tokens a person starts with and can save up: a reconnect of a tab or two holding many topics. */
export const BUDGET_BURST = 300;
/** Tokens added per second: far above what scrolling a feed or typing in a chat uses. */
export const BUDGET_PER_SECOND = 10;

type Bucket = { tokens: number; at: number };

export function createBudget(opts: { burst?: number; perSecond?: number; now?: () => number } = {}) {
  const burst = opts.burst ?? BUDGET_BURST;
  const perSecond = opts.perSecond ?? BUDGET_PER_SECOND;
  const now = opts.now ?? Date.now;
  const buckets = new Map<string, Bucket>();

  function level(bucket: Bucket, t: number) {
    return Math.min(burst, bucket.tokens + ((t - bucket.at) / 1000) * perSecond);
  }

  return {
    /** Takes one token of `userId`'s; false when none is left. */
    take(userId: string): boolean {
      const t = now();
      const bucket = buckets.get(userId) ?? { tokens: burst, at: t };
      const tokens = level(bucket, t);
      if (tokens < 1) return false;
      buckets.set(userId, { tokens: tokens - 1, at: t });
      return true;
    },
    /** Milliseconds until `userId` has a token again (0 when they have one). */
    waitMs(userId: string): number {
      const bucket = buckets.get(userId);
      if (!bucket) return 0;
      const missing = 1 - level(bucket, now());
      return missing <= 0 ? 0 : Math.ceil((missing / perSecond) * 1000);
    },
    /** Forgets the buckets that are full again: they hold nothing a new one would not. */
    sweep() {
      const t = now();
      for (const [userId, bucket] of buckets) if (level(bucket, t) >= burst) buckets.delete(userId);
    },
    size: () => buckets.size,
  };
}

export type Budget = ReturnType<typeof createBudget>;
