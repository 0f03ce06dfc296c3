import { SEARCH, type SearchPage, type SearchResult } from '@common/search/model';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import { searchProviders, searchTerms, type SearchTerms } from '../../platform/search-providers';

// The search benchmark and plan test build the same query.
export { searchTerms };

/**
 * Every provider's matches in one ranked list; each contributes at most SEARCH.countCap + 1, so
 * counting stops there (`totalCapped`).
 */
export function searchQuery(viewerId: string, terms: SearchTerms, page: number, fuzzy = false): SQL {
  const parts = searchProviders().map(
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
  type: string;
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
  const labels = new Map(searchProviders().map((p) => [p.type, p.label]));
  const results: SearchResult[] = rows.map((r) => ({
    type: r.type,
    label: labels.get(r.type) ?? r.type,
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
