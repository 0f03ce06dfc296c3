import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { FeedFilter, FeedNewItems } from '@common/feed/model';
import { REALTIME, topic } from '@common/core/realtime';
import { useFallbackPolling, useLiveTopic, useRealtimeEvent } from '@web/lib/realtime/use-realtime';
import { api, call } from '@web/lib/api';
import type * as FeedEvents from './feed-events';
import { feedKeys } from './query-keys';

/** Nothing is known to be new until an event (or, with the socket down, a poll) asks. */
const NOTHING_NEW: FeedNewItems = { items: [], more: false };
/**
 * A burst of publications becomes one request: the first event waits this long (plus a little
 * jitter, so every open tab does not ask at the same moment) and later ones ride along.
 */
const CHECK_DELAY_MS = 1000;
const CHECK_JITTER_MS = 500;

/**
 * The member's live feed (the page holds the topic.feed subscription, so switching filters
 * keeps it): what was published under `filter` since the newest item shown (for the
 * "new posts" pill; nothing moves until they click it), and removed items taken off the page.
 * A publication's event carries the item as this member may see it (the server applied their
 * blocks and follows); only when it does not (an item meant for a group's members) is the server asked.
 */
export function useNewFeedItems({
  filter,
  viewerId,
  listKey,
  since,
  isEmpty,
}: {
  filter: FeedFilter;
  viewerId: string;
  /** The feed list's query key, refetched directly while it shows nothing. */
  listKey: QueryKey;
  /** The newest item id shown, or null while the list is empty or loading. */
  since: string | null;
  /** The list loaded and shows nothing: new items are fetched into it directly. */
  isEmpty: boolean;
}): FeedNewItems {
  const queryClient = useQueryClient();
  const pollMs = useFallbackPolling(REALTIME.fallbackPollMs);

  const query = useQuery({
    queryKey: feedKeys.newItems(filter, since ?? '0'),
    queryFn: ({ signal }) =>
      call(api.feed.new.$get({ query: { filter, since: since! } }, { init: { signal } })),
    enabled: since !== null,
    initialData: NOTHING_NEW,
    staleTime: Infinity,
    refetchInterval: pollMs,
    refetchOnWindowFocus: false,
  });

  const current = useRef({ filter, since, listKey, isEmpty });
  useEffect(() => {
    current.current = { filter, since, listKey, isEmpty };
  });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current !== null) clearTimeout(timer.current);
    },
    [],
  );

  const check = () => {
    if (timer.current !== null) return;
    timer.current = setTimeout(
      () => {
        timer.current = null;
        const { filter: f, since: s, listKey: key, isEmpty: empty } = current.current;
        // An empty list has nothing to reshuffle: show what came at once. (A list still loading
        // or failed has nothing to compare with; its own fetch will bring the news.)
        if (empty) void queryClient.invalidateQueries({ queryKey: key, exact: true });
        else if (s !== null)
          void queryClient.refetchQueries({ queryKey: feedKeys.newItems(f, s), exact: true });
      },
      CHECK_DELAY_MS + Math.random() * CHECK_JITTER_MS,
    );
  };

  // The feed's events, in the order they come, by what handles them (feed-events.ts), loaded with
  // the first one; a publication it cannot take is asked for.
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const handle = (take: (events: typeof FeedEvents) => void, failed?: () => void) => {
    const load = () => import('./feed-events');
    queue.current = queue.current.then(load, load).then(take, failed);
  };
  useRealtimeEvent('feed.published', (event) =>
    handle((on) => on.takePublished(queryClient, current.current, event, check), check),
  );
  useRealtimeEvent('feed.removed', ({ itemIds }) => handle((on) => on.removeFeedItems(queryClient, itemIds)));
  // Also held by the page, so switching filters keeps the subscription. What is new is asked
  // relative to the list shown: nothing published since its request, nothing to ask.
  useLiveTopic(topic.feed, check, { shows: [listKey] });
  // A follow made elsewhere (the profile page, another tab): the cards of that person follow suit.
  useRealtimeEvent('connection.changed', ({ userIds }) => {
    if (userIds.includes(viewerId)) handle((on) => on.followChanged(queryClient, viewerId, userIds));
  });

  // With the socket down, an empty list asks for its first items itself.
  useEffect(() => {
    if (!isEmpty || pollMs === false) return;
    const interval = setInterval(
      () => void queryClient.invalidateQueries({ queryKey: current.current.listKey, exact: true }),
      pollMs,
    );
    return () => clearInterval(interval);
  }, [isEmpty, pollMs, queryClient]);

  return since === null ? NOTHING_NEW : query.data;
}
