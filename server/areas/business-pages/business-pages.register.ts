import { BUSINESS_MSG, PAGE_INQUIRY_KIND } from '@common/business-pages/model';
import { isUuid } from '@common/core/ids';
import { NOTIFICATION_TEXT } from '@common/notifications/model';
import { SEARCH } from '@common/search/model';
import { sql } from 'drizzle-orm';
import { blockedEitherIds, visiblePerson } from '../../db/rules';
import type { Db } from '../../db/client';
import type { ContentTarget } from '../../platform/content-targets';
import type { InquiryKind } from '../../platform/policies';
import type { SearchProvider, SearchTier } from '../../platform/search-providers';
import { visiblePage } from './business-rows';

/* What business pages plug into: search, comments on posts, inquiries, the page's live topic. */

const columns = sql`'business_page' as type, bp.id::text as id, bp.name as title, bp.description,
  bp.category, bp.created_at as date, coalesce(bp.profile_image, bp.cover_image) as image_url,
  '/business-pages/' || bp.id::text as url`;

/**
 * Pages of visible owners, in tiers (docs/decisions/013): the exact name; names starting with the text
 * (alphabetical, business_pages_name_prefix_idx); a later word of the name starting with it, and
 * the text inside a word (trigram index, sorted); names close to it (typos). One or two letters
 * read the first two tiers only.
 */
export const businessPageSearch: SearchProvider = {
  type: 'business_page',
  label: 'Business Page',
  tiers({ viewerId, terms }) {
    const name = sql`lower(bp.name)`;
    const visible = sql`business_pages bp join profiles o on o.id = bp.owner_id
      where ${visiblePerson('o')} ${viewerId ? sql`and not (bp.owner_id = any (${blockedEitherIds(viewerId)}))` : sql``}`;
    const tiers: SearchTier[] = [
      { level: 'exact', columns, from: sql`${visible} and ${name} = ${terms.lower}`, order: sql`bp.id` },
      {
        level: 'prefix',
        columns,
        from: sql`${visible} and ${name} ~>=~ ${terms.lower} and ${name} ~<~ ${terms.upTo} and ${name} <> ${terms.lower}`,
        order: sql`${name} using ~<~, bp.id`,
      },
    ];
    if (terms.short) return tiers;
    tiers.push(
      {
        level: 'contains',
        columns,
        from: sql`${visible} and ${name} like ${terms.contains} and ${name} not like ${terms.prefix}`,
        sortKey: name,
        candidates: SEARCH.countCap + 1,
      },
      {
        level: 'near',
        columns,
        from: sql`${visible} and ${terms.lower} <% ${name} and ${name} not like ${terms.contains}`,
        sortKey: sql`-word_similarity(${terms.lower}, ${name})`,
        candidates: SEARCH.nearCap,
      },
    );
    return tiers;
  },
};

/**
 * Comments on page posts (docs/decisions/011): a post of a page the viewer may see, by a live author not
 * blocked either way; no reactions (likes are the post's own counter), no replies.
 */
export const businessPostTarget: ContentTarget = {
  contentType: 'business_post',
  label: 'post',
  reactionTypes: [],
  maxCommentDepth: 0,
  async resolve(db, viewerId, contentId) {
    if (!isUuid(contentId)) return null;
    const [row] = await db
      .execute<{ author_id: string; page_id: string; owner_id: string }>(
        sql`select bpo.author_id::text as author_id, bpo.business_page_id::text as page_id,
            bpo_page.owner_id::text as owner_id
          from business_posts bpo join profiles p on p.id = bpo.author_id
            join business_pages bpo_page on bpo_page.id = bpo.business_page_id
          where bpo.id = ${contentId} and ${visiblePerson('p')}`,
      )
      .then((r) => r.rows);
    if (!row || !(await visiblePage(db, viewerId, row.page_id))) return null;
    // The page's owner moderates every post on it, whoever blocked whom (issue 26).
    if (viewerId && row.author_id !== viewerId && row.owner_id !== viewerId) {
      // The author of the post may be someone other than the owner who blocked the viewer.
      const [blocked] = await db
        .execute(
          sql`select 1 from blocks b where (b.blocker_id = ${viewerId} and b.blocked_id = ${row.author_id})
            or (b.blocker_id = ${row.author_id} and b.blocked_id = ${viewerId})`,
        )
        .then((r) => r.rows);
      if (blocked) return null;
    }
    return { ownerId: row.author_id, link: `/business-pages/${row.page_id}` };
  },
};

/**
 * A message about a page (its Message button) goes to the owner of a page the sender may see (the
 * owner live, no block either way).
 */
export const pageInquiries: InquiryKind = {
  kind: PAGE_INQUIRY_KIND,
  notFound: BUSINESS_MSG.inquiryNotFound,
  async find(db: Db, viewerId: string, id: string) {
    if (!isUuid(id)) return null;
    const page = await visiblePage(db, viewerId, id);
    if (!page) return null;
    return {
      ownerId: page.owner_id,
      title: page.name,
      link: `/business-pages/${id}`,
      notice: (name: string) => ({
        type: 'business_action',
        title: NOTIFICATION_TEXT.businessAction.title,
        message: BUSINESS_MSG.inquiryNotice(name, page.name),
        data: { businessId: id },
      }),
    };
  },
};

/** business-page:{id}: whoever may read the page (re-checked when blocks change). */
export const canWatchPage = async (db: Db, userId: string, id: string) =>
  isUuid(id) && (await visiblePage(db, userId, id)) !== null;
