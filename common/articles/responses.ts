import { z } from 'zod';
import { answers, ZIsoDate } from '../core/api-schemas';
import { ZPersonSummary } from '../profiles/responses';
import { ZCommentPage } from '../comments/responses';
import { ZReactionSummary } from '../reactions/responses';
import {
  ARTICLE_CATEGORIES,
  ARTICLE_STATUSES,
  type Article,
  type ArticleImage,
  type ArticlePage,
  type ArticleSummary,
  type ArticleWithReactions,
} from './model';

/*
 * The articles area's answers as the OpenAPI document describes them and the tests check them
 * (server/areas/articles/articles.api.ts). Each is tied to the type the service returns.
 */

const summaryFields = {
  id: z.string(),
  title: z.string(),
  preview: z.string(),
  category: z.enum(ARTICLE_CATEGORIES),
  imageUrl: z.string().nullable(),
  status: z.enum(ARTICLE_STATUSES),
  publishedAt: ZIsoDate.nullable(),
  createdAt: ZIsoDate,
  updatedAt: ZIsoDate,
  editedAt: ZIsoDate.nullable(),
  author: ZPersonSummary,
};

export const ZArticleSummary = answers<ArticleSummary>()(z.strictObject(summaryFields));

export const ZArticlePage = answers<ArticlePage>()(
  z.strictObject({
    items: z.array(ZArticleSummary),
    total: z.number().int(),
    totalCapped: z.boolean(),
    nextCursor: z.string().nullable(),
  }),
);

const articleFields = {
  ...summaryFields,
  content: z.string(),
  html: z.string(),
  excerpt: z.string(),
  canDelete: z.boolean(),
  isAuthor: z.boolean(),
};

/** An article as its author gets it back from a write. */
export const ZArticle = answers<Article>()(z.strictObject(articleFields));

/** An article as read: reactions and first comments only once it is published. */
export const ZArticleWithReactions = answers<ArticleWithReactions>()(
  z.strictObject({
    ...articleFields,
    reactions: ZReactionSummary.nullable(),
    comments: ZCommentPage.nullable(),
  }),
);

/** An uploaded featured image. */
export const ZArticleImage = answers<ArticleImage>()(z.strictObject({ url: z.string() }));
