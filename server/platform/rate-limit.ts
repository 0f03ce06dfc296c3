import { sql } from 'drizzle-orm';
import type { Tx } from '../db/rules';
import { AppError } from '../lib/errors';

/*
 * Limits per person, per account or per address that hold across every instance. Two kinds:
 *
 * - Rare, costly actions (a group invitation, a report, a failed sign-in): a counter per key and
 *   window in `usage_counters`, bumped with one upsert in the request (consume, enforce, peek).
 * - Every request (reads and writes, createMeter): exact counters in the process's memory, so a
 *   request costs no database round trip, and a shared tally (`usage_tally`, an UNLOGGED table)
 *   that each process adds its new hits to about once a second and reads the others' back from. A
 *   limit is checked on the process's own hits plus the others' last-known ones: across N
 *   processes a person can pass a limit by at most what they manage in one sync interval. A
 *   process reads back the keys it counts itself past an eighth of their limit (every key each
 *   tenth sync: see READ_BACK_SHARE), and every key some process has marked as past half its limit
 *   (`near`), so a person near their limit on one process meets it on the others before their
 *   first request there. With one process (the embedded database), the counters are exact.
 *
 * Both count in sliding windows: the hits of the current fixed window plus the previous window's,
 * weighted by how much of it the sliding window still covers. A fixed window alone lets a person
 * spend a whole limit at the end of one window and again at the start of the next (twice the
 * limit in a moment); a sliding one never allows more than the limit over any window-long span
 * (up to the estimate's rounding). Windows older than a day are swept (sweepUsageCounters, from
 * the maintenance timer).
 */

export type RateLimit = {
  /** Unique among limits: part of the key. */
  name: string;
  max: number;
  windowSec: number;
};

const keyOf = (limit: RateLimit, subject: string) => `${limit.name}:${subject}`;

/**
 * The sliding-window estimate of hits (the current window's `cur`, the previous one's `prev`, a
 * fraction `elapsed` of the current window gone) and, when it is over `max`, the seconds until it
 * is not. Returns null when within the limit.
 */
export function slidingRetry(
  limit: RateLimit,
  counts: { cur: number; prev: number; elapsed: number },
  allowed = limit.max,
): number | null {
  const { cur, prev, elapsed } = counts;
  const estimate = prev * (1 - elapsed) + cur;
  if (estimate <= allowed) return null;
  const w = limit.windowSec;
  // The current window alone is over: wait for it to end, then for its weight to fall enough.
  if (cur > allowed) return Math.max(1, Math.ceil(w * (1 - elapsed) + w * (1 - allowed / cur)));
  // The previous window's share puts it over: wait until that share is small enough.
  const needed = 1 - (allowed - cur) / prev;
  return Math.max(1, Math.ceil(w * (needed - elapsed)));
}

/** The current window's start, and the previous one's, of the row `u`. */
const windowStart = (limit: RateLimit) =>
  sql`to_timestamp(floor(extract(epoch from now()) / ${limit.windowSec}) * ${limit.windowSec})`;

type Counts = { cur: number; prev: number; elapsed: number };

/** The hits of the previous window of `key` (a sub-select), beside the current one's. */
const prevHits = (key: string, limit: RateLimit) =>
  sql`coalesce((select p.hits from usage_counters p where p.key = ${key}
        and p.window_start = ${windowStart(limit)} - make_interval(secs => ${limit.windowSec})), 0)`;
const elapsedOf = (limit: RateLimit) =>
  sql`(extract(epoch from now()) - extract(epoch from ${windowStart(limit)})) / ${limit.windowSec}`;

const countsOf = (row: { hits: number; prev: number; elapsed: number }): Counts => ({
  cur: Number(row.hits),
  prev: Number(row.prev),
  elapsed: Math.min(1, Math.max(0, Number(row.elapsed))),
});

/**
 * Counts one hit of `subject` against `limit`. Returns null when it is within the limit, else the
 * seconds until the sliding window allows one again (the hit is still counted: hammering does not
 * open a gap).
 */
