import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useLayoutEffect, useMemo, useRef, type ReactNode, type RefObject } from 'react';
import { FEED_MSG, type FeedFilter, type FeedItem, type FeedNewItems } from '@common/feed/model';
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
  // One array per loaded page set: the cards below defer by it (a new array each render would
  // start their background render again every time).
  const items = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);

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
        <FeedItems listRef={listRef} items={items} viewerId={viewerId} heading={heading}>
          <InfiniteListEnd
            query={query}
            errorMessage={failureText(query.error)}
            end={<p>{FEED_MSG.end}</p>}
            rootMargin="800px 0px"
          />
        </FeedItems>
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

/** How many cards the first render draws: a phone's first screen and some. */
const FIRST_CARDS = 3;

/**
 * The cards. A page of them drawn in one go was the longest task of a member's first view
 * (hundreds of milliseconds on a phone): the first few are drawn at once, the rest in a
 * background render that React splits into short tasks and puts off while the page has input
 * to handle. Later pages (scrolling, new posts) come in the same way. What follows the list
 * (`children`: the next page's trigger) waits until every card is drawn, or the few first cards
 * would bring it into reach and load a second page into the first view.
 */
function FeedItems({
  listRef,
  items,
  viewerId,
  heading,
  children,
}: {
  listRef: RefObject<HTMLUListElement | null>;
  items: FeedItem[];
  viewerId: string | null;
  heading: CardHeading;
  children: ReactNode;
}) {
  const shown = useDeferredValue(items, items.slice(0, FIRST_CARDS));
  return (
    <>
      <ul ref={listRef} tabIndex={-1} aria-label="Feed items" className="flex flex-col gap-4 outline-none">
        {shown.map((item) => (
          // A card off the screen is not laid out or painted until it comes near (the browser keeps
          // its place at its last drawn height, or this estimate before it was ever drawn): a page
          // of cards costs the layout of the few on screen (docs/decisions/045-first-view-startup.md).
          // That containment clips painting to the item's box: the item reaches 4px around its card
          // (-mx-1 -my-1 p-1, no change to the layout) so the card's shadow is not cut off.
          <li
            key={item.id}
            className="-mx-1 -my-1 p-1 [contain-intrinsic-size:auto_24rem] [content-visibility:auto]"
          >
            {item.type === 'new_user' ? (
              <NewMemberCard item={item} viewerId={viewerId} heading={heading} />
            ) : (
              <FeedCard item={item} viewerId={viewerId} heading={heading} />
            )}
          </li>
        ))}
      </ul>
      {shown === items ? children : null}
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
