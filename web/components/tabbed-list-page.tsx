import { useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { SearchInput } from '@web/components/ui/search-input';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useDebouncedValue } from '@web/lib/use-debounced-value';

/** The tabs of a community list: everything, or the viewer's own (members only). */
export type ListTab = 'all' | 'my';

/**
 * The frame of a community list page (groups, forum groups): the heading with its action, the
 * tabs All and My (members only; the tab lives in the address as ?tab=my), the search box, and
 * the chosen tab's content, which `children` draws for the tab and the debounced search text.
 */
export function TabbedListPage({
  id,
  heading,
  action,
  isSignedIn,
  isLoading,
  tabLabels,
  tabsLabel,
  searchPlaceholder,
  children,
}: {
  /** The heading's id, which labels the section. */
  id: string;
  heading: string;
  action: ReactNode;
  isSignedIn: boolean;
  /** Who the viewer is is not known yet: a spinner. */
  isLoading: boolean;
  tabLabels: Record<ListTab, string>;
  tabsLabel: string;
  searchPlaceholder: string;
  /** The tab's content; `showAll` switches to the All tab. */
  children: (tab: ListTab, q: string, showAll: () => void) => ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const tab: ListTab = isSignedIn && params.get('tab') === 'my' ? 'my' : 'all';
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);

  const changeTab = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === 'my') next.set('tab', 'my');
        else next.delete('tab');
        return next;
      },
      { preventScrollReset: true },
    );

  if (isLoading) return <PageSpinner />;
  const tabs: readonly ListTab[] = isSignedIn ? ['all', 'my'] : ['all'];

  return (
    <section aria-labelledby={id} className="mx-auto w-full max-w-6xl px-3 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id={id} className="text-2xl font-semibold tracking-tight">
          {heading}
        </h1>
        {action}
      </div>
      <Tabs value={tab} onValueChange={changeTab} activationMode="manual" className="mt-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <TabsList aria-label={tabsLabel} className="w-full sm:w-fit">
            {tabs.map((value) => (
              <TabsTrigger key={value} value={value} className="flex-1 sm:flex-none">
                {tabLabels[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <SearchInput
            aria-label={searchPlaceholder}
            placeholder={searchPlaceholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
            wrapperClassName="w-full sm:w-72"
          />
        </div>
        {tabs.map((value) => (
          <TabsContent key={value} value={value} className="mt-4">
            {value === tab ? children(value, q, () => changeTab('all')) : null}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}
