import { isUuid } from '@common/core/ids';
import { ARTICLE_CATEGORY_LABELS } from '@common/articles/model';
import { CONTENT_REACTIONS } from '@common/reactions/model';
import { SEARCH } from '@common/search/model';
import { sql } from 'drizzle-orm';
import { statementOnce } from '../../db/client';
import { blockedEitherIds, visiblePerson } from '../../db/rules';
import type { ContentTarget } from '../../platform/content-targets';
import type { SearchProvider, SearchTier } from '../../platform/search-providers';
import { visibleAuthor } from './article-rows';

/* What articles plug into: search, and reactions and comments (registered by the area's index.ts). */

const categoryLabel = sql`case a.category ${sql.join(
  Object.entries(ARTICLE_CATEGORY_LABELS).map(([k, v]) => sql`when ${k} then ${v}`),
  sql` `,
)} end`;

const columns = sql`'article' as type, a.id::text as id, a.title, a.excerpt as description,
  ${categoryLabel} as category, a.published_at as date, a.image_url, '/articles/' || a.id::text as url`;

/**
 * Published articles of visible authors, in tiers (docs/decisions/013): the exact title; titles that
 * start with the text (alphabetical, articles_title_prefix_idx); full-text matches over title and
 * body, or a title word that starts with the text, newest first; titles with the text inside a
 * word; and, when those are few, titles close to the text (typos, by trigram word similarity).
 * One or two letters read the first three tiers only.
 */
export const articleSearch: SearchProvider = {
  type: 'article',
  label: 'Article',
  tiers({ viewerId, terms }) {
    const query = sql`plainto_tsquery('english', ${terms.text})`;
    const title = sql`lower(a.title)`;
    const visible = sql`articles a join profiles p on p.id = a.author_id
      where a.status = 'published' and ${visiblePerson('p')} and not (a.author_id = any (${blockedEitherIds(viewerId)}))`;
    const tiers: SearchTier[] = [
      { level: 'exact', columns, from: sql`${visible} and ${title} = ${terms.lower}`, order: sql`a.id` },
      {
        level: 'prefix',
        columns,
        from: sql`${visible} and ${title} ~>=~ ${terms.lower} and ${title} ~<~ ${terms.upTo} and ${title} <> ${terms.lower}`,
        order: sql`${title} using ~<~, a.id`,
      },
      {
        // Full text has no index order: the newest matches first, the planner choosing between
        // walking articles_published_idx backward and sorting what the GIN index finds.
        level: 'word',
        columns,
        from: sql`${visible} and (a.search @@ ${query} or ${title} like ${terms.wordPrefix}) and ${title} not like ${terms.prefix}`,
        order: sql`a.published_at desc, a.id desc`,
      },
    ];
    if (terms.short) return tiers;
    const plain = sql`${title} like ${terms.contains} or a.search @@ ${query}`;
    tiers.push(
      {
        level: 'contains',
        columns,
        from: sql`${visible} and ${title} like ${terms.contains} and not (a.search @@ ${query})
          and ${title} not like ${terms.prefix} and ${title} not like ${terms.wordPrefix}`,
        sortKey: title,
        candidates: SEARCH.countCap + 1,
      },
      {
        level: 'near',
        columns,
        from: sql`${visible} and ${terms.lower} <% ${title} and not (${plain})`,
        sortKey: sql`-word_similarity(${terms.lower}, ${title})`,
        candidates: SEARCH.nearCap,
      },
    );
    return tiers;
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
    if (!isUuid(contentId)) return null;
    const [row] = viewerId
      ? await articleOfMember(db, { viewerId, contentId })
      : await db.execute<ArticleTarget>(articleTarget({ viewerId, contentId })).then((r) => r.rows);
    return row ? { ownerId: row.author_id, link: `/articles/${contentId}`, title: row.title } : null;
  },
};

type ArticleTarget = { author_id: string; title: string };
const articleTarget = ({ viewerId, contentId }: { viewerId: string | null; contentId: string }) =>
  sql`select a.author_id::text as author_id, a.title
    from articles a join profiles p on p.id = a.author_id
    where a.id = ${contentId} and a.status = 'published' and ${visibleAuthor(viewerId)}`;
/** A member's: written once (every reaction, comment and subscription on an article asks it). */
const articleOfMember = statementOnce<{ viewerId: string; contentId: string }, ArticleTarget>(articleTarget);
