import type { BusinessListQuery, BusinessPageFields } from '@common/business-pages/schemas';
import {
  BUSINESS_MSG,
  businessPagePath,
  roundRating,
  type BusinessPage,
  type BusinessPageList,
  businessPageTopic,
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
import { enforce, type RateLimit } from '../../platform/rate-limit';
import { attachUpload } from '../../platform/upload-ledger';
import type { Bus } from '../../platform/bus';
import { type Tx } from '../../db/rules';
import { removeComments } from '../comments';
import { publishToFeed, removeFromFeed } from '../feed';
import { canSeeWholeProfile, toPersonSummary, type PersonSummaryRow } from '../profiles';
import { dropImages, ownImage } from './business-images.service';
import {
  announce,
  iso,
  notFound,
  pageVisible,
  SUMMARY_COLUMNS,
  toSummary,
  viewerIsAdmin,
  VISIBLE_PAGES,
  visiblePage,
  type BusinessDeps,
  type SummaryRow,
} from './business-rows';

/*
 * Business pages themselves: the list (search box, category,
 * an owner's pages), one page as the viewer sees it, create (with its feed item), edit and the
 * cover by the owner, delete by the owner or a super admin, and follow.
 */

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's SQL (newest first by (created_at, id), one row over the limit). */
export function pageListQuery(viewerId: string | null, q: BusinessListQuery, cursor: TimeCursor | null): SQL {
  const where: SQL[] = [pageVisible(viewerId)];
  if (q.category) where.push(sql`bp.category = ${q.category}`);
  if (q.owner) where.push(sql`bp.owner_id = ${q.owner}`);
  if (q.q) where.push(sql`lower(bp.name) like ${`%${escapeLike(q.q.toLowerCase())}%`}`);
  if (cursor) where.push(sql`(bp.created_at, bp.id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)`);
  return sql`select ${SUMMARY_COLUMNS}, ${microsOf(sql`bp.created_at`)} as sort_micros
    from ${VISIBLE_PAGES}
    where ${sql.join(where, sql` and `)}
    order by bp.created_at desc, bp.id desc
    limit ${q.limit + 1}`;
}

/**
 * GET /api/business-pages: public (visitors browse; the /business list page needs sign-in:
 * docs/product-rules.md: both route forms).
 */
export async function listPages(
  deps: BusinessDeps,
  viewer: Viewer | null,
  q: BusinessListQuery,
): Promise<BusinessPageList> {
  // An owner's pages, as their profile lists them: for who sees that whole profile only.
  const viewerId = viewer?.id ?? null;
  if (q.owner && q.owner !== viewerId && !(await canSeeWholeProfile(deps.db, viewerId, q.owner)))
    return { items: [], nextCursor: null };
  const cursor = q.cursor ? decodeTimeCursor(q.cursor, BUSINESS_MSG.invalidCursor) : null;
  const rows = await queryRows<SummaryRow & { sort_micros: string }>(
    deps.db,
    pageListQuery(viewer?.id ?? null, q, cursor),
  );
  const { page, more } = splitPage(rows, q.limit);
  const last = page[page.length - 1];
  return {
    items: page.map(toSummary),
    nextCursor: more && last ? encodeTimeCursor({ micros: last.sort_micros, id: last.id }) : null,
  };
}

type PageRow = SummaryRow &
  PersonSummaryRow & {
    website: string | null;
    phone: string | null;
    email: string | null;
    address: string | null;
    hours: string | null;
    updated_at: string | Date;
    is_following: boolean;
    has_reviewed: boolean;
    is_admin: boolean;
    rating_avg: string | null;
    rating_count: number;
  };

/** One page as the viewer may see it, or null. The rating counts approved reviews of live people. */
export async function readPage(db: Tx, viewerId: string | null, id: string): Promise<BusinessPage | null> {
  const me = viewerId ?? '00000000-0000-0000-0000-000000000000';
  const [row] = await db
    .execute<PageRow>(
      sql`select ${SUMMARY_COLUMNS}, bp.website, bp.phone, bp.email, bp.address, bp.hours, bp.updated_at,
          ${sql.raw('o.id::text as author_id, o.username, o.full_name, o.avatar_url, o.title as author_title, null as bio')},
          exists (select 1 from business_page_followers f where f.business_page_id = bp.id and f.user_id = ${me}) as is_following,
          exists (select 1 from business_reviews r where r.business_page_id = bp.id and r.user_id = ${me}) as has_reviewed,
          ${viewerId ? viewerIsAdmin(viewerId) : sql`false`} as is_admin,
          rt.avg::text as rating_avg, rt.n::int as rating_count
        from ${VISIBLE_PAGES}
        cross join lateral (
          select avg(r.rating) as avg, count(*) as n from business_reviews r join profiles p on p.id = r.user_id
          where r.business_page_id = bp.id and r.moderation_status = 'approved' and p.deleted_at is null and not p.is_banned
        ) rt
        where bp.id = ${id} and ${pageVisible(viewerId)}`,
    )
    .then((r) => r.rows);
  if (!row) return null;
  const isOwner = row.owner_id === viewerId;
  return {
    ...toSummary(row),
    website: row.website,
    phone: row.phone,
    email: row.email,
    address: row.address,
    hours: row.hours,
    updatedAt: iso(row.updated_at),
    owner: toPersonSummary(row),
    isOwner,
    isFollowing: row.is_following,
    hasReviewed: row.has_reviewed,
    canDelete: isOwner || row.is_admin,
    rating: {
      average: row.rating_avg === null ? null : roundRating(Number(row.rating_avg)),
      count: Number(row.rating_count),
    },
  };
}

/** GET /api/business-pages/{id}: missing, hidden (owner gone or blocked either way): the same 404. */
export async function getPage(deps: BusinessDeps, viewer: Viewer | null, id: string): Promise<BusinessPage> {
  const page = await readPage(deps.db, viewer?.id ?? null, id);
  if (!page) throw notFound();
  return page;
}

async function checkedImages(deps: BusinessDeps, viewerId: string, input: BusinessPageFields) {
  const [profileImage, coverImage] = await Promise.all([
    ownImage(deps.storage, viewerId, input.profileImage, 'avatar', 'profileImage'),
    ownImage(deps.storage, viewerId, input.coverImage, 'cover', 'coverImage'),
  ]);
  return { profileImage, coverImage };
}

function putOnFeed(
  db: Tx,
  bus: Bus,
  p: { id: string; ownerId: string; name: string; description: string; image: string | null },
) {
  return publishToFeed(
    { db, bus },
    {
      kind: 'business_page',
      contentId: p.id,
      userId: p.ownerId,
      title: p.name,
      description: p.description,
      imageUrl: p.image,
      link: businessPagePath(p.id),
    },
  );
}

/** Each new page is a feed item and a search entry: a person makes a few a day, not hundreds. */
export const PAGE_CREATES: RateLimit = { name: 'business-page-create', max: 20, windowSec: 86_400 };

/** POST /api/business-pages: any member; the page goes on the feed in the same transaction. */
export async function createPage(
  deps: BusinessDeps,
  viewer: Viewer,
  input: BusinessPageFields,
): Promise<BusinessPage> {
  const images = await checkedImages(deps, viewer.id, input);
  await enforce(deps.db, PAGE_CREATES, viewer.id, BUSINESS_MSG.createLimited);
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .execute<{ id: string }>(
        sql`insert into business_pages (owner_id, name, description, category, website, phone, email, address, hours,
            profile_image, cover_image)
          values (${viewer.id}, ${input.name}, ${input.description}, ${input.category}, ${input.website}, ${input.phone},
            ${input.email}, ${input.address}, ${input.hours}, ${images.profileImage}, ${images.coverImage})
          returning id::text as id`,
      )
      .then((r) => r.rows);
    if (!row) throw new Error('business page was not written');
    await attachUpload(tx, deps.storage, images.profileImage);
    await attachUpload(tx, deps.storage, images.coverImage);
    await putOnFeed(tx, deps.bus, {
      id: row.id,
      ownerId: viewer.id,
      name: input.name,
      description: input.description,
      image: images.coverImage ?? images.profileImage,
    });
    return row.id;
  });
  const page = await readPage(deps.db, viewer.id, id);
  if (!page) throw notFound();
  return page;
}

