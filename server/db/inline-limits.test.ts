import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { inlineLimits, openDatabase, queryRowsPlannedOnce } from './client';

/*
 * A prepared statement whose LIMIT is a parameter is planned again on every run (its generic plan
 * never looks cheaper), so small LIMIT values are written into the statement's text.
 */

describe('inlineLimits', () => {
  it('writes a small LIMIT into the text and renumbers the parameters after it', () => {
    expect(inlineLimits('select * from t where a = $1 order by b limit $2 offset $3', ['x', 21, 40])).toEqual(
      {
        text: 'select * from t where a = $1 order by b limit 21 offset $2',
        values: ['x', 40],
      },
    );
    expect(inlineLimits('select * from t limit $1', ['101'])).toEqual({
      text: 'select * from t limit 101',
      values: [],
    });
    // Every LIMIT of the statement (a union of two lists), and $10 is not mistaken for $1.
    const values = Array.from({ length: 11 }, (_, i) => `v${i + 1}`);
    values[0] = 5 as unknown as string;
    values[10] = 7 as unknown as string;
    expect(
      inlineLimits('(select $2,$3,$4,$5,$6,$7,$8,$9 limit $1) union all (select $10 limit $11)', values),
    ).toEqual({
      text: '(select $1,$2,$3,$4,$5,$6,$7,$8 limit 5) union all (select $9 limit 7)',
      values: values.slice(1, 10),
    });
  });

  it('rewrites a text once per set of values, and binds the values of each call', () => {
    const text = 'select * from inline_limits_again where a = $1 limit $2 offset $3';
    const first = inlineLimits(text, ['x', 20, 0]);
    const second = inlineLimits(text, ['y', 20, 40]);
    expect(first).toEqual({
      text: 'select * from inline_limits_again where a = $1 limit 20 offset $2',
      values: ['x', 0],
    });
    expect(second).toEqual({ text: first!.text, values: ['y', 40] });
    // The very same string: PostgreSQL's prepared statement is found by it without another copy.
    expect(second!.text).toBe(first!.text);
    expect(inlineLimits(text, ['z', 10, 5])).toEqual({
      text: 'select * from inline_limits_again where a = $1 limit 10 offset $2',
      values: ['z', 5],
    });
    // A text with no LIMIT parameter, asked twice, is still left alone.
    expect(inlineLimits('select * from inline_limits_none where a = $1', [1])).toBeNull();
    expect(inlineLimits('select * from inline_limits_none where a = $1', [2])).toBeNull();
  });

  it('leaves what is not a small whole number used once, and what has no LIMIT parameter', () => {
    expect(inlineLimits('select * from t limit 10', [])).toBeNull();
    expect(inlineLimits('select * from t where a = $1', [1])).toBeNull();
    expect(inlineLimits('select * from t limit $1', [100_000])).toBeNull();
    expect(inlineLimits('select * from t limit $1', [-1])).toBeNull();
    expect(inlineLimits('select * from t limit $1', [2.5])).toBeNull();
    expect(inlineLimits('select * from t limit $1', ['5; drop table t'])).toBeNull();
    // The same parameter used elsewhere too stays a parameter.
    expect(inlineLimits('select $1::int as n from t limit $1', [3])).toBeNull();
  });

  it('writes in at most a few distinct values per statement: a client asking every size gets the parameter', () => {
    const text = 'select * from inline_limits_cap where a = $1 limit $2';
    const inlined = Array.from({ length: 20 }, (_, n) => inlineLimits(text, ['x', n + 1]));
    expect(inlined.filter(Boolean)).toHaveLength(8);
    expect(inlined.slice(8).every((r) => r === null)).toBe(true);
    // A value already written in stays written in.
    expect(inlineLimits(text, ['x', 3])?.text).toBe('select * from inline_limits_cap where a = $1 limit 3');
  });
});

const source = inject('testDb');

// The embedded database runs statements as they are (no pool, nothing prepared).
describe.runIf(source.kind !== 'pglite')('on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  it('such a statement gets the right rows and keeps a generic plan', async () => {
    if (source.kind === 'pglite') throw new Error('PostgreSQL only');
    const database = await openDatabase({ url: source.url, poolSize: 1 });
    try {
      for (let run = 0; run < 8; run++) {
        const rows = await database.db.execute<{ g: number }>(
          sql`select g from generate_series(1, 50) g where g > ${run} order by g limit ${3}`,
        );
        expect(rows.rows.map((r) => Number(r.g))).toEqual([run + 1, run + 2, run + 3]);
      }
      // One pooled connection: the statements prepared on it are the ones just run.
      const plans = await database.db.execute<{ statement: string; generic: number; custom: number }>(
        sql`select statement, generic_plans::int as generic, custom_plans::int as custom
            from pg_prepared_statements where statement like ${'%generate_series(1, 50)%'}`,
      );
      expect(plans.rows).toHaveLength(1);
      expect(plans.rows[0]!.statement).toContain('limit 3');
      expect(plans.rows[0]!.generic).toBeGreaterThan(0);
    } finally {
      await database.close();
    }
  });

  it('a statement costly to plan runs on sessions that always keep its generic plan', async () => {
    if (source.kind === 'pglite') throw new Error('PostgreSQL only');
    const database = await openDatabase({ url: source.url, poolSize: 1 });
    try {
      const setting = sql`select current_setting('plan_cache_mode') as mode`;
      expect((await database.db.execute<{ mode: string }>(setting)).rows[0]!.mode).toBe('auto');
      expect((await queryRowsPlannedOnce<{ mode: string }>(database.db, setting))[0]!.mode).toBe(
        'force_generic_plan',
      );
      // A pattern known at planning time would get a custom plan on every run; here, never one.
      for (const word of ['a%', 'b%', 'c%']) {
        const rows = await queryRowsPlannedOnce<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from (select 'a' || g as w from generate_series(1, 9) g) t where w like ${word}`,
        );
        expect(rows[0]!.n).toBe(word === 'a%' ? 9 : 0);
      }
      const plans = await queryRowsPlannedOnce<{ generic: number; custom: number }>(
        database.db,
        sql`select generic_plans::int as generic, custom_plans::int as custom
            from pg_prepared_statements where statement like ${'%generate_series(1, 9)%'}`,
      );
      expect(plans).toEqual([{ generic: 3, custom: 0 }]);
    } finally {
      await database.close();
    }
  });
});
