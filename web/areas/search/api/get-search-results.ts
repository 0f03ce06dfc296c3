import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchPage } from '@common/search/model';
import { api, call } from '@web/lib/api';
import { searchKeys } from './query-keys';

export function getSearchResults(query: string, page: number, signal?: AbortSignal): Promise<SearchPage> {
  return call(
    api.search.$get({ query: { q: query, page: String(page) } }, { init: { signal: signal ?? null } }),
  );
}

export const searchResultsQueryOptions = (query: string) =>
  infiniteQueryOptions({
    queryKey: searchKeys.results(query),
    queryFn: ({ pageParam, signal }) => getSearchResults(query, pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage,
  });

/** People and content matching `query`, best first, a page at a time. */
export function useSearchResults(query: string, enabled = true) {
  return useInfiniteQuery({ ...searchResultsQueryOptions(query), enabled });
}
