import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { withDatabase } from '../test/global-setup';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../env';
import { createPglite, openDatabase, type Database } from './client';

const migrationCount = (
  JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  }
).entries.length;

async function tableNames(database: Database) {
  const rows = await database.db.execute<{ tablename: string }>(
    sql`select tablename from pg_tables where schemaname = 'public' order by tablename`,
  );
  return rows.rows.map((r) => r.tablename);
}

describe('migrations', () => {
  it('build the schema on an empty database, and running them again changes nothing', async () => {
    const source = inject('testDb');
    if (source.kind === 'pglite') {
      const database = await openDatabase({ pglite: await createPglite() });
      await database.migrate();
      const first = await tableNames(database);
      await database.migrate();
      expect(await tableNames(database)).toEqual(first);
      expect(first).toEqual(
        expect.arrayContaining(['users', 'sessions', 'accounts', 'profiles', 'rate_limits']),
      );
      await database.close();
      return;
    }

    // On a server, several instances may start at once: they take turns under an advisory lock.
    const name = `cofound_mig_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: source.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    try {
      const instances = await Promise.all(
        [1, 2, 3].map(() => openDatabase({ url: withDatabase(source.url, name), poolSize: 2 })),
      );
      await Promise.all(instances.map((d) => d.migrate()));
      const tables = await tableNames(instances[0]!);
      expect(tables).toEqual(
        expect.arrayContaining(['users', 'sessions', 'accounts', 'profiles', 'rate_limits']),
      );
      const applied = await instances[0]!.db.execute<{ n: number }>(
        sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
      );
      expect(applied.rows[0]!.n).toBe(migrationCount);
      await Promise.all(instances.map((d) => d.close()));
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  });
});
