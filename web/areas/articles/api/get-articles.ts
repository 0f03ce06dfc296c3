import {
  infiniteQueryOptions,
  useInfiniteQuery,
  type InfiniteData,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { ARTICLES, type ArticlePage, type ArticleTab } from '@common/articles/model';
import { api, call } from '@web/lib/api';
import { articleKeys } from './query-keys';

/** A tab, or one person's published articles. */
type ListQuery = { tab: ArticleTab; author?: string };

export function getArticles(
  list: ListQuery,
  cursor: string | null,
  limit: number = ARTICLES.pageSize,
  signal?: AbortSignal,
): Promise<ArticlePage> {
  const query = { ...list, limit: String(limit), ...(cursor ? { cursor } : {}) };
  return call(api.articles.$get({ query }, { init: { signal: signal ?? null } }));
}

export const articleTabQueryOptions = (tab: ArticleTab, viewerId: string | null) =>
  infiniteQueryOptions({
    queryKey: articleKeys.tab(tab, viewerId),
    queryFn: ({ pageParam, signal }) => getArticles({ tab }, pageParam, ARTICLES.pageSize, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** One tab of /articles, newest first, a page at a time. */
export function useArticleTab(tab: ArticleTab, viewerId: string | null) {
  return useInfiniteQuery(articleTabQueryOptions(tab, viewerId));
}

/** A person's published articles, newest first (`limit` a page). */
export function useAuthorArticles(authorId: string, limit: number) {
  return useInfiniteQuery({
    queryKey: articleKeys.byAuthor(authorId),
    queryFn: ({ pageParam, signal }) =>
      getArticles({ tab: 'all', author: authorId }, pageParam, limit, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Keeps only a list's first page, so the refetch that follows starts it over from the top. */
export function trimToFirstPage(queryClient: QueryClient, queryKey: QueryKey) {
  queryClient.setQueryData<InfiniteData<ArticlePage, string | null>>(queryKey, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
}
