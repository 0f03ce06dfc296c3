import { MODERATION_MSG, MODERATION_TOPIC } from '@common/admin/moderation';
import {
  REVIEW_STATUSES,
  type ModerateResult,
  type ModerationReview,
  type ModerationReviewPage,
  type ReviewStats,
  type ReviewStatus,
} from '@common/business-pages/model';
import type { ModerateReviews, ReviewQueueQuery } from '@common/business-pages/schemas';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AppDeps, Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { cursorTime, decodeTimeCursor, encodeTimeCursor, microsOf, splitPage } from '../../lib/pagination';
import { recordAdminAction } from '../admin';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';
import { announce } from './business-rows';

/*
 * The admin's Reviews tab, served by the area whose reviews it moderates: business reviews by
 * moderation status,
 * any status set on one review or many, with a note and a reason, the moderator and the time
 * recorded (moderated_by, moderated_at), and counts by status. The business-pages area shows only
 * approved reviews to others; a change of status tells the page's readers to refetch its reviews.
 */

type QueueRow = PersonSummaryRow & {
  id: string;
  page_id: string;
  page_name: string;
  rating: number;
  title: string;
  content: string;
  moderation_status: ReviewStatus;
  moderation_note: string | null;
  flagged_reason: string | null;
  moderated_at: string | Date | null;
  mod_id: string | null;
  mod_username: string | null;
  mod_full_name: string | null;
  created_at: string | Date;
  sort_micros: string;
};

const iso = (d: string | Date) => new Date(d).toISOString();
const idList = (ids: string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

function toQueueReview(r: QueueRow): ModerationReview {
  return {
    id: r.id,
    page: { id: r.page_id, name: r.page_name },
    author: toPersonSummary(r),
    rating: Number(r.rating),
    title: r.title,
    content: r.content,
    status: r.moderation_status,
    note: r.moderation_note,
    reason: r.flagged_reason,
    moderatedAt: r.moderated_at ? iso(r.moderated_at) : null,
    moderatedBy: r.mod_id
      ? {
          id: r.mod_id,
          username: r.mod_username ?? '',
          ...(r.mod_full_name ? { fullName: r.mod_full_name } : {}),
        }
      : null,
    createdAt: iso(r.created_at),
  };
}

/** GET /api/admin/reviews: the queue, newest first, optionally of one status. */
export async function listReviewQueue(db: Db, q: ReviewQueueQuery): Promise<ModerationReviewPage> {
  const cursor = q.cursor ? decodeTimeCursor(q.cursor, MODERATION_MSG.loadReviewsFailed) : null;
  const { rows } = await db.execute<QueueRow>(
    sql`select r.id::text as id, r.business_page_id::text as page_id, bp.name as page_name, r.rating, r.title,
        r.content, r.moderation_status, r.moderation_note, r.flagged_reason, r.moderated_at,
        m.id::text as mod_id, m.username as mod_username, nullif(nullif(btrim(m.full_name), ''), m.username) as mod_full_name, r.created_at,
        ${microsOf(sql`r.created_at`)} as sort_micros, ${PERSON_SUMMARY_COLUMNS}
      from business_reviews r
        join business_pages bp on bp.id = r.business_page_id
        join profiles p on p.id = r.user_id
        left join profiles m on m.id = r.moderated_by
      where true ${q.status ? sql`and r.moderation_status = ${q.status}` : sql``}
      ${cursor ? sql`and (r.created_at, r.id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)` : sql``}
      order by r.created_at desc, r.id desc limit ${q.limit + 1}`,
  );
  const { page, more } = splitPage(rows, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toQueueReview),
    nextCursor: more && last ? encodeTimeCursor({ micros: last.sort_micros, id: last.id }) : null,
  };
}

/** GET /api/admin/reviews/stats: counts by status ("statistics are counted from statuses"). */
export async function reviewStats(db: Db): Promise<ReviewStats> {
  const { rows } = await db.execute<{ status: ReviewStatus; n: number }>(
    sql`select moderation_status as status, count(*)::int as n from business_reviews group by moderation_status`,
  );
  const stats = Object.fromEntries(REVIEW_STATUSES.map((s) => [s, 0])) as Record<ReviewStatus, number>;
  for (const r of rows) stats[r.status] = Number(r.n);
  return { ...stats, total: Object.values(stats).reduce((a, b) => a + b, 0) };
}

/**
 * POST /api/admin/reviews/moderate: sets one status on one review or many. A review already in that
 * status is left alone and named in `alreadyHandled` (another admin got there first); for a single
 * review that is a 409. Ids naming no review are ignored; when none names one, a 404.
 */
export async function moderateReviews(
  deps: Pick<AppDeps, 'db' | 'bus'>,
  admin: Viewer,
  input: ModerateReviews,
): Promise<ModerateResult> {
  const ids = [...new Set(input.ids)];
  const outcome = await deps.db.transaction(async (tx) => {
    const { rows: updated } = await tx.execute<{ id: string; page_id: string }>(
      sql`update business_reviews set moderation_status = ${input.status}, moderation_note = ${input.note},
          flagged_reason = ${input.reason}, moderated_at = now(), moderated_by = ${admin.id}, updated_at = now()
        where id in (${idList(ids)}) and moderation_status <> ${input.status}
        returning id::text as id, business_page_id::text as page_id`,
    );
    const done = new Set(updated.map((r) => r.id));
    const rest = ids.filter((id) => !done.has(id));
    const { rows: existing } = rest.length
      ? await tx.execute<{ id: string }>(
          sql`select id::text as id from business_reviews where id in (${idList(rest)})`,
        )
      : { rows: [] as { id: string }[] };
    for (const r of updated)
      await recordAdminAction(tx, {
        adminId: admin.id,
        action: 'review.moderate',
        targetType: 'review',
        targetId: r.id,
        detail: { status: input.status, note: input.note, reason: input.reason },
      });
    return { updated, alreadyHandled: existing.map((r) => r.id) };
  });
  if (outcome.updated.length === 0) {
    if (outcome.alreadyHandled.length === 0) throw new AppError('NOT_FOUND', MODERATION_MSG.reviewNotFound);
    if (ids.length === 1) throw new AppError('CONFLICT', MODERATION_MSG.alreadyHandled);
  }
  for (const pageId of new Set(outcome.updated.map((r) => r.page_id)))
    await announce(deps.db, deps.bus, pageId, 'reviews');
  if (outcome.updated.length)
    deps.bus.publish({ topic: MODERATION_TOPIC, event: { type: 'moderation.changed', part: 'reviews' } });
  return { updated: outcome.updated.map((r) => r.id), alreadyHandled: outcome.alreadyHandled };
}

/** The dashboard's "pending reviews": reviews waiting for an admin (the area's moderation queue). */
export async function countPendingReviews(db: Db): Promise<number> {
  const { rows } = await db.execute<{ n: number }>(
    sql`select count(*)::int as n from business_reviews where moderation_status = 'pending'`,
  );
  return Number(rows[0]?.n ?? 0);
}
