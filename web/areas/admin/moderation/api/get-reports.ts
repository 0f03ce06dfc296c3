import { useInfiniteQuery } from '@tanstack/react-query';
import { MODERATION, type ReportStatus } from '@common/admin/moderation';
import { api, call } from '@web/lib/api';
import { moderationKeys } from './query-keys';

/** Open or resolved reports, newest first, a page at a time. */
export function useReports(status: ReportStatus) {
  return useInfiniteQuery({
    queryKey: moderationKeys.reportList(status),
    queryFn: ({ pageParam, signal }) =>
      call(
        api.admin.reports.$get(
          {
            query: {
              status,
              limit: String(MODERATION.pageSize),
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
