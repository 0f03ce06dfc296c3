import { randomBytes, randomUUID } from 'node:crypto';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, expect, inject, it } from 'vitest';
import { MIGRATIONS_DIR } from '../env';
import { withDatabase } from '../test/global-setup';
import { createPglite, openDatabase, type Database } from './client';

/*
 * Migration 0032 (an inquiry as one (kind, id) pair) on a database with messages of the old shape:
 * a message about an idea or a page keeps what it was about under the kind its area registers; a
 * plain one stays plain; the old type and the two per-area columns are gone.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

/** An empty database migrated up to 0031, opened as the app opens it. */
async function databaseBefore0032(): Promise<Database> {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'cofound-mig-'));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  await cp(MIGRATIONS_DIR, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { idx: number }[] };
  journal.entries = journal.entries.filter((e) => e.idx < 32);
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

it(
  'moves each inquiry to its (kind, id) pair and drops the per-area columns',
  { timeout: 180_000 },
  async () => {
    const database = await databaseBefore0032();
    const { db } = database;
    const people = await db
      .execute<{ id: string }>(
        sql`insert into users (name, email, username) values
        ('Ann', 'ann@example.com', 'ann_old'), ('Ben', 'ben@example.com', 'ben_old') returning id::text as id`,
      )
      .then((r) => r.rows.map((r) => r.id));
    const [ann, ben] = people as [string, string];
    const [idea, page] = [randomUUID(), randomUUID()];
    await db.execute(sql`insert into messages (sender_id, receiver_id, content, message_type, business_idea_id, business_page_id, metadata) values
    (${ann}, ${ben}, 'plain', 'general', null, null, null),
    (${ann}, ${ben}, 'about an idea', 'business_inquiry', ${idea}, null, '{"title":"Kiosks"}'),
    (${ben}, ${ann}, 'about a page', 'business_page', null, ${page}, '{"title":"Bakery"}')`);

    await database.migrate();

    const rows = await db
      .execute<{
        content: string;
        inquiry_kind: string | null;
        inquiry_id: string | null;
        title: string | null;
      }>(
        sql`select content, inquiry_kind, inquiry_id::text as inquiry_id, metadata->>'title' as title
        from messages order by content`,
      )
      .then((r) => r.rows);
    expect(rows).toEqual([
      { content: 'about a page', inquiry_kind: 'business_page', inquiry_id: page, title: 'Bakery' },
      { content: 'about an idea', inquiry_kind: 'business_idea', inquiry_id: idea, title: 'Kiosks' },
      { content: 'plain', inquiry_kind: null, inquiry_id: null, title: null },
    ]);
    const columns = await db
      .execute<{ column_name: string }>(
        sql`select column_name from information_schema.columns where table_name = 'messages'`,
      )
      .then((r) => r.rows.map((c) => c.column_name));
    expect(columns).toEqual(expect.arrayContaining(['inquiry_kind', 'inquiry_id']));
    for (const gone of ['message_type', 'business_idea_id', 'business_page_id'])
      expect(columns).not.toContain(gone);
    // Both or neither: a kind without an id (or the reverse) is refused.
    await expect(
      db.execute(
        sql`insert into messages (sender_id, receiver_id, content, inquiry_kind) values (${ann}, ${ben}, 'x', 'business_page')`,
      ),
    ).rejects.toThrow();
    // The inquiries list and its unread count still have their index.
    const [index] = await db
      .execute<{ def: string }>(
        sql`select indexdef as def from pg_indexes where indexname = 'messages_inquiries_idx'`,
      )
      .then((r) => r.rows);
    expect(index?.def).toContain('inquiry_kind IS NOT NULL');
  },
);
