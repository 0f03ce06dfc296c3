import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportRows, type ExportPart } from '../../platform/data-export';

/** The member's own events data for Download your data (their rows only, never other people's). */
export async function exportEvents(db: Db, userId: string): Promise<ExportPart> {
  return {
    events: await exportRows(db, sql`select * from events where creator_id = ${userId} order by created_at`),
    'invitations-and-rsvps': await exportRows(
      db,
      sql`select * from event_invitations where invitee_id = ${userId} order by created_at`,
    ),
  };
}
