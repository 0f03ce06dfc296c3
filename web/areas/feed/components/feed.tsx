import { useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { FeedFilter } from '@common/feed/model';
import { topic } from '@common/core/realtime';
import { isFeedCategory } from '@web/app/areas/slots';
import { SearchBox } from '@web/app/layout/search-box';
import { TAB_CONTENT_CLASS } from '@web/components/ui/tab-classes';
import { cn } from '@web/lib/cn';
import { useTopic } from '@web/lib/realtime/use-realtime';
import { FEED_PANEL_ID, FeedFilterBar, feedTabId } from './feed-filter-bar';
import { FeedList } from './feed-list';
import { HomeCards } from './home-cards';

function parseFilter(value: string | null): FeedFilter {
  return isFeedCategory(value) ? value : 'all';
}

/**
 * The news feed: heading, sticky filter tabs (the filter lives in the address as ?filter=, All
 * being none) and the list. Members get it live; visitors see it under the welcome page.
 */
export function Feed({ viewerId }: { viewerId: string | null }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = parseFilter(searchParams.get('filter'));
  const sectionRef = useRef<HTMLElement>(null);
  const isVisitor = viewerId === null;
  const Heading = isVisitor ? 'h2' : 'h1';
  // Held here, not per list, so switching filters does not unsubscribe and subscribe again.
  useTopic(viewerId ? topic.feed : null);

  const changeFilter = (next: FeedFilter) => {
    setSearchParams(
      (params) => {
        const updated = new URLSearchParams(params);
        if (next === 'all') updated.delete('filter');
        else updated.set('filter', next);
        return updated;
      },
      { preventScrollReset: true },
    );
    // From deep in one list, the next one starts at its top.
    const section = sectionRef.current;
    if (section && section.getBoundingClientRect().top < 0) section.scrollIntoView({ block: 'start' });
  };

  return (
    <section
      ref={sectionRef}
      aria-labelledby="feed-heading"
      className={cn(
        'mx-auto w-full max-w-3xl scroll-mt-14 px-3 py-6 sm:px-6',
        // A member's suggestions take the side column on wide screens: the feed starts at the top.
        viewerId && 'xl:grid xl:max-w-6xl xl:grid-cols-[minmax(0,1fr)_20rem] xl:content-start xl:gap-x-6',
      )}
    >
      {/* The top bar's search box is for wide screens only; members on phones search from here. */}
      {isVisitor ? null : <SearchBox id="feed-search" className="mb-4 md:hidden" />}
      <Heading id="feed-heading" className="text-2xl font-semibold tracking-tight">
        News Feed
      </Heading>
      {/* A member's start (issue 21): cards that go away once they have nothing to offer. */}
      {viewerId ? <HomeCards viewerId={viewerId} /> : null}
      <div className="sticky top-14 z-20 -mx-3 mt-3 xl:mt-4 bg-background/95 px-3 py-2 backdrop-blur supports-backdrop-filter:bg-background/85 sm:-mx-6 sm:px-6">
        <FeedFilterBar value={filter} onChange={changeFilter} />
      </div>
      {/* One panel, for the open tab; `key` starts each filter's list afresh. */}
      <div
        role="tabpanel"
        id={FEED_PANEL_ID}
        aria-labelledby={feedTabId(filter)}
        tabIndex={0}
        className={cn(TAB_CONTENT_CLASS, 'mt-2')}
      >
        <FeedList key={filter} filter={filter} viewerId={viewerId} heading={isVisitor ? 'h3' : 'h2'} />
      </div>
    </section>
  );
}
