import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportRows, type ExportPart } from '../../platform/data-export';

/** The member's own groups data for Download your data (their rows only, never other people's). */
export async function exportGroups(db: Db, userId: string): Promise<ExportPart> {
  return {
    'groups-created': await exportRows(
      db,
      sql`select * from groups where created_by = ${userId} order by created_at`,
    ),
    memberships: await exportRows(db, sql`select * from group_members where user_id = ${userId}`),
    'group-posts': await exportRows(
      db,
      sql`select * from group_posts where user_id = ${userId} order by created_at`,
    ),
  };
}
