import { MODERATION_TOPIC } from '@common/admin/moderation';
import type { PageQuery } from '@common/business-pages/schemas';
import {
  BUSINESS_MSG,
  type BusinessReview,
  type BusinessReviewList,
  type ReviewStatus,
} from '@common/business-pages/model';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../db/client';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { cursorTime, decodeTimeCursor, encodeTimeCursor, microsOf, splitPage } from '../../lib/pagination';
import { type Tx, notBlockedWith, visiblePerson } from '../../db/rules';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';
import {
  announce,
  iso,
  notFound,
  reviewNotFound,
  viewerIsAdmin,
  visiblePage,
  type BusinessDeps,
} from './business-rows';

/*
 * Reviews of a business page (issue 19): one per person per page
 * (a unique constraint, whatever races), never by the page's owner, deleted by their author (or a
 * super admin), 'helpful' counted once per person. A new review is pending until a moderator
 * approves it (the admin area): others see approved reviews only, their author also their own,
 * marked with its status; the page's average and count are of approved reviews.
 */

const NOBODY = '00000000-0000-0000-0000-000000000000';

type ReviewRow = PersonSummaryRow & {
  id: string;
  page_id: string;
  rating: number;
  title: string;
  content: string;
  helpful_count: number;
  moderation_status: ReviewStatus;
  marked: boolean;
  is_admin: boolean;
  created_at: string | Date;
};

function reviewSelect(viewerId: string | null) {
  const me = viewerId ?? NOBODY;
  // The page's owner sees every review of their page, whoever blocked whom (issue 26).
  const author = viewerId
    ? sql`${visiblePerson('p')} and (${notBlockedWith(viewerId, sql`r.user_id`)}
        or exists (select 1 from business_pages ob where ob.id = r.business_page_id and ob.owner_id = ${viewerId}))`
    : visiblePerson('p');
  return sql`select r.id::text as id, r.business_page_id::text as page_id, r.rating, r.title, r.content, r.helpful_count,
      r.moderation_status, r.created_at, ${microsOf(sql`r.created_at`)} as sort_micros,
      exists (select 1 from business_review_helpful h where h.review_id = r.id and h.user_id = ${me}) as marked,
      ${viewerId ? viewerIsAdmin(viewerId) : sql`false`} as is_admin,
      ${PERSON_SUMMARY_COLUMNS}
    from business_reviews r join profiles p on p.id = r.user_id
    where ${author} and (r.moderation_status = 'approved' or r.user_id = ${me})`;
}

function toReview(r: ReviewRow, viewerId: string | null): BusinessReview {
  const isMine = r.author_id === viewerId;
  return {
    id: r.id,
    pageId: r.page_id,
    author: toPersonSummary(r),
    rating: Number(r.rating),
    title: r.title,
    content: r.content,
    helpfulCount: Number(r.helpful_count),
    status: r.moderation_status,
    isMine,
    markedHelpful: r.marked,
    canDelete: isMine || r.is_admin,
    createdAt: iso(r.created_at),
  };
}

/** GET /api/business-pages/{id}/reviews: approved ones (and the viewer's own), newest first. */
export async function listReviews(
  deps: BusinessDeps,
  viewer: Viewer | null,
  pageId: string,
  q: PageQuery,
): Promise<BusinessReviewList> {
  const viewerId = viewer?.id ?? null;
  if (!(await visiblePage(deps.db, viewerId, pageId))) throw notFound();
  const cursor = q.cursor ? decodeTimeCursor(q.cursor, BUSINESS_MSG.invalidCursor) : null;
  const rows = await queryRows<ReviewRow & { sort_micros: string }>(
    deps.db,
    sql`${reviewSelect(viewerId)} and r.business_page_id = ${pageId}
      ${cursor ? sql`and (r.created_at, r.id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)` : sql``}
      order by r.created_at desc, r.id desc limit ${q.limit + 1}`,
  );
  const { page, more } = splitPage(rows, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map((r) => toReview(r, viewerId)),
    nextCursor: more && last ? encodeTimeCursor({ micros: last.sort_micros, id: last.id }) : null,
  };
}

