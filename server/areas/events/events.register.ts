import { isUuid } from '@common/core/ids';
import { EVENT_TYPE_LABELS } from '@common/events/model';
import { SEARCH } from '@common/search/model';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blockedEitherIds, visiblePerson } from '../../db/rules';
import type { SearchProvider, SearchTier } from '../../platform/search-providers';
import { FROM_EVENTS, visibleEvent } from './event-rows';

/* What events plug into: search and the realtime topic of one event (registered by index.ts). */

const typeLabel = sql`case e.type ${sql.join(
  Object.entries(EVENT_TYPE_LABELS).map(([k, v]) => sql`when ${k} then ${v}`),
  sql` `,
)} end`;

const columns = sql`'event' as type, e.id::text as id, e.title, e.location as description,
  ${typeLabel} as category, e.starts_at as date, e.cover_photo_url as image_url, '/events/' || e.id::text as url`;

/**
 * Events that are not cancelled, of visible organizers, in tiers (docs/decisions/013): the exact title;
 * titles starting with the text (alphabetical, events_title_prefix_idx); a title word starting
 * with the text; and titles with the text inside a word (both read through
 * events_title_trgm_idx, soonest first). One or two letters read the first two tiers only.
 */
export const eventSearch: SearchProvider = {
  type: 'event',
  label: 'Event',
  tiers({ viewerId, terms }) {
    const title = sql`lower(e.title)`;
    const visible = sql`${FROM_EVENTS}
      where e.cancelled_at is null and ${visiblePerson('p')} and not (e.creator_id = any (${blockedEitherIds(viewerId)}))`;
    const tiers: SearchTier[] = [
      { level: 'exact', columns, from: sql`${visible} and ${title} = ${terms.lower}`, order: sql`e.id` },
      {
        level: 'prefix',
        columns,
        from: sql`${visible} and ${title} ~>=~ ${terms.lower} and ${title} ~<~ ${terms.upTo} and ${title} <> ${terms.lower}`,
        order: sql`${title} using ~<~, e.id`,
      },
    ];
    if (terms.short) return tiers;
    tiers.push(
      {
        level: 'word',
        columns,
        from: sql`${visible} and ${title} like ${terms.wordPrefix} and ${title} not like ${terms.prefix}`,
        sortKey: sql`e.starts_at`,
        candidates: SEARCH.countCap + 1,
      },
      {
        level: 'contains',
        columns,
        from: sql`${visible} and ${title} like ${terms.contains}
          and ${title} not like ${terms.prefix} and ${title} not like ${terms.wordPrefix}`,
        sortKey: title,
        candidates: SEARCH.countCap + 1,
      },
    );
    return tiers;
  },
};

/** `event:{id}`: whoever may read the event (visible organizer, not blocked either way). */
export async function canWatchEvent(db: Db, userId: string, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const { rows } = await db.execute(
    sql`select 1 from ${FROM_EVENTS} where e.id = ${id} and ${visibleEvent(userId)}`,
  );
  return rows.length > 0;
}
