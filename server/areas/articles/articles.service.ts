import type { ArticleListQuery, CreateArticle, UpdateArticle } from '@common/articles/schemas';
import {
  ARTICLE_MSG,
  ARTICLES,
  articleImageProblem,
  clipText,
  type Article,
  type ArticleCategory,
  type ArticleImage,
  type ArticlePage,
  type ArticleStatus,
  type ArticleSummary,
} from '@common/articles/model';
import { markdownToText, renderMarkdown } from '@common/core/markdown';
import { IMAGE_PRESETS, parseImageUrl } from '@common/core/uploads';
import { sql, type SQL } from 'drizzle-orm';
import { queryRows, type Db } from '../../db/client';
import type { AppDeps, Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import {
  cursorTime,
  decodeTimeCursor,
  encodeTimeCursor,
  microsOf,
  splitPage,
  type TimeCursor,
} from '../../lib/pagination';
import type { Bus } from '../../platform/bus';
import { deleteImageByUrl, saveImage } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import { removeComments } from '../comments';
import { publishToFeed, removeFromFeed } from '../feed';
import { removeReactions } from '../reactions';
import { PERSON_SUMMARY_COLUMNS, toPersonSummary, type PersonSummaryRow } from '../profiles';
import { type Tx, isSuperAdminSql, notBlockedWith, visiblePerson } from '../../db/rules';

/*
 * Articles (spec document 2; issue 6). Drafts belong to their author alone: every read puts
 * "published, or mine" in its SQL, and anything else answers exactly like a missing article, so a
 * draft's existence never leaks. Articles of deleted or banned authors, and of people blocked
 * either way, are hidden everywhere (lists, the page, search, reactions and comments).
 */

export type ArticleDeps = Pick<AppDeps, 'db' | 'bus' | 'storage' | 'logger'>;

const notFound = () => new AppError('NOT_FOUND', ARTICLE_MSG.notFound);

/** The author is a live account (not deleted, not banned) the viewer has not blocked, nor been blocked by. */
export function visibleAuthor(viewerId: string | null): SQL {
  const live = visiblePerson('p');
  return viewerId ? sql`${live} and ${notBlockedWith(viewerId, sql`a.author_id`)}` : live;
}

/** The viewer is a super admin (who may delete any article), read in the same statement. */
const viewerIsAdmin = isSuperAdminSql;

const SUMMARY_COLUMNS = sql`a.id::text as id, a.title, a.preview, a.category, a.image_url, a.status,
  a.published_at, a.created_at, a.updated_at,
  ${PERSON_SUMMARY_COLUMNS}`;

type SummaryRow = PersonSummaryRow & {
  id: string;
  title: string;
  preview: string;
  category: ArticleCategory;
  image_url: string | null;
  status: ArticleStatus;
  published_at: string | Date | null;
  created_at: string | Date;
  updated_at: string | Date;
};

const iso = (d: string | Date) => new Date(d).toISOString();

function toSummary(r: SummaryRow): ArticleSummary {
  return {
    id: r.id,
    title: r.title,
    // Stored at the card's length; a draft's preview is shorter.
    preview: r.status === 'draft' ? clipText(r.preview, ARTICLES.draftPreviewLength, '…') : r.preview,
    category: r.category,
    imageUrl: r.image_url,
    status: r.status,
    publishedAt: r.published_at ? iso(r.published_at) : null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    author: toPersonSummary(r),
  };
}

/**
 * What is stored beside the content: the excerpt (spec section 5: the plain text, 150 characters,
 * '...' when longer) and the card's preview (200 characters and '…').
 */
function summaryOf(content: string) {
  const text = markdownToText(content);
  return {
    excerpt: clipText(text, ARTICLES.excerptLength, '...'),
    preview: clipText(text, ARTICLES.previewLength, '…'),
  };
}

// ---------------------------------------------------------------------------------------------
// Lists

/**
 * The page (one row over `limit`, with each row's sort time in microseconds) and the count of one
 * tab as the viewer may see it. Published tabs walk their partial index, (published_at, id) or
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
    count: sql`select count(*)::int as n ${from} where ${sql.join(where, sql` and `)}`,
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
  return {
    items: page.map(toSummary),
    total: Number(counted[0]?.n ?? 0),
    nextCursor: more && last ? encodeTimeCursor({ micros: last.sort_micros, id: last.id }) : null,
  };
}

// ---------------------------------------------------------------------------------------------
// One article

type ArticleRow = SummaryRow & { content: string; excerpt: string; is_admin: boolean };

/** The article as the viewer may see it (published, or their own draft), or null. */
async function readArticle(db: Db | Tx, viewerId: string, id: string): Promise<Article | null> {
  const [row] = await db
    .execute<ArticleRow>(
      sql`select ${SUMMARY_COLUMNS}, a.content, a.excerpt, ${viewerIsAdmin(viewerId)} as is_admin
        from articles a join profiles p on p.id = a.author_id
        where a.id = ${id} and (a.status = 'published' or a.author_id = ${viewerId}) and ${visibleAuthor(viewerId)}`,
    )
    .then((r) => r.rows);
  if (!row) return null;
  const isAuthor = row.author_id === viewerId;
  return {
    ...toSummary(row),
    content: row.content,
    html: renderMarkdown(row.content),
    excerpt: row.excerpt,
    canDelete: isAuthor || row.is_admin,
    isAuthor,
  };
}

/** GET /api/articles/{id}. Missing, someone else's draft, or hidden: the same 404. */
export async function getArticle(deps: ArticleDeps, viewer: Viewer, id: string): Promise<Article> {
  const article = await readArticle(deps.db, viewer.id, id);
  if (!article) throw notFound();
  return article;
}

// ---------------------------------------------------------------------------------------------
// Writing

const mainContentKey = (ownerId: string, imageId: string) =>
  `images/content/${ownerId}/${imageId}/${IMAGE_PRESETS.content.main}.webp`;

/**
 * The featured image as stored: null, or the main copy of a content image this viewer uploaded
 * (any copy's address is accepted). Anything else, including someone else's upload, is refused:
 * deleting the article deletes its image, which must never be another person's file.
 */
async function ownContentImage(
  storage: Storage,
  viewerId: string,
  url: string | null,
): Promise<string | null> {
  if (url === null) return null;
  const key = storage.keyFromUrl(url);
  const image = key ? parseImageUrl(key) : null;
  const refuse = () =>
    new AppError('VALIDATION', ARTICLE_MSG.imageNotUploaded, { imageUrl: ARTICLE_MSG.imageNotUploaded });
  if (!image || image.preset !== 'content' || image.ownerId !== viewerId) throw refuse();
  const main = mainContentKey(viewerId, image.id);
  if (!(await storage.head(main))) throw refuse();
  return storage.url(main);
}

/**
 * Removes a featured image no longer used, unless another of the author's articles still shows it.
 * After commit: a file that fails to go is only an orphan, never a broken article.
 */
async function dropImage(deps: ArticleDeps, authorId: string, url: string | null) {
  if (!url) return;
  try {
    const [used] = await deps.db
      .execute(sql`select 1 from articles where author_id = ${authorId} and image_url = ${url} limit 1`)
      .then((r) => r.rows);
    if (!used) await deleteImageByUrl(deps.storage, url, authorId);
  } catch (err) {
    deps.logger.warn({ err, url }, 'could not delete an article image');
  }
}

type FeedArticle = { id: string; authorId: string; title: string; excerpt: string; imageUrl: string | null };

/** The article's one feed item (unique by type and content id, so publishing again updates it). */
function putOnFeed(db: Tx, bus: Bus, a: FeedArticle) {
  return publishToFeed(
    { db, bus },
    {
      type: 'article',
      contentId: a.id,
      articleId: a.id,
      userId: a.authorId,
      title: a.title,
      description: a.excerpt,
      imageUrl: a.imageUrl,
    },
  );
}

async function readOwn(deps: ArticleDeps, viewerId: string, id: string) {
  const article = await readArticle(deps.db, viewerId, id);
  // Deleted between the commit and this read.
  if (!article) throw notFound();
  return article;
}

/** POST /api/articles: a draft, or published at once (and put on the feed in the same transaction). */
export async function createArticle(
  deps: ArticleDeps,
  viewer: Viewer,
  input: CreateArticle,
): Promise<Article> {
  const imageUrl = await ownContentImage(deps.storage, viewer.id, input.imageUrl);
  const { excerpt, preview } = summaryOf(input.content);
  const published = input.status === 'published';
  const id = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .execute<{ id: string }>(
        sql`insert into articles (author_id, title, content, excerpt, preview, category, image_url, status, published_at)
          values (${viewer.id}, ${input.title}, ${input.content}, ${excerpt}, ${preview}, ${input.category}, ${imageUrl},
            ${input.status}, ${published ? sql`now()` : null})
          returning id::text as id`,
      )
      .then((r) => r.rows);
    if (!row) throw new Error('article was not written');
    if (published)
      await putOnFeed(tx, deps.bus, {
        id: row.id,
        authorId: viewer.id,
        title: input.title,
        excerpt,
        imageUrl,
      });
    return row.id;
  });
  return readOwn(deps, viewer.id, id);
}

