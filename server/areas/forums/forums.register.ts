import { isUuid } from '@common/core/ids';
import { FORUM_CATEGORIES, FORUM_CATEGORY_LABELS, FORUM_MSG, FORUMS } from '@common/forums/model';
import { FORUM_REACTIONS } from '@common/reactions/model';
import { SEARCH } from '@common/search/model';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Tx } from '../../db/rules';
import type { ContentTarget } from '../../platform/content-targets';
import type { SearchProvider, SearchTier } from '../../platform/search-providers';
import { authorShown, isApprovedSql, rowsOf } from './forum-rows';
import { readForumPost } from './forum-posts.service';

/* What forums plug into: search, reactions and comments, the live topics. */

const groupColumns = sql`'forum_group' as type, g.id::text as id, g.name as title, g.description,
  null::text as category, g.created_at as date, g.cover_image as image_url, '/forums/group/' || g.id::text as url`;

/**
 * Forum groups in tiers (docs/decisions/013): the exact name; names that start with the text
 * (forum_groups_name_prefix_idx); a name word that starts with it, newest first
 * (forum_groups_created_idx backward); the text inside the name (trigrams); names close to it.
 */
export const forumGroupSearch: SearchProvider = {
  type: 'forum_group',
  label: 'Forum Group',
  tiers({ terms }) {
    const name = sql`lower(g.name)`;
    const visible = sql`forum_groups g where g.is_public`;
    const tiers: SearchTier[] = [
      {
        level: 'exact',
        columns: groupColumns,
        from: sql`${visible} and ${name} = ${terms.lower}`,
        order: sql`g.id`,
      },
      {
        level: 'prefix',
        columns: groupColumns,
        from: sql`${visible} and ${name} ~>=~ ${terms.lower} and ${name} ~<~ ${terms.upTo} and ${name} <> ${terms.lower}`,
        order: sql`${name} using ~<~, g.id`,
      },
      {
        level: 'word',
        columns: groupColumns,
        from: sql`${visible} and ${name} like ${terms.wordPrefix} and ${name} not like ${terms.prefix}`,
        order: sql`g.created_at desc, g.id desc`,
      },
    ];
    if (terms.short) return tiers;
    tiers.push(
      {
        level: 'contains',
        columns: groupColumns,
        from: sql`${visible} and ${name} like ${terms.contains} and ${name} not like ${terms.prefix} and ${name} not like ${terms.wordPrefix}`,
        sortKey: name,
        candidates: SEARCH.countCap + 1,
      },
      {
        level: 'near',
        columns: groupColumns,
        from: sql`${visible} and ${terms.lower} <% ${name} and ${name} not like ${terms.contains}`,
        sortKey: sql`-word_similarity(${terms.lower}, ${name})`,
        candidates: SEARCH.nearCap,
      },
    );
    return tiers;
  },
};

// The category as the page shows it ('Help & Support'), not its stored value.
const categoryLabel = sql.raw(
  `case fp.category ${FORUM_CATEGORIES.map((c) => `when '${c}' then '${FORUM_CATEGORY_LABELS[c].replace(/'/g, "''")}'`).join(' ')} end`,
);

const postColumns = sql`'forum_post' as type, fp.id::text as id, fp.title, left(fp.content, 300) as description,
  ${categoryLabel} as category, fp.created_at as date, null::text as image_url, '/forums/post/' || fp.id::text as url`;

/**
 * Forum posts by title, in tiers: exact; prefix (forum_posts_title_prefix_idx); a title word,
 * newest first (forum_posts_created_idx backward); text inside the title (trigrams). Posts of
 * people hidden to the viewer (deleted, banned, blocked either way) are left out.
 */
export const forumPostSearch: SearchProvider = {
  type: 'forum_post',
  label: 'Forum Post',
  tiers({ viewerId, terms }) {
    const title = sql`lower(fp.title)`;
    const visible = sql`forum_posts fp join profiles p on p.id = fp.author_id
      where ${authorShown(viewerId, 'p', sql`fp.author_id`)}`;
    const tiers: SearchTier[] = [
      {
        level: 'exact',
        columns: postColumns,
        from: sql`${visible} and ${title} = ${terms.lower}`,
        order: sql`fp.id`,
      },
      {
        level: 'prefix',
        columns: postColumns,
        from: sql`${visible} and ${title} ~>=~ ${terms.lower} and ${title} ~<~ ${terms.upTo} and ${title} <> ${terms.lower}`,
        order: sql`${title} using ~<~, fp.id`,
      },
      {
        level: 'word',
        columns: postColumns,
        from: sql`${visible} and ${title} like ${terms.wordPrefix} and ${title} not like ${terms.prefix}`,
        order: sql`fp.created_at desc, fp.id desc`,
      },
    ];
    if (terms.short) return tiers;
    tiers.push({
      level: 'contains',
      columns: postColumns,
      from: sql`${visible} and ${title} like ${terms.contains} and ${title} not like ${terms.prefix} and ${title} not like ${terms.wordPrefix}`,
      sortKey: title,
      candidates: SEARCH.countCap + 1,
    });
    return tiers;
  },
};