/** The owner's page, locked for the transaction; anyone else's answers like a missing one. */
async function lockOwn(tx: Tx, viewerId: string, id: string) {
  const [row] = await tx
    .execute<{ profile_image: string | null; cover_image: string | null }>(
      sql`select profile_image, cover_image from business_pages where id = ${id} and owner_id = ${viewerId} for update`,
    )
    .then((r) => r.rows);
  if (!row) throw notFound();
  return row;
}

/** PATCH /api/business-pages/{id}: the owner edits every field. */
export async function updatePage(
  deps: BusinessDeps,
  viewer: Viewer,
  id: string,
  input: BusinessPageFields,
): Promise<BusinessPage> {
  const images = await checkedImages(deps, viewer.id, input);
  const before = await deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, viewer.id, id);
    await tx.execute(
      sql`update business_pages set name = ${input.name}, description = ${input.description}, category = ${input.category},
          website = ${input.website}, phone = ${input.phone}, email = ${input.email}, address = ${input.address},
          hours = ${input.hours}, profile_image = ${images.profileImage}, cover_image = ${images.coverImage}, updated_at = now()
        where id = ${id}`,
    );
    await attachUpload(tx, deps.storage, images.profileImage);
    await attachUpload(tx, deps.storage, images.coverImage);
    await putOnFeed(tx, deps.bus, {
      id,
      ownerId: viewer.id,
      name: input.name,
      description: input.description,
      image: images.coverImage ?? images.profileImage,
    });
    return row;
  });
  await dropImages(deps, viewer.id, [before.profile_image, before.cover_image]);
  await announce(deps.db, deps.bus, id, 'page');
  return (await readPage(deps.db, viewer.id, id)) ?? Promise.reject(notFound());
}

