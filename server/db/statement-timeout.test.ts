import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readEnv } from '../env';
import { openTestDatabase } from '../test/harness';
import { DEFAULT_STATEMENT_TIMEOUT_MS, MIGRATION_LOCK, openDatabase, type Database } from './client';

/*
 * A runaway statement must not hold a pooled connection for good (issue 13, hole 5): PostgreSQL
 * connections cancel any statement past STATEMENT_TIMEOUT_MS, except while migrating. PGlite cannot
 * (see openDatabase), and says so below.
 */

const kind = inject('testDb').kind;

let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.drop());

const setting = async (db: Database['db']) =>
  (await db.execute<{ statement_timeout: string }>(sql`show statement_timeout`)).rows[0]!.statement_timeout;

it('reads STATEMENT_TIMEOUT_MS from the environment, unset by default', () => {
  expect(readEnv({ STATEMENT_TIMEOUT_MS: '2500' }).statementTimeoutMs).toBe(2500);
  expect(readEnv({ STATEMENT_TIMEOUT_MS: '0' }).statementTimeoutMs).toBe(0);
  expect(readEnv({}).statementTimeoutMs).toBeUndefined();
  expect(() => readEnv({ STATEMENT_TIMEOUT_MS: 'soon' })).toThrow(/STATEMENT_TIMEOUT_MS/);
});

describe.runIf(kind === 'postgres')('on PostgreSQL', () => {
  it('every pooled connection has the default statement timeout', async () => {
    // Several at once, so the pool opens several connections.
    const values = await Promise.all(Array.from({ length: 4 }, () => setting(database.db)));
    expect(values).toEqual(Array(4).fill(`${DEFAULT_STATEMENT_TIMEOUT_MS / 1000}s`));
  });

  it('cancels a statement that runs past it, and the pool goes on', async () => {
    const short = await openDatabase({ url: database.url!, poolSize: 1, statementTimeoutMs: 200 });
    try {
      const started = Date.now();
      const err = await short.db.execute(sql`select pg_sleep(5)`).then(
        () => null,
        (e: unknown) => e as Error & { code?: string; cause?: { code?: string } },
      );
      expect(err).not.toBeNull();
      expect(err!.cause?.code ?? err!.code).toBe('57014');
      expect(Date.now() - started).toBeLessThan(4000);
      expect((await short.db.execute(sql`select 1 as one`)).rows).toEqual([{ one: 1 }]);
    } finally {
      await short.close();
    }
  });

  it('migrations are not cut off: waiting for another instance’s migration outlasts the timeout', async () => {
    const short = await openDatabase({ url: database.url!, poolSize: 1, statementTimeoutMs: 200 });
    // Another instance migrating: it holds the migration lock for a second.
    const other = new pg.Client({ connectionString: database.url! });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      const released = new Promise<void>((resolve) =>
        setTimeout(
          () => void other.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).then(() => resolve()),
          1000,
        ),
      );
      const started = Date.now();
      await short.migrate();
      await released;
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
      // The connection it used has its timeout back.
      expect(await setting(short.db)).toBe('200ms');
    } finally {
      await other.end();
      await short.close();
    }
  });
});

describe.runIf(kind === 'pglite')('on PGlite', () => {
  it('sets none: the embedded database could not enforce one', async () => {
    expect(await setting(database.db)).toBe('0');
  });
});
