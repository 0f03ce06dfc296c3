import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { databaseMigratedBefore } from '../test/migrated-before';

/*
 * Migration 0032 (an inquiry as one (kind, id) pair) on a database with messages of the old shape:
 * a message about an idea or a page keeps what it was about under the kind its area registers; a
 * plain one stays plain; the old type and the two per-area columns are gone.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

it(
  'moves each inquiry to its (kind, id) pair and drops the per-area columns',
  { timeout: 180_000 },
  async () => {
    const database = await databaseMigratedBefore(32, cleanups);
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
