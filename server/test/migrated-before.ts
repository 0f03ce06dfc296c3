import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { createPglite, openDatabase, type Database } from '../db/client';
import { MIGRATIONS_DIR } from '../env';
import { withDatabase } from './global-setup';

/**
 * For a migration's own test: an empty database migrated up to (not including) migration `idx`,
 * opened as the app opens it, on the test run's kind of database (PGlite, or a new PostgreSQL
 * database). What it made is undone by the functions pushed on `cleanups`, newest first.
 */
export async function databaseMigratedBefore(
  idx: number,
  cleanups: (() => Promise<void>)[],
): Promise<Database> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'cofound-mig-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < idx);
  await writeFile(journalFile, JSON.stringify(journal));
  const source = inject('testDb');
  if (source.kind === 'pglite') {
    const client = await createPglite();
    await migratePglite(drizzlePglite({ client }), { migrationsFolder: folder });
    const database = await openDatabase({ pglite: client });
    cleanups.push(() => database.close());
    return database;
  }
  const name = `cofound_mig_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  cleanups.push(async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  });
  const url = withDatabase(source.url, name);
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  await migratePg(drizzlePg({ client: pool }), { migrationsFolder: folder });
  await pool.end();
  const database = await openDatabase({ url, poolSize: 2 });
  cleanups.push(() => database.close());
  return database;
}
