import { useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN } from '@common/admin/model';
import { api, call } from '@web/lib/api';
import { adminKeys } from './query-keys';

export const getAudit = (cursor: string | null, signal?: AbortSignal) =>
  call(
    api.admin.audit.$get(
      { query: { limit: String(ADMIN.pageSize), ...(cursor ? { cursor } : {}) } },
      { init: { signal: signal ?? null } },
    ),
  );

/** Audit log tab: every admin action, newest first, a page at a time. */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: adminKeys.audit(),
    queryFn: ({ pageParam, signal }) => getAudit(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
