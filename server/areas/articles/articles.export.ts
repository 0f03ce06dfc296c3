import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportRows, type ExportPart } from '../../platform/data-export';

/** The member's own articles data for Download your data (their rows only, never other people's). */
export async function exportArticles(db: Db, userId: string): Promise<ExportPart> {
  return {
    articles: await exportRows(
      db,
      sql`select * from articles where author_id = ${userId} order by created_at`,
    ),
  };
}