/** PUT /api/business-pages/{id}/cover: 'Change Cover' by the owner. */
export async function setCover(
  deps: BusinessDeps,
  viewer: Viewer,
  id: string,
  url: string | null,
): Promise<BusinessPage> {
  const cover = await ownImage(deps.storage, viewer.id, url, 'cover', 'coverImage');
  const before = await deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, viewer.id, id);
    await tx.execute(
      sql`update business_pages set cover_image = ${cover}, updated_at = now() where id = ${id}`,
    );
    await attachUpload(tx, deps.storage, cover);
    return row;
  });
  if (before.cover_image !== cover) await dropImages(deps, viewer.id, [before.cover_image]);
  await announce(deps.db, deps.bus, id, 'page');
  return (await readPage(deps.db, viewer.id, id)) ?? Promise.reject(notFound());
}

/** The page's posts' comments, its feed item and the page (its rows go by cascade), in `tx`. */
async function removePageRows(tx: Tx, bus: Bus, id: string): Promise<string[]> {
  const posts = await tx
    .execute<{ id: string; image_url: string | null }>(
      sql`select id::text as id, image_url from business_posts where business_page_id = ${id} for update`,
    )
    .then((r) => r.rows);
  for (const post of posts) await removeComments(tx, { contentType: 'business_post', contentId: post.id });
  await removeFromFeed({ db: tx, bus }, { type: 'business_page', contentId: id });
  const [page] = await tx
    .execute<{ cover_image: string | null; profile_image: string | null }>(
      sql`delete from business_pages where id = ${id} returning cover_image, profile_image`,
    )
    .then((r) => r.rows);
  return [page?.cover_image ?? null, page?.profile_image ?? null, ...posts.map((p) => p.image_url)].filter(
    (u): u is string => !!u,
  );
}

/**
 * DELETE /api/business-pages/{id}: by its owner or a super admin. Others who can see it get 403; a
 * page they cannot see is the usual 404.
 */
