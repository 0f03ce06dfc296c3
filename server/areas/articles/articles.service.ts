import type { CreateArticle, UpdateArticle } from '@common/articles/schemas';
import {
  ARTICLE_MSG,
  ARTICLE_REPORT_TARGET,
  ARTICLES,
  clipText,
  type Article,
  type ArticleStatus,
} from '@common/articles/model';
import { markdownToText } from '@common/core/markdown';
import { mentionsToMarkdown } from '@common/core/mentions';
import { sql } from 'drizzle-orm';
import type { Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { Bus } from '../../platform/bus';
import { removeComments } from '../comments';
import { publishToFeed, removeFromFeed } from '../feed';
import { removeReactions } from '../reactions';
import { notifyMentions } from '../notifications';
import { type Tx } from '../../db/rules';
import { dropImage, ownContentImage } from './article-images.service';
import { attachUpload } from '../../platform/upload-ledger';
import { readArticle } from './article-reads.service';
import { notFound, viewerIsAdmin, type ArticleDeps } from './article-rows';

/*
 * Writing articles: create (a draft, or published at once), edit a draft or
 * a published article, publish a draft, delete it (its author or a super admin), and account deletion's
 * removal of all of a person's articles. Publishing puts the article on the feed in the same transaction;
 * deleting takes its feed item, reactions and comments with it, and its featured image once committed.
 * Reading is in article-reads.service.ts, featured images in article-images.service.ts.
 */

/**
 * What is stored beside the content: the excerpt (the plain text, 150 characters,
 * '...' when longer) and the card's preview (200 characters and '…'). The demo stores the same.
 */
export function summaryOf(content: string) {
  const text = markdownToText(mentionsToMarkdown(content));
  return {
    excerpt: clipText(text, ARTICLES.excerptLength, '...'),
    preview: clipText(text, ARTICLES.previewLength, '…'),
  };
}

type FeedArticle = { id: string; authorId: string; title: string; excerpt: string; imageUrl: string | null };

/** The article's one feed item (unique by type and content id, so publishing again updates it). */
function putOnFeed(db: Tx, bus: Bus, a: FeedArticle) {
  return publishToFeed(
    { db, bus },
    {
      kind: 'article',
      contentId: a.id,
      userId: a.authorId,
      title: a.title,
      description: a.excerpt,
      imageUrl: a.imageUrl,
      link: `/articles/${a.id}`,
    },
  );
}

async function readOwn(deps: ArticleDeps, viewerId: string, id: string) {
  const article = await readArticle(deps.db, viewerId, id);
  // Deleted between the commit and this read.
  if (!article) throw notFound();
  return article;
}

/**
 * The author's article after a write, once the people it newly mentions are told: none while it is
 * a draft (nobody else can read it), those the text names once it is published or edited.
 */
async function readOwnTelling(deps: ArticleDeps, viewerId: string, id: string) {
  const article = await readOwn(deps, viewerId, id);
  if (article.status === 'published')
    await notifyMentions(deps, {
      kind: ARTICLE_REPORT_TARGET.type,
      contentId: id,
      authorId: viewerId,
      text: article.content,
      title: article.title,
    });
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
    await attachUpload(tx, deps.storage, imageUrl);
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
  return readOwnTelling(deps, viewer.id, id);
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

/**
 * PATCH /api/articles/{id}: the author edits a draft, or their published article (issue 21): it is
 * then marked edited (its updated time passes its published time) and its feed item takes the new
 * title, excerpt and image in the same transaction. Anyone else's answers like a missing article.
 */
export async function updateArticle(
  deps: ArticleDeps,
  viewer: Viewer,
  id: string,
  input: UpdateArticle,
): Promise<Article> {
  const imageUrl = await ownContentImage(deps.storage, viewer.id, input.imageUrl);
  const before = await deps.db.transaction(async (tx) => {
    const row = await lockOwn(tx, viewer.id, id);
    const { excerpt, preview } = summaryOf(input.content);
    // clock_timestamp(), not now(): an edit in the publishing transaction's instant still counts.
    await tx.execute(
      sql`update articles set title = ${input.title}, content = ${input.content},
          excerpt = ${excerpt}, preview = ${preview}, category = ${input.category}, image_url = ${imageUrl},
          updated_at = clock_timestamp()
        where id = ${id}`,
    );
    await attachUpload(tx, deps.storage, imageUrl);
    if (row.status === 'published')
      await putOnFeed(tx, deps.bus, { id, authorId: viewer.id, title: input.title, excerpt, imageUrl });
    return row;
  });
  if (before.image_url !== imageUrl) await dropImage(deps, viewer.id, before.image_url);
  return readOwnTelling(deps, viewer.id, id);
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
  return readOwnTelling(deps, viewer.id, id);
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
 * DELETE /api/articles/{id}: by its author or a super admin. Others get 403 when
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
