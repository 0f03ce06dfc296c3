import type { PageQuery } from '@common/business-pages/schemas';
import {
  BUSINESS_MSG,
  BUSINESS_POST_REPORT_TARGET,
  type BusinessPost,
  type BusinessPostList,
} from '@common/business-pages/model';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import {
  cursorTime,
  decodeTimeCursor,
  encodeTimeCursor,
  microsOf,
  splitPage,
  type TimeCursor,
} from '../../lib/pagination';
import { attachUpload } from '../../platform/upload-ledger';
import { type Tx, notBlockedWith, visiblePerson } from '../../db/rules';
import { removeComments } from '../comments';
import { notifyMentions } from '../notifications';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';
import { dropImages, ownImage } from './business-images.service';
import {
  announce,
  iso,
  notFound,
  pageVisible,
  postNotFound,
  viewerIsAdmin,
  VISIBLE_PAGES,
  type BusinessDeps,
} from './business-rows';

/*
 * Posts on a business page: written by the page's owner,
 * edited by their author, deleted by their author, the page's owner or a super admin. Likes (one per
 * person, set on or off) and shares (once per person; a second does nothing) are the spec's own
 * counters: each write inserts or deletes the row and moves the counter by what it changed, in
 * one statement, so the counter is always the number of rows, whatever runs at the same time.
 * Comments are the shared comments module's (content type 'business_post').
 */

const NOBODY = '00000000-0000-0000-0000-000000000000';

type PostRow = PersonSummaryRow & {
  id: string;
  page_id: string;
  page_owner: string;
  content: string;
  image_url: string | null;
  likes_count: number;
  shares_count: number;
  comments_count: number;
  liked: boolean;
  shared: boolean;
  is_admin: boolean;
  created_at: string | Date;
  updated_at: string | Date;
};

function postColumns(viewerId: string | null): SQL {
  const me = viewerId ?? NOBODY;
  return sql`bpo.id::text as id, bpo.business_page_id::text as page_id, bp.owner_id::text as page_owner,
    bpo.content, bpo.image_url, bpo.likes_count, bpo.shares_count, bpo.created_at, bpo.updated_at,
    (select count(*)::int from comments c where c.content_type = 'business_post' and c.content_id = bpo.id) as comments_count,
    exists (select 1 from business_post_likes l where l.post_id = bpo.id and l.user_id = ${me}) as liked,
    exists (select 1 from business_post_shares s where s.post_id = bpo.id and s.user_id = ${me}) as shared,
    ${viewerId ? viewerIsAdmin(viewerId) : sql`false`} as is_admin,
    ${PERSON_SUMMARY_COLUMNS}`;
}

/** Posts of visible pages; their author a live account not blocked either way with the viewer. */
function postsFrom(viewerId: string | null): SQL {
  // The page's owner sees every post on their page, whoever blocked whom (issue 26).
  const author = viewerId
    ? sql`${visiblePerson('p')} and (${notBlockedWith(viewerId, sql`bpo.author_id`)} or bp.owner_id = ${viewerId})`
    : visiblePerson('p');
  return sql`business_posts bpo join ${VISIBLE_PAGES} on bp.id = bpo.business_page_id
    join profiles p on p.id = bpo.author_id
    where ${pageVisible(viewerId)} and ${author}`;
}

