import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportRows, type ExportPart } from '../../platform/data-export';

/** The member's own investing data for Download your data (their rows only, never other people's). */
export async function exportInvesting(db: Db, userId: string): Promise<ExportPart> {
  return {
    ideas: await exportRows(
      db,
      sql`select * from business_ideas where user_id = ${userId} order by created_at`,
    ),
    'idea-updates': await exportRows(
      db,
      sql`select * from business_updates where user_id = ${userId} order by created_at`,
    ),
    'ideas-followed': await exportRows(
      db,
      sql`select * from business_idea_followers where user_id = ${userId}`,
    ),
  };
}
