import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { MESSAGING, type ThreadPage } from '@common/messages/model';
import { REALTIME } from '@common/core/realtime';
import { api, call } from '@web/lib/api';
import { useFallbackPolling } from '@web/lib/realtime/use-realtime';
import { messagesKeys } from './query-keys';

export type ThreadData = InfiniteData<ThreadPage, string | null>;

export function getThread(
  partnerId: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<ThreadPage> {
  const query = { limit: MESSAGING.threadPageSize, ...(cursor ? { cursor } : {}) };
  return call(
    api.messages.threads[':partnerId'].$get(
      { param: { partnerId }, query },
      { init: { signal: signal ?? null } },
    ),
  );
}

export const threadQueryOptions = (partnerId: string) =>
  infiniteQueryOptions({
    queryKey: messagesKeys.thread(partnerId),
    queryFn: ({ pageParam, signal }) => getThread(partnerId, pageParam, signal),
    initialPageParam: null as string | null,
    // Pages go back in time: the first page is the newest.
    getNextPageParam: (last) => last.nextCursor,
  });

/** The messages with one partner, newest page first; fetchNextPage loads older ones. */
export function useThread(partnerId: string) {
  // Live over realtime; while it is down, an open thread polls like the lists do.
  const refetchInterval = useFallbackPolling(REALTIME.fallbackPollMs);
  return useInfiniteQuery({ ...threadQueryOptions(partnerId), refetchInterval });
}
