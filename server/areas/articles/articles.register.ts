import { ARTICLE_CATEGORY_LABELS, isArticleId } from '@common/articles/model';
import { CONTENT_REACTIONS } from '@common/reactions/model';
import { sql } from 'drizzle-orm';
import { blockedEitherIds, visiblePerson } from '../../db/rules';
import type { ContentTarget } from '../../platform/content-targets';
import type { SearchProvider } from '../../platform/search-providers';
import { visibleAuthor } from './article-rows';

/* What articles plug into: search, and reactions and comments (registered by the area's index.ts). */

const categoryLabel = sql`case a.category ${sql.join(
  Object.entries(ARTICLE_CATEGORY_LABELS).map(([k, v]) => sql`when ${k} then ${v}`),
  sql` `,
)} end`;

/**
 * Published articles of visible authors: full-text over title (weighted) and body, plus title
 * substrings (partial words full-text does not stem to) and, when fuzzy, titles close to the text
 * (typos) by trigram word similarity. One or two letters match title words that start with them.
 */
export const articleSearch: SearchProvider = {
  type: 'article',
  label: 'Article',
  query({ viewerId, terms, limit, fuzzy }) {
    const query = sql`plainto_tsquery('english', ${terms.text})`;
    const title = sql`lower(a.title)`;
    const text = terms.short
      ? sql`(${title} like ${terms.prefix} or ${title} like ${terms.wordPrefix})`
      : fuzzy
        ? sql`(${title} like ${terms.contains} or ${terms.lower} <% ${title})`
        : sql`${title} like ${terms.contains}`;
    const near = fuzzy ? sql` + word_similarity(${terms.lower}, ${title})` : sql``;
    return sql`select 'article' as type, a.id::text as id, a.title, a.excerpt as description,
        ${categoryLabel} as category, a.published_at as date, a.image_url, '/articles/' || a.id::text as url,
        (case when ${title} = ${terms.lower} then 3
              when ${title} like ${terms.prefix} then 2
              when ${title} like ${terms.wordPrefix} then 1.5
              when ${title} like ${terms.contains} then 1
              else 0 end) + ts_rank(a.search, ${query})${near} as rank
      from articles a
      join profiles p on p.id = a.author_id
      where (a.search @@ ${query} or ${text})
        and a.status = 'published' and ${visiblePerson('p')}
        and not (a.author_id = any (${blockedEitherIds(viewerId)}))
      order by rank desc, a.published_at desc, a.id
      limit ${limit}`;
  },
};

/**
 * Reactions and comments on articles: published ones of visible authors only (a draft takes none),
 * one level of replies.
 */
export const articleContentTarget: ContentTarget = {
  contentType: 'article',
  label: 'article',
  reactionTypes: CONTENT_REACTIONS,
  maxCommentDepth: 1,
  async resolve(db, viewerId, contentId) {
    if (!isArticleId(contentId)) return null;
    const [row] = await db
      .execute<{ author_id: string }>(
        sql`select a.author_id::text as author_id
          from articles a join profiles p on p.id = a.author_id
          where a.id = ${contentId} and a.status = 'published' and ${visibleAuthor(viewerId)}`,
      )
      .then((r) => r.rows);
    return row ? { ownerId: row.author_id, link: `/articles/${contentId}` } : null;
  },
};
