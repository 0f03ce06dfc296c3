import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { AppError } from '../lib/errors';
import { consume, createMeter, enforce, peek, sweepUsageCounters } from './rate-limit';

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
    // Sliding: the current window must end, then its weight fall below the limit (under two windows).
    expect(results[3]).toBeLessThanOrEqual(1200);
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

describe('sliding windows (issue 26)', () => {
  it('counts the previous window too: a whole limit at the end of one window leaves nothing at the start of the next', async () => {
    const limit = { name: 'test-slide', max: 5, windowSec: 3600 };
    // The previous window spent the whole limit (as if just before the boundary).
    await database.db.execute(sql`
      insert into usage_counters (key, window_start, hits)
      values ('test-slide:s', to_timestamp(floor(extract(epoch from now()) / 3600) * 3600) - interval '1 hour', 5)`);
    const elapsed = ((Date.now() / 1000) % 3600) / 3600;
    // A fixed window would allow 5 more at once; the sliding one allows what the old window's
    // weight leaves, which is nothing early in the hour.
    const allowed = Math.floor(5 - 5 * (1 - elapsed));
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await consume(database.db, limit, 's'));
    expect(results.filter((r) => r === null)).toHaveLength(allowed);
    expect(await peek(database.db, limit, 's')).toBeGreaterThan(0);
  });
});

describe('the meter', () => {
  it('counts exactly in memory, then shares counts between two processes on one database', async () => {
    let now = 60_000 * 16_666_667 + 1000;
    const limit = { name: 'test-meter', max: 10, windowSec: 60 };
    const a = createMeter({ db: database.db, instanceId: 'a', now: () => now });
    const b = createMeter({ db: database.db, instanceId: 'b', now: () => now });
    b.register(limit);
    for (let i = 0; i < 8; i++) expect(a.hit(limit, 'p')).toBeNull();
    // Before a sync, b knows nothing of a's hits; after it, b allows only what is left.
    await a.sync();
    await b.sync();
    expect([b.hit(limit, 'p'), b.hit(limit, 'p')]).toEqual([null, null]);
    expect(b.hit(limit, 'p')).toBeGreaterThan(0);
    // And a learns of b's.
    await b.sync();
    await a.sync();
    expect(a.hit(limit, 'p')).toBeGreaterThan(0);
    // Another subject is its own; a window later (sliding) part of the old count remains.
    expect(a.hit(limit, 'q')).toBeNull();
    now += 60_000;
    expect(a.wouldAllow(limit, 'p')).toBeGreaterThan(0);
    now += 60_000;
    expect(a.hit(limit, 'p')).toBeNull();
  });
  it('reads back at each sync only the keys past an eighth of their limit, and every key each tenth sync', async () => {
    let now = 60_000 * 16_666_700 + 1000;
    const limit = { name: 'test-meter-readback', max: 16, windowSec: 60 };
    const a = createMeter({ db: database.db, instanceId: 'ra', now: () => now });
    const b = createMeter({ db: database.db, instanceId: 'rb', now: () => now });
    b.register(limit);
    await a.sync(); // the first sync reads every key (none yet)
    await b.sync();
    // 200 people with one hit each, one person with three (past 16 / 8).
    for (let i = 0; i < 200; i++) a.hit(limit, `light-${i}`);
    for (let i = 0; i < 3; i++) a.hit(limit, 'busy');
    await a.sync();
    expect(a.readBack()).toBe(1);
    for (let s = 0; s < 8; s++) await a.sync();
    expect(a.readBack()).toBe(1);
    await a.sync(); // the tenth
    expect(a.readBack()).toBe(201);
    // Spread over two processes, a person is still held to the limit (within a sync's worth).
    let allowed = 0;
    for (let i = 0; i < 20; i++) {
      now += 100;
      if (a.hit(limit, 'spread') === null) allowed++;
      if (b.hit(limit, 'spread') === null) allowed++;
      await a.sync();
      await b.sync();
    }
    expect(allowed).toBeGreaterThanOrEqual(16);
    expect(allowed).toBeLessThanOrEqual(18);
  });

  it('after a failed sync, sends the hits once, summed with the new ones (one row per key and window)', async () => {
    let now = 60_000 * 16_666_667 + 1000;
    const limit = { name: 'test-meter-retry', max: 100, windowSec: 60 };
    let failNext = true;
    const errors: unknown[] = [];
    const flaky = new Proxy(database.db, {
      get(target, prop, receiver) {
        if (prop === 'execute' && failNext) {
          return () => {
            failNext = false;
            return Promise.reject(new Error('database away'));
          };
        }
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const a = createMeter({ db: flaky, instanceId: 'ra', now: () => now, onError: (e) => errors.push(e) });
    const b = createMeter({ db: database.db, instanceId: 'rb', now: () => now });
    b.register(limit);
    for (let i = 0; i < 5; i++) a.hit(limit, 'p');
    await a.sync();
    expect(errors).toHaveLength(1);
    // The same key and window again: the retry holds both, and must be one row, not two.
    for (let i = 0; i < 3; i++) a.hit(limit, 'p');
    now += 10;
    await a.sync();
    expect(errors).toHaveLength(1);
    await b.sync();
    const { rows } = await database.db.execute<{ hits: number }>(
      sql`select hits from usage_tally where instance_id = 'ra' and key = 'test-meter-retry:p'`,
    );
    expect(rows.map((r) => Number(r.hits))).toEqual([8]);
  });

  it('a sync called while another runs still sends the hits counted since that one began', async () => {
    const now = 60_000 * 16_666_667 + 2000;
    const limit = { name: 'test-meter-overlap', max: 100, windowSec: 60 };
    // The first sync's write waits until the test lets it go, as a slow database would.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let first = true;
    const slow = new Proxy(database.db, {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (prop !== 'execute' || !first) return value;
        first = false;
        return async (...args: unknown[]) => {
          await held;
          return (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        };
      },
    });
    const a = createMeter({ db: slow, instanceId: 'oa', now: () => now });
    for (let i = 0; i < 4; i++) a.hit(limit, 'p');
    const running = a.sync();
    // Counted after the running sync gathered its batch.
    for (let i = 0; i < 3; i++) a.hit(limit, 'p');
    const mine = a.sync();
    release();
    await Promise.all([running, mine]);
    const { rows } = await database.db.execute<{ hits: number }>(
      sql`select hits from usage_tally where instance_id = 'oa' and key = 'test-meter-overlap:p'`,
    );
    expect(rows.map((r) => Number(r.hits))).toEqual([7]);
  });
});