async function readReview(db: Tx, viewerId: string, id: string) {
  const [row] = await db
    .execute<ReviewRow>(sql`${reviewSelect(viewerId)} and r.id = ${id}`)
    .then((r) => r.rows);
  return row ? toReview(row, viewerId) : null;
}

/** POST /api/business-pages/{id}/reviews: a member, once per page, never on their own page. */
export async function createReview(
  deps: BusinessDeps,
  viewer: Viewer,
  pageId: string,
  input: { rating: number; title: string; content: string },
): Promise<BusinessReview> {
  const page = await visiblePage(deps.db, viewer.id, pageId);
  if (!page) throw notFound();
  if (page.owner_id === viewer.id) throw new AppError('FORBIDDEN', BUSINESS_MSG.ownReview);
  const [row] = await queryRows<{ id: string }>(
    deps.db,
    sql`insert into business_reviews (business_page_id, user_id, rating, title, content)
      values (${pageId}, ${viewer.id}, ${input.rating}, ${input.title}, ${input.content})
      on conflict (business_page_id, user_id) do nothing
      returning id::text as id`,
  );
  if (!row) throw new AppError('CONFLICT', BUSINESS_MSG.duplicateReview);
  // The admins' moderation queue (admin area) shows it at once.
  deps.bus.publish({ topic: MODERATION_TOPIC, event: { type: 'moderation.changed', part: 'reviews' } });
  const review = await readReview(deps.db, viewer.id, row.id);
  if (!review) throw reviewNotFound();
  return review;
}

/** DELETE /api/business-reviews/{id}: its author, or a super admin. */
export async function deleteReview(deps: BusinessDeps, viewer: Viewer, id: string): Promise<void> {
  const [row] = await queryRows<{ page_id: string; status: ReviewStatus }>(
    deps.db,
    sql`delete from business_reviews where id = ${id} and (user_id = ${viewer.id} or ${viewerIsAdmin(viewer.id)})
      returning business_page_id::text as page_id, moderation_status as status`,
  );
  if (!row) {
    if (await readReview(deps.db, viewer.id, id)) throw new AppError('FORBIDDEN');
    throw reviewNotFound();
  }
  if (row.status === 'approved') await announce(deps.db, deps.bus, row.page_id, 'reviews');
  // Whatever its status: the admins' queue and their 'Pending reviews' figure drop it at once.
  deps.bus.publish({ topic: MODERATION_TOPIC, event: { type: 'moderation.changed', part: 'reviews' } });
}

/** POST /api/business-reviews/{id}/helpful: once per person (a second time changes nothing). */
export async function markHelpful(
  deps: BusinessDeps,
  viewer: Viewer,
  id: string,
): Promise<{ helpfulCount: number }> {
  const review = await readReview(deps.db, viewer.id, id);
  // Pending reviews are their author's alone; a page the viewer cannot see hides its reviews.
  if (!review || review.status !== 'approved' || !(await visiblePage(deps.db, viewer.id, review.pageId)))
    throw reviewNotFound();
  // A review's author does not vouch for it.
  if (review.isMine) throw new AppError('FORBIDDEN', BUSINESS_MSG.ownReviewHelpful);
  const [row] = await queryRows<{ helpful_count: number }>(
    deps.db,
    sql`with ch as (insert into business_review_helpful (review_id, user_id) values (${id}, ${viewer.id})
        on conflict do nothing returning 1)
      update business_reviews set helpful_count = helpful_count + (select count(*) from ch) where id = ${id}
      returning helpful_count`,
  );
  if (!row) throw reviewNotFound();
  await announce(deps.db, deps.bus, review.pageId, 'reviews');
  return { helpfulCount: Number(row.helpful_count) };
}
