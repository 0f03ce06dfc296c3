import type {
  CreateForumPost,
  CreateForumReply,
  EditForumPost,
  ForumPageQuery,
  ModeratePost,
} from '@common/forums/schemas';
import {
  FORUM_MSG,
  FORUM_POST_REPORT_TARGET,
  FORUM_REPLY_REPORT_TARGET,
  FORUMS,
  type ForumPost,
  type ForumPostPage,
  type ForumPostWithReplies,
  type ForumReply,
  type ForumReplyPage,
} from '@common/forums/model';
import { sql } from 'drizzle-orm';
import type { Tx } from '../../db/rules';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { cursorTime } from '../../lib/pagination';
import { enforce } from '../../platform/rate-limit';
import { removeComments } from '../comments';
import { actorOfViewer, notifyMentions } from '../notifications';
import { publishToFeed, removeFromFeed } from '../feed';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';
import { removeReactions } from '../reactions';
import { requireForumRole } from './forums.service';
import {
  afterCursor,
  authorShown,
  groupChanged,
  groupNotFound,
  isApprovedSql,
  isModeratorSql,
  iso,
  microsOf,
  pageOf,
  POST_COLUMNS,
  postChanged,
  postNotFound,
  postViewed,
  readCursor,
  rowsOf,
  toPostSummary,
  type ForumDeps,
  type PostRow,
} from './forum-rows';

/*
 * Forum posts and replies: approved members post in one of the
 * four categories and reply; the owner and moderators pin and lock (going further than the
 * document, which shows the icons but not who sets them); a locked post takes no new replies. A
 * view counts once per person per hour. Comments under replies and the reactions are the shared
 * modules' (content types forum_reply, forum_comment, forum_post: forums.register.ts).
 */

const POST_LIMIT = { name: 'forum-post', max: FORUMS.postsPerHour, windowSec: 60 * 60 };
const REPLY_LIMIT = { name: 'forum-reply', max: FORUMS.repliesPerHour, windowSec: 60 * 60 };

/** GET /api/forums/{id}/posts: pinned first, then newest; authors hidden to the viewer left out. */
export async function listForumPosts(
  deps: ForumDeps,
  viewer: Viewer | null,
  groupId: string,
  q: ForumPageQuery,
): Promise<ForumPostPage> {
  const [g] = await rowsOf(deps.db, sql`select 1 from forum_groups where id = ${groupId} and is_public`);
  if (!g) throw groupNotFound();
  const cursor = readCursor(q.cursor);
  // The cursor's id names a post: whether it was pinned tells which part of the list we are in.
  const rows = await rowsOf<PostRow & { sort_micros: string }>(
    deps.db,
    sql`select ${POST_COLUMNS}, ${microsOf(sql`fp.created_at`)} as sort_micros
      from forum_posts fp join profiles p on p.id = fp.author_id
      where fp.group_id = ${groupId} and ${authorShown(viewer?.id ?? null, 'p', sql`fp.author_id`, sql`fp.group_id`)}
        and ${
          cursor
            ? sql`(fp.is_pinned, fp.created_at, fp.id) < ((select c.is_pinned from forum_posts c where c.id = ${cursor.id}::uuid),
                ${cursorTime(cursor)}, ${cursor.id}::uuid)`
            : sql`true`
        }
      order by fp.is_pinned desc, fp.created_at desc, fp.id desc limit ${q.limit + 1}`,
  );
  return pageOf(rows, q.limit, toPostSummary);
}

/** A post the viewer may read (its author shown to them), with what they may do; null if none. */
export async function readForumPost(db: Tx, viewerId: string | null, id: string): Promise<ForumPost | null> {
  const can = viewerId
    ? sql`${isApprovedSql(viewerId, sql`fp.group_id`)} as can_reply, ${isModeratorSql(viewerId, sql`fp.group_id`)} as can_moderate`
    : sql`false as can_reply, false as can_moderate`;
  const [row] = await rowsOf<PostRow & { group_name: string; can_reply: boolean; can_moderate: boolean }>(
    db,
    sql`select ${POST_COLUMNS}, g.name as group_name, ${can}
      from forum_posts fp join profiles p on p.id = fp.author_id join forum_groups g on g.id = fp.group_id
      where fp.id = ${id} and g.is_public and ${authorShown(viewerId, 'p', sql`fp.author_id`, sql`fp.group_id`)}`,
  );
  if (!row) return null;
  const { preview: _preview, ...summary } = toPostSummary(row);
  return {
    ...summary,
    content: row.content,
    updatedAt: iso(row.updated_at),
    group: { id: row.group_id, name: row.group_name },
    canReply: row.can_reply && !row.is_locked,
    canModerate: row.can_moderate,
  };
}

