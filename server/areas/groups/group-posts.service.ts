import type { CreateGroupPost, PageQuery } from '@common/groups/schemas';
import {
  GROUP_MSG,
  GROUP_POST_REPORT_TARGET,
  type GroupImage,
  type GroupPost,
  type GroupPostPage,
} from '@common/groups/model';
import { NOTIFICATION_TEXT } from '@common/notifications/model';
import { displayName } from '@common/profiles/model';
import { sql } from 'drizzle-orm';
import { blockedEitherIds, visiblePerson, type Tx } from '../../db/rules';
import type { Viewer } from '../../lib/context';
import { deleteImageByUrl, saveImage, type ImageInput } from '../../platform/images';
import type { ImagePreset } from '@common/core/uploads';
import { attachUpload, recordUpload } from '../../platform/upload-ledger';
import type { Envelope } from '../../platform/bus';
import { recordModeration } from '../../platform/audit';
import { AppError } from '../../lib/errors';
import { publishToFeed, removeFromFeed } from '../feed';
import { createNotification, notificationEnvelope, notifyMentions } from '../notifications';
import { removeComments } from '../comments';
import { firstCommentsColumn, firstCommentsFromColumn } from '../comments';
import { reactionsColumn, reactionsFromColumn, removeReactions } from '../reactions';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';
import { requireOpenGroup, requireRole } from './groups.service';
import {
  afterCursor,
  groupChanged,
  groupOpenTo,
  isAdminSql,
  iso,
  microsOf,
  notFound,
  ownImage,
  pageOf,
  readCursor,
  rowsOf,
  type GroupDeps,
} from './group-rows';

/*
 * A group's posts: members write them (1 to 1000 characters, an optional
 * image), everyone who may see the group reads them (a private group's: its members only), newest
 * first, without those of people blocked either way or of hidden accounts. Reactions and comments
 * are the shared modules' (content type 'group_post', groups.register.ts). Sharing a post puts a
 * 'Shared a post' item on the feed. Also the images: group covers and post pictures.
 */

type PostRow = PersonSummaryRow & {
  id: string;
  group_id: string;
  content: string;
  image_url: string | null;
  created_at: string | Date;
  sort_micros: string;
};

const POST_COLUMNS = sql`gp.id::text as id, gp.group_id::text as group_id, gp.content, gp.image_url, gp.created_at,
  ${microsOf(sql`gp.created_at`)} as sort_micros, ${PERSON_SUMMARY_COLUMNS}`;

const toPost = (r: PostRow): GroupPost => ({
  id: r.id,
  groupId: r.group_id,
  author: toPersonSummary(r),
  content: r.content,
  imageUrl: r.image_url,
  createdAt: iso(r.created_at),
});

/** GET /api/groups/{id}/posts: newest first, a page at a time (group_posts_group_idx backward). */
export async function listPosts(
  deps: GroupDeps,
  viewer: Viewer,
  groupId: string,
  q: PageQuery,
): Promise<GroupPostPage> {
  const { isMember } = await requireOpenGroup(deps.db, viewer.id, groupId);
  // Each post carries its reactions and its first page of comments, read in the posts' own
  // statement (columns the reactions and comments areas write) instead of two requests per post,
  // closed with the group's own reason for one who has not joined, as its content target says.
  const rows = await rowsOf<PostRow & { reactions: unknown; comments: unknown }>(
    deps.db,
    sql`select ${POST_COLUMNS},
        ${reactionsColumn('group_post', sql`gp.id`, viewer.id)} as reactions,
        ${firstCommentsColumn('group_post', sql`gp.id`, viewer.id)} as comments
      from group_posts gp join profiles p on p.id = gp.user_id
      where gp.group_id = ${groupId} and ${visiblePerson('p')} and not (gp.user_id = any (${blockedEitherIds(viewer.id)}))
        and ${afterCursor(sql`gp.created_at`, sql`gp.id`, readCursor(q.cursor), 'desc')}
      order by gp.created_at desc, gp.id desc limit ${q.limit + 1}`,
  );
  const page = pageOf(rows, q.limit, (r) => r);
  const closedReason = isMember ? null : GROUP_MSG.joinToEngage;
  const items = await Promise.all(
    page.items.map(async (r) => {
      const ref = { contentType: 'group_post' as const, contentId: r.id };
      return {
        ...toPost(r),
        reactions: reactionsFromColumn(ref, r.reactions, closedReason),
        comments: await firstCommentsFromColumn(deps.db, viewer.id, ref, r.comments, closedReason),
      };
    }),
  );
  return { ...page, items };
}

