import { isUuid } from '@common/core/ids';
import { IDEA_INQUIRY_KIND, INDUSTRY_LABELS, INVESTING_MSG } from '@common/investing/model';
import { NOTIFICATION_TEXT } from '@common/notifications/model';
import { SEARCH } from '@common/search/model';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blockedEitherIds, visiblePerson } from '../../db/rules';
import { visibleFounder } from './investing-rows';
import type { InquiryKind } from '../../platform/policies';
import type { SearchProvider, SearchTier } from '../../platform/search-providers';

/* What the investing board plugs into: search, and the messages area's business inquiries. */

const industryLabel = sql`case i.industry ${sql.join(
  Object.entries(INDUSTRY_LABELS).map(([k, v]) => sql`when ${k} then ${v}`),
  sql` `,
)} end`;

const columns = sql`'business_idea' as type, i.id::text as id, i.title, left(i.description, 200) as description,
  ${industryLabel} as category, i.created_at as date, i.image_url, '/investing/' || i.id::text as url`;

/**
 * Ideas of visible founders, in tiers (docs/decisions/013): the exact title; titles that start with the
 * text (alphabetical, business_ideas_title_prefix_idx); a title word that starts with the text;
 * titles with the text inside a word; and, when those are few, titles close to the text (trigram
 * word similarity, business_ideas_title_trgm_idx). One or two letters read the first three only.
 */
export const ideaSearch: SearchProvider = {
  type: 'business_idea',
  label: 'Business Idea',
  tiers({ viewerId, terms }) {
    const title = sql`lower(i.title)`;
    const visible = sql`business_ideas i join profiles p on p.id = i.user_id
      where ${visiblePerson('p')} and not (i.user_id = any (${blockedEitherIds(viewerId)}))`;
    const tiers: SearchTier[] = [
      { level: 'exact', columns, from: sql`${visible} and ${title} = ${terms.lower}`, order: sql`i.id` },
      {
        level: 'prefix',
        columns,
        from: sql`${visible} and ${title} ~>=~ ${terms.lower} and ${title} ~<~ ${terms.upTo} and ${title} <> ${terms.lower}`,
        order: sql`${title} using ~<~, i.id`,
      },
      {
        // A word inside the title: no index order, the newest first (business_ideas_created_idx).
        level: 'word',
        columns,
        from: sql`${visible} and ${title} like ${terms.wordPrefix} and ${title} not like ${terms.prefix}`,
        order: sql`i.created_at desc, i.id desc`,
      },
    ];
    if (terms.short) return tiers;
    tiers.push(
      {
        level: 'contains',
        columns,
        from: sql`${visible} and ${title} like ${terms.contains}
          and ${title} not like ${terms.prefix} and ${title} not like ${terms.wordPrefix}`,
        sortKey: title,
        candidates: SEARCH.countCap + 1,
      },
      {
        level: 'near',
        columns,
        from: sql`${visible} and ${terms.lower} <% ${title} and not (${title} like ${terms.contains})`,
        sortKey: sql`-word_similarity(${terms.lower}, ${title})`,
        candidates: SEARCH.nearCap,
      },
    );
    return tiers;
  },
};

/**
 * A message about an idea (a business inquiry) goes to its founder. The idea must be one the sender
 * may read (the founder live, no block either way); the messages area checks the receiver is this
 * founder, and refuses one's own idea (nobody messages themselves).
 */
export const ideaInquiries: InquiryKind = {
  kind: IDEA_INQUIRY_KIND,
  notFound: INVESTING_MSG.inquiryNotFound,
  async find(db: Db, viewerId: string, id: string) {
    if (!isUuid(id)) return null;
    const [row] = await db
      .execute<{ owner_id: string; title: string }>(
        sql`select i.user_id::text as owner_id, i.title from business_ideas i join profiles p on p.id = i.user_id
          where i.id = ${id} and ${visibleFounder(viewerId)}`,
      )
      .then((r) => r.rows);
    if (!row) return null;
    return {
      ownerId: row.owner_id,
      title: row.title,
      link: `/investing/${id}`,
      notice: (name: string) => ({
        type: 'business_inquiry',
        title: NOTIFICATION_TEXT.businessInquiry.title,
        message: NOTIFICATION_TEXT.businessInquiry.text(name, row.title),
        data: { businessIdeaId: id, businessIdeaTitle: row.title },
      }),
    };
  },
};
