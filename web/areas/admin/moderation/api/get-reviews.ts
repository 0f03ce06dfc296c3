import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MODERATION } from '@common/admin/moderation';
import type { ReviewStatus } from '@common/business-pages/model';
import { api, call } from '@web/lib/api';
import { moderationKeys } from './query-keys';

/** The review queue, newest first, of one status or all, a page at a time. */
export function useReviewQueue(status: ReviewStatus | 'all') {
  return useInfiniteQuery({
    queryKey: moderationKeys.reviewList(status),
    queryFn: ({ pageParam, signal }) =>
      call(
        api.admin.reviews.$get(
          {
            query: {
              limit: String(MODERATION.pageSize),
              ...(status === 'all' ? {} : { status }),
              ...(pageParam ? { cursor: pageParam } : {}),
            },
          },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Counts by status. */
export function useReviewStats() {
  return useQuery({
    queryKey: moderationKeys.reviewStats(),
    queryFn: ({ signal }) => call(api.admin.reviews.stats.$get(undefined, { init: { signal } })),
  });
}