/**
 * The viewer's own article, locked until the transaction ends (publish, edit and delete of one
 * article are serialised). Someone else's answers like a missing one.
 */
async function lockOwn(tx: Tx, viewerId: string, id: string) {
  const [row] = await tx
    .execute<{ status: ArticleStatus; image_url: string | null; title: string; excerpt: string }>(
      sql`select status, image_url, title, excerpt from articles
        where id = ${id} and author_id = ${viewerId}
        for update`,
    )
    .then((r) => r.rows);
  if (!row) throw notFound();
  return row;
}

/** PATCH /api/articles/{id}: the author edits a draft; a published article is not edited here. */
export async function updateArticle(
  deps: ArticleDeps,
  viewer: Viewer,
  id: string,
  input: UpdateArticle,
): Promise<Article> {
  const imageUrl = await ownContentImage(deps.storage, viewer.id, input.imageUrl);
  const before = await deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, viewer.id, id);
    if (row.status !== 'draft') throw new AppError('CONFLICT', ARTICLE_MSG.onlyDraftsEditable);
    const { excerpt, preview } = summaryOf(input.content);
    await tx.execute(
      sql`update articles set title = ${input.title}, content = ${input.content},
          excerpt = ${excerpt}, preview = ${preview}, category = ${input.category}, image_url = ${imageUrl},
          updated_at = now()
        where id = ${id}`,
    );
    return row;
  });
  if (before.image_url !== imageUrl) await dropImage(deps, viewer.id, before.image_url);
  return readOwn(deps, viewer.id, id);
}

