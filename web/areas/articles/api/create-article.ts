import type { ArticleFields } from '@common/articles/schemas';
import type { Article, ArticleStatus } from '@common/articles/model';
import { api, call } from '@web/lib/api';

/** A new article, saved as a draft or published at once. */
export function createArticle(fields: ArticleFields, status: ArticleStatus): Promise<Article> {
  return call(api.articles.$post({ json: { ...fields, status } }));
}
