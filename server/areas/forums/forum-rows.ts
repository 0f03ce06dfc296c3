import {
  FORUM_MSG,
  FORUMS,
  previewOf,
  type ForumCategory,
  type ForumGroupSummary,
  type ForumMemberStatus,
  type ForumPostSummary,
  type ForumRole,
} from '@common/forums/model';
import { sql, type SQL } from 'drizzle-orm';
import { notBlockedWith, visiblePerson, type Tx } from '../../db/rules';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { afterCursor, microsOf, pageOf, readTimeCursor, type TimeCursor } from '../../lib/pagination';
import type { Envelope } from '../../platform/bus';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';

/*
 * What the forums services share: their dependencies, the 404s,
 * the membership tests every write puts in its SQL, and the rows they read. Every forum group is
 * public; a post or reply whose author is hidden (deleted, banned) or blocked either way with the
 * viewer is not there for them, in lists, on its page, in search and on the live topics alike.
 */

export type ForumDeps = Pick<AppDeps, 'db' | 'bus' | 'storage' | 'logger'>;

export const groupNotFound = () => new AppError('NOT_FOUND', FORUM_MSG.notFound);
export const postNotFound = () => new AppError('NOT_FOUND', FORUM_MSG.postNotFound);

export const iso = (d: string | Date) => new Date(d).toISOString();

/** The rows of a statement, in a transaction or not. */
export async function rowsOf<T>(db: Pick<Tx, 'execute'>, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}

/** SQL true when `viewerId` is an approved member of the forum group `groupId` (any role). */
export function isApprovedSql(viewerId: string, groupId: SQL): SQL {
  return sql`exists (select 1 from forum_group_members fm where fm.group_id = ${groupId}
    and fm.user_id = ${viewerId} and fm.status = 'approved')`;
}

/** SQL true when `viewerId` is the owner or a moderator of the forum group `groupId`. */
export function isModeratorSql(viewerId: string, groupId: SQL): SQL {
  return sql`exists (select 1 from forum_group_members fm where fm.group_id = ${groupId}
    and fm.user_id = ${viewerId} and fm.status = 'approved' and fm.role in ('owner', 'moderator'))`;
}

/**
 * SQL true when the author (a user id column) is shown to the viewer: alive, not blocked either way.
 * With `groupId`, the group's owner and moderators see its content whoever blocked whom: a member
 * cannot escape moderation by blocking the people who moderate (issue 26).
 */
export function authorShown(viewerId: string | null, authorAlias: string, authorId: SQL, groupId?: SQL): SQL {
  const live = visiblePerson(authorAlias);
  if (!viewerId) return live;
  const moderates = groupId ? sql` or ${isModeratorSql(viewerId, groupId)}` : sql``;
  return sql`${live} and (${notBlockedWith(viewerId, authorId)}${moderates})`;
}

export const readCursor = (cursor: string | undefined): TimeCursor | null =>
  readTimeCursor(cursor, FORUM_MSG.invalidCursor);

export { afterCursor, microsOf, pageOf };

/** The viewer's row in the group, or null. */
export async function membershipOf(
  db: Pick<Tx, 'execute'>,
  viewerId: string,
  groupId: string,
): Promise<{ role: ForumRole; status: ForumMemberStatus } | null> {
  const [row] = await rowsOf<{ role: ForumRole; status: ForumMemberStatus }>(
    db,
    sql`select role, status from forum_group_members where group_id = ${groupId} and user_id = ${viewerId}`,
  );
  return row ?? null;
}