export async function consume(db: Tx, limit: RateLimit, subject: string): Promise<number | null> {
  const key = keyOf(limit, subject);
  const { rows } = await db.execute<{ hits: number; prev: number; elapsed: number }>(sql`
    with cur as (
      insert into usage_counters as u (key, window_start, hits)
      values (${key}, ${windowStart(limit)}, 1)
      on conflict (key, window_start) do update set hits = u.hits + 1
      returning u.hits)
    select cur.hits, ${prevHits(key, limit)} as prev, ${elapsedOf(limit)} as elapsed from cur`);
  return slidingRetry(limit, countsOf(rows[0]!));
}

/** consume(), refusing with 429 (and Retry-After) once the limit is reached. */
export async function enforce(db: Tx, limit: RateLimit, subject: string, message?: string): Promise<void> {
  const retryAfter = await consume(db, limit, subject);
  if (retryAfter !== null) throw new AppError('RATE_LIMITED', message, undefined, { retryAfter });
}

/** Forgets windows that ended more than a day ago (and the shared tally's, and old backoffs). */
export async function sweepUsageCounters(db: Tx): Promise<number> {
  const { rows } = await db.execute(
    sql`delete from usage_counters where window_start < now() - interval '1 day' returning 1`,
  );
  await db.execute(sql`delete from usage_tally where seen_at < now() - interval '1 day'`);
  await db.execute(sql`delete from sign_in_backoff where last_at < now() - interval '1 day'`);
  return rows.length;
}

/**
 * The hits `subject` has in the sliding window, without counting one: for limits that count only
 * some outcomes (failed sign-ins), checked before the work and counted with consume() after it.
 * Returns the seconds until one more is allowed when the limit is reached, else null.
 */
export async function peek(db: Tx, limit: RateLimit, subject: string): Promise<number | null> {
  const key = keyOf(limit, subject);
  const { rows } = await db.execute<{ hits: number; prev: number; elapsed: number }>(sql`
    select coalesce((select u.hits from usage_counters u
             where u.key = ${key} and u.window_start = ${windowStart(limit)}), 0) as hits,
           ${prevHits(key, limit)} as prev, ${elapsedOf(limit)} as elapsed`);
  // Reached: one more would be over.
  return slidingRetry(limit, countsOf(rows[0]!), limit.max - 1);
}

/* ------------------------------------------------------------------------------------------------
 * The meter: per-request limits with no database round trip (see the top of the file).
 */

/** How often a process adds its hits to the shared tally and reads the others' back. */
export const METER_SYNC_MS = 1000;
/**
 * A key is read back at each sync only once this process counts at least 1/READ_BACK_SHARE of its
 * limit (or some process marked it near): with up to READ_BACK_SHARE processes, people under that
 * share everywhere are under the limit in all. Every FULL_SYNC_EVERY-th sync reads back every key,
 * so what the others count is never older than that many intervals. The read then grows with the
 * people near a limit, not with everyone active.
 */
const READ_BACK_SHARE = 8;
const FULL_SYNC_EVERY = 10;
/** Unsent (key, window) rows kept while the shared tally cannot be reached; beyond, hits stay local. */
const MAX_LATE = 50_000;

type Entry = {
  limit: RateLimit;
  /** The current window's number (epoch / window length), and this process's hits in it and the one before. */
  w: number;
  cur: number;
  prev: number;
  /** The other processes' hits in window `w` and the one before, as of the last sync. */
  otherCur: number;
  otherPrev: number;
  /** Hits of window `w` not yet added to the shared tally. */
  unsent: number;
};

