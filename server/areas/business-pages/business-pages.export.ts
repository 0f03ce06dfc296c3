import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportRows, type ExportPart } from '../../platform/data-export';

/** The member's own business-pages data for Download your data (their rows only, never other people's). */
export async function exportBusinessPages(db: Db, userId: string): Promise<ExportPart> {
  return {
    pages: await exportRows(
      db,
      sql`select * from business_pages where owner_id = ${userId} order by created_at`,
    ),
    'page-posts': await exportRows(
      db,
      sql`select * from business_posts where author_id = ${userId} order by created_at`,
    ),
    reviews: await exportRows(
      db,
      sql`select * from business_reviews where user_id = ${userId} order by created_at`,
    ),
    'pages-followed': await exportRows(
      db,
      sql`select * from business_page_followers where user_id = ${userId}`,
    ),
  };
}
