import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportRows, type ExportPart } from '../../platform/data-export';

/** The member's own connections data for Download your data (their rows only, never other people's). */
export async function exportConnections(db: Db, userId: string): Promise<ExportPart> {
  return {
    connections: await exportRows(
      db,
      sql`select * from connections where user_id = ${userId} or connected_user_id = ${userId} order by created_at`,
    ),
    blocks: await exportRows(db, sql`select * from blocks where blocker_id = ${userId} order by created_at`),
  };
}
