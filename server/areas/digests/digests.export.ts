import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportRows, type ExportPart } from '../../platform/data-export';

/** The member's digest choice and the digests sent to them (their rows only). */
export async function exportDigests(db: Db, userId: string): Promise<ExportPart> {
  return {
    preference: await exportRows(
      db,
      sql`select frequency, updated_at from digest_preferences where user_id = ${userId}`,
    ),
    sent: await exportRows(
      db,
      sql`select frequency, period_start, status, sent_at from digest_sends where user_id = ${userId} order by period_start`,
    ),
  };
}
