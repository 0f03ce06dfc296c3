import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readEnv } from '../env';
import { openTestDatabase } from '../test/harness';
import { openDatabase } from './client';

/*
 * Each server process keeps at most DB_POOL_SIZE connections to PostgreSQL (10 by default): on a
 * small box that also runs the database, fewer connections mean fewer PostgreSQL processes planning
 * the same prepared statements.
 */

const kind = inject('testDb').kind;

it('reads DB_POOL_SIZE from the environment, unset by default', () => {
  expect(readEnv({ DB_POOL_SIZE: '4' }).dbPoolSize).toBe(4);
  expect(readEnv({}).dbPoolSize).toBeUndefined();
  expect(() => readEnv({ DB_POOL_SIZE: '0' })).toThrow(/DB_POOL_SIZE/);
  expect(() => readEnv({ DB_POOL_SIZE: 'many' })).toThrow(/DB_POOL_SIZE/);
});

describe.runIf(kind === 'postgres')('on PostgreSQL', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database?.drop());

  it('opens no more connections than the pool size, however many statements wait', async () => {
    const small = await openDatabase({ url: database.url!, poolSize: 2 });
    try {
      const pids = await Promise.all(
        Array.from({ length: 8 }, async () => {
          const { rows } = await small.db.execute<{ pid: number }>(
            sql`select pg_backend_pid() as pid, pg_sleep(0.05)`,
          );
          return rows[0]!.pid;
        }),
      );
      expect(pids).toHaveLength(8);
      expect(new Set(pids).size).toBe(2);
    } finally {
      await small.close();
    }
  });
});
