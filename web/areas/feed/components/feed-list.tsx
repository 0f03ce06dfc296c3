import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { FEED_MSG, type FeedFilter, type FeedNewItems } from '@common/feed/model';
import { LoadError } from '@web/components/load-error';
import { Card } from '@web/components/ui/card';
import { isApiError } from '@web/lib/api-client';
import { newestItemId, prependFeedItems, trimFeedToFirstPage } from '../api/feed-cache';
import { useFeed } from '../api/get-feed';
import { feedKeys } from '../api/query-keys';
import { useNewFeedItems } from '../api/use-new-feed-items';
import { FeedCard, type CardHeading } from './feed-card';
import { FeedSkeleton } from './feed-skeleton';
import { NewMemberCard } from './new-member-card';
import { NewPostsPill } from './new-posts-pill';
import { InfiniteListEnd } from '@web/components/infinite-list-end';

/** What a failed load says: the API's failure in the document's words, anything else generic. */
function failureText(error: unknown): string {
  return isApiError(error) ? FEED_MSG.loadFailed : FEED_MSG.unexpected;
}

/**
 * One filter's feed: skeletons, then cards a page at a time as the end comes into view (or on
 * Load more), the empty and failure texts, and for members the live "new posts" pill.
 */
export function FeedList({
  filter,
  viewerId,
  heading,
}: {
  filter: FeedFilter;
  viewerId: string | null;
  heading: CardHeading;
}) {
  const queryClient = useQueryClient();
  const query = useFeed(filter, viewerId);
  const listKey = feedKeys.list(filter, viewerId);
  const listRef = useRef<HTMLUListElement>(null);
  const items = query.data?.pages.flatMap((page) => page.items) ?? [];

  // After the pill's items are on the page: back to the top, where they are, and focus on the
  // list (the pill that had focus is gone). Done once they render, or the browser's scroll
  // anchoring would keep the old items in view.
  const isRevealing = useRef(false);
  const reveal = () => {
    isRevealing.current = false;
    listRef.current?.focus({ preventScroll: true });
    window.scrollTo({ top: 0 });
  };
  const firstId = items[0]?.id;
  useLayoutEffect(() => {
    if (isRevealing.current) reveal();
  }, [firstId]);

  const showNew = (pending: FeedNewItems) => {
    if (pending.more) {
      // Too many to add above: start over from the top.
      isRevealing.current = true;
      trimFeedToFirstPage(queryClient, listKey);
      void queryClient.invalidateQueries({ queryKey: listKey, exact: true });
    } else if (prependFeedItems(queryClient, listKey, pending.items) > 0) {
      isRevealing.current = true;
    } else {
      reveal();
    }
  };

  let body;
  if (query.isPending) {
    body = <FeedSkeleton />;
  } else if (query.isError && items.length === 0) {
    body = (
      <Card>
        <LoadError message={failureText(query.error)} onRetry={query.refetch} />
      </Card>
    );
  } else if (items.length === 0) {
    body = (
      <Card className="p-8 text-center text-muted-foreground">
        {filter !== 'all' ? FEED_MSG.emptyFilter(filter) : viewerId ? FEED_MSG.empty : FEED_MSG.emptyVisitor}
      </Card>
    );
  } else {
    body = (
      <>
        <ul ref={listRef} tabIndex={-1} aria-label="Feed items" className="flex flex-col gap-4 outline-none">
          {items.map((item) => (
            <li key={item.id}>
              {item.type === 'new_user' ? (
                <NewMemberCard item={item} viewerId={viewerId} heading={heading} />
              ) : (
                <FeedCard item={item} viewerId={viewerId} heading={heading} />
              )}
            </li>
          ))}
        </ul>
        <InfiniteListEnd
          query={query}
          errorMessage={failureText(query.error)}
          end={<p>{FEED_MSG.end}</p>}
          rootMargin="800px 0px"
        />
      </>
    );
  }

  return (
    <>
      {viewerId ? (
        <LiveFeed
          filter={filter}
          viewerId={viewerId}
          since={newestItemId(query.data)}
          isEmpty={query.isSuccess && items.length === 0}
          onShow={showNew}
        />
      ) : null}
      {body}
    </>
  );
}

function LiveFeed({
  filter,
  viewerId,
  since,
  isEmpty,
  onShow,
}: {
  filter: FeedFilter;
  viewerId: string;
  since: string | null;
  isEmpty: boolean;
  onShow: (pending: FeedNewItems) => void;
}) {
  const pending = useNewFeedItems({
    filter,
    viewerId,
    listKey: feedKeys.list(filter, viewerId),
    since,
    isEmpty,
  });
  return <NewPostsPill pending={pending} onShow={() => onShow(pending)} />;
}
