import { COMMENT_REPORT_TARGET } from '@common/comments/model';
import { sql } from 'drizzle-orm';
import { notBlockedWith, visiblePerson } from '../../db/rules';
import { getContentTarget } from '../../platform/content-targets';
import type { ReportTarget } from '../../platform/report-targets';
import { deleteComment } from './comments.service';

/**
 * A comment by a live author not blocked either way, on content the reporter may see (its area's
 * content target says so, and gives the link).
 */
export const commentReportTarget: ReportTarget = {
  ...COMMENT_REPORT_TARGET,
  async find(db, viewerId, id) {
    const { rows } = await db.execute<{
      content_type: string;
      content_id: string;
      user_id: string;
      content: string;
    }>(
      sql`select c.content_type, c.content_id::text as content_id, c.user_id::text as user_id, c.content
        from comments c join profiles p on p.id = c.user_id
        where c.id = ${id} and ${visiblePerson('p')} and ${notBlockedWith(viewerId, sql`c.user_id`)}`,
    );
    const c = rows[0];
    if (!c) return null;
    const target = getContentTarget(c.content_type);
    const info = target ? await target.resolve(db, viewerId, c.content_id) : null;
    // 'View' opens the comment itself: its page scrolls to and marks the #comment-<id> anchor.
    return info ? { ownerId: c.user_id, link: `${info.link}#comment-${id}`, text: c.content } : null;
  },
  remove: (deps, admin, id) => deleteComment(deps, admin, id),
};