/** GET /api/forums/posts/{id}: the post, or 'Post not found'. */
export async function getForumPost(deps: ForumDeps, viewer: Viewer | null, id: string): Promise<ForumPost> {
  const post = await readForumPost(deps.db, viewer?.id ?? null, id);
  if (!post) throw postNotFound();
  return post;
}

/**
 * POST /api/forums/posts/{id}/views: the signed-in viewer opened the post. Counted once per person
 * per hour (forum_post_views' key); visitors are not counted. Returns the count.
 *
 * One statement (docs/scaling.md): the post as readForumPost finds it for this viewer (the same
 * visibility fragments), the view's row inserted only for such a post, the count bumped only if
 * that row is new. A counted view tells the post's open pages the new count (`what: 'views'`), which
 * they set without refetching the post.
 */
export async function recordForumView(
  deps: ForumDeps,
  viewer: Viewer,
  id: string,
): Promise<{ viewsCount: number }> {
  const [row] = await rowsOf<{ group_id: string; views_count: number; bumped: number | null }>(
    deps.db,
    sql`with post as (
        select fp.id, fp.group_id, fp.views_count
        from forum_posts fp join profiles p on p.id = fp.author_id join forum_groups g on g.id = fp.group_id
        where fp.id = ${id} and g.is_public and ${authorShown(viewer.id, 'p', sql`fp.author_id`, sql`fp.group_id`)}
      ), added as (
        insert into forum_post_views (post_id, viewer_id, hour)
        select id, ${viewer.id}, date_trunc('hour', now()) from post
        on conflict do nothing returning post_id
      ), bumped as (
        update forum_posts set views_count = views_count + 1
        where id = (select post_id from added) returning views_count
      )
      select post.group_id::text as group_id, post.views_count, (select views_count from bumped) as bumped
      from post`,
  );
  if (!row) throw postNotFound();
  if (row.bumped === null) return { viewsCount: Number(row.views_count) };
  const viewsCount = Number(row.bumped);
  deps.bus.publish(postViewed(row.group_id, id, viewsCount));
  return { viewsCount };
}