/** The columns of a group summary, for the viewer (null: a visitor). */
export function summaryColumns(viewerId: string | null): SQL {
  const shown = authorShown(viewerId, 'lpa', sql`lp.author_id`);
  const mine = viewerId
    ? sql`(select m.role from forum_group_members m where m.group_id = g.id and m.user_id = ${viewerId}) as my_role,
        (select m.status from forum_group_members m where m.group_id = g.id and m.user_id = ${viewerId}) as my_status`
    : sql`null::text as my_role, null::text as my_status`;
  return sql`g.id::text as id, g.name, g.description, g.cover_image, g.created_at,
    (select count(*)::int from forum_group_members mc where mc.group_id = g.id and mc.status = 'approved') as member_count,
    (select count(*)::int from forum_posts pc where pc.group_id = g.id) as post_count,
    (select json_build_object('id', lp.id, 'title', lp.title, 'content', left(lp.content, 2000),
        'createdAt', lp.created_at, 'authorId', lp.author_id)
      from forum_posts lp join profiles lpa on lpa.id = lp.author_id
      where lp.group_id = g.id and ${shown} order by lp.created_at desc, lp.id desc limit 1) as latest,
    (select json_build_object('id', cp.id, 'username', cp.username, 'avatarUrl', cp.avatar_url)
      from profiles cp where cp.id = g.created_by and ${visiblePerson('cp')}) as creator,
    ${mine}`;
}

export type SummaryRow = {
  id: string;
  name: string;
  description: string;
  cover_image: string | null;
  created_at: string | Date;
  member_count: number;
  post_count: number;
  latest: { id: string; title: string; content: string; createdAt: string; authorId: string } | null;
  creator: { id: string; username: string; avatarUrl: string | null } | null;
  my_role: ForumRole | null;
  my_status: ForumMemberStatus | null;
};

export function toSummary(r: SummaryRow): ForumGroupSummary {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    coverImage: r.cover_image,
    createdAt: iso(r.created_at),
    memberCount: Number(r.member_count),
    postCount: Number(r.post_count),
    latestPost: r.latest
      ? {
          id: r.latest.id,
          title: r.latest.title,
          preview: previewOf(r.latest.content, FORUMS.latestPreview),
          createdAt: iso(r.latest.createdAt),
          authorId: r.latest.authorId,
        }
      : null,
    creator: r.creator,
    membership: r.my_role && r.my_status ? { role: r.my_role, status: r.my_status } : null,
  };
}

/** Columns of a post (alias fp, author profile p) as a list shows it. */
export const POST_COLUMNS = sql`fp.id::text as id, fp.group_id::text as group_id, fp.title, fp.content, fp.category,
  fp.created_at, fp.updated_at, fp.replies_count, fp.views_count, fp.is_pinned, fp.is_locked,
  (select count(*)::int from reactions r where r.content_type = 'forum_post' and r.content_id = fp.id
    and r.reaction_type = 'like') as likes_count,
  ${PERSON_SUMMARY_COLUMNS}`;

export type PostRow = PersonSummaryRow & {
  id: string;
  group_id: string;
  title: string;
  content: string;
  category: ForumCategory;
  created_at: string | Date;
  updated_at: string | Date;
  replies_count: number;
  views_count: number;
  likes_count: number;
  is_pinned: boolean;
  is_locked: boolean;
};

export function toPostSummary(r: PostRow): ForumPostSummary {
  return {
    id: r.id,
    groupId: r.group_id,
    title: r.title,
    preview: previewOf(r.content, FORUMS.postPreview),
    category: r.category,
    author: toPersonSummary(r),
    createdAt: iso(r.created_at),
    repliesCount: Number(r.replies_count),
    viewsCount: Number(r.views_count),
    likesCount: Number(r.likes_count),
    isPinned: r.is_pinned,
    isLocked: r.is_locked,
  };
}

/** What a forum group's page follows live: a change, named only by kind. */
export function groupChanged(groupId: string, what: 'group' | 'members' | 'posts' | 'requests'): Envelope {
  return { topic: `forum-group:${groupId}`, event: { type: 'forum.changed', groupId, postId: null, what } };
}

/** What a post's page follows live: the post itself (pin, lock, counts) or its replies. */
export function postChanged(groupId: string, postId: string, what: 'post' | 'replies'): Envelope {
  return { topic: `forum-post:${postId}`, event: { type: 'forum.changed', groupId, postId, what } };
}

/** A counted view: the post's pages set the new count without refetching the post. */
export function postViewed(groupId: string, postId: string, viewsCount: number): Envelope {
  return {
    topic: `forum-post:${postId}`,
    event: { type: 'forum.changed', groupId, postId, what: 'views', viewsCount },
  };
}