function toPost(r: PostRow, viewerId: string | null): BusinessPost {
  const isAuthor = r.author_id === viewerId;
  return {
    id: r.id,
    pageId: r.page_id,
    author: toPersonSummary(r),
    content: r.content,
    imageUrl: r.image_url,
    likesCount: Number(r.likes_count),
    sharesCount: Number(r.shares_count),
    commentsCount: Number(r.comments_count),
    userHasLiked: r.liked,
    userHasShared: r.shared,
    canEdit: isAuthor || r.page_owner === viewerId,
    canDelete: isAuthor || r.page_owner === viewerId || r.is_admin,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export function postListQuery(
  viewerId: string | null,
  pageId: string,
  limit: number,
  cursor: TimeCursor | null,
) {
  return sql`select ${postColumns(viewerId)}, ${microsOf(sql`bpo.created_at`)} as sort_micros
    from ${postsFrom(viewerId)} and bpo.business_page_id = ${pageId}
      ${cursor ? sql`and (bpo.created_at, bpo.id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)` : sql``}
    order by bpo.created_at desc, bpo.id desc
    limit ${limit + 1}`;
}

/** GET /api/business-pages/{id}/posts: public, newest first, by cursor. */
export async function listPosts(
  deps: BusinessDeps,
  viewer: Viewer | null,
  pageId: string,
  q: PageQuery,
): Promise<BusinessPostList> {
  const viewerId = viewer?.id ?? null;
  const [page] = await queryRows(
    deps.db,
    sql`select 1 from ${VISIBLE_PAGES} where bp.id = ${pageId} and ${pageVisible(viewerId)}`,
  );
  if (!page) throw notFound();
  const cursor = q.cursor ? decodeTimeCursor(q.cursor, BUSINESS_MSG.invalidCursor) : null;
  const rows = await queryRows<PostRow & { sort_micros: string }>(
    deps.db,
    postListQuery(viewerId, pageId, q.limit, cursor),
  );
  const { page: items, more } = splitPage(rows, q.limit);
  const last = items[items.length - 1];
  return {
    items: items.map((r) => toPost(r, viewerId)),
    nextCursor: more && last ? encodeTimeCursor({ micros: last.sort_micros, id: last.id }) : null,
  };
}

export async function readPost(
  db: Tx,
  viewerId: string | null,
  postId: string,
): Promise<BusinessPost | null> {
  const [row] = await db
    .execute<PostRow>(sql`select ${postColumns(viewerId)} from ${postsFrom(viewerId)} and bpo.id = ${postId}`)
    .then((r) => r.rows);
  return row ? toPost(row, viewerId) : null;
}

/** POST /api/business-pages/{id}/posts: the page's owner only; anyone else: the page's 404. */
export async function createPost(
  deps: BusinessDeps,
  viewer: Viewer,
  pageId: string,
  input: { content: string; imageUrl: string | null },
): Promise<BusinessPost> {
  const image = await ownImage(deps.storage, viewer.id, input.imageUrl, 'content', 'imageUrl');
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .execute<{ id: string }>(
        sql`insert into business_posts (business_page_id, author_id, content, image_url)
          select bp.id, ${viewer.id}, ${input.content}, ${image} from business_pages bp
          where bp.id = ${pageId} and bp.owner_id = ${viewer.id}
          returning id::text as id`,
      )
      .then((r) => r.rows);
    if (!row) throw notFound();
    await attachUpload(tx, deps.storage, image);
    return row.id;
  });
  await announce(deps.db, deps.bus, pageId, 'posts');
  await notifyMentions(deps, { ...postMentions, contentId: id, authorId: viewer.id, text: input.content });
  return (await readPost(deps.db, viewer.id, id)) ?? Promise.reject(postNotFound());
}

/**
 * PATCH /api/business-posts/{id}: its author or the page's owner (issue 19). A new
 * image must be the editor's own upload; the post's current image may stay.
 */
export async function updatePost(
  deps: BusinessDeps,
  viewer: Viewer,
  postId: string,
  input: { content: string; imageUrl: string | null },
): Promise<BusinessPost> {
  const [current] = await queryRows<{ image_url: string | null }>(
    deps.db,
    sql`select image_url from business_posts where id = ${postId}`,
  );
  const image =
    current && input.imageUrl !== null && input.imageUrl === current.image_url
      ? current.image_url
      : await ownImage(deps.storage, viewer.id, input.imageUrl, 'content', 'imageUrl');
  const before = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .execute<{ image_url: string | null; page_id: string; author_id: string }>(
        sql`select bpo.image_url, bpo.business_page_id::text as page_id, bpo.author_id::text as author_id
          from business_posts bpo join business_pages bp on bp.id = bpo.business_page_id
          where bpo.id = ${postId} and (bpo.author_id = ${viewer.id} or bp.owner_id = ${viewer.id})
          for update of bpo`,
      )
      .then((r) => r.rows);
    if (!row) {
      if (await readPost(tx, viewer.id, postId)) throw new AppError('FORBIDDEN');
      throw postNotFound();
    }
    await tx.execute(
      sql`update business_posts set content = ${input.content}, image_url = ${image}, updated_at = now() where id = ${postId}`,
    );
    await attachUpload(tx, deps.storage, image);
    return row;
  });
  if (before.image_url !== image) await dropImages(deps, before.author_id, [before.image_url]);
  await announce(deps.db, deps.bus, before.page_id, 'posts');
  // Only people the edit newly mentions are told; the editor is who mentions them.
  await notifyMentions(deps, {
    ...postMentions,
    contentId: postId,
    authorId: viewer.id,
    text: input.content,
  });
  return (await readPost(deps.db, viewer.id, postId)) ?? Promise.reject(postNotFound());
}

