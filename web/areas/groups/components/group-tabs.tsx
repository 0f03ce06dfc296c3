import { type ReactNode, useId } from 'react';
import { TAB_CONTENT_CLASS, TAB_LIST_CLASS, TAB_TRIGGER_CLASS } from '@web/components/ui/tab-classes';
import { moveTabFocus } from '@web/components/ui/tab-focus';
import { cn } from '@web/lib/cn';

/**
 * The group page's two tabs (Posts, About): a plain WAI-ARIA tablist with manual activation, as the
 * feed's (web/areas/feed/components/feed-filter-bar.tsx), rather than Radix Tabs, whose six small
 * chunks the page's first paint waited for (docs/scaling.md, eighth round: the largest paint of a
 * group). Arrows, Home and End move the focus, Enter or Space (a click) opens the tab; only the open
 * tab's panel is drawn.
 */
export function GroupTabs<T extends string>({
  label,
  tabs,
  value,
  onChange,
  panelClassName,
  children,
}: {
  label: string;
  tabs: readonly { value: T; label: string }[];
  value: T;
  onChange: (value: T) => void;
  panelClassName?: string;
  /** The open tab's panel. */
  children: ReactNode;
}) {
  const id = useId();
  const tabId = (v: T) => `${id}-tab-${v}`;
  const panelId = `${id}-panel`;
  return (
    <div className="min-w-0">
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        onKeyDown={moveTabFocus}
        className={cn(TAB_LIST_CLASS, 'w-full sm:w-fit')}
      >
        {tabs.map((tab) => {
          const isActive = tab.value === value;
          return (
            <button
              key={tab.value}
              type="button"
              role="tab"
              id={tabId(tab.value)}
              aria-selected={isActive}
              aria-controls={isActive ? panelId : undefined}
              data-state={isActive ? 'active' : 'inactive'}
              tabIndex={isActive ? 0 : -1}
              onClick={() => onChange(tab.value)}
              className={cn(TAB_TRIGGER_CLASS, 'flex-1 sm:flex-none')}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div
        role="tabpanel"
        id={panelId}
        aria-labelledby={tabId(value)}
        tabIndex={0}
        data-state="active"
        className={cn(TAB_CONTENT_CLASS, panelClassName)}
      >
        {children}
      </div>
    </div>
  );
}
