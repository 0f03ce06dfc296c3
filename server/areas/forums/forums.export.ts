import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportRows, type ExportPart } from '../../platform/data-export';

/** The member's own forums data for Download your data (their rows only, never other people's). */
export async function exportForums(db: Db, userId: string): Promise<ExportPart> {
  return {
    'forum-groups-created': await exportRows(
      db,
      sql`select * from forum_groups where created_by = ${userId} order by created_at`,
    ),
    memberships: await exportRows(db, sql`select * from forum_group_members where user_id = ${userId}`),
    'forum-posts': await exportRows(
      db,
      sql`select * from forum_posts where author_id = ${userId} order by created_at`,
    ),
    'forum-replies': await exportRows(
      db,
      sql`select * from forum_replies where author_id = ${userId} order by created_at`,
    ),
  };
}
