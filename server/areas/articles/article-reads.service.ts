import type { ArticleListQuery } from '@common/articles/schemas';
import {
  ARTICLE_MSG,
  type Article,
  type ArticlePage,
  type ArticleWithReactions,
} from '@common/articles/model';
import { LIMITS } from '@common/core/limits';
import { renderMarkdown } from '@common/core/markdown';
import { isUuid } from '@common/core/ids';
import { mentionedIds, mentionsToMarkdown } from '@common/core/mentions';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, statementOnce, type Db } from '../../db/client';
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
import { type Tx } from '../../db/rules';
import { listMentionedPeople } from '../../platform/mentions';
import { firstCommentsColumn, firstCommentsFromColumn } from '../comments';
import { reactionsColumn, reactionsFromColumn } from '../reactions';
import {
  notFound,
  SUMMARY_COLUMNS,
  toSummary,
  viewerIsAdmin,
  visibleAuthor,
  type ArticleDeps,
  type SummaryRow,
} from './article-rows';

/*
 * Reading articles: the list tabs (the category tabs, My Articles, Drafts and a profile's
 * articles) with their count and time cursor, the SQL they run (articleListQueries, which the
 * tests also ask the planner about), and one article's page as the viewer may see it. What the
 * viewer may not see answers like a missing article (article-rows.ts).
 */

// ---------------------------------------------------------------------------------------------
// Lists

/**
 * The page (one row over `limit`, with each row's sort time in microseconds) and the count of one
 * tab as the viewer may see it, up to one over LIMITS.listCountCap (whoever asks, the cost of a
 * count stays that of a page, however many articles there are). Published tabs walk their partial index, (published_at, id) or
 * (category, published_at, id), backward from the cursor; Drafts, My Articles and a profile's
 * articles the author's index.
 */
export function articleListQueries(
  viewerId: string | null,
  q: Pick<ArticleListQuery, 'tab' | 'author' | 'limit'>,
  cursor: TimeCursor | null,
): { page: SQL; count: SQL } {
  const where: SQL[] = [visibleAuthor(viewerId)];
  if (q.tab === 'drafts') where.push(sql`a.author_id = ${viewerId} and a.status = 'draft'`);
  else {
    where.push(sql`a.status = 'published'`);
    if (q.tab === 'my') where.push(sql`a.author_id = ${viewerId}`);
    else if (q.tab !== 'all') where.push(sql`a.category = ${q.tab}`);
    if (q.author) where.push(sql`a.author_id = ${q.author}`);
  }
  const sortColumn = q.tab === 'drafts' ? sql`a.updated_at` : sql`a.published_at`;
  const paged = cursor
    ? [...where, sql`(${sortColumn}, a.id) < (${cursorTime(cursor)}, ${cursor.id}::uuid)`]
    : where;
  const from = sql`from articles a join profiles p on p.id = a.author_id`;
  return {
    page: sql`select ${SUMMARY_COLUMNS},
        ${microsOf(sortColumn)} as sort_micros
      ${from}
      where ${sql.join(paged, sql` and `)}
      order by ${sortColumn} desc, a.id desc
      limit ${q.limit + 1}`,
    count: sql`select count(*)::int as n from (
        select 1 ${from} where ${sql.join(where, sql` and `)} limit ${LIMITS.listCountCap + 1}
      ) capped`,
  };
}

/**
 * GET /api/articles. The category tabs and a profile's articles are public; My Articles and Drafts
 * are the viewer's own; Drafts are ordered by their last change.
 */
