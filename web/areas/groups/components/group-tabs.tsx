import { type KeyboardEvent, type ReactNode, useId } from 'react';
import { TAB_CONTENT_CLASS, TAB_LIST_CLASS, TAB_TRIGGER_CLASS } from '@web/components/ui/tab-classes';
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
  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')];
    const at = buttons.indexOf(event.target as HTMLButtonElement);
    if (at < 0) return;
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: buttons.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    buttons[(next + buttons.length) % buttons.length]?.focus();
  };
  return (
    <div className="min-w-0">
      <div
        role="tablist"
        aria-label={label}
        aria-orientation="horizontal"
        onKeyDown={moveFocus}
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
