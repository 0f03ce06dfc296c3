import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { GROUP_MSG, GROUP_TAB_LABELS, GROUP_TABS, type GroupTab } from '@common/groups/model';
import type { AuthNavigationState } from '@web/app/providers/sign-in-prompt';
import { useMe } from '@web/lib/me';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { SearchInput } from '@web/components/ui/search-input';
import { PageSpinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useGroupList } from '../api/get-groups';
import { useGroupListLive } from '../api/use-group-list-live';
import { GroupCard, GroupGridSkeleton } from '../components/group-card';

/** Create Group: the wizard for members, /auth for visitors (section 2). */
function useCreateGroupAction(isSignedIn: boolean) {
  const navigate = useNavigate();
  return () => {
    if (isSignedIn) return void navigate('/create-group');
    const state: AuthNavigationState & { from: string } = { action: 'create groups', from: '/create-group' };
    void navigate('/auth', { state });
  };
}

/**
 * /groups: the heading, Create Group for members, the tabs All Groups and My Groups (members only;
 * the tab lives in the address as ?tab=my), the search box and the grid of cards, a page at a time.
 */
export function GroupsPage() {
  const { viewer, isLoading } = useMe();
  const [params, setParams] = useSearchParams();
  const viewerId = viewer?.id ?? null;
  useGroupListLive(viewerId !== null);
  const tab: GroupTab = viewerId && params.get('tab') === 'my' ? 'my' : 'all';
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 300);
  const create = useCreateGroupAction(viewerId !== null);

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
  const tabs = viewerId ? GROUP_TABS : (['all'] as const);

  return (
    <section aria-labelledby="groups-heading" className="mx-auto w-full max-w-6xl px-3 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="groups-heading" className="text-2xl font-semibold tracking-tight">
          {GROUP_MSG.heading}
        </h1>
        {viewer ? (
          <Button onClick={create}>
            <Plus aria-hidden="true" />
            {GROUP_MSG.createGroup}
          </Button>
        ) : null}
      </div>
      <Tabs value={tab} onValueChange={changeTab} activationMode="manual" className="mt-4">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <TabsList aria-label="Groups" className="w-full sm:w-fit">
            {tabs.map((value) => (
              <TabsTrigger key={value} value={value} className="flex-1 sm:flex-none">
                {GROUP_TAB_LABELS[value]}
              </TabsTrigger>
            ))}
          </TabsList>
          <SearchInput
            aria-label={GROUP_MSG.searchPlaceholder}
            placeholder={GROUP_MSG.searchPlaceholder}
            value={text}
            onChange={(e) => setText(e.target.value)}
            wrapperClassName="w-full sm:w-72"
          />
        </div>
        {tabs.map((value) => (
          <TabsContent key={value} value={value} className="mt-4">
            {value === tab ? <GroupGrid tab={value} q={q} viewerId={viewerId} onCreate={create} /> : null}
          </TabsContent>
        ))}
      </Tabs>
    </section>
  );
}

function GroupGrid({
  tab,
  q,
  viewerId,
  onCreate,
}: {
  tab: GroupTab;
  q: string;
  viewerId: string | null;
  onCreate: () => void;
}) {
  const query = useGroupList(tab, q, viewerId);
  if (query.isPending) return <GroupGridSkeleton />;
  if (query.isError)
    return (
      <Card>
        <LoadError
          message={GROUP_MSG.listLoadFailed}
          onRetry={query.refetch}
          retryLabel={GROUP_MSG.tryAgain}
        />
      </Card>
    );
  const groups = query.data.pages.flatMap((p) => p.items);
  if (groups.length === 0)
    return (
      <Card className="flex flex-col items-center gap-4 p-10 text-center">
        <p className="text-muted-foreground">
          {tab === 'my' && !q ? GROUP_MSG.noMyGroups : GROUP_MSG.noGroups}
        </p>
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" />
          {GROUP_MSG.createGroup}
        </Button>
      </Card>
    );
  return (
    <>
      <ul aria-label={GROUP_TAB_LABELS[tab]} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {groups.map((g) => (
          <li key={g.id} className="flex">
            <GroupCard group={g} isSignedIn={viewerId !== null} />
          </li>
        ))}
      </ul>
      <InfiniteListEnd
        query={query}
        errorMessage={GROUP_MSG.listLoadFailed}
        retryLabel={GROUP_MSG.tryAgain}
      />
    </>
  );
}