/** POST /api/forums/{id}/posts: approved members only (pending members cannot post). */
export async function createForumPost(
  deps: ForumDeps,
  viewer: Viewer,
  groupId: string,
  input: CreateForumPost,
): Promise<ForumPost> {
  const id = await deps.db.transaction(async (tx) => {
    await requireForumRole(tx, viewer.id, groupId, 'member');
    await enforce(tx, POST_LIMIT, viewer.id);
    const [row] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into forum_posts (group_id, author_id, title, content, category)
        values (${groupId}, ${viewer.id}, ${input.title}, ${input.content}, ${input.category})
        returning id::text as id`,
    );
    if (!row) throw new Error('forum post was not written');
    await publishToFeed(
      { db: tx, bus: deps.bus },
      {
        kind: 'forum_post',
        contentId: row.id,
        userId: viewer.id,
        title: input.title,
        description: input.content,
        link: `/forums/post/${row.id}`,
      },
    );
    return row.id;
  });
  deps.bus.publish(groupChanged(groupId, 'posts'));
  await notifyMentions(deps, {
    ...postMentions,
    contentId: id,
    authorId: viewer.id,
    author: actorOfViewer(viewer),
    text: input.content,
    title: input.title,
  });
  return getForumPost(deps, viewer, id);
}

/** PATCH /api/forums/posts/{id} {isPinned, isLocked}: the group's owner and moderators. */
export async function moderateForumPost(
  deps: ForumDeps,
  viewer: Viewer,
  id: string,
  input: ModeratePost,
): Promise<ForumPost> {
  const groupId = await deps.db.transaction(async (tx) => {
    const [post] = await rowsOf<{ group_id: string }>(
      tx,
      sql`select group_id::text as group_id from forum_posts where id = ${id}`,
    );
    if (!post || !(await readForumPost(tx, viewer.id, id))) throw postNotFound();
    await requireForumRole(tx, viewer.id, post.group_id, 'moderator');
    const sets = [sql`updated_at = now()`];
    if (input.isPinned !== undefined) sets.push(sql`is_pinned = ${input.isPinned}`);
    if (input.isLocked !== undefined) sets.push(sql`is_locked = ${input.isLocked}`);
    await tx.execute(sql`update forum_posts set ${sql.join(sets, sql`, `)} where id = ${id}`);
    return post.group_id;
  });
  deps.bus.publish(postChanged(groupId, id, 'post'), groupChanged(groupId, 'posts'));
  return getForumPost(deps, viewer, id);
}

type ReplyRow = PersonSummaryRow & {
  id: string;
  post_id: string;
  content: string;
  created_at: string | Date;
  sort_micros: string;
};

const toReply = (r: ReplyRow): ForumReply => ({
  id: r.id,
  postId: r.post_id,
  content: r.content,
  author: toPersonSummary(r),
  createdAt: iso(r.created_at),
});

const REPLY_COLUMNS = sql`fr.id::text as id, fr.post_id::text as post_id, fr.content, fr.created_at,
  ${microsOf(sql`fr.created_at`)} as sort_micros, ${PERSON_SUMMARY_COLUMNS}`;

/** GET /api/forums/posts/{id}/replies: oldest first; authors hidden to the viewer left out. */
export async function listForumReplies(
  deps: ForumDeps,
  viewer: Viewer | null,
  postId: string,
  q: ForumPageQuery,
): Promise<ForumReplyPage> {
  const viewerId = viewer?.id ?? null;
  if (!(await readForumPost(deps.db, viewerId, postId))) throw postNotFound();
  return replyPage(deps.db, viewerId, postId, q);
}

/**
 * GET /api/forums/posts/{id}: the post with the first page of its replies (as GET .../replies
 * answers it), so its page asks no second request. The replies are read beside the post and
 * answered only when the viewer may read the post.
 */
export async function readForumPostWithReplies(
  deps: ForumDeps,
  viewer: Viewer | null,
  id: string,
): Promise<ForumPostWithReplies> {
  const viewerId = viewer?.id ?? null;
  const [post, replies] = await Promise.all([
    readForumPost(deps.db, viewerId, id),
    replyPage(deps.db, viewerId, id, { limit: FORUMS.replyPageSize }),
  ]);
  if (!post) throw postNotFound();
  return { ...post, replies };
}

/** A page of a post's replies the viewer may see, oldest first (the caller checked the post). */
async function replyPage(
  db: ForumDeps['db'],
  viewerId: string | null,
  postId: string,
  q: Pick<ForumPageQuery, 'cursor' | 'limit'>,
): Promise<ForumReplyPage> {
  const rows = await rowsOf<ReplyRow>(
    db,
    sql`select ${REPLY_COLUMNS} from forum_replies fr join profiles p on p.id = fr.author_id
      where fr.post_id = ${postId}
        and ${authorShown(viewerId, 'p', sql`fr.author_id`, sql`(select g.group_id from forum_posts g where g.id = fr.post_id)`)}
        and ${afterCursor(sql`fr.created_at`, sql`fr.id`, readCursor(q.cursor), 'asc')}
      order by fr.created_at, fr.id limit ${q.limit + 1}`,
  );
  return pageOf(rows, q.limit, toReply);
}

/**
 * POST /api/forums/posts/{id}/replies: approved members of the post's group; a locked post refuses
 * (409). The post's replies count goes up in the same transaction; a 'forum_reply' feed item.
 */
export async function createForumReply(
  deps: ForumDeps,
  viewer: Viewer,
  postId: string,
  input: CreateForumReply,
): Promise<ForumReply> {
  const { reply, groupId } = await deps.db.transaction(async (tx) => {
    const post = await readForumPost(tx, viewer.id, postId);
    if (!post) throw postNotFound();
    await requireForumRole(tx, viewer.id, post.groupId, 'member');
    // Locked under the row lock, so a reply never lands after the lock committed.
    const [locked] = await rowsOf<{ is_locked: boolean }>(
      tx,
      sql`select is_locked from forum_posts where id = ${postId} for update`,
    );
    if (locked?.is_locked) throw new AppError('CONFLICT', FORUM_MSG.lockedRefusal);
    await enforce(tx, REPLY_LIMIT, viewer.id);
    const [row] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into forum_replies (post_id, author_id, content) values (${postId}, ${viewer.id}, ${input.content})
        returning id::text as id`,
    );
    if (!row) throw new Error('forum reply was not written');
    await tx.execute(sql`update forum_posts set replies_count = replies_count + 1 where id = ${postId}`);
    await publishToFeed(
      { db: tx, bus: deps.bus },
      {
        kind: 'forum_reply',
        contentId: row.id,
        userId: viewer.id,
        title: FORUM_MSG.feedReply(post.title),
        description: input.content,
        link: `/forums/post/${postId}`,
      },
    );
    const [written] = await rowsOf<ReplyRow>(
      tx,
      sql`select ${REPLY_COLUMNS} from forum_replies fr join profiles p on p.id = fr.author_id where fr.id = ${row.id}`,
    );
    return { reply: toReply(written!), groupId: post.groupId };
  });
  deps.bus.publish(postChanged(groupId, postId, 'replies'), groupChanged(groupId, 'posts'));
  await notifyMentions(deps, {
    ...replyMentions,
    contentId: reply.id,
    authorId: viewer.id,
    author: actorOfViewer(viewer),
    text: input.content,
  });
  return reply;
}

