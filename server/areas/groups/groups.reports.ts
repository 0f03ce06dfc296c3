import { GROUP_POST_REPORT_TARGET } from '@common/groups/model';
import { sql } from 'drizzle-orm';
import type { ReportTarget } from '../../platform/report-targets';
import { removeGroupPost } from './group-posts.service';
import { groupPostContentTarget } from './groups.register';

/** A group post the reporter may see; group posts have no delete path for an admin but this one. */
export const groupPostReportTarget: ReportTarget = {
  ...GROUP_POST_REPORT_TARGET,
  async find(db, viewerId, id) {
    const info = await groupPostContentTarget.resolve(db, viewerId, id);
    if (!info) return null;
    const { rows } = await db.execute<{ text: string | null }>(
      sql`select content as text from group_posts where id = ${id}`,
    );
    return { ownerId: info.ownerId, link: info.link, text: rows[0]?.text ?? null };
  },
  async remove(deps, _admin, id) {
    await removeGroupPost(deps, id);
  },
};
