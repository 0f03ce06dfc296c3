import type { QueryClient } from '@tanstack/react-query';
import type { Article } from '@common/articles/model';
import { articleKeys } from './query-keys';

/** An article was written or changed: its page shows the new state and every list refreshes. */
export function putArticle(queryClient: QueryClient, article: Article) {
  queryClient.setQueryData(articleKeys.detail(article.id), article);
  void queryClient.invalidateQueries({ queryKey: articleKeys.lists() });
}