/** POST /api/articles/{id}/publish: the author's draft goes live and onto the feed, in one transaction. */
export async function publishArticle(deps: ArticleDeps, viewer: Viewer, id: string): Promise<Article> {
  await deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, viewer.id, id);
    if (row.status !== 'draft') throw new AppError('CONFLICT', ARTICLE_MSG.alreadyPublished);
    await tx.execute(
      sql`update articles set status = 'published', published_at = now(), updated_at = now() where id = ${id}`,
    );
    await putOnFeed(tx, deps.bus, {
      id,
      authorId: viewer.id,
      title: row.title,
      excerpt: row.excerpt,
      imageUrl: row.image_url,
    });
  });
  return readOwn(deps, viewer.id, id);
}

/** The article, its feed item, reactions and comments, in the caller's transaction. */
async function removeArticleRows(tx: Tx, bus: Bus, id: string) {
  const ref = { contentType: 'article' as const, contentId: id };
  await removeReactions(tx, ref);
  await removeComments(tx, ref);
  await removeFromFeed({ db: tx, bus }, { type: 'article', contentId: id });
  await tx.execute(sql`delete from articles where id = ${id}`);
}

/**
 * DELETE /api/articles/{id}: by its author or a super admin (spec section 6). Others get 403 when
 * they can see the article, and the same 404 as a missing one when they cannot (a draft).
 */
export async function deleteArticle(deps: ArticleDeps, viewer: Viewer, id: string): Promise<void> {
  const deleted = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .execute<{ author_id: string; image_url: string | null }>(
        sql`select author_id::text as author_id, image_url from articles
          where id = ${id} and (author_id = ${viewer.id} or ${viewerIsAdmin(viewer.id)})
          for update`,
      )
      .then((r) => r.rows);
    if (!row) {
      const visible = await readArticle(tx, viewer.id, id);
      throw visible ? new AppError('FORBIDDEN', ARTICLE_MSG.noPermission) : notFound();
    }
    await removeArticleRows(tx, deps.bus, id);
    return row;
  });
  await dropImage(deps, deleted.author_id, deleted.image_url);
}

/**
 * Account deletion (settings): every article of the person, with their feed items, reactions and
 * comments, in the caller's transaction. Returns the featured images to delete after commit.
 */
export async function removeAuthorArticles(deps: { db: Tx; bus: Bus }, userId: string): Promise<string[]> {
  const rows = await deps.db
    .execute<{ id: string; image_url: string | null }>(
      sql`select id::text as id, image_url from articles where author_id = ${userId} for update`,
    )
    .then((r) => r.rows);
  for (const row of rows) await removeArticleRows(deps.db, deps.bus, row.id);
  return [...new Set(rows.map((r) => r.image_url).filter((u): u is string => !!u))];
}

// ---------------------------------------------------------------------------------------------
// Featured images

/** Section 5's pixel rules, on the picture as shown (upright), before it is decoded. */
function checkArticleImage(width: number, height: number) {
  const problem = articleImageProblem(width, height);
  if (problem) throw new AppError('VALIDATION', ARTICLE_MSG.imageInvalidDimensionsTitle, { file: problem });
}

/** POST /api/articles/images: a featured image, checked, re-encoded and stored as the viewer's. */
export async function uploadArticleImage(
  deps: ArticleDeps,
  viewer: Viewer,
  bytes: Uint8Array,
): Promise<ArticleImage> {
  const saved = await saveImage(deps.storage, bytes, {
    preset: 'content',
    ownerId: viewer.id,
    check: checkArticleImage,
  });
  return { url: saved.url };
}
