import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { ServerEvent } from '@common/core/realtime';
import { FEED, type FeedFilter, type FeedItem, type FeedNewItems, type FeedPage } from '@common/feed/model';
import { api, call } from '@web/lib/api';
import { setAuthorFollowed } from './feed-cache';
import { feedKeys } from './query-keys';

/*
 * What the member's live feed (use-new-feed-items.ts) does with the feed topic's events: loaded
 * with the first one, since the page shows without it.
 */

/** Whether item id `a` is newer than `b` (decimal strings, past what a number holds exactly). */
const newer = (a: string, b: string) => a.length > b.length || (a.length === b.length && a > b);

/**
 * A feed.published event on the member's page. Under another tab, or with
 * nothing in it for them (`item: null`, the server's word), nothing happens. The item it carries,
 * as this member may see it, joins the pill's items newer than the newest shown (newest first,
 * once; past FEED.newMax the pill reloads the feed, as when the server says there are more)
 * without asking; a check in flight, begun before the item was there, would overwrite it, so it
 * is asked again. An event without the item, or an empty list, asks the server (`check`).
 */
export function takePublished(
  queryClient: QueryClient,
  page: { filter: FeedFilter; since: string | null; isEmpty: boolean },
  { category, item }: Extract<ServerEvent, { type: 'feed.published' }>,
  check: () => void,
) {
  const { filter, since, isEmpty } = page;
  if ((filter !== 'all' && category !== filter) || item === null) return;
  if (!item || isEmpty) return check();
  // Still loading (its own fetch brings the item), or already shown.
  if (since === null || !newer(item.id, since)) return;
  const queryKey = feedKeys.newItems(filter, since);
  queryClient.setQueryData<FeedNewItems>(queryKey, (data = { items: [], more: false }) => {
    if (data.items.some((i) => i.id === item.id)) return data;
    const items = [...data.items, item].sort((a, b) => (newer(a.id, b.id) ? -1 : 1));
    return { items: items.slice(0, FEED.newMax), more: data.more || items.length > FEED.newMax };
  });
  if (queryClient.isFetching({ queryKey, exact: true })) check();
}

/** Takes removed items off every feed list and every pending pill. */
export function removeFeedItems(queryClient: QueryClient, itemIds: readonly string[]) {
  const gone = new Set(itemIds);
  const keep = (items: FeedItem[]) => items.filter((item) => !gone.has(item.id));
  queryClient.setQueriesData<InfiniteData<FeedPage>>({ queryKey: feedKeys.lists() }, (data) =>
    data ? { ...data, pages: data.pages.map((page) => ({ ...page, items: keep(page.items) })) } : data,
  );
  queryClient.setQueriesData<FeedNewItems>({ queryKey: feedKeys.allNewItems() }, (data) =>
    data ? { ...data, items: keep(data.items) } : data,
  );
}

/**
 * The viewer followed or unfollowed someone elsewhere (the profile page, another tab): when the
 * feed shows that person, their cards follow suit.
 */
export function followChanged(queryClient: QueryClient, viewerId: string, userIds: string[]) {
  const other = userIds[0] === viewerId ? userIds[1]! : userIds[0]!;
  const shown = queryClient
    .getQueriesData<InfiniteData<FeedPage>>({ queryKey: feedKeys.lists() })
    .some(([, data]) => data?.pages.some((page) => page.items.some((item) => item.author.id === other)));
  if (!shown) return;
  call(api.connections[':userId'].$get({ param: { userId: other } })).then(
    (state) => setAuthorFollowed(queryClient, other, state.isFollowing),
    () => undefined,
  );
}
