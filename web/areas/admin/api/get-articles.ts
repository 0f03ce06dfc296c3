import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN } from '@common/admin/model';
import { api, call } from '@web/lib/api';
import { adminKeys } from './query-keys';

export const getArticles = (cursor: string | null, signal?: AbortSignal) =>
  call(
    api.admin.articles.$get(
      { query: { limit: String(ADMIN.pageSize), ...(cursor ? { cursor } : {}) } },
      { init: { signal: signal ?? null } },
    ),
  );

/** Articles tab: every article, newest first, a page at a time. */
export function useAdminArticles() {
  return useInfiniteQuery({
    queryKey: adminKeys.articles(),
    queryFn: ({ pageParam, signal }) => getArticles(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** Deletes an article with its feed items, reactions and comments. */
export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(api.admin.articles[':id'].$delete({ param: { id } })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.articles() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.audit() }),
      ]),
  });
}