export async function listArticles(
  deps: ArticleDeps,
  viewer: Viewer | null,
  q: ArticleListQuery,
): Promise<ArticlePage> {
  const viewerId = viewer?.id ?? null;
  const own = q.tab === 'my' || q.tab === 'drafts';
  if (own && !viewerId) throw new AppError('UNAUTHENTICATED');
  // A profile's section lists that person's published articles (optionally one category).
  if (own && q.author) throw new AppError('VALIDATION', ARTICLE_MSG.invalidTab);
  const queries = articleListQueries(
    viewerId,
    q,
    q.cursor ? decodeTimeCursor(q.cursor, ARTICLE_MSG.invalidCursor) : null,
  );
  const [rows, counted] = await Promise.all([
    queryRows<SummaryRow & { sort_micros: string }>(deps.db, queries.page),
    queryRows<{ n: number }>(deps.db, queries.count),
  ]);
  const { page, more } = splitPage(rows, q.limit);
  const last = page[page.length - 1];
  const total = Number(counted[0]?.n ?? 0);
  return {
    items: page.map(toSummary),
    total: Math.min(total, LIMITS.listCountCap),
    totalCapped: total > LIMITS.listCountCap,
    nextCursor: more && last ? encodeTimeCursor({ micros: last.sort_micros, id: last.id }) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// One article

type ArticleRow = SummaryRow & { content: string; excerpt: string; is_admin: boolean };

/** The article as the viewer may see it (published, or their own draft), or null. */
export async function readArticle(db: Db | Tx, viewerId: string, id: string): Promise<Article | null> {
  const [row] = await db
    .execute<ArticleRow>(
      sql`select ${SUMMARY_COLUMNS}, a.content, a.excerpt, ${viewerIsAdmin(viewerId)} as is_admin
        from articles a join profiles p on p.id = a.author_id
        where a.id = ${id} and (a.status = 'published' or a.author_id = ${viewerId}) and ${visibleAuthor(viewerId)}`,
    )
    .then((r) => r.rows);
  return row ? toArticle(db, viewerId, row) : null;
}

async function toArticle(db: Db | Tx, viewerId: string, row: ArticleRow): Promise<Article> {
  const isAuthor = row.author_id === viewerId;
  // Mentions link to the person under their current name, as this reader may see them.
  const mentioned = await listMentionedPeople(
    db,
    isUuid(viewerId) ? viewerId : null,
    mentionedIds(row.content),
  );
  const names = new Map(mentioned.map((p) => [p.id, p.fullName || p.username]));
  return {
    ...toSummary(row),
    content: row.content,
    html: renderMarkdown(mentionsToMarkdown(row.content, names)),
    excerpt: row.excerpt,
    canDelete: isAuthor || row.is_admin,
    isAuthor,
  };
}

/**
 * An article's page, in one statement (written once, prepared on each connection): the article as
 * readArticle reads it and, when it is published, its reactions and its first page of comments
 * (columns the reactions and comments areas write), so the page needs no request of its own for
 * them and the server no statement of its own for each. A draft carries neither.
 */
const articlePageStatement = statementOnce<
  { id: string; viewerId: string },
  ArticleRow & { reactions: unknown; comments: unknown }
>(
  ({ id, viewerId }) =>
    sql`select ${SUMMARY_COLUMNS}, a.content, a.excerpt, ${viewerIsAdmin(viewerId)} as is_admin,
        case when a.status = 'published' then ${reactionsColumn('article', sql`a.id`, viewerId)} end as reactions,
        case when a.status = 'published' then ${firstCommentsColumn('article', sql`a.id`, viewerId)} end as comments
      from articles a join profiles p on p.id = a.author_id
      where a.id = ${id} and (a.status = 'published' or a.author_id = ${viewerId}) and ${visibleAuthor(viewerId)}`,
);

/**
 * GET /api/articles/{id}: the article with its reactions and first comments when published. Missing,
 * someone else's draft, or hidden: the same 404.
 */
export async function getArticlePage(
  deps: ArticleDeps,
  viewer: Viewer,
  id: string,
): Promise<ArticleWithReactions> {
  const [row] = await articlePageStatement(deps.db, { id, viewerId: viewer.id });
  if (!row) throw notFound();
  const ref = { contentType: 'article' as const, contentId: row.id };
  const published = row.status === 'published';
  const [article, comments] = await Promise.all([
    toArticle(deps.db, viewer.id, row),
    published ? firstCommentsFromColumn(deps.db, viewer.id, ref, row.comments, null) : null,
  ]);
  return {
    ...article,
    reactions: published ? reactionsFromColumn(ref, row.reactions, null) : null,
    comments,
  };
}
