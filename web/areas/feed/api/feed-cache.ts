import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { FeedItem, FeedNewItems, FeedPage } from '@common/feed/model';
import { feedKeys } from './query-keys';

type FeedData = InfiniteData<FeedPage, string | null>;

function mapItems(data: FeedData, map: (items: FeedItem[]) => FeedItem[]): FeedData {
  return { ...data, pages: data.pages.map((page) => ({ ...page, items: map(page.items) })) };
}

/** The newest item id of a loaded feed, or null while it shows nothing. */
export function newestItemId(data: InfiniteData<FeedPage, unknown> | undefined): string | null {
  return data?.pages[0]?.items[0]?.id ?? null;
}

/** Puts the pill's items above the first page, leaving out any already shown; how many were added. */
export function prependFeedItems(queryClient: QueryClient, queryKey: QueryKey, items: FeedItem[]): number {
  let added = 0;
  queryClient.setQueryData<FeedData>(queryKey, (data) => {
    const first = data?.pages[0];
    if (!data || !first) return data;
    const shown = new Set(data.pages.flatMap((page) => page.items.map((item) => item.id)));
    const fresh = items.filter((item) => !shown.has(item.id));
    added = fresh.length;
    if (added === 0) return data;
    return { ...data, pages: [{ ...first, items: [...fresh, ...first.items] }, ...data.pages.slice(1)] };
  });
  return added;
}

/** Keeps only the first page, so the refetch that follows starts the feed over from the top. */
export function trimFeedToFirstPage(queryClient: QueryClient, queryKey: QueryKey) {
  queryClient.setQueryData<FeedData>(queryKey, (data) =>
    data ? { pages: data.pages.slice(0, 1), pageParams: data.pageParams.slice(0, 1) } : data,
  );
}

/** The viewer now follows (or no longer follows) `authorId`: every card of theirs says so. */
export function setAuthorFollowed(queryClient: QueryClient, authorId: string, isFollowing: boolean) {
  const update = (items: FeedItem[]) =>
    items.map((item) =>
      item.author.id === authorId && item.viewerFollows !== null && item.viewerFollows !== isFollowing
        ? { ...item, viewerFollows: isFollowing }
        : item,
    );
  queryClient.setQueriesData<FeedData>({ queryKey: feedKeys.lists() }, (data) =>
    data ? mapItems(data, update) : data,
  );
  queryClient.setQueriesData<FeedNewItems>({ queryKey: feedKeys.allNewItems() }, (data) =>
    data ? { ...data, items: update(data.items) } : data,
  );
}
