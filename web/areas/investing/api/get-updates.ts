import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { INVESTING, type IdeaUpdatePage } from '@common/investing/model';
import type { CreateUpdateData } from '@common/investing/schemas';
import { api, call } from '@web/lib/api';
import { investingKeys } from './query-keys';

/** An idea's updates, newest first, a page at a time. */
export function useIdeaUpdates(ideaId: string) {
  return useInfiniteQuery({
    queryKey: investingKeys.updates(ideaId),
    queryFn: ({ pageParam, signal }): Promise<IdeaUpdatePage> =>
      call(
        api.investing.ideas[':id'].updates.$get(
          {
            param: { id: ideaId },
            query: { limit: String(INVESTING.updatesPageSize), ...(pageParam ? { cursor: pageParam } : {}) },
          },
          { init: { signal } },
        ),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}

/** The founder's Add Update. */
export function useAddUpdate(ideaId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: CreateUpdateData) =>
      call(api.investing.ideas[':id'].updates.$post({ param: { id: ideaId }, json })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: investingKeys.updates(ideaId) }),
  });
}
