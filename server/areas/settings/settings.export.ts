import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportRows, type ExportPart } from '../../platform/data-export';

/** The member's own settings data for Download your data (their rows only, never other people's). */
export async function exportSettings(db: Db, userId: string): Promise<ExportPart> {
  return {
    settings: await exportRows(db, sql`select * from user_settings where user_id = ${userId}`),
  };
}