/** A reply's engagement and feed item go (its comments' reactions first). */
export async function removeReplyRows(tx: Tx, bus: ForumDeps['bus'], replyId: string): Promise<void> {
  const comments = await rowsOf<{ id: string }>(
    tx,
    sql`select id::text as id from comments where content_type = 'forum_reply' and content_id = ${replyId}`,
  );
  for (const c of comments) await removeReactions(tx, { contentType: 'forum_comment', contentId: c.id });
  await removeReactions(tx, { contentType: 'forum_reply', contentId: replyId });
  await removeComments(tx, { contentType: 'forum_reply', contentId: replyId });
  await removeFromFeed({ db: tx, bus }, { type: 'forum_reply', contentId: replyId });
}

/** A post's replies, engagement and feed item go; the row itself is the caller's to delete. */
export async function removePostRows(tx: Tx, bus: ForumDeps['bus'], postId: string): Promise<void> {
  const replies = await rowsOf<{ id: string }>(
    tx,
    sql`select id::text as id from forum_replies where post_id = ${postId}`,
  );
  for (const r of replies) await removeReplyRows(tx, bus, r.id);
  await removeReactions(tx, { contentType: 'forum_post', contentId: postId });
  await removeFromFeed({ db: tx, bus }, { type: 'forum_post', contentId: postId });
}

/**
 * An admin removes a reported post (docs/decisions/018): with its replies, the reactions and comments on
 * it and on each reply, and their feed items, in one transaction. Forums have no delete path of
 * their own (the spec gives none); false when it was already gone.
 */
export async function removeForumPost(deps: Pick<ForumDeps, 'db' | 'bus'>, postId: string): Promise<boolean> {
  const groupId = await deps.db.transaction(async (tx) => {
    const [row] = await rowsOf<{ group_id: string }>(
      tx,
      sql`select group_id::text as group_id from forum_posts where id = ${postId} for update`,
    );
    if (!row) return null;
    await removePostRows(tx, deps.bus, postId);
    // Posts take no comments today (maxCommentDepth 0 and no box), but the table would allow them.
    await removeComments(tx, { contentType: 'forum_post', contentId: postId });
    // The replies and views go by their foreign keys' cascade.
    await tx.execute(sql`delete from forum_posts where id = ${postId}`);
    return row.group_id;
  });
  if (groupId) deps.bus.publish(postChanged(groupId, postId, 'post'), groupChanged(groupId, 'posts'));
  return groupId !== null;
}

/**
 * An admin removes a reported reply: its reactions, its comments and their reactions, its feed item;
 * the post's replies count goes down in the same transaction (under the post's row lock, as a new
 * reply takes it). False when it was already gone.
 */
export async function removeForumReply(
  deps: Pick<ForumDeps, 'db' | 'bus'>,
  replyId: string,
): Promise<boolean> {
  const found = await deps.db.transaction(async (tx) => {
    const [reply] = await rowsOf<{ post_id: string }>(
      tx,
      sql`select post_id::text as post_id from forum_replies where id = ${replyId}`,
    );
    if (!reply) return null;
    const [post] = await rowsOf<{ group_id: string }>(
      tx,
      sql`select group_id::text as group_id from forum_posts where id = ${reply.post_id} for update`,
    );
    // Read again under the post's lock: the post or the reply may have gone meanwhile.
    const [still] = await rowsOf(tx, sql`select 1 from forum_replies where id = ${replyId} for update`);
    if (!post || !still) return null;
    await removeReplyRows(tx, deps.bus, replyId);
    await tx.execute(sql`delete from forum_replies where id = ${replyId}`);
    await tx.execute(
      sql`update forum_posts set replies_count = greatest(replies_count - 1, 0) where id = ${reply.post_id}`,
    );
    return { postId: reply.post_id, groupId: post.group_id };
  });
  if (found)
    deps.bus.publish(
      postChanged(found.groupId, found.postId, 'replies'),
      groupChanged(found.groupId, 'posts'),
    );
  return found !== null;
}

