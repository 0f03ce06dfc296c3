import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Db } from '../db/client';
import type { Logger } from '../lib/logger';

/*
 * The realtime socket's own way to the database for what it checks while delivering an event
 * (who blocks the author of a new comment, see realtime.ts). On PostgreSQL it is a small pool of
 * its own: through the app's pool, an event waited behind every request queued there, and when
 * the database was busy a new comment reached its readers seconds after it was written (while a
 * reaction, which needs no check, came at once). On the embedded database (one connection, one
 * process) it is the app's database.
 *
 * Should the lane fail (its connections lost), the check is asked through the app's pool instead,
 * as before: an event is never sent to someone a failed check might hide it from.
 */

/** Connections of the lane per process: the checks are one short statement each. */
export const LANE_CONNECTIONS = 2;
/** A check running longer than this is cancelled (the event is then asked through the app's pool). */
const LANE_STATEMENT_TIMEOUT_MS = 5_000;
/** Idle connections are kept as the app's are (a new one costs PostgreSQL a process). */
const LANE_IDLE_MS = 10 * 60_000;

export type Lane = {
  /** The rows of one statement. */
  rows<T>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
};

export function createLane(opts: { db: Db; url?: string; logger: Logger }): Lane {
  const { db, url, logger } = opts;
  const viaApp = async <T>(query: SQL) => (await db.execute(query)).rows as T[];
  if (!url) return { rows: viaApp, close: async () => {} };
  const pool = new pg.Pool({
    connectionString: url,
    max: LANE_CONNECTIONS,
    idleTimeoutMillis: LANE_IDLE_MS,
    options: `-c statement_timeout=${LANE_STATEMENT_TIMEOUT_MS}`,
  });
  pool.on('error', () => {
    // An idle connection was lost; the pool opens another when asked.
  });
  const dialect = new PgDialect();
  let closed = false;
  return {
    async rows<T>(query: SQL) {
      if (closed) return viaApp<T>(query);
      const { sql: text, params } = dialect.sqlToQuery(query);
      try {
        return (await pool.query(text, params)).rows as T[];
      } catch (err) {
        logger.warn({ err }, 'realtime lane: check failed; asked through the app pool');
        return viaApp<T>(query);
      }
    },
    async close() {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