const postMentions = { kind: BUSINESS_POST_REPORT_TARGET.type };

/** DELETE /api/business-posts/{id}: its author, the page's owner or a super admin. */
export async function deletePost(deps: BusinessDeps, viewer: Viewer, postId: string): Promise<void> {
  const removed = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .execute<{ page_id: string; author_id: string; image_url: string | null }>(
        sql`select bpo.business_page_id::text as page_id, bpo.author_id::text as author_id, bpo.image_url
          from business_posts bpo join business_pages bp on bp.id = bpo.business_page_id
          where bpo.id = ${postId}
            and (bpo.author_id = ${viewer.id} or bp.owner_id = ${viewer.id} or ${viewerIsAdmin(viewer.id)})
          for update of bpo`,
      )
      .then((r) => r.rows);
    if (!row) {
      if (await readPost(tx, viewer.id, postId)) throw new AppError('FORBIDDEN');
      throw postNotFound();
    }
    await removeComments(tx, { contentType: 'business_post', contentId: postId });
    await tx.execute(sql`delete from business_posts where id = ${postId}`);
    return row;
  });
  await dropImages(deps, removed.author_id, [removed.image_url]);
  await announce(deps.db, deps.bus, removed.page_id, 'posts');
}

async function visiblePostPage(deps: BusinessDeps, viewerId: string, postId: string) {
  const post = await readPost(deps.db, viewerId, postId);
  if (!post) throw postNotFound();
  return post;
}

/**
 * PUT /api/business-posts/{id}/like {active}: one like per person. The row and likes_count change
 * in one statement (the count moves by the rows the insert or delete touched, 0 or 1), and the
 * post's row lock serialises the counters of concurrent likes.
 */
export async function setLike(
  deps: BusinessDeps,
  viewer: Viewer,
  postId: string,
  active: boolean,
): Promise<{ liked: boolean; likesCount: number }> {
  const post = await visiblePostPage(deps, viewer.id, postId);
  const change = active
    ? sql`with ch as (insert into business_post_likes (post_id, user_id) values (${postId}, ${viewer.id})
          on conflict do nothing returning 1)
        update business_posts set likes_count = likes_count + (select count(*) from ch) where id = ${postId}
        returning likes_count`
    : sql`with ch as (delete from business_post_likes where post_id = ${postId} and user_id = ${viewer.id} returning 1)
        update business_posts set likes_count = likes_count - (select count(*) from ch) where id = ${postId}
        returning likes_count`;
  const [row] = await queryRows<{ likes_count: number }>(deps.db, change);
  if (!row) throw postNotFound();
  await announce(deps.db, deps.bus, post.pageId, 'posts');
  return { liked: active, likesCount: Number(row.likes_count) };
}

/** POST /api/business-posts/{id}/share: once per person; a second share changes nothing. */
export async function sharePost(
  deps: BusinessDeps,
  viewer: Viewer,
  postId: string,
): Promise<{ shared: true; sharesCount: number }> {
  const post = await visiblePostPage(deps, viewer.id, postId);
  const [row] = await queryRows<{ shares_count: number }>(
    deps.db,
    sql`with ch as (insert into business_post_shares (post_id, user_id) values (${postId}, ${viewer.id})
        on conflict do nothing returning 1)
      update business_posts set shares_count = shares_count + (select count(*) from ch) where id = ${postId}
      returning shares_count`,
  );
  if (!row) throw postNotFound();
  await announce(deps.db, deps.bus, post.pageId, 'posts');
  return { shared: true, sharesCount: Number(row.shares_count) };
}
