import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../env';
import * as schema from './schema';

/**
 * Both drivers produce the same PostgreSQL dialect; the app is typed against node-postgres and the
 * PGlite instance is used through the same interface.
 */
export type Db = NodePgDatabase<typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection string (the realtime bus opens its own connections). */
  url?: string;
  /** Apply the committed SQL migrations; safe when several instances start at once. */
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
  /** PGlite only: the embedded instance (tests dump and load it). */
  pglite?: PGlite;
};

export type DatabaseOptions =
  { url: string; poolSize?: number } | { dataDir: string } | { pglite: PGlite } | { memory: true };

// Any fixed number: every instance takes the same lock while it migrates.
const MIGRATION_LOCK = 727_001;

export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if ('url' in opts) {
    const pool = new pg.Pool({ connectionString: opts.url, max: opts.poolSize ?? 10 });
    pool.on('error', () => {
      // An idle client lost its connection; the pool replaces it. Queries report their own errors.
    });
    const db = drizzlePg({ client: pool, schema });
    return {
      db,
      kind: 'postgres',
      url: opts.url,
      async migrate() {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
          try {
            await migratePg(drizzlePg({ client, schema }), { migrationsFolder: MIGRATIONS_DIR });
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
          }
        } finally {
          client.release();
        }
      },
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }

  let client: PGlite;
  if ('pglite' in opts) client = opts.pglite;
  else if ('dataDir' in opts) {
    mkdirSync(path.dirname(opts.dataDir), { recursive: true });
    client = await PGlite.create(opts.dataDir);
  } else client = await PGlite.create();
  const pgliteDb = drizzlePglite({ client, schema });
  const db = pgliteDb as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    // One process owns an embedded database, so no lock is needed.
    migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    close: () => client.close(),
  };
}

async function ping(db: Db) {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
