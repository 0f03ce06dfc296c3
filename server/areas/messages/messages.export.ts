import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportRows, type ExportPart } from '../../platform/data-export';

/** The member's own messages data for Download your data (their rows only, never other people's). */
export async function exportMessages(db: Db, userId: string): Promise<ExportPart> {
  return {
    messages: await exportRows(
      db,
      sql`select * from messages where sender_id = ${userId} or receiver_id = ${userId} order by created_at`,
    ),
  };
}
