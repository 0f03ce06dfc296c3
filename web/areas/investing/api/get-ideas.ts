import { useInfiniteQuery } from '@tanstack/react-query';
import { INVESTING, type IdeaPage, type IdeaTab } from '@common/investing/model';
import { api, call } from '@web/lib/api';
import { useFallbackPolling } from '@web/lib/realtime/use-realtime';
import { REALTIME } from '@common/core/realtime';
import { investingKeys } from './query-keys';

export function getIdeas(
  list: { tab: IdeaTab; author?: string },
  cursor: string | null,
  limit: number = INVESTING.pageSize,
  signal?: AbortSignal,
): Promise<IdeaPage> {
  const query = { ...list, limit: String(limit), ...(cursor ? { cursor } : {}) };
  return call(api.investing.ideas.$get({ query }, { init: { signal: signal ?? null } }));
}

/** One tab of the board, newest first, a page at a time (live over the socket, polled while it is down). */
export function useIdeaTab(tab: IdeaTab) {
  const refetchInterval = useFallbackPolling(REALTIME.fallbackPollMs);
  return useInfiniteQuery({
    queryKey: investingKeys.tab(tab),
    queryFn: ({ pageParam, signal }) => getIdeas({ tab }, pageParam, INVESTING.pageSize, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    refetchInterval,
  });
}

/** A founder's ideas (their profile's investments section). */
export function useFounderIdeas(authorId: string, limit: number) {
  return useInfiniteQuery({
    queryKey: investingKeys.byAuthor(authorId),
    queryFn: ({ pageParam, signal }) => getIdeas({ tab: 'all', author: authorId }, pageParam, limit, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });
}
