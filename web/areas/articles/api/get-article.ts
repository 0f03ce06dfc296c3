import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ArticleWithReactions } from '@common/articles/model';
import { api, call } from '@web/lib/api';
import { articleKeys } from './query-keys';

export function getArticle(articleId: string, signal?: AbortSignal): Promise<ArticleWithReactions> {
  return call(api.articles[':id'].$get({ param: { id: articleId } }, { init: { signal: signal ?? null } }));
}

export const articleQueryOptions = (articleId: string) =>
  queryOptions({
    queryKey: articleKeys.detail(articleId),
    queryFn: ({ signal }) => getArticle(articleId, signal),
  });

/** One article as its page shows it (members only); off while `enabled` is false. */
export function useArticle(articleId: string, enabled = true) {
  return useQuery({ ...articleQueryOptions(articleId), enabled });
}
