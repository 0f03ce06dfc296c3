import { useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN } from '@common/admin/model';
import { api, call } from '@web/lib/api';
import { adminKeys } from './query-keys';

export const getUsers = (q: string, cursor: string | null, signal?: AbortSignal) =>
  call(
    api.admin.users.$get(
      { query: { limit: String(ADMIN.pageSize), ...(q ? { q } : {}), ...(cursor ? { cursor } : {}) } },
      { init: { signal: signal ?? null } },
    ),
  );

/** Users tab: newest first, searched by username, name or email, a page at a time. */
export function useAdminUsers(q: string) {
  return useInfiniteQuery({
    queryKey: adminKeys.userList(q),
    queryFn: ({ pageParam, signal }) => getUsers(q, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
