import { isUuid } from '@common/core/ids';
import { GROUP_MSG } from '@common/groups/model';
import { CONTENT_REACTIONS } from '@common/reactions/model';
import { SEARCH } from '@common/search/model';
import { sql, type SQL } from 'drizzle-orm';
import { statementOnce, type Db } from '../../db/client';
import { notBlockedWith, visiblePerson } from '../../db/rules';
import type { ContentTarget } from '../../platform/content-targets';
import type { SearchProvider, SearchTier } from '../../platform/search-providers';
import { groupOpenTo, groupShownTo, isAdminSql, isMemberSql, rowsOf } from './group-rows';

/* What groups plug into: search, reactions and comments on posts, the feed's audience, the topic. */

const columns = sql`'group' as type, g.id::text as id, g.name as title, g.description,
  null::text as category, g.created_at as date, g.cover_image as image_url, '/groups/' || g.id::text as url`;

/**
 * Groups the viewer may see (a private one only by its members), in tiers (docs/decisions/013): the
 * exact name; names that start with the text (alphabetical, groups_name_prefix_idx); a name word
 * that starts with it, newest first (groups_created_idx backward); the text inside the name or
 * the description (trigram indexes); and, when those are few, names close to it (typos).
 */
export const groupSearch: SearchProvider = {
  type: 'group',
  label: 'Group',
  tiers({ viewerId, terms }) {
    const name = sql`lower(g.name)`;
    const visible = sql`groups g where ${groupOpenTo(viewerId)}`;
    const tiers: SearchTier[] = [
      { level: 'exact', columns, from: sql`${visible} and ${name} = ${terms.lower}`, order: sql`g.id` },
      {
        level: 'prefix',
        columns,
        from: sql`${visible} and ${name} ~>=~ ${terms.lower} and ${name} ~<~ ${terms.upTo} and ${name} <> ${terms.lower}`,
        order: sql`${name} using ~<~, g.id`,
      },
      {
        level: 'word',
        columns,
        from: sql`${visible} and ${name} like ${terms.wordPrefix} and ${name} not like ${terms.prefix}`,
        order: sql`g.created_at desc, g.id desc`,
      },
    ];
    if (terms.short) return tiers;
    const description = sql`lower(g.description)`;
    const plain = sql`(${name} like ${terms.contains} or ${description} like ${terms.contains})`;
    tiers.push(
      {
        level: 'contains',
        columns,
        from: sql`${visible} and ${plain} and ${name} not like ${terms.prefix} and ${name} not like ${terms.wordPrefix}`,
        sortKey: name,
        candidates: SEARCH.countCap + 1,
      },
      {
        level: 'near',
        columns,
        from: sql`${visible} and ${terms.lower} <% ${name} and not ${plain}`,
        sortKey: sql`-word_similarity(${terms.lower}, ${name})`,
        candidates: SEARCH.nearCap,
      },
    );
    return tiers;
  },
};

/**
 * Reactions and comments on group posts: read by whoever may see the group (a private group's
 * members only), never on posts of people blocked either way or of hidden accounts; written by its
 * members only (others who see a public group's post get GROUP_MSG.joinToEngage). One level of replies.
 * The group's admins moderate: they remove anyone's comments there.
 */
export const groupPostContentTarget: ContentTarget = {
  contentType: 'group_post',
  label: 'post',
  reactionTypes: CONTENT_REACTIONS,
  maxCommentDepth: 1,
  async resolve(db, viewerId, contentId) {
    if (!isUuid(contentId)) return null;
    const [row] = viewerId
      ? await groupPostOfMember(db, { viewerId, contentId })
      : await rowsOf<GroupPostTarget>(db, groupPostTarget({ viewerId, contentId }));
    if (!row) return null;
    return {
      ownerId: row.user_id,
      link: `/groups/${row.group_id}`,
      ...(row.member ? {} : { refuseEngagement: GROUP_MSG.joinToEngage }),
      // The group's admins remove anyone's comments on its posts.
      ...(row.admin ? { viewerModerates: true } : {}),
    };
  },
};

type GroupPostTarget = { user_id: string; group_id: string; member: boolean; admin: boolean };
function groupPostTarget({ viewerId, contentId }: { viewerId: string | null; contentId: string }) {
  const member: SQL = viewerId ? isMemberSql(viewerId, sql`g.id`) : sql`false`;
  const admin: SQL = viewerId ? isAdminSql(viewerId, sql`g.id`) : sql`false`;
  const blocks = viewerId ? sql`and ${notBlockedWith(viewerId, sql`gp.user_id`)}` : sql``;
  return sql`select gp.user_id::text as user_id, gp.group_id::text as group_id, ${member} as member, ${admin} as admin
    from group_posts gp join groups g on g.id = gp.group_id join profiles p on p.id = gp.user_id
    where gp.id = ${contentId} and ${groupOpenTo(viewerId)} and ${visiblePerson('p')} ${blocks}`;
}
/** A member's: written once (every reaction, comment and subscription on a group's post asks it). */
const groupPostOfMember = statementOnce<{ viewerId: string; contentId: string }, GroupPostTarget>(
  groupPostTarget,
);

/** The feed's rule for group items: the viewer may see the group. */
export const groupAudience = (viewerId: string, groupId: SQL): SQL =>
  sql`exists (select 1 from groups g where g.id = ${groupId} and ${groupOpenTo(viewerId)})`;

/** `group:{id}`: whoever may see the group's page (the payload names only the kind of change). */
export async function canWatchGroup(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await rowsOf(db, sql`select 1 from groups g where g.id = ${id} and ${groupShownTo(userId)}`);
  return rows.length > 0;
}
