import { PROFILE_REPORT_TARGET } from '@common/profiles/model';
import { sql } from 'drizzle-orm';
import { notBlockedWith, visiblePerson } from '../../db/rules';
import type { ReportTarget } from '../../platform/report-targets';

/** A live person not blocked either way; a profile has no delete path (ban or dismiss). */
export const profileReportTarget: ReportTarget = {
  ...PROFILE_REPORT_TARGET,
  async find(db, viewerId, id) {
    const { rows } = await db.execute<{ id: string; username: string; full_name: string | null }>(
      sql`select p.id::text as id, p.username, p.full_name from profiles p
        where p.id = ${id} and ${visiblePerson('p')} and ${notBlockedWith(viewerId, sql`p.id`)}`,
    );
    const p = rows[0];
    return p ? { ownerId: p.id, link: `/profile/${p.id}`, text: p.full_name || p.username } : null;
  },
};
