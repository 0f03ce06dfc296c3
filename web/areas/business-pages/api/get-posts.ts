import { useInfiniteQuery } from '@tanstack/react-query';
import { BUSINESS, type BusinessPostList } from '@common/business-pages/model';
import { api, call } from '@web/lib/api';
import { businessKeys } from './query-keys';

export function getPosts(id: string, cursor: string | null, signal?: AbortSignal): Promise<BusinessPostList> {
  const query = { limit: String(BUSINESS.postPageSize), ...(cursor ? { cursor } : {}) };
  return call(
    api['business-pages'][':id'].posts.$get({ param: { id }, query }, { init: { signal: signal ?? null } }),
  );
}

/** A page's posts, newest first, a page at a time. */
export function usePosts(id: string, viewerId: string | null) {
  return useInfiniteQuery({
    queryKey: [...businessKeys.posts(id), viewerId ?? 'visitor'],
    queryFn: ({ pageParam, signal }) => getPosts(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
