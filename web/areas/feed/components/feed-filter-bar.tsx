import { FEED_MSG, type FeedFilter } from '@common/feed/model';
import { FEED_FILTER_TABS } from '@web/app/areas/slots';
import { TAB_LIST_CLASS, TAB_TRIGGER_CLASS } from '@web/components/ui/tab-classes';
import { moveTabFocus } from '@web/components/ui/tab-focus';
import { cn } from '@web/lib/cn';

export const feedTabId = (filter: FeedFilter) => `feed-tab-${filter}`;
export const FEED_PANEL_ID = 'feed-panel';

const TABS: readonly { filter: FeedFilter; label: string }[] = [
  { filter: 'all', label: FEED_MSG.allFilter },
  ...FEED_FILTER_TABS.map((tab) => ({ filter: tab.category, label: tab.label })),
];

/**
 * The feed's tabs (All, then each area's: Groups, Articles, Events, Investing, Forums), for the one panel under
 * them (FEED_PANEL_ID). A plain WAI-ARIA tablist with manual activation rather than Radix Tabs,
 * which would add about 6 KB to the first view: arrows, Home and End move the focus, Enter or
 * Space (a click) opens the tab. On a phone they scroll sideways instead of squeezing.
 */
export function FeedFilterBar({
  value,
  onChange,
}: {
  value: FeedFilter;
  onChange: (filter: FeedFilter) => void;
}) {
  return (
    <div
      role="tablist"
      aria-label="Filter the feed"
      aria-orientation="horizontal"
      onKeyDown={moveTabFocus}
      className={cn(
        TAB_LIST_CLASS,
        'justify-start overflow-x-auto [scrollbar-width:none] max-sm:mask-r-from-85% sm:justify-center',
      )}
    >
      {TABS.map(({ filter, label }) => {
        const isActive = filter === value;
        return (
          <button
            key={filter}
            type="button"
            role="tab"
            id={feedTabId(filter)}
            aria-selected={isActive}
            aria-controls={isActive ? FEED_PANEL_ID : undefined}
            data-state={isActive ? 'active' : 'inactive'}
            tabIndex={isActive ? 0 : -1}
            onClick={() => onChange(filter)}
            className={cn(TAB_TRIGGER_CLASS, 'flex-none sm:flex-1')}
          >
            {label}
          </button>
        );
      })}
    </div>
  );
}