export async function deletePage(deps: BusinessDeps, viewer: Viewer, id: string): Promise<void> {
  const { ownerId, files } = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .execute<{ owner_id: string }>(
        sql`select owner_id::text as owner_id from business_pages
          where id = ${id} and (owner_id = ${viewer.id} or ${viewerIsAdmin(viewer.id)}) for update`,
      )
      .then((r) => r.rows);
    if (!row) {
      if (await visiblePage(tx, viewer.id, id)) throw new AppError('FORBIDDEN');
      throw notFound();
    }
    return { ownerId: row.owner_id, files: await removePageRows(tx, deps.bus, id) };
  });
  await dropImages(deps, ownerId, files);
}

/**
 * PUT /api/business-pages/{id}/follow {active}: the state the person wants. The follow row and the
 * page's counter change in one statement, so the counter is always the number of rows.
 */
export async function setFollow(
  deps: BusinessDeps,
  viewer: Viewer,
  id: string,
  active: boolean,
): Promise<{ following: boolean; followers: number }> {
  const page = await visiblePage(deps.db, viewer.id, id);
  if (!page) throw notFound();
  if (page.owner_id === viewer.id) throw new AppError('FORBIDDEN', BUSINESS_MSG.cannotFollowOwn);
  const change = active
    ? sql`with ch as (insert into business_page_followers (business_page_id, user_id) values (${id}, ${viewer.id})
          on conflict do nothing returning 1)
        update business_pages set followers = followers + (select count(*) from ch) where id = ${id} returning followers`
    : sql`with ch as (delete from business_page_followers where business_page_id = ${id} and user_id = ${viewer.id}
          returning 1)
        update business_pages set followers = followers - (select count(*) from ch) where id = ${id} returning followers`;
  const [row] = await queryRows<{ followers: number }>(deps.db, change);
  if (!row) throw notFound();
  deps.bus.publish({
    topic: businessPageTopic(id),
    event: { type: 'business_page.changed', pageId: id, followers: Number(row.followers), part: 'page' },
  });
  return { following: active, followers: Number(row.followers) };
}

/**
 * Account deletion: the person's pages (with their posts' comments and feed items), their follows,
 * likes, shares and helpful votes with the counters behind them, and their reviews. The account row
 * stays as a tombstone (docs/decisions/008), so nothing goes by cascade. Returns the files to delete.
 */
export async function removePersonBusiness(tx: Tx, bus: Bus, userId: string): Promise<string[]> {
  const pages = await tx
    .execute<{ id: string }>(
      sql`select id::text as id from business_pages where owner_id = ${userId} for update`,
    )
    .then((r) => r.rows);
  const files: string[] = [];
  for (const p of pages) files.push(...(await removePageRows(tx, bus, p.id)));
  await tx.execute(sql`with ch as (delete from business_page_followers where user_id = ${userId} returning business_page_id)
    update business_pages bp set followers = bp.followers - c.n
    from (select business_page_id, count(*) as n from ch group by business_page_id) c where bp.id = c.business_page_id`);
  await tx.execute(sql`with ch as (delete from business_post_likes where user_id = ${userId} returning post_id)
    update business_posts bp set likes_count = bp.likes_count - c.n
    from (select post_id, count(*) as n from ch group by post_id) c where bp.id = c.post_id`);
  await tx.execute(sql`with ch as (delete from business_post_shares where user_id = ${userId} returning post_id)
    update business_posts bp set shares_count = bp.shares_count - c.n
    from (select post_id, count(*) as n from ch group by post_id) c where bp.id = c.post_id`);
  await tx.execute(sql`with ch as (delete from business_review_helpful where user_id = ${userId} returning review_id)
    update business_reviews r set helpful_count = r.helpful_count - c.n
    from (select review_id, count(*) as n from ch group by review_id) c where r.id = c.review_id`);
  // Posts they wrote on pages of others (not possible today: only owners post) and their reviews.
  const posts = await tx
    .execute<{ id: string; image_url: string | null }>(
      sql`delete from business_posts where author_id = ${userId} returning id::text as id, image_url`,
    )
    .then((r) => r.rows);
  for (const post of posts) await removeComments(tx, { contentType: 'business_post', contentId: post.id });
  files.push(...posts.map((p) => p.image_url).filter((u): u is string => !!u));
  await tx.execute(sql`delete from business_reviews where user_id = ${userId}`);
  return [...new Set(files)];
}
