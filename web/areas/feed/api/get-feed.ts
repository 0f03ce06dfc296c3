import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { FEED, type FeedFilter, type FeedPage } from '@common/feed/model';
import { api, call } from '@web/lib/api';
import { feedKeys } from './query-keys';

export function getFeed(filter: FeedFilter, cursor: string | null, signal?: AbortSignal): Promise<FeedPage> {
  const query = { filter, limit: String(FEED.pageSize), ...(cursor ? { cursor } : {}) };
  return call(api.feed.$get({ query }, { init: { signal: signal ?? null } }));
}

export const feedQueryOptions = (filter: FeedFilter, viewerId: string | null) =>
  infiniteQueryOptions({
    queryKey: feedKeys.list(filter, viewerId),
    queryFn: ({ pageParam, signal }) => getFeed(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    // A refetch would slip new items in above what the person is reading; new items come
    // through the "new posts" pill instead (use-new-feed-items.ts).
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** The home feed under one filter, newest first, a page at a time. */
export function useFeed(filter: FeedFilter, viewerId: string | null) {
  return useInfiniteQuery(feedQueryOptions(filter, viewerId));
}
