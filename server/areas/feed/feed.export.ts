import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportRows, type ExportPart } from '../../platform/data-export';

/** The member's own feed data for Download your data (their rows only, never other people's). */
export async function exportFeed(db: Db, userId: string): Promise<ExportPart> {
  return {
    posts: await exportRows(db, sql`select * from feed_items where user_id = ${userId} order by created_at`),
  };
}
