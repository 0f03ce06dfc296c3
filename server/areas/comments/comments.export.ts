import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportRows, type ExportPart } from '../../platform/data-export';

/** The member's own comments data for Download your data (their rows only, never other people's). */
export async function exportComments(db: Db, userId: string): Promise<ExportPart> {
  return {
    comments: await exportRows(db, sql`select * from comments where user_id = ${userId} order by created_at`),
  };
}
