import { useInfiniteQuery } from '@tanstack/react-query';
import { BUSINESS, type BusinessCategory, type BusinessPageList } from '@common/business-pages/model';
import { api, call } from '@web/lib/api';
import { businessKeys } from './query-keys';

export type PageFilter = { q?: string; category?: BusinessCategory; owner?: string };

export function getBusinessPages(
  filter: PageFilter,
  cursor: string | null,
  limit: number,
  signal?: AbortSignal,
): Promise<BusinessPageList> {
  const query = {
    ...(filter.q ? { q: filter.q } : {}),
    ...(filter.category ? { category: filter.category } : {}),
    ...(filter.owner ? { owner: filter.owner } : {}),
    limit: String(limit),
    ...(cursor ? { cursor } : {}),
  };
  return call(api['business-pages'].$get({ query }, { init: { signal: signal ?? null } }));
}

/** The list (search box, category, or one owner's pages), newest first, a page at a time. */
export function useBusinessPages(
  filter: PageFilter,
  viewerId: string | null,
  limit: number = BUSINESS.pageSize,
) {
  return useInfiniteQuery({
    queryKey: businessKeys.list(filter, viewerId),
    queryFn: ({ pageParam, signal }) => getBusinessPages(filter, pageParam, limit, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
