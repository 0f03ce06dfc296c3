import { SEARCH_MSG } from '@common/search/model';
import { sql } from 'drizzle-orm';
import { blockedEitherIds, visiblePerson } from '../../db/rules';
import type { SearchProvider } from '../../platform/search-providers';

/**
 * People by full name and username: any part of either (case-insensitive), or, when fuzzy, close
 * to a word of them (typos, by trigram word similarity). Deleted, banned and blocked people never
 * show. Exact username first, then names that start with the text, then words that do, then the
 * rest; shorter names (closer matches) first within each, or by similarity when fuzzy.
 */
export const peopleSearch: SearchProvider = {
  type: 'user',
  label: SEARCH_MSG.personLabel,
  query({ viewerId, terms, limit, fuzzy }) {
    const match = terms.short
      ? sql`(lower(p.username) like ${terms.prefix} or lower(p.full_name) like ${terms.prefix})`
      : fuzzy
        ? sql`(p.search_name like ${terms.contains} or ${terms.lower} <% p.search_name)`
        : sql`p.search_name like ${terms.contains}`;
    const within = fuzzy
      ? sql`word_similarity(${terms.lower}, p.search_name)`
      : sql`(1 - length(p.search_name) / 1000.0)`;
    return sql`select 'user' as type, p.id::text as id, coalesce(nullif(p.full_name, ''), p.username) as title,
        coalesce(nullif(p.title, ''), '@' || p.username) as description, null::text as category,
        p.created_at as date, p.avatar_url as image_url, '/profile/' || p.id::text as url,
        (case when lower(p.username) = ${terms.lower} then 4
              when p.search_name like ${terms.prefix} then 3
              when p.search_name like ${terms.wordPrefix} then 2
              when p.search_name like ${terms.contains} then 1
              else 0 end) + ${within} as rank
      from profiles p
      where ${match} and ${visiblePerson('p')}
        and not (p.id = any (${blockedEitherIds(viewerId)}))
      order by rank desc, p.id
      limit ${limit}`;
  },
};
