import type { Meter, RateLimit } from './rate-limit';

/*
 * What a person's sockets may ask of the database (see realtime.ts). Authorising a topic and
 * checking who may signal typing each cost a query; without a bound, a script that subscribes and
 * unsubscribes in a loop (or reopens its socket to start afresh) makes the server query without
 * end. Each person gets a token bucket: a full page's worth of topics at once (a reconnect
 * resubscribes everything its tabs hold), then a steady trickle. It is kept per person rather than
 * per socket so reopening sockets gains nothing. The bucket lives in the process's memory (no
 * query per token); what the person spends is also counted by the meter (platform/rate-limit.ts),
 * shared with every instance, so a person reaching several processes gets one budget in all, not
 * one per process (REALTIME_ASKS: what the bucket lets through in a minute).
 *
 * Opening a socket costs a session lookup and a presence change that every watcher hears: it
 * counts against the person's own limit too (REALTIME_OPENS, shared the same way), refused with
 * 429 beyond it, so an open/close loop cannot flood watchers or the database.
 */

/** Tokens a person starts with and can save up: a reconnect of a tab or two holding many topics. */
export const BUDGET_BURST = 300;
/** Tokens added per second: far above what scrolling a feed or typing in a chat uses. */
export const BUDGET_PER_SECOND = 10;

/** What one person's buckets let through in a minute, on every process together. */
export const REALTIME_ASKS: RateLimit = {
  name: 'realtime-asks',
  max: BUDGET_BURST + 60 * BUDGET_PER_SECOND,
  windowSec: 60,
};

/** Sockets one person may open per minute, on every process together: a tab reconnecting now and then, a few tabs. */
export const REALTIME_OPENS: RateLimit = { name: 'realtime-opens', max: 60, windowSec: 60 };

type Bucket = { tokens: number; at: number };

export function createBudget(
  opts: { burst?: number; perSecond?: number; now?: () => number; meter?: Meter; shared?: RateLimit } = {},
) {
  const burst = opts.burst ?? BUDGET_BURST;
  const perSecond = opts.perSecond ?? BUDGET_PER_SECOND;
  const now = opts.now ?? Date.now;
  const { meter } = opts;
  const shared = opts.shared ?? REALTIME_ASKS;
  const buckets = new Map<string, Bucket>();
  /** Until when the shared count refuses a person (ms), so waitMs can say so. */
  const sharedUntil = new Map<string, number>();

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
      // What the person spent on the other processes counts too.
      const retry = meter?.wouldAllow(shared, userId) ?? null;
      if (retry !== null) {
        sharedUntil.set(userId, t + retry * 1000);
        return false;
      }
      meter?.hit(shared, userId);
      buckets.set(userId, { tokens: tokens - 1, at: t });
      return true;
    },
    /** Milliseconds until `userId` has a token again (0 when they have one). */
    waitMs(userId: string): number {
      const t = now();
      const shared = Math.max(0, (sharedUntil.get(userId) ?? 0) - t);
      const bucket = buckets.get(userId);
      if (!bucket) return shared;
      const missing = 1 - level(bucket, t);
      return Math.max(shared, missing <= 0 ? 0 : Math.ceil((missing / perSecond) * 1000));
    },
    /** Forgets the buckets that are full again: they hold nothing a new one would not. */
    sweep() {
      const t = now();
      for (const [userId, bucket] of buckets) if (level(bucket, t) >= burst) buckets.delete(userId);
      for (const [userId, until] of sharedUntil) if (until <= t) sharedUntil.delete(userId);
    },
    size: () => buckets.size,
  };
}

export type Budget = ReturnType<typeof createBudget>;
