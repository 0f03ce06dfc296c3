import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/rules';
import type { Bus } from '../../platform/bus';
import { defineArea } from '../../platform/area';
import { exportForums } from './forums.export';
import { forumsApiDocs } from './forums.api';
import { removeFromFeed } from '../feed';
import { removePostRows, removeReplyRows } from './forum-posts.service';
import { rowsOf } from './forum-rows';
import { demo } from './forums.demo';
import {
  canWatchForumGroup,
  canWatchForumPost,
  forumCommentTarget,
  forumGroupSearch,
  forumPostSearch,
  forumPostTarget,
  forumReplyTarget,
} from './forums.register';
import { forumPostReportTarget, forumReplyReportTarget } from './forums.reports';
import { forumRoutes } from './forums.routes';
import { forumPostsDigest } from './forums.digest';

/**
 * Account deletion: the person's posts (with their replies and engagement) and replies go, with
 * their memberships and views. A group they owned passes to its longest-standing moderator, else
 * its longest-standing approved member; with nobody left it goes entirely. Covers they uploaded
 * are taken off their groups (the settings area deletes all of a person's files).
 */
async function removePersonForums(tx: Tx, bus: Bus, userId: string): Promise<void> {
  const replies = await rowsOf<{ id: string; post_id: string }>(
    tx,
    sql`select id::text as id, post_id::text as post_id from forum_replies where author_id = ${userId}`,
  );
  for (const r of replies) await removeReplyRows(tx, bus, r.id);
  await tx.execute(sql`delete from forum_replies where author_id = ${userId}`);
  // The counts of the posts they replied to.
  await tx.execute(
    sql`update forum_posts fp set replies_count = (select count(*) from forum_replies fr where fr.post_id = fp.id)
      where fp.id in (select distinct (x->>'post_id')::uuid from json_array_elements(${JSON.stringify(replies)}::json) x)`,
  );
  const posts = await rowsOf<{ id: string }>(
    tx,
    sql`select id::text as id from forum_posts where author_id = ${userId}`,
  );
  for (const p of posts) await removePostRows(tx, bus, p.id);
  await tx.execute(sql`delete from forum_posts where author_id = ${userId}`);
  const owned = await rowsOf<{ group_id: string }>(
    tx,
    sql`select group_id::text as group_id from forum_group_members where user_id = ${userId} and role = 'owner'`,
  );
  await tx.execute(sql`delete from forum_group_members where user_id = ${userId}`);
  for (const { group_id } of owned) {
    const [heir] = await rowsOf<{ id: string }>(
      tx,
      sql`update forum_group_members set role = 'owner' where id = (select id from forum_group_members
          where group_id = ${group_id} and status = 'approved'
          order by (role = 'moderator') desc, joined_at, id limit 1) returning id::text as id`,
    );
    if (heir) continue;
    const orphans = await rowsOf<{ id: string }>(
      tx,
      sql`select id::text as id from forum_posts where group_id = ${group_id}`,
    );
    for (const p of orphans) await removePostRows(tx, bus, p.id);
    await removeFromFeed({ db: tx, bus }, { type: 'forum_group_created', contentId: group_id });
    await tx.execute(sql`delete from forum_groups where id = ${group_id}`);
  }
  await tx.execute(
    sql`update forum_groups set cover_image = null where cover_image like ${`%/images/cover/${userId}/%`}`,
  );
}

/** Forum groups: membership with roles, posts with categories, replies, nested comments, reactions. */
export const forumsArea = defineArea({
  name: 'forums',
  demo,
  routes: forumRoutes,
  api: forumsApiDocs,
  exportData: exportForums,
  register(ctx) {
    ctx.registerDigestSection(forumPostsDigest);
    ctx.registerFeedKind({
      kind: 'forum_group_created',
      category: 'forums',
      label: 'Forum Group',
      signInAction: null,
    });
    ctx.registerFeedKind({ kind: 'forum_post', category: 'forums', label: 'Forum Post', signInAction: null });
    ctx.registerFeedKind({
      kind: 'forum_reply',
      category: 'forums',
      label: 'Forum Reply',
      signInAction: null,
    });
    ctx.registerSearchProvider(forumGroupSearch);
    ctx.registerSearchProvider(forumPostSearch);
    ctx.registerContentTarget(forumPostTarget);
    ctx.registerContentTarget(forumReplyTarget);
    ctx.registerContentTarget(forumCommentTarget);
    ctx.registerReportTarget(forumPostReportTarget);
    ctx.registerReportTarget(forumReplyReportTarget);
    // A group's page (members, posts, requests) and one post's page (pin, lock, counts, replies).
    ctx.registerTopic('forum-group', (userId, id) => canWatchForumGroup(ctx.db, userId, id));
    ctx.registerTopic('forum-post', (userId, id) => canWatchForumPost(ctx.db, userId, id));
    // The list (`forum-groups:all`, any member): its events name only a new forum group.
    ctx.registerTopic('forum-groups', (_userId, id) => id === 'all');
  },
  async onAccountDeleted(tx, userId, { bus }) {
    await removePersonForums(tx, bus, userId);
  },
});
