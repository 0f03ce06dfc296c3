import { useInfiniteQuery } from '@tanstack/react-query';
import { BUSINESS, type BusinessReviewList } from '@common/business-pages/model';
import { api, call } from '@web/lib/api';
import { businessKeys } from './query-keys';

export function getReviews(
  id: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<BusinessReviewList> {
  const query = { limit: String(BUSINESS.reviewPageSize), ...(cursor ? { cursor } : {}) };
  return call(
    api['business-pages'][':id'].reviews.$get({ param: { id }, query }, { init: { signal: signal ?? null } }),
  );
}

/** A page's approved reviews (and the viewer's own, pending or not), newest first. */
export function useReviews(id: string, viewerId: string | null) {
  return useInfiniteQuery({
    queryKey: [...businessKeys.reviews(id), viewerId ?? 'visitor'],
    queryFn: ({ pageParam, signal }) => getReviews(id, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
