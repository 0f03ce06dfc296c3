import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { AppError } from '../lib/errors';
import { consume, enforce, sweepUsageCounters } from './rate-limit';

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.drop());

describe('limits kept in the database', () => {
  it('allows max hits per window, then answers the seconds left, per subject', async () => {
    const limit = { name: 'test-a', max: 3, windowSec: 600 };
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await consume(database.db, limit, 'alice'));
    expect(results.slice(0, 3)).toEqual([null, null, null]);
    expect(results[3]).toBeGreaterThan(0);
    expect(results[3]).toBeLessThanOrEqual(600);
    // Another subject, and another limit for the same subject, count on their own.
    expect(await consume(database.db, limit, 'bob')).toBeNull();
    expect(await consume(database.db, { ...limit, name: 'test-b' }, 'alice')).toBeNull();
  });

  it('enforce throws a 429 with Retry-After', async () => {
    const limit = { name: 'test-c', max: 1, windowSec: 60 };
    await enforce(database.db, limit, 'x');
    const err = await enforce(database.db, limit, 'x', 'Slow down.').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(429);
    expect((err as AppError).message).toBe('Slow down.');
    expect((err as AppError).retryAfter).toBeGreaterThan(0);
  });

  it('counts every hit once under concurrency', async () => {
    const limit = { name: 'test-d', max: 10, windowSec: 600 };
    const results = await Promise.all(Array.from({ length: 25 }, () => consume(database.db, limit, 's')));
    expect(results.filter((r) => r === null)).toHaveLength(10);
  });

  it('sweeps windows older than a day only', async () => {
    await database.db.execute(
      sql`insert into usage_counters (key, window_start, hits) values ('old:x', now() - interval '2 days', 5)`,
    );
    expect(await sweepUsageCounters(database.db)).toBe(1);
    const { rows } = await database.db.execute(sql`select count(*)::int as n from usage_counters`);
    expect(Number(rows[0]!.n)).toBeGreaterThan(0);
  });
});
