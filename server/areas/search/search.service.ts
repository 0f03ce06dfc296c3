import { SEARCH, type SearchPage, type SearchResult, type SearchResultType } from '@common/search/model';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { blockedEitherIds } from '../connections/connections.service';

/**
 * The text a person typed, prepared once for every provider. Nothing of it is ever SQL: each form
 * is a bound parameter, LIKE's wildcards are escaped, and full-text search takes it through
 * plainto_tsquery, which reads operators (& | ! quotes) as plain words.
 */
export type SearchTerms = {
  /** Trimmed, as typed. */
  text: string;
  /** Lower-cased. */
  lower: string;
  /** LIKE pattern: contains the text anywhere (wildcards escaped). */
  contains: string;
  /** LIKE pattern: starts with the text. */
  prefix: string;
  /** LIKE pattern: a word starts with the text (after a space). */
  wordPrefix: string;
  /** One or two characters: too short for trigrams, so providers match prefixes only. */
  short: boolean;
};

export function searchTerms(text: string): SearchTerms {
  const lower = text.toLowerCase();
  const escaped = lower.replace(/[\\%_]/g, (ch) => `\\${ch}`);
  return {
    text,
    lower,
    contains: `%${escaped}%`,
    prefix: `${escaped}%`,
    wordPrefix: `% ${escaped}%`,
    short: [...lower].length < 3,
  };
}

/**
 * A content type in search. `query` returns SQL selecting, for what the viewer may see only,
 * the columns type, id, title, description, category, date, image_url, url and rank (higher is
 * better; about 0 to 4), best first, at most `limit` rows. Each area registers its own when it
 * lands (articles, groups, forums, events, ideas, business pages), applying its own visibility
 * (drafts, private groups, banned and blocked people) inside that SQL. With `fuzzy`, it also
 * returns near matches (typos); search asks for them only when plain matches are few, since
 * ranking by similarity means scoring every candidate.
 */
export type SearchProvider = {
  type: SearchResultType;
  query(args: { viewerId: string; terms: SearchTerms; limit: number; fuzzy: boolean }): SQL;
};

const providers = new Map<SearchResultType, SearchProvider>();

export function registerSearchProvider(provider: SearchProvider) {
  providers.set(provider.type, provider);
}

/**
 * People by full name and username: any part of either (case-insensitive), or, when fuzzy, close
 * to a word of them (typos, by trigram word similarity). Deleted, banned and blocked people never
 * show. Exact username first, then names that start with the text, then words that do, then the
 * rest; shorter names (closer matches) first within each, or by similarity when fuzzy.
 */
export const peopleSearch: SearchProvider = {
  type: 'user',
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
      where ${match} and p.deleted_at is null and not p.is_banned
        and not (p.id = any (${blockedEitherIds(viewerId)}))
      order by rank desc, p.id
      limit ${limit}`;
  },
};
registerSearchProvider(peopleSearch);

/**
 * Every provider's matches in one ranked list; each contributes at most SEARCH.countCap + 1, so
 * counting stops there (`totalCapped`).
 */
export function searchQuery(viewerId: string, terms: SearchTerms, page: number, fuzzy = false): SQL {
  const parts = [...providers.values()].map(
    (p) => sql`(${p.query({ viewerId, terms, limit: SEARCH.countCap + 1, fuzzy })})`,
  );
  const offset = (page - 1) * SEARCH.pageSize;
  return sql`with hits as (${sql.join(parts, sql` union all `)})
    select type, id, title, description, category, date, image_url, url, count(*) over () as total
    from hits
    order by rank desc, date desc nulls last, id
    limit ${SEARCH.pageSize} offset ${offset}`;
}

type Row = {
  type: SearchResultType;
  id: string;
  title: string;
  description: string | null;
  category: string | null;
  date: string | Date | null;
  image_url: string | null;
  url: string;
  total: string | number;
};

export async function search(db: Db, viewerId: string, text: string, page: number): Promise<SearchPage> {
  const terms = searchTerms(text);
  const offset = (page - 1) * SEARCH.pageSize;
  const run = (fuzzy: boolean) => queryRows<Row>(db, searchQuery(viewerId, terms, page, fuzzy));
  let rows = offset >= SEARCH.countCap ? [] : await run(false);
  // Fewer plain matches than a page: the near ones (typos) are added, on every page of that search
  // (a later page with no plain match left is one of those).
  const fewPlain = page === 1 ? rows.length < SEARCH.pageSize : rows.length === 0;
  if (fewPlain && !terms.short && offset < SEARCH.countCap) rows = await run(true);
  const counted = rows.length ? Number(rows[0]!.total) : 0;
  const total = Math.min(counted, SEARCH.countCap);
  const results: SearchResult[] = rows.map((r) => ({
    type: r.type,
    id: r.id,
    title: r.title,
    description: r.description,
    category: r.category,
    date: r.date ? new Date(r.date).toISOString() : null,
    imageUrl: r.image_url,
    url: r.url,
  }));
  const shown = offset + results.length;
  return {
    query: text,
    results,
    total,
    totalCapped: counted > SEARCH.countCap,
    nextPage: results.length === SEARCH.pageSize && shown < total ? page + 1 : null,
  };
}
