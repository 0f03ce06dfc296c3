import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { FORUM_MSG, FORUM_TAB_LABELS, FORUM_TABS, type ForumTab } from '@common/forums/model';
import type { AuthNavigationState } from '@web/app/providers/sign-in-prompt';
import { useMe } from '@web/lib/me';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { SearchInput } from '@web/components/ui/search-input';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { toast } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useForumGroupList } from '../api/get-forum-groups';
import { useForumListLive } from '../api/use-forum-list-live';
import { ForumGridSkeleton, ForumGroupCard } from '../components/forum-group-card';

/**
 * /forums: 'Forum Groups', Create Group (sign-in first), the search box, the tabs All Groups and
 * My Groups (signed in only; ?tab=my) and a grid of 1 to 3 columns, a page at a time.
 */
export function ForumsPage() {
  const { viewer, isLoading } = useMe();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const viewerId = viewer?.id ?? null;
  useForumListLive(viewerId !== null);
  const tab: ForumTab = viewerId && params.get('tab') === 'my' ? 'my' : 'all';
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);

  const create = () => {
    if (viewerId) return void navigate('/forums/create-group');
    toast.error(FORUM_MSG.authRequired, { description: FORUM_MSG.signInToCreate });
    const state: AuthNavigationState & { from: string } = {
      action: 'create a forum group',
      from: '/forums/create-group',
    };
    void navigate('/auth', { state });
  };
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
  const tabs = viewerId ? FORUM_TABS : (['all'] as const);

  return (
    <section aria-labelledby="forums-heading" className="mx-auto w-full max-w-6xl px-3 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="forums-heading" className="text-2xl font-semibold tracking-tight">
          {FORUM_MSG.heading}
        </h1>
        <Button onClick={create}>
          <Plus aria-hidden="true" />
          {FORUM_MSG.createGroup}
        </Button>
      </div>
      <Tabs value={tab} onValueChange={changeTab} activationMode="manual" className="mt-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <TabsList aria-label={FORUM_MSG.heading} className="w-full sm:w-fit">
            {tabs.map((value) => (
              <TabsTrigger key={value} value={value} className="flex-1 sm:flex-none">
                {FORUM_TAB_LABELS[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <SearchInput
            aria-label={FORUM_MSG.searchPlaceholder}
            placeholder={FORUM_MSG.searchPlaceholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
            wrapperClassName="w-full sm:w-72"
          />
        </div>
        {tabs.map((value) => (
          <TabsContent key={value} value={value} className="mt-4">
            {value === tab ? (
              <ForumGrid tab={value} q={q} viewerId={viewerId} onBrowseAll={() => changeTab('all')} />
            ) : null}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function ForumGrid({
  tab,
  q,
  viewerId,
  onBrowseAll,
}: {
  tab: ForumTab;
  q: string;
  viewerId: string | null;
  onBrowseAll: () => void;
}) {
  const query = useForumGroupList(tab, q, viewerId);
  if (query.isPending) return <ForumGridSkeleton />;
  if (query.isError)
    return (
      <Card>
        <LoadError message={FORUM_MSG.loadFailed} onRetry={query.refetch} />
      </Card>
    );
  const groups = query.data.pages.flatMap((p) => p.items);
  if (groups.length === 0)
    return (
      <Card className="flex flex-col items-center gap-4 p-10 text-center">
        <p className="text-muted-foreground">
          {tab === 'my' && !q ? FORUM_MSG.noMyGroups : FORUM_MSG.noGroups}
        </p>
        {tab === 'my' && !q ? (
          <Button variant="outline" onClick={onBrowseAll}>
            {FORUM_MSG.browseAll}
          </Button>
        ) : null}
      </Card>
    );
  return (
    <>
      <ul aria-label={FORUM_TAB_LABELS[tab]} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {groups.map((g) => (
          <li key={g.id} className="flex">
            <ForumGroupCard group={g} />
          </li>
        ))}
      </ul>
      <InfiniteListEnd query={query} errorMessage={FORUM_MSG.loadFailed} />
    </>
  );
}
