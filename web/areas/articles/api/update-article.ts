import type { ArticleFields } from '@common/articles/schemas';
import type { Article } from '@common/articles/model';
import { api, call } from '@web/lib/api';

/** Edits one's own draft or published article (every field). */
export function updateArticle(articleId: string, fields: ArticleFields): Promise<Article> {
  return call(api.articles[':id'].$patch({ param: { id: articleId }, json: fields }));
}
