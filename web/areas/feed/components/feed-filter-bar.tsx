import { FEED_FILTER_LABELS, FEED_FILTERS, type FeedFilter } from '@common/feed/model';
import { TabsList, TabsTrigger } from '@web/components/ui/tabs';

/**
 * The feed's tabs (All, Groups, Articles, Events, Investing, Forums), inside the page's <Tabs>.
 * On a phone they scroll sideways instead of squeezing.
 */
export function FeedFilterBar() {
  return (
    <TabsList
      aria-label="Filter the feed"
      className="justify-start overflow-x-auto [scrollbar-width:none] max-sm:mask-r-from-85% sm:justify-center"
    >
      {FEED_FILTERS.map((filter: FeedFilter) => (
        <TabsTrigger key={filter} value={filter} className="flex-none sm:flex-1">
          {FEED_FILTER_LABELS[filter]}
        </TabsTrigger>
      ))}
    </TabsList>
  );
}
