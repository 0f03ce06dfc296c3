import { MESSAGE_REPORT_TARGET } from '@common/messages/model';
import { sql } from 'drizzle-orm';
import type { ReportTarget } from '../../platform/report-targets';

/** A message is seen by its two people only; it has no page, and no delete path (ban or dismiss). */
export const messageReportTarget: ReportTarget = {
  ...MESSAGE_REPORT_TARGET,
  async find(db, viewerId, id) {
    const { rows } = await db.execute<{ sender_id: string; content: string }>(
      sql`select sender_id::text as sender_id, content from messages
        where id = ${id} and (sender_id = ${viewerId} or receiver_id = ${viewerId})`,
    );
    const m = rows[0];
    return m ? { ownerId: m.sender_id, link: null, text: m.content } : null;
  },
};