const engage = (viewerId: string | null, groupId: SQL): SQL =>
  viewerId ? isApprovedSql(viewerId, groupId) : sql`false`;

/**
 * Who may write (react, comment) on what someone may read: approved members only, and nobody once
 * the post is locked (the lock stops every new write in its thread, not only replies).
 */
const refusal = (row: { member: boolean; is_locked: boolean }) =>
  row.is_locked
    ? { refuseEngagement: FORUM_MSG.lockedThread }
    : row.member
      ? {}
      : { refuseEngagement: FORUM_MSG.joinToEngage };

/** Reactions on a post: whoever may read it; approved members of its group react. */
export const forumPostTarget: ContentTarget = {
  contentType: 'forum_post',
  label: 'forum post',
  reactionTypes: FORUM_REACTIONS,
  maxCommentDepth: 0,
  async resolve(db, viewerId, contentId) {
    if (!isUuid(contentId)) return null;
    const [row] = await rowsOf<{ author_id: string; title: string; member: boolean; is_locked: boolean }>(
      db,
      sql`select fp.author_id::text as author_id, fp.title, fp.is_locked,
          ${engage(viewerId, sql`fp.group_id`)} as member
        from forum_posts fp join profiles p on p.id = fp.author_id
        where fp.id = ${contentId} and ${authorShown(viewerId, 'p', sql`fp.author_id`, sql`fp.group_id`)}`,
    );
    if (!row) return null;
    return {
      ownerId: row.author_id,
      link: `/forums/post/${contentId}`,
      title: row.title,
      ...refusal(row),
    };
  },
};

/**
 * Reactions on a reply and the comments under it (nested to depth 3: top-level comments are depth
 * 0): whoever may read the post and the reply; approved members write.
 */
export const forumReplyTarget: ContentTarget = {
  contentType: 'forum_reply',
  label: 'reply',
  reactionTypes: FORUM_REACTIONS,
  maxCommentDepth: FORUMS.maxCommentDepth,
  async resolve(db, viewerId, contentId) {
    if (!isUuid(contentId)) return null;
    const [row] = await rowsOf<{
      author_id: string;
      post_id: string;
      title: string;
      member: boolean;
      is_locked: boolean;
    }>(
      db,
      sql`select fr.author_id::text as author_id, fp.id::text as post_id, fp.title, fp.is_locked,
          ${engage(viewerId, sql`fp.group_id`)} as member
        from forum_replies fr join forum_posts fp on fp.id = fr.post_id
          join profiles p on p.id = fr.author_id join profiles pa on pa.id = fp.author_id
        where fr.id = ${contentId} and ${authorShown(viewerId, 'p', sql`fr.author_id`, sql`fp.group_id`)}
          and ${authorShown(viewerId, 'pa', sql`fp.author_id`, sql`fp.group_id`)}`,
    );
    if (!row) return null;
    return {
      ownerId: row.author_id,
      link: `/forums/post/${row.post_id}`,
      title: row.title,
      ...refusal(row),
    };
  },
};

/** Reactions on a comment under a reply: as its reply (the comments module hides blocked authors). */
export const forumCommentTarget: ContentTarget = {
  contentType: 'forum_comment',
  label: 'comment',
  reactionTypes: FORUM_REACTIONS,
  maxCommentDepth: 0,
  async resolve(db, viewerId, contentId) {
    if (!isUuid(contentId)) return null;
    const [c] = await rowsOf<{ user_id: string; reply_id: string }>(
      db,
      sql`select c.user_id::text as user_id, c.content_id::text as reply_id from comments c
        join profiles p on p.id = c.user_id
        where c.id = ${contentId} and c.content_type = 'forum_reply'
          and ${authorShown(viewerId, 'p', sql`c.user_id`, sql`(select fp.group_id from forum_replies fr join forum_posts fp on fp.id = fr.post_id where fr.id = c.content_id)`)}`,
    );
    if (!c) return null;
    const reply = await forumReplyTarget.resolve(db, viewerId, c.reply_id);
    return reply ? { ...reply, ownerId: c.user_id } : null;
  },
};

/** `forum-group:{id}`: the group exists (every forum group is public). */
export async function canWatchForumGroup(db: Db, _userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const rows = await rowsOf(db, sql`select 1 from forum_groups where id = ${id} and is_public`);
  return rows.length > 0;
}

/** `forum-post:{id}`: the person may read the post (its author not hidden from them). */
export async function canWatchForumPost(db: Db | Tx, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  return (await readForumPost(db, userId, id)) !== null;
}
