import { GROUP_POST_FEED_SIGN_IN } from '@common/groups/model';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/rules';
import type { Bus } from '../../platform/bus';
import { defineArea } from '../../platform/area';
import { exportGroups } from './groups.export';
import { groupsApiDocs } from './groups.api';
import { setFeedAudience } from '../feed';
import { removePostRows } from './group-posts.service';
import { rowsOf } from './group-rows';
import { sharedGroupSuggestions } from './group-reach';
import { demo } from './groups.demo';
import { canWatchGroup, groupAudience, groupPostContentTarget, groupSearch } from './groups.register';
import { groupPostReportTarget } from './groups.reports';
import { groupRoutes } from './groups.routes';
import { groupPostsDigest } from './groups.digest';

/**
 * Account deletion: the person's posts (with their reactions, comments and shares' feed items),
 * shares, memberships, requests and invitations go. A group they were the last admin of passes
 * to its longest-standing member, or, with nobody left, goes entirely; covers they uploaded are
 * taken off their groups (their files go with the account). Returns nothing to delete: every file
 * here is theirs, and the settings area deletes all of a person's files.
 */
async function removePersonGroups(tx: Tx, bus: Bus, userId: string): Promise<void> {
  const posts = await rowsOf<{ id: string }>(
    tx,
    sql`select id::text as id from group_posts where user_id = ${userId}`,
  );
  for (const p of posts) await removePostRows(tx, bus, p.id);
  await tx.execute(sql`delete from group_posts where user_id = ${userId}`);
  await tx.execute(sql`delete from group_shares where user_id = ${userId}`);
  const led = await rowsOf<{ group_id: string }>(
    tx,
    sql`select m.group_id::text as group_id from group_members m where m.user_id = ${userId} and m.role = 'admin'
      and not exists (select 1 from group_members o where o.group_id = m.group_id and o.role = 'admin' and o.user_id <> ${userId})`,
  );
  await tx.execute(sql`delete from group_members where user_id = ${userId}`);
  for (const { group_id } of led) {
    const [heir] = await rowsOf<{ id: string }>(
      tx,
      sql`update group_members set role = 'admin' where id = (select id from group_members where group_id = ${group_id}
        order by joined_at, id limit 1) returning id::text as id`,
    );
    if (heir) continue;
    const orphans = await rowsOf<{ id: string }>(
      tx,
      sql`select id::text as id from group_posts where group_id = ${group_id}`,
    );
    for (const p of orphans) await removePostRows(tx, bus, p.id);
    await tx.execute(sql`delete from feed_items where type = 'group' and content_id = ${group_id}`);
    await tx.execute(sql`delete from groups where id = ${group_id}`);
  }
  await tx.execute(sql`delete from group_join_requests where user_id = ${userId}`);
  await tx.execute(sql`delete from group_invitations where invited_user_id = ${userId}`);
  await tx.execute(sql`update group_invitations set invited_by = null where invited_by = ${userId}`);
  await tx.execute(
    sql`update groups set cover_image = null where cover_image like ${`%/images/cover/${userId}/%`}`,
  );
}

export { fellowMemberIds, fellowMembersSql, groupsOfMember, sharedGroupNameSql } from './group-reach';

/** Social groups: membership, posts with reactions and comments, invitations, search, the feed. */
export const groupsArea = defineArea({
  name: 'groups',
  demo,
  routes: groupRoutes,
  api: groupsApiDocs,
  pageReads: [{ page: '/groups/:groupId', api: '/api/groups/:groupId' }],
  exportData: exportGroups,
  register(ctx) {
    ctx.registerDigestSection(groupPostsDigest);
    ctx.registerNotificationType('group_action');
    // A new group and a shared post go on the feed, seen by whoever may see the group.
    ctx.registerFeedKind({ kind: 'group', category: 'groups', label: 'Group', signInAction: null });
    ctx.registerFeedKind({
      kind: 'shared_post',
      category: 'groups',
      label: 'Shared Post',
      signInAction: null,
    });
    ctx.registerFeedKind({
      kind: 'group_post',
      category: 'groups',
      label: 'Group Post',
      signInAction: GROUP_POST_FEED_SIGN_IN,
    });
    setFeedAudience(groupAudience);
    ctx.registerSearchProvider(groupSearch);
    // People you may know: members who share a group with the viewer, "In <group>".
    ctx.registerSuggestionSource(sharedGroupSuggestions);
    ctx.registerContentTarget(groupPostContentTarget);
    ctx.registerReportTarget(groupPostReportTarget);
    // A group's page, live: whoever may see it (re-checked when access changes).
    ctx.registerTopic('group', (userId, id) => canWatchGroup(ctx.db, userId, id));
    // The list (`groups:all`, any member): its events name only a new public group.
    ctx.registerTopic('groups', (_userId, id) => id === 'all');
  },
  async onAccountDeleted(tx, userId, { bus }) {
    await removePersonGroups(tx, bus, userId);
  },
});
