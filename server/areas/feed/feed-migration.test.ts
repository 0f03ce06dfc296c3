import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { databaseMigratedBefore } from '../../test/migrated-before';

/*
 * Migration 0006 (the feed without per-area columns) on a database that has feed items of the old
 * shape: each keeps its category, and gets the link the web app computed from its type and ids.
 */

const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const clean of cleanups.reverse()) await clean();
});

it('keeps every existing item, its category, and gives it the link its card had', async () => {
  const database = await databaseMigratedBefore(6, cleanups);
  const { db } = database;
  const [user] = await db
    .execute<{ id: string }>(
      sql`insert into users (name, email, username) values ('Old', 'old@example.com', 'old_member') returning id::text as id`,
    )
    .then((r) => r.rows);
  const userId = user!.id;
  const [article, group, post, forumGroup, page] = [1, 2, 3, 4, 5].map(() => randomUUID());
  // type, content_id, and the id column the type used (or none).
  const old: [string, string, string | null, string | null][] = [
    ['article', article!, 'article_id', article!],
    ['article', 'not-a-uuid', null, null],
    ['group_post', randomUUID(), 'group_id', group!],
    ['group', randomUUID(), null, null],
    ['shared_post', randomUUID(), 'group_id', group!],
    ['business_idea', randomUUID(), null, null],
    ['event', randomUUID(), null, null],
    ['forum_post', randomUUID(), 'forum_post_id', post!],
    ['forum_reply', randomUUID(), null, null],
    ['forum_group_created', randomUUID(), 'forum_group_id', forumGroup!],
    ['business_page', randomUUID(), 'business_page_id', page!],
    ['business_update', randomUUID(), null, null],
    ['new_user', userId, null, null],
  ];
  for (const [type, contentId, column, id] of old) {
    await db.execute(sql`insert into feed_items (type, content_id, user_id, title ${column ? sql.raw(`, ${column}`) : sql``})
      values (${type}, ${contentId}, ${userId}, ${`Old ${type}`} ${column ? sql`, ${id}` : sql``})`);
  }
  const before = await db
    .execute<{ id: string; type: string; category: string | null }>(
      sql`select id::text as id, type, category from feed_items order by feed_items.id`,
    )
    .then((r) => r.rows);

  await database.migrate();

  const after = await db
    .execute<{ id: string; type: string; category: string | null; link: string; content_id: string }>(
      sql`select id::text as id, type, category, link, content_id from feed_items order by feed_items.id`,
    )
    .then((r) => r.rows);
  expect(after.map(({ id, type, category }) => ({ id, type, category }))).toEqual(before);
  expect(after.map((r) => [r.type, r.category, r.link])).toEqual([
    ['article', 'articles', `/articles/${article}`],
    ['article', 'articles', '/articles/not-a-uuid'],
    ['group_post', 'groups', `/groups/${group}`],
    ['group', 'groups', '/groups'],
    ['shared_post', 'groups', `/groups/${group}`],
    ['business_idea', 'investing', '/investing'],
    ['event', 'events', '/events'],
    ['forum_post', 'forums', `/forums/post/${post}`],
    ['forum_reply', 'forums', '/forums'],
    ['forum_group_created', 'forums', `/forums/group/${forumGroup}`],
    ['business_page', null, `/business-pages/${page}`],
    ['business_update', null, '/business'],
    ['new_user', null, `/profile/${userId}`],
  ]);

  const columns = await db
    .execute<{ column_name: string; generated: string }>(
      sql`select column_name, is_generated as generated from information_schema.columns
        where table_name = 'feed_items' order by column_name`,
    )
    .then((r) => r.rows);
  const names = columns.map((c) => c.column_name);
  expect(names).toEqual(expect.arrayContaining(['category', 'link', 'content_id', 'audience_group_id']));
  for (const gone of ['article_id', 'group_id', 'forum_post_id', 'forum_group_id', 'business_page_id'])
    expect(names).not.toContain(gone);
  expect(columns.find((c) => c.column_name === 'category')?.generated).toBe('NEVER');
  // The filter tabs' index is still there, on the now plain column.
  const [index] = await db
    .execute<{ def: string }>(
      sql`select indexdef as def from pg_indexes where indexname = 'feed_items_category_idx'`,
    )
    .then((r) => r.rows);
  expect(index?.def).toMatch(/\(category, id\)/);
});
