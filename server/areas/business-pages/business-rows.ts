import {
  BUSINESS_MSG,
  type BusinessPageSummary,
  type BusinessCategory,
  businessPageTopic,
} from '@common/business-pages/model';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { type Tx, isSuperAdminSql, notBlockedWith, visiblePerson } from '../../db/rules';
import type { Bus } from '../../platform/bus';

/*
 * What the business-pages services share: their dependencies, the one 404, and
 * the rule every read puts in its SQL: a page is seen only while its owner is a live account (not
 * deleted, not banned) and neither the viewer nor the owner blocks the other. Anything else answers
 * exactly like a missing page, so "not yours" and "not there" cannot be told apart.
 */

export type BusinessDeps = Pick<AppDeps, 'db' | 'bus' | 'storage' | 'logger'>;

export const notFound = () => new AppError('NOT_FOUND', BUSINESS_MSG.notFound);
export const postNotFound = () => new AppError('NOT_FOUND', BUSINESS_MSG.postNotFound);
export const reviewNotFound = () => new AppError('NOT_FOUND', BUSINESS_MSG.reviewNotFound);

/** The page `bp` (owner joined as `o`) may be seen by the viewer (null: a visitor). */
export function pageVisible(viewerId: string | null): SQL {
  const live = visiblePerson('o');
  return viewerId ? sql`${live} and ${notBlockedWith(viewerId, sql`bp.owner_id`)}` : live;
}

export const VISIBLE_PAGES = sql`business_pages bp join profiles o on o.id = bp.owner_id`;

export const viewerIsAdmin = isSuperAdminSql;

export const SUMMARY_COLUMNS = sql`bp.id::text as id, bp.name, bp.category, bp.description, bp.is_verified,
  bp.followers, bp.profile_image, bp.cover_image, bp.owner_id::text as owner_id, bp.created_at`;

export type SummaryRow = {
  id: string;
  name: string;
  category: BusinessCategory;
  description: string;
  is_verified: boolean;
  followers: number;
  profile_image: string | null;
  cover_image: string | null;
  owner_id: string;
  created_at: string | Date;
};

export const iso = (d: string | Date) => new Date(d).toISOString();

export function toSummary(r: SummaryRow): BusinessPageSummary {
  return {
    id: r.id,
    name: r.name,
    category: r.category,
    description: r.description,
    isVerified: r.is_verified,
    followers: Number(r.followers),
    profileImage: r.profile_image,
    coverImage: r.cover_image,
    ownerId: r.owner_id,
    createdAt: iso(r.created_at),
  };
}

/** The page, if the viewer may see it (for writes that need a visible page: follow, review...). */
export async function visiblePage(
  db: Tx,
  viewerId: string | null,
  pageId: string,
): Promise<{ owner_id: string; name: string; followers: number } | null> {
  const [row] = await db
    .execute<{ owner_id: string; name: string; followers: number }>(
      sql`select bp.owner_id::text as owner_id, bp.name, bp.followers from ${VISIBLE_PAGES}
        where bp.id = ${pageId} and ${pageVisible(viewerId)}`,
    )
    .then((r) => r.rows);
  return row ?? null;
}

/** Tells the page's live readers that a part changed (after commit; carries only public counts). */
export async function announce(db: Tx, bus: Bus, pageId: string, part: 'page' | 'posts' | 'reviews') {
  const [row] = await db
    .execute<{ followers: number }>(sql`select followers from business_pages where id = ${pageId}`)
    .then((r) => r.rows);
  if (!row) return;
  bus.publish({
    topic: businessPageTopic(pageId),
    event: { type: 'business_page.changed', pageId, followers: Number(row.followers), part },
  });
}
