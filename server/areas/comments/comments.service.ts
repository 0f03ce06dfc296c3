import type { CreateComment } from '@common/comments/schemas';
import {
  COMMENT_MSG,
  COMMENT_REPORT_TARGET,
  COMMENTS,
  type Comment,
  type CommentPage,
} from '@common/comments/model';
import { NOTIFICATION_TEXT } from '@common/notifications/model';
import { displayName } from '@common/profiles/model';
import type { EngagementContentType } from '@common/reactions/model';
import { LIMITS } from '@common/core/limits';
import { topic, type ServerEvent } from '@common/core/realtime';
import { eq, sql, type SQL } from 'drizzle-orm';
import { queryRows, statementOnce, type Db } from '../../db/client';
import { comments } from '../../db/schema';
import type { AppDeps, Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { cursorTime, decodeTimeCursor, encodeTimeCursor, microsOf, splitPage } from '../../lib/pagination';
import type { Envelope } from '../../platform/bus';
import { recordModeration } from '../../platform/audit';
import type { ContentTarget } from '../../platform/content-targets';

import { createNotification, notificationEnvelope, notifyMentions } from '../notifications';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';
import { lockContent, requireContent, requireTarget, type ContentRef } from '../reactions';
import { type Tx, blockedEitherIds, isSuperAdminSql, visiblePerson } from '../../db/rules';

/*
 * Comments on any registered kind of content (docs/decisions/011): plain text as typed (trimmed), oldest
 * first, replies nested by parent id down to the depth the content's target allows.
 *
 * Who is shown: comments by live authors only (not deleted, not banned), none by people the viewer
 * blocks or is blocked by, and none under a comment that is hidden so: a reply is shown only with
 * its parent, as deleting a comment takes its replies with it.
 */

export type CommentDeps = Pick<AppDeps, 'db' | 'bus' | 'logger'>;

/** Ids per comment.deleted event, so each stays small enough to travel inline between instances. */
const DELETED_IDS_PER_EVENT = 40;
const INVALID_CURSOR = 'Invalid cursor.';

type Row = PersonSummaryRow & {
  id: string;
  content_type: EngagementContentType;
  content_id: string;
  parent_id: string | null;
  depth: number;
  content: string;
  created_at: string | Date;
  /** created_at in microseconds since the epoch, exact (the page cursor). */
  micros: string;
};

function toComment(r: Row): Comment {
  return {
    id: r.id,
    contentType: r.content_type,
    contentId: r.content_id,
    parentId: r.parent_id,
    depth: Number(r.depth),
    content: r.content,
    createdAt: new Date(r.created_at).toISOString(),
    author: toPersonSummary(r),
  };
}

const columns = sql`c.id, c.content_type, c.content_id, c.parent_id, c.depth, c.content, c.created_at,
  ${microsOf(sql`c.created_at`)} as micros,
  ${PERSON_SUMMARY_COLUMNS}`;

/** SQL true when the person (profiles row `alias`) is shown to the viewer. */
function personShown(alias: 'p' | 'q', viewerId: string | null): SQL {
  const p = sql.raw(alias);
  const live = visiblePerson(alias);
  return viewerId ? sql`${live} and ${p}.id <> all(${blockedEitherIds(viewerId)})` : live;
}

/**
 * SQL true when comment `c` (its author joined as `p`) is shown to the viewer: its author and the
 * author of every comment above it are. A walk up the parents (a few levels at most) by primary key.
 */
function commentShown(viewerId: string | null): SQL {
  return sql`${personShown('p', viewerId)} and not exists (
    with recursive up (parent_id, user_id) as (
      select a.parent_id, a.user_id from comments a where a.id = c.parent_id
      union all
      select a.parent_id, a.user_id from comments a join up on a.id = up.parent_id
    )
    select 1 from up join profiles q on q.id = up.user_id where not (${personShown('q', viewerId)}))`;
}

const ofContent = (ref: ContentRef) =>
  sql`c.content_type = ${ref.contentType} and c.content_id = ${ref.contentId}`;

const pageStatement = (where: SQL, below: SQL, limit: number) =>
  sql`select ${columns} from comments c join profiles p on p.id = c.user_id
    where ${where} ${below} order by c.created_at, c.id limit ${limit}`;
/** A member's first page, written once (every article, post and event page asks it). */
const firstPageOfMember = statementOnce<ContentRef & { viewerId: string; limit: number }, Row>(
  ({ viewerId, limit, contentType, contentId }) =>
    pageStatement(sql`${ofContent({ contentType, contentId })} and ${commentShown(viewerId)}`, sql``, limit),
);

/** GET /api/comments/{type}/{id}: a page of the comments the viewer may see, oldest first. */
export async function listComments(
  deps: CommentDeps,
  viewerId: string | null,
  ref: ContentRef,
  q: { cursor?: string | undefined; limit: number },
): Promise<CommentPage> {
  const target = requireTarget(ref.contentType);
  const info = await requireContent(deps.db, target, viewerId, ref.contentId);
  const where = sql`${ofContent(ref)} and ${commentShown(viewerId)}`;
  const after = q.cursor ? decodeTimeCursor(q.cursor, INVALID_CURSOR) : null;
  // The cursor is compared as a timestamp, so the (content, created_at, id) index finds the page.
  const below = after ? sql`and (c.created_at, c.id) > (${cursorTime(after)}, ${after.id}::uuid)` : sql``;
  const rows =
    viewerId && !after
      ? await firstPageOfMember(deps.db, { ...ref, viewerId, limit: q.limit + 1 })
      : await queryRows<Row>(deps.db, pageStatement(where, below, q.limit + 1));
  return answerPage(
    deps.db,
    viewerId,
    target,
    ref,
    rows,
    q.limit,
    after !== null,
    viewerId ? (info.refuseEngagement ?? null) : null,
  );
}

/**
 * A column for an area's own statement that reads a shown content's first page of comments with it
 * (a json array of rows, one over the page, oldest first; null when there are none), for the
 * content whose id is `id` (an expression of that statement) as this viewer may see them.
 * `firstCommentsFromColumn` makes the page of it. The caller's statement must not name its own
 * tables `c`, `p` or `q` where this column reads them (it names its own, which shadow the caller's).
 */
export function firstCommentsColumn(contentType: EngagementContentType, id: SQL, viewerId: string): SQL {
  return sql`(select json_agg(fc order by fc.created_at, fc.id) from (
    select ${columns} from comments c join profiles p on p.id = c.user_id
    where c.content_type = ${contentType} and c.content_id = ${id} and ${commentShown(viewerId)}
    order by c.created_at, c.id limit ${COMMENTS.pageSize + 1}) fc)`;
}

/** The first page of a `firstCommentsColumn` value, as firstCommentsOfMany answers it. */
export function firstCommentsFromColumn(
  db: Db,
  viewerId: string,
  ref: ContentRef,
  column: unknown,
  closedReason: string | null,
): Promise<CommentPage> {
  const rows = (column as Row[] | null) ?? [];
  const target = requireTarget(ref.contentType);
  return answerPage(db, viewerId, target, ref, rows, COMMENTS.pageSize, false, closedReason);
}

/**
 * A page from its rows (one over `limit`). A first page that holds the whole thread is its own
 * count; otherwise the thread is counted apart, up to one over the cap: past it, the cost would grow
 * with the thread, for anyone asking.
 */
async function answerPage(
  db: Db,
  viewerId: string | null,
  target: ContentTarget,
  ref: ContentRef,
  rows: Row[],
  limit: number,
  later: boolean,
  closedReason: string | null,
): Promise<CommentPage> {
  const { page, more } = splitPage(rows, limit);
  const total =
    !later && !more
      ? page.length
      : Number(
          (
            await queryRows<{ total: number }>(
              db,
              sql`select count(*)::int as total from (
                select 1 from comments c join profiles p on p.id = c.user_id
                where ${ofContent(ref)} and ${commentShown(viewerId)}
                limit ${LIMITS.listCountCap + 1}) capped`,
            )
          )[0]?.total ?? 0,
        );
  return {
    items: page.map(toComment),
    total: Math.min(total, LIMITS.listCountCap),
    totalCapped: total > LIMITS.listCountCap,
    nextCursor: more ? encodeTimeCursor(page.at(-1)!) : null,
    maxDepth: target.maxCommentDepth,
    closedReason,
  };
}

async function readComment(db: Db | Tx, id: string): Promise<Comment | null> {
  const { rows } = await db.execute<Row>(
    sql`select ${columns} from comments c join profiles p on p.id = c.user_id where c.id = ${id}`,
  );
  return rows[0] ? toComment(rows[0]) : null;
}

/** A new comment's event: inline when small, loaded from the database by other instances when long. */
function createdEnvelope(comment: Comment): Envelope {
  return {
    topic: topic.content(comment.contentType, comment.contentId),
    event: { type: 'comment.created', comment },
    ref: { loader: 'comment', id: comment.id },
    // Readers who blocked the author (or were blocked) never see it, live or listed.
    hideFromBlockedWith: comment.author.id,
  };
}

/** Another process loads a long comment from the database instead of the NOTIFY payload. */
export function commentLoader(db: Db) {
  return async (id: string): Promise<ServerEvent | null> => {
    const comment = await readComment(db, id);
    return comment ? { type: 'comment.created', comment } : null;
  };
}

/**
 * POST /api/comments/{type}/{id} {content, parentId}: on content the viewer may see; a reply to a
 * comment on the same content that the viewer may see, no deeper than the target allows. Notifies
 * the content's owner and, for a reply, the parent's author (once each, never oneself).
 */
export async function addComment(
  deps: CommentDeps,
  viewer: Viewer,
  ref: ContentRef,
  input: CreateComment,
): Promise<Comment> {
  const target = requireTarget(ref.contentType);
  const content = input.content.trim();
  const { comment, notices, told } = await deps.db.transaction(async (tx) => {
    await lockContent(tx, ref);
    const info = await requireContent(tx, target, viewer.id, ref.contentId, 'write');
    const parent = input.parentId ? await readParent(tx, target, ref, viewer.id, input.parentId) : null;
    const [row] = await tx
      .insert(comments)
      .values({
        contentType: ref.contentType,
        contentId: ref.contentId,
        parentId: parent?.id ?? null,
        depth: parent ? parent.depth + 1 : 0,
        userId: viewer.id,
        content,
      })
      .returning({ id: comments.id });
    const comment = (await readComment(tx, row!.id))!;
    const actor = comment.author;
    const base = {
      actorId: viewer.id,
      actor: { id: actor.id, username: actor.username, fullName: actor.fullName, avatarUrl: actor.avatarUrl },
      type: 'comment' as const,
      title: NOTIFICATION_TEXT.comment.title,
      // Opens the exact comment (issue 21); a folded notification points at the newest.
      link: `${info.link}#comment-${comment.id}`,
      relatedId: ref.contentId,
      data: {
        contentType: ref.contentType,
        contentId: ref.contentId,
        commentId: comment.id,
        from_user_id: viewer.id,
      },
      // Comments on one thing fold into each person's one unread notification about it.
      groupKey: `comment:${ref.contentType}:${ref.contentId}`,
    };
    const recipients = new Map<string, string>([
      [info.ownerId, NOTIFICATION_TEXT.comment.text(displayName(actor), target.label, info.title)],
    ]);
    if (parent && !recipients.has(parent.userId))
      recipients.set(parent.userId, NOTIFICATION_TEXT.reply.text(displayName(actor), info.title));
    const notices: Envelope[] = [];
    for (const [userId, message] of recipients) {
      const n = await createNotification(tx, { ...base, userId, message });
      if (n) notices.push(notificationEnvelope(userId, n));
    }
    // Told of the comment already: a mention of them in it is not a second notification.
    return { comment, notices, told: [...recipients.keys()] };
  });
  deps.bus.publish(createdEnvelope(comment), ...notices);
  await notifyMentions(deps, {
    kind: COMMENT_REPORT_TARGET.type,
    contentId: comment.id,
    authorId: viewer.id,
    author: comment.author,
    text: content,
    alreadyTold: told,
  });
  return comment;
}

/** The comment replied to: on the same content, shown to the viewer, and deep enough to take a reply. */
async function readParent(tx: Tx, target: ContentTarget, ref: ContentRef, viewerId: string, id: string) {
  const { rows } = await tx.execute<{ id: string; depth: number; user_id: string }>(
    sql`select c.id, c.depth, c.user_id from comments c join profiles p on p.id = c.user_id
      where c.id = ${id} and ${ofContent(ref)} and ${commentShown(viewerId)}`,
  );
  const parent = rows[0];
  if (!parent)
    throw new AppError('VALIDATION', COMMENT_MSG.parentNotFound, { parentId: COMMENT_MSG.parentNotFound });
  const depth = Number(parent.depth);
  if (depth + 1 > target.maxCommentDepth)
    throw new AppError('VALIDATION', COMMENT_MSG.tooDeep, { parentId: COMMENT_MSG.tooDeep });
  return { id: parent.id, depth, userId: parent.user_id };
}

/**
 * DELETE /api/comments/{id}: by its author or a super admin; its replies go with it. Announces every
 * removed id on the content's topic.
 */
export async function deleteComment(deps: CommentDeps, viewer: Viewer, id: string): Promise<void> {
  const [found] = await deps.db
    .select({ contentType: comments.contentType, contentId: comments.contentId })
    .from(comments)
    .where(eq(comments.id, id));
  if (!found) throw new AppError('NOT_FOUND', COMMENT_MSG.notFound);
  const ref = found as ContentRef;
  const removed = await deps.db.transaction(async (tx) => {
    await lockContent(tx, ref);
    const { rows } = await tx.execute<{ allowed: boolean }>(
      sql`select (c.user_id = ${viewer.id}
          or ${isSuperAdminSql(viewer.id)}) as allowed
        from comments c where c.id = ${id}`,
    );
    if (!rows[0]) throw new AppError('NOT_FOUND', COMMENT_MSG.notFound);
    // The content's owner may remove comments on it too (issue 21, as Discourse and LinkedIn
    // allow), while they may still see it; so may whoever moderates where it lives (a group's
    // admins), and that removal is audited.
    const info = rows[0].allowed
      ? null
      : await requireTarget(ref.contentType).resolve(tx, viewer.id, ref.contentId);
    const isOwner = info?.ownerId === viewer.id;
    const moderates = !isOwner && info?.viewerModerates === true;
    if (!rows[0].allowed && !isOwner && !moderates) throw new AppError('FORBIDDEN', COMMENT_MSG.noPermission);
    if (moderates)
      await recordModeration(tx, {
        actorId: viewer.id,
        action: 'comment.moderate',
        targetType: 'comment',
        targetId: id,
        detail: { contentType: ref.contentType, contentId: ref.contentId, link: info?.link ?? null },
      });
    // The replies, at any depth, go by the foreign key's cascade; their ids are read first.
    const tree = await tx.execute<{ id: string }>(
      sql`with recursive tree (id) as (
          select id from comments where id = ${id}
          union all
          select c.id from comments c join tree on c.parent_id = tree.id
        ) select id::text as id from tree`,
    );
    await tx.delete(comments).where(eq(comments.id, id));
    return tree.rows.map((r) => r.id);
  });
  const envelopes: Envelope[] = [];
  for (let i = 0; i < removed.length; i += DELETED_IDS_PER_EVENT)
    envelopes.push({
      topic: topic.content(ref.contentType, ref.contentId),
      event: { type: 'comment.deleted', ...ref, commentIds: removed.slice(i, i + DELETED_IDS_PER_EVENT) },
    });
  deps.bus.publish(...envelopes);
}

/** Deletes a piece of content's comments; the content area calls it in its delete transaction. */
export async function removeComments(tx: Tx, ref: ContentRef): Promise<void> {
  await lockContent(tx, ref);
  await tx
    .delete(comments)
    .where(sql`${comments.contentType} = ${ref.contentType} and ${comments.contentId} = ${ref.contentId}`);
}

/**
 * Deletes every comment a person made (their account is being deleted), replies by others to their
 * comments included, as when they delete a comment themselves.
 */
export async function removePersonComments(tx: Tx, userId: string): Promise<void> {
  await tx.delete(comments).where(eq(comments.userId, userId));
}
