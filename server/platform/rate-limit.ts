import { sql } from 'drizzle-orm';
import type { Tx } from '../db/rules';
import { AppError } from '../lib/errors';

/*
 * Limits per person, per account or per address that hold across every instance: a fixed-window
 * counter per key in `usage_counters`, bumped with one upsert. A limit is a name, a number of hits
 * and a window; the subject (a user id, a normalised email) makes the key. Windows older than a day
 * are swept (sweepUsageCounters, from the maintenance timer).
 */

export type RateLimit = {
  /** Unique among limits: part of the key. */
  name: string;
  max: number;
  windowSec: number;
};

const keyOf = (limit: RateLimit, subject: string) => `${limit.name}:${subject}`;
/** The start of the window now is in. */
const windowStart = (limit: RateLimit) =>
  sql`to_timestamp(floor(extract(epoch from now()) / ${limit.windowSec}) * ${limit.windowSec})`;
/** Seconds from now until the window of the row `u` ends. */
const secondsLeft = (limit: RateLimit) =>
  sql`ceil(extract(epoch from u.window_start) + ${limit.windowSec} - extract(epoch from now()))::int`;

/**
 * Counts one hit of `subject` against `limit`. Returns null when it is within the limit, else the
 * seconds until the window ends (the hit is still counted: hammering does not open a gap).
 */
export async function consume(db: Tx, limit: RateLimit, subject: string): Promise<number | null> {
  const { rows } = await db.execute<{ hits: number; retry: number }>(sql`
    insert into usage_counters as u (key, window_start, hits)
    values (${keyOf(limit, subject)}, ${windowStart(limit)}, 1)
    on conflict (key, window_start) do update set hits = u.hits + 1
    returning u.hits, ${secondsLeft(limit)} as retry`);
  const row = rows[0]!;
  return Number(row.hits) > limit.max ? Math.max(1, Number(row.retry)) : null;
}

/** consume(), refusing with 429 (and Retry-After) once the limit is reached. */
export async function enforce(db: Tx, limit: RateLimit, subject: string, message?: string): Promise<void> {
  const retryAfter = await consume(db, limit, subject);
  if (retryAfter !== null) throw new AppError('RATE_LIMITED', message, undefined, { retryAfter });
}

/** Forgets windows that ended more than a day ago. */
export async function sweepUsageCounters(db: Tx): Promise<number> {
  const { rows } = await db.execute(
    sql`delete from usage_counters where window_start < now() - interval '1 day' returning 1`,
  );
  return rows.length;
}

/**
 * The hits `subject` has in the current window, without counting one: for limits that count only
 * some outcomes (failed sign-ins), checked before the work and counted with consume() after it.
 * Returns the seconds until the window ends when the limit is reached, else null.
 */
export async function peek(db: Tx, limit: RateLimit, subject: string): Promise<number | null> {
  const { rows } = await db.execute<{ hits: number; retry: number }>(sql`
    select u.hits, ${secondsLeft(limit)} as retry
    from usage_counters u
    where u.key = ${keyOf(limit, subject)} and u.window_start = ${windowStart(limit)}`);
  const row = rows[0];
  return row && Number(row.hits) >= limit.max ? Math.max(1, Number(row.retry)) : null;
}