/**
 * POST /api/groups/{id}/posts: a member's post. The group's admins are told (folded into one unread
 * notification per group), and everyone on the group's page sees it arrive.
 */
export async function createPost(
  deps: GroupDeps,
  viewer: Viewer,
  groupId: string,
  input: CreateGroupPost,
): Promise<GroupPost> {
  const imageUrl = await ownImage(
    deps.storage,
    viewer.id,
    input.imageUrl,
    'content',
    'imageUrl',
    GROUP_MSG.imageNotUploaded,
  );
  const { post, notices } = await deps.db.transaction(async (tx) => {
    const group = await requireRole(tx, viewer.id, groupId, 'member');
    const [row] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into group_posts (group_id, user_id, content, image_url)
        values (${groupId}, ${viewer.id}, ${input.content.trim()}, ${imageUrl}) returning id::text as id`,
    );
    await attachUpload(tx, deps.storage, imageUrl);
    const [post] = await rowsOf<PostRow>(
      tx,
      sql`select ${POST_COLUMNS} from group_posts gp join profiles p on p.id = gp.user_id where gp.id = ${row!.id}`,
    );
    const name = displayName({ username: post!.username, fullName: post!.full_name });
    const admins = await rowsOf<{ user_id: string }>(
      tx,
      sql`select m.user_id::text as user_id from group_members m
        where m.group_id = ${groupId} and m.role = 'admin' and not (m.user_id = any (${blockedEitherIds(viewer.id)}))`,
    );
    const notices: Envelope[] = [];
    for (const a of admins) {
      const n = await createNotification(tx, {
        userId: a.user_id,
        actorId: viewer.id,
        type: 'group_action',
        title: NOTIFICATION_TEXT.groupAction.title,
        message: GROUP_MSG.newPostNotice(name, group.name),
        link: `/groups/${groupId}`,
        relatedId: groupId,
        data: { groupId, postId: row!.id },
        groupKey: `group-posts:${groupId}`,
      });
      if (n) notices.push(notificationEnvelope(a.user_id, n));
    }
    return { post: toPost(post!), notices };
  });
  deps.bus.publish(groupChanged(groupId, 'posts'), ...notices);
  await notifyMentions(deps, {
    kind: GROUP_POST_REPORT_TARGET.type,
    contentId: post.id,
    authorId: viewer.id,
    text: post.content,
  });
  return post;
}

/**
 * POST /api/groups/{id}/posts/{postId}/share {comment}: a member shares a post of the group; a
 * 'Shared a post' item goes on the feed (seen by whoever may see the group). Sharing again updates
 * the one share.
 */
export async function sharePost(
  deps: GroupDeps,
  viewer: Viewer,
  groupId: string,
  postId: string,
  comment: string | null,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    await requireRole(tx, viewer.id, groupId, 'member');
    const [post] = await rowsOf<{ content: string; image_url: string | null }>(
      tx,
      sql`select gp.content, gp.image_url from group_posts gp join profiles p on p.id = gp.user_id
        where gp.id = ${postId} and gp.group_id = ${groupId} and ${visiblePerson('p')}
          and not (gp.user_id = any (${blockedEitherIds(viewer.id)}))`,
    );
    if (!post) throw notFound();
    const [share] = await rowsOf<{ id: string }>(
      tx,
      sql`insert into group_shares (post_id, user_id, group_id, comment) values (${postId}, ${viewer.id}, ${groupId}, ${comment || null})
        on conflict (post_id, user_id) do update set comment = excluded.comment, created_at = now()
        returning id::text as id`,
    );
    await publishToFeed(
      { db: tx, bus: deps.bus },
      {
        kind: 'shared_post',
        contentId: share!.id,
        userId: viewer.id,
        title: GROUP_MSG.sharedAPost,
        description: comment ? `${comment}\n\n${post.content}` : post.content,
        imageUrl: post.image_url,
        link: `/groups/${groupId}`,
        audienceGroupId: groupId,
      },
    );
  });
}

/** A post's rows elsewhere (reactions, comments, shares' feed items), in the caller's transaction. */
export async function removePostRows(tx: Tx, bus: GroupDeps['bus'], postId: string): Promise<void> {
  const ref = { contentType: 'group_post' as const, contentId: postId };
  await removeReactions(tx, ref);
  await removeComments(tx, ref);
  const shares = await rowsOf<{ id: string }>(
    tx,
    sql`select id::text as id from group_shares where post_id = ${postId}`,
  );
  for (const s of shares) await removeFromFeed({ db: tx, bus }, { type: 'shared_post', contentId: s.id });
}

/**
 * A super admin removes a reported post (the admin area's Reports tab): its rows elsewhere, then the
 * post; the group's page refreshes its posts. False when it is gone already.
 */
export async function removeGroupPost(deps: Pick<GroupDeps, 'db' | 'bus'>, postId: string): Promise<boolean> {
  const groupId = await deps.db.transaction(async (tx) => {
    const [row] = await rowsOf<{ group_id: string }>(
      tx,
      sql`select group_id::text as group_id from group_posts where id = ${postId} for update`,
    );
    if (!row) return null;
    await removePostRows(tx, deps.bus, postId);
    await tx.execute(sql`delete from group_posts where id = ${postId}`);
    return row.group_id;
  });
  if (groupId) deps.bus.publish(groupChanged(groupId, 'posts'));
  return groupId !== null;
}

/**
 * DELETE /api/groups/{id}/posts/{postId}: its author, or an admin of the group, removes a post (with
 * its reactions, comments and feed items). An admin removing someone else's is audited. A post the
 * viewer may not see (another group's, a hidden group's, a person blocked either way) is a 404; a
 * plain member removing another's is a 403.
 */
export async function deleteGroupPost(
  deps: GroupDeps,
  viewer: Viewer,
  groupId: string,
  postId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const [row] = await rowsOf<{ user_id: string; admin: boolean }>(
      tx,
      sql`select gp.user_id::text as user_id, ${isAdminSql(viewer.id, sql`gp.group_id`)} as admin
        from group_posts gp join groups g on g.id = gp.group_id
        where gp.id = ${postId} and gp.group_id = ${groupId} and ${groupOpenTo(viewer.id)}
          and not (gp.user_id = any (${blockedEitherIds(viewer.id)}))
        for update of gp`,
    );
    if (!row) throw new AppError('NOT_FOUND', GROUP_MSG.postGone);
    const isAuthor = row.user_id === viewer.id;
    if (!isAuthor && !row.admin) throw new AppError('FORBIDDEN', GROUP_MSG.onlyAdmins);
    await removePostRows(tx, deps.bus, postId);
    await tx.execute(sql`delete from group_posts where id = ${postId}`);
    if (!isAuthor)
      await recordModeration(tx, {
        actorId: viewer.id,
        action: 'group.post-remove',
        targetType: 'group_post',
        targetId: postId,
        detail: { groupId, authorId: row.user_id, link: `/groups/${groupId}` },
      });
  });
  deps.bus.publish(groupChanged(groupId, 'posts'));
}

/** POST /api/groups/images?kind=cover|post: an image, re-encoded and stored as the viewer's. */
export async function uploadGroupImage(
  deps: GroupDeps,
  viewer: Viewer,
  file: ImageInput,
  kind: 'cover' | 'post',
): Promise<GroupImage> {
  const preset: ImagePreset = kind === 'cover' ? 'cover' : 'content';
  const saved = await saveImage(deps.storage, file, { preset, ownerId: viewer.id });
  // Unattached until a group or post shows it (attachUpload); swept after two hours otherwise.
  await recordUpload(deps.db, deps.storage, viewer.id, saved.url, {
    attached: false,
    bytes: saved.bytes,
  }).catch(async (err) => {
    await deleteImageByUrl(deps.storage, saved.url, viewer.id).catch(() => false);
    throw err;
  });
  return { url: saved.url };
}
