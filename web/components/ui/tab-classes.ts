/*
 * The tabs' looks, shared by the Radix tabs (tabs.tsx) and the feed's own light tablist
 * (web/areas/feed/components/feed-filter-bar.tsx), which keeps Radix out of the first view.
 * A tab is styled by `data-state="active"`.
 */
export const TAB_LIST_CLASS =
  'inline-flex h-10 w-full items-center justify-center rounded-lg bg-muted p-1 text-muted-foreground dark:bg-background';

export const TAB_TRIGGER_CLASS =
  'inline-flex h-full flex-1 items-center justify-center rounded-md px-3 text-sm font-medium whitespace-nowrap transition-colors outline-none hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-60 data-[state=active]:bg-card data-[state=active]:text-foreground dark:data-[state=active]:bg-accent data-[state=active]:shadow-sm';

export const TAB_CONTENT_CLASS = 'mt-4 outline-none';
