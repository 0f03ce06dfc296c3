import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/harness';
import { preparedFor, statementOnce, type Db } from './client';
import { profiles } from './schema';

/*
 * The hottest reads are written once and bound per call (statementOnce) or prepared once per
 * database (preparedFor), instead of drizzle building their text on every request. They must answer
 * exactly what the statement built per call answers, on both drivers.
 */

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.drop());

type Row = { n: number; word: string; at: string; day: string; list: string[]; none: null };
const build = ({ n, word, limit }: { n: number; word: string; limit: number }) =>
  sql`select g as n, ${word}::text || g as word, timestamptz '2024-05-06 07:08:09+00' + make_interval(days => g) as at,
      date '2024-01-01' + g as day, array['a', ${word}::text] as list, null as none
    from generate_series(1, 20) g where g > ${n} order by g limit ${limit}`;

describe('statementOnce', () => {
  it('answers what the statement built with its values answers, for each call’s values', async () => {
    const once = statementOnce<{ n: number; word: string; limit: number }, Row>(build);
    for (const values of [
      { n: 3, word: 'x', limit: 2 },
      { n: 10, word: "it's", limit: 5 },
      { n: 19, word: 'z', limit: 3 },
      { n: 3, word: 'x', limit: 2 },
    ]) {
      const built = (await database.db.execute<Row>(build(values))).rows;
      expect(await once(database.db, values)).toEqual(built);
      expect(built.length).toBeGreaterThan(0);
    }
    // Dates stay the text PostgreSQL sent, as drizzle's execute leaves them.
    const [row] = await once(database.db, { n: 0, word: 'w', limit: 1 });
    expect(row!.at).toBe('2024-05-07 07:08:09+00');
    expect(row!.day).toBe('2024-01-02');
  });

  it('in a transaction, runs the statement built with its values inside it', async () => {
    const once = statementOnce<{ id: string }, { n: number }>(
      ({ id }) => sql`select count(*)::int as n from profiles where id = ${id}::uuid`,
    );
    const id = '00000000-0000-4000-8000-00000000a001';
    const seen = await database.db
      .transaction(async (tx) => {
        await tx.execute(
          sql`insert into users (id, name, email, email_verified, created_at, updated_at)
              values (${id}, 'Once', 'once@example.com', true, now(), now())`,
        );
        await tx
          .insert(profiles)
          .values({ id, username: 'once_in_tx', email: 'once@example.com', fullName: 'Once' });
        const inside = await once(tx, { id });
        tx.rollback();
        return inside;
      })
      .catch((err: Error) => (/rollback/i.test(err.message) ? 'rolled back' : Promise.reject(err)));
    expect(seen).toBe('rolled back');
    // Outside, after the rollback: not there.
    expect(await once(database.db, { id })).toEqual([{ n: 0 }]);
  });

  it('refuses a value the statement does not bind as a parameter', async () => {
    const derived = statementOnce<{ limit: number }, { n: number }>(
      ({ limit }) => sql`select 1 as n limit ${sql.raw(String(limit))}`,
    );
    await expect(derived(database.db, { limit: 3 })).rejects.toThrow(/"limit" is not a parameter/);
    const spread = statementOnce<{ a: number; b: number }, { n: number }>(
      ({ ...all }) => sql`select ${all.a}::int + ${all.b}::int as n`,
    );
    await expect(spread(database.db, { a: 1, b: 2 })).rejects.toThrow(/no rest or spread/);
  });
});

describe('preparedFor', () => {
  it('prepares once per database and binds each call’s values', async () => {
    let made = 0;
    const byId = preparedFor((db: Db) => {
      made++;
      return db
        .select({ username: profiles.username })
        .from(profiles)
        .where(eq(profiles.id, sql.placeholder('id')))
        .prepare('statement_once_test_by_id');
    });
    const [a, b] = await database.db
      .select({ id: profiles.id, username: profiles.username })
      .from(profiles)
      .limit(2);
    if (a && b) {
      expect(await byId(database.db).execute({ id: a.id })).toEqual([{ username: a.username }]);
      expect(await byId(database.db).execute({ id: b.id })).toEqual([{ username: b.username }]);
    }
    expect(await byId(database.db).execute({ id: '00000000-0000-4000-8000-00000000a002' })).toEqual([]);
    expect(made).toBe(1);
  });
});
