import { MESSAGE_REPORT_TARGET, MESSAGING_MSG } from '@common/messages/model';
import { sql } from 'drizzle-orm';
import { isSuperAdmin } from '../../db/rules';
import { AppError } from '../../lib/errors';
import type { ReportTarget } from '../../platform/report-targets';

/**
 * A message is seen by its two people only; it has no page. An admin resolving a report may
 * remove it: its words are replaced, in place, by a line saying a moderator removed it (the thread,
 * its order and the unread counts stay whole), and its two people see the change live on refetch.
 */
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
  async remove(deps, admin, id) {
    // Only the admin's report resolution calls this; the check keeps it true for any future caller.
    if (!(await isSuperAdmin(deps.db, admin.id))) throw new AppError('FORBIDDEN');
    const { rows } = await deps.db.execute<{ id: string }>(
      sql`update messages set content = ${MESSAGING_MSG.removedByModerator}, metadata = null
        where id = ${id} returning id::text as id`,
    );
    if (!rows[0]) throw new AppError('NOT_FOUND');
  },
};