export function createMeter(opts: {
  db: Tx;
  /** This process's name in the shared tally (the bus's instance id). */
  instanceId: string;
  syncMs?: number;
  now?: () => number;
  onError?: (err: unknown) => void;
}) {
  const { db, instanceId } = opts;
  const now = opts.now ?? Date.now;
  const entries = new Map<string, Entry>();
  /** The limits counted, by name: a key another process marks near its limit is known by its name. */
  const limits = new Map<string, RateLimit>();
  /** Hits of windows that ended before they were sent: key, window, hits. */
  let late: { key: string; w: number; hits: number }[] = [];
  let timer: ReturnType<typeof setInterval> | undefined;
  let syncing: Promise<void> | null = null;
  let syncs = 0;
  let lastReadBack = 0;

  /** Brings an entry to the window `now` is in. */
  function roll(e: Entry, key: string, t: number) {
    const w = Math.floor(t / (e.limit.windowSec * 1000));
    if (w === e.w) return;
    if (e.unsent) late.push({ key, w: e.w, hits: e.unsent });
    const adjacent = w === e.w + 1;
    e.prev = adjacent ? e.cur : 0;
    e.otherPrev = adjacent ? e.otherCur : 0;
    e.cur = 0;
    e.otherCur = 0;
    e.unsent = 0;
    e.w = w;
  }

  function entryOf(limit: RateLimit, subject: string, t: number) {
    const key = keyOf(limit, subject);
    if (limits.get(limit.name) !== limit) limits.set(limit.name, limit);
    let e = entries.get(key);
    if (!e) {
      e = {
        limit,
        w: Math.floor(t / (limit.windowSec * 1000)),
        cur: 0,
        prev: 0,
        otherCur: 0,
        otherPrev: 0,
        unsent: 0,
      };
      entries.set(key, e);
    }
    roll(e, key, t);
    return { key, e };
  }

  const elapsedIn = (e: Entry, t: number) =>
    (t - e.w * e.limit.windowSec * 1000) / (e.limit.windowSec * 1000);

  /** Counts `cost` hits; null when within the limit, else the seconds until it allows one again. */
  function hit(limit: RateLimit, subject: string, cost = 1): number | null {
    const t = now();
    const { e } = entryOf(limit, subject, t);
    e.cur += cost;
    e.unsent += cost;
    return slidingRetry(limit, {
      cur: e.cur + e.otherCur,
      prev: e.prev + e.otherPrev,
      elapsed: elapsedIn(e, t),
    });
  }

  /** Whether `cost` more hits would be within the limit, counting none. */
  function wouldAllow(limit: RateLimit, subject: string, cost = 1): number | null {
    const t = now();
    const { e } = entryOf(limit, subject, t);
    return slidingRetry(limit, {
      cur: e.cur + e.otherCur + cost,
      prev: e.prev + e.otherPrev,
      elapsed: elapsedIn(e, t),
    });
  }

  /** Adds this process's new hits to the shared tally and reads the others' back. */
  async function syncNow() {
    const t = now();
    // One row per (key, window): hits left over from a failed sync and new ones are summed, since
    // one statement may not update a row twice.
    const batch = new Map<string, { key: string; w: number; hits: number; near?: boolean }>();
    const add = (r: { key: string; w: number; hits: number; near?: boolean }) => {
      const id = `${r.w}|${r.key}`;
      const had = batch.get(id);
      if (had) {
        had.hits += r.hits;
        had.near = !!had.near || !!r.near;
      } else batch.set(id, { ...r });
    };
    for (const r of late) add(r);
    late = [];
    const everyKey = syncs++ % FULL_SYNC_EVERY === 0;
    const watched: string[] = [];
    for (const [key, e] of entries) {
      roll(e, key, t);
      const estimate = (e.prev + e.otherPrev) * (1 - elapsedIn(e, t)) + e.cur + e.otherCur;
      if (e.unsent) add({ key, w: e.w, hits: e.unsent, near: estimate * 2 >= e.limit.max });
      e.unsent = 0;
      // Nothing left to know about: forget it (a later hit starts afresh and syncs again).
      if (!e.cur && !e.prev && !e.otherCur && !e.otherPrev) entries.delete(key);
      else if (everyKey || estimate * READ_BACK_SHARE >= e.limit.max) watched.push(key);
    }
    const sending = [...batch.values()];
    let sent = false;
    try {
      if (sending.length)
        await db.execute(sql`
          insert into usage_tally as u (key, w, instance_id, hits, near)
          select x.key, x.w, ${instanceId}, x.hits, coalesce(x.near, false)
          from jsonb_to_recordset(${JSON.stringify(sending)}::jsonb) as x(key text, w bigint, hits int, near boolean)
          on conflict (key, w, instance_id) do update
            set hits = u.hits + excluded.hits, near = u.near or excluded.near, seen_at = now()`);
      sent = true;
      lastReadBack = watched.length;
      // The keys counted here, and those near their limit anywhere (the longest window is an hour).
      const { rows } = await db.execute<{ key: string; w: string | number; hits: number }>(sql`
        select key, w, sum(hits)::int as hits from usage_tally
        where instance_id <> ${instanceId}
          and key in (
            select jsonb_array_elements_text(${JSON.stringify(watched)}::jsonb)
            union select n.key from usage_tally n where n.near and n.seen_at > now() - interval '2 hours')
        group by key, w`);
      const seen = new Map<string, { cur: number; prev: number }>();
      for (const r of rows) {
        let e = entries.get(r.key);
        if (!e) {
          const limit = limits.get(r.key.slice(0, r.key.indexOf(':')));
          if (!limit) continue;
          e = entryOf(limit, r.key.slice(r.key.indexOf(':') + 1), t).e;
          watched.push(r.key);
        }
        const s = seen.get(r.key) ?? { cur: 0, prev: 0 };
        if (Number(r.w) === e.w) s.cur += Number(r.hits);
        else if (Number(r.w) === e.w - 1) s.prev += Number(r.hits);
        seen.set(r.key, s);
      }
      for (const key of watched) {
        const e = entries.get(key);
        if (!e) continue;
        const s = seen.get(key);
        e.otherCur = s?.cur ?? 0;
        e.otherPrev = s?.prev ?? 0;
      }
    } catch (err) {
      // Not sent: added again next time (the counts stay exact locally meanwhile), but never
      // twice, and never more than a bounded backlog while the database is away.
      if (!sent) late.push(...sending.slice(0, MAX_LATE - late.length));
      opts.onError?.(err);
    }
  }

  /** The periodic sync: skipped while one runs (the next tick takes what this one would have). */
  const tick = () => (syncing ??= syncNow().finally(() => (syncing = null)));
  let following: Promise<void> | null = null;
  /**
   * A sync that sends every hit counted before the call. One already running gathered its batch
   * before, so joining it would leave out what was counted since (a test's last hits, a process's
   * hits at its stop): wait for it, then run one more, shared by every caller meanwhile.
   */
  const sync = (): Promise<void> =>
    syncing
      ? (following ??= syncing
          .catch(() => undefined)
          .then(() => {
            following = null;
            return sync();
          }))
      : tick();

  return {
    hit,
    wouldAllow,
    /** Limits this process counts, known by name before their first hit here. */
    register(...named: RateLimit[]) {
      for (const limit of named) limits.set(limit.name, limit);
    },
    /** hit(), refusing with 429 (and Retry-After) beyond the limit. */
    enforce(limit: RateLimit, subject: string, message?: string, cost = 1) {
      const retryAfter = hit(limit, subject, cost);
      if (retryAfter !== null) throw new AppError('RATE_LIMITED', message, undefined, { retryAfter });
    },
    sync,
    start() {
      timer ??= setInterval(() => void tick(), opts.syncMs ?? METER_SYNC_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await sync().catch(() => undefined);
    },
    /** How many keys the process holds (tests, health). */
    size: () => entries.size,
    /** How many keys the last sync asked the others' counts of (tests). */
    readBack: () => lastReadBack,
  };
}

export type Meter = ReturnType<typeof createMeter>;
