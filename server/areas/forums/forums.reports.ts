import { FORUM_POST_REPORT_TARGET, FORUM_REPLY_REPORT_TARGET } from '@common/forums/model';
import { sql } from 'drizzle-orm';
import type { ReportTarget } from '../../platform/report-targets';
import { removeForumPost, removeForumReply } from './forum-posts.service';
import { rowsOf } from './forum-rows';
import { forumPostTarget, forumReplyTarget } from './forums.register';

/*
 * Forum posts and replies members may report: what the content targets let the reporter see (a
 * reply's link is its post's page; an author hidden from the reporter is not there). An admin
 * removes them with their engagement.
 */

export const forumPostReportTarget: ReportTarget = {
  ...FORUM_POST_REPORT_TARGET,
  async find(db, viewerId, id) {
    const info = await forumPostTarget.resolve(db, viewerId, id);
    if (!info) return null;
    // The title says which post; as much of its words as the excerpt holds.
    const [row] = await rowsOf<{ text: string | null }>(
      db,
      sql`select title || ': ' || left(content, 400) as text from forum_posts where id = ${id}`,
    );
    return { ownerId: info.ownerId, link: info.link, text: row?.text ?? null };
  },
  async remove(deps, _admin, id) {
    await removeForumPost(deps, id);
  },
};

export const forumReplyReportTarget: ReportTarget = {
  ...FORUM_REPLY_REPORT_TARGET,
  async find(db, viewerId, id) {
    const info = await forumReplyTarget.resolve(db, viewerId, id);
    if (!info) return null;
    const [row] = await rowsOf<{ text: string | null }>(
      db,
      sql`select content as text from forum_replies where id = ${id}`,
    );
    return { ownerId: info.ownerId, link: info.link, text: row?.text ?? null };
  },
  async remove(deps, _admin, id) {
    await removeForumReply(deps, id);
  },
};
