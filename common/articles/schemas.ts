import { z } from 'zod';
import { withinMentionCap } from '../core/mentions';
import { apiLinksIn } from '../core/markdown';
import { MSG_AUTH_SAFETY } from '../core/texts';
import { ARTICLE_CATEGORIES, ARTICLE_MSG, ARTICLE_TABS, ARTICLES } from './model';

/**
 * One schema per form and query, run by both the editor and the API (docs/product-rules.md: rules on the
 * server).
 */

export const ZArticleTitle = z
  .string({ error: ARTICLE_MSG.titleMin })
  .trim()
  .min(ARTICLES.titleMin, { error: ARTICLE_MSG.titleMin })
  .max(ARTICLES.titleMax, { error: ARTICLE_MSG.titleMax });

export const ZArticleContent = z
  .string({ error: ARTICLE_MSG.contentMin })
  .refine((s) => s.trim().length >= ARTICLES.contentMin, { error: ARTICLE_MSG.contentMin })
  .refine((s) => s.length <= ARTICLES.contentMax, { error: ARTICLE_MSG.contentMax })
  // Issue 13: a picture pointing at /api/… is a request every reader's browser makes, signed in.
  .refine((s) => apiLinksIn(s).length === 0, { error: MSG_AUTH_SAFETY.apiLinkRefused })
  .refine(...withinMentionCap);

export const ZArticleCategory = z.enum(ARTICLE_CATEGORIES, { error: ARTICLE_MSG.categoryRequired });

/** The editor's fields. `imageUrl` must be one of our own uploaded content images (the server checks). */
export const ZArticleFields = z.strictObject({
  title: ZArticleTitle,
  content: ZArticleContent,
  category: ZArticleCategory,
  imageUrl: z.string().max(500).nullable().default(null),
});
export type ArticleFields = z.infer<typeof ZArticleFields>;

/** POST /api/articles: save as draft or publish at once. */
export const ZCreateArticle = ZArticleFields.extend({ status: z.enum(['draft', 'published']) });
export type CreateArticle = z.infer<typeof ZCreateArticle>;

/** PATCH /api/articles/{id}: edit a draft (all fields). */
export const ZUpdateArticle = ZArticleFields;
export type UpdateArticle = z.infer<typeof ZUpdateArticle>;

export const ZArticleId = z.object({ id: z.uuid({ error: ARTICLE_MSG.invalidId }) });

/** GET /api/articles: a tab (my and drafts need sign-in), or one author's published articles. */
export const ZArticleListQuery = z.object({
  tab: z.enum(ARTICLE_TABS, { error: ARTICLE_MSG.invalidTab }).default('all'),
  author: z.uuid().optional(),
  /** Opaque: the last item's sort key. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(ARTICLES.pageMax).default(ARTICLES.pageSize),
});
export type ArticleListQuery = z.infer<typeof ZArticleListQuery>;
