import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchPage } from '@common/search/model';
import { api, call } from '@web/lib/api';
import { searchKeys } from './query-keys';

export function getSearchResults(
  query: string,
  page: number,
  type?: string,
  signal?: AbortSignal,
): Promise<SearchPage> {
  return call(
    api.search.$get(
      { query: { q: query, page: String(page), ...(type ? { type } : {}) } },
      { init: { signal: signal ?? null } },
    ),
  );
}

export const searchResultsQueryOptions = (query: string, type?: string) =>
  infiniteQueryOptions({
    queryKey: searchKeys.results(query, type),
    queryFn: ({ pageParam, signal }) => getSearchResults(query, pageParam, type, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => last.nextPage,
  });

/** People and content matching `query` (of one `type`, or every type), best first, a page at a time. */
export function useSearchResults(query: string, type?: string, enabled = true) {
  return useInfiniteQuery({ ...searchResultsQueryOptions(query, type), enabled });
}