/** The author's own post or reply, or 404 (someone else's answers as missing, as a hidden one). */
async function requireAuthor(tx: Tx, viewerId: string, table: 'forum_posts' | 'forum_replies', id: string) {
  const [row] = await rowsOf(
    tx,
    sql`select 1 from ${sql.raw(table)} where id = ${id} and author_id = ${viewerId} for update`,
  );
  if (!row) throw table === 'forum_posts' ? postNotFound() : new AppError('NOT_FOUND', FORUM_MSG.replyGone);
}

/**
 * PUT /api/forums/posts/{id}/content {title, content}: the author edits their own post (not once it
 * is locked). Everyone on the post's page sees it live.
 */
export async function editForumPost(
  deps: ForumDeps,
  viewer: Viewer,
  id: string,
  body: EditForumPost,
): Promise<ForumPost> {
  const groupId = await deps.db.transaction(async (tx) => {
    await requireAuthor(tx, viewer.id, 'forum_posts', id);
    const [row] = await rowsOf<{ group_id: string }>(
      tx,
      sql`update forum_posts set title = ${body.title}, content = ${body.content}, updated_at = now()
        where id = ${id} and not is_locked returning group_id::text as group_id`,
    );
    if (!row) throw new AppError('FORBIDDEN', FORUM_MSG.lockedThread);
    return row.group_id;
  });
  deps.bus.publish(postChanged(groupId, id, 'post'), groupChanged(groupId, 'posts'));
  // Only people the edit newly mentions are told (notifyMentions remembers the others).
  await notifyMentions(deps, {
    ...postMentions,
    contentId: id,
    authorId: viewer.id,
    author: actorOfViewer(viewer),
    text: body.content,
    title: body.title,
  });
  return (await readForumPost(deps.db, viewer.id, id))!;
}

/** DELETE /api/forums/posts/{id}: the author deletes their own post, with its replies and their comments. */
export async function deleteOwnForumPost(deps: ForumDeps, viewer: Viewer, id: string): Promise<void> {
  await deps.db.transaction((tx) => requireAuthor(tx, viewer.id, 'forum_posts', id));
  if (!(await removeForumPost(deps, id))) throw postNotFound();
}

/** PUT /api/forums/replies/{id} {content}: the author edits their own reply (not in a locked post). */
export async function editForumReply(
  deps: ForumDeps,
  viewer: Viewer,
  id: string,
  body: CreateForumReply,
): Promise<void> {
  const found = await deps.db.transaction(async (tx) => {
    await requireAuthor(tx, viewer.id, 'forum_replies', id);
    const [row] = await rowsOf<{ post_id: string; group_id: string }>(
      tx,
      sql`update forum_replies r set content = ${body.content}
        from forum_posts fp where r.id = ${id} and fp.id = r.post_id and not fp.is_locked
        returning r.post_id::text as post_id, fp.group_id::text as group_id`,
    );
    if (!row) throw new AppError('FORBIDDEN', FORUM_MSG.lockedThread);
    return row;
  });
  deps.bus.publish(postChanged(found.group_id, found.post_id, 'replies'));
  await notifyMentions(deps, {
    ...replyMentions,
    contentId: id,
    authorId: viewer.id,
    author: actorOfViewer(viewer),
    text: body.content,
  });
}

/** Mentions in posts and replies: read as their report targets let the mentioned person read them. */
const postMentions = { kind: FORUM_POST_REPORT_TARGET.type };
const replyMentions = { kind: FORUM_REPLY_REPORT_TARGET.type };

/** DELETE /api/forums/replies/{id}: the author deletes their own reply (with its comments). */
export async function deleteOwnForumReply(deps: ForumDeps, viewer: Viewer, id: string): Promise<void> {
  await deps.db.transaction((tx) => requireAuthor(tx, viewer.id, 'forum_replies', id));
  if (!(await removeForumReply(deps, id))) throw new AppError('NOT_FOUND', FORUM_MSG.replyGone);
}
