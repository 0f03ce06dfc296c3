import { Plus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { GROUP_MSG, GROUP_TAB_LABELS, type GroupTab } from '@common/groups/model';
import type { AuthNavigationState } from '@web/app/providers/sign-in-prompt';
import { useMe } from '@web/lib/me';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { TabbedListPage } from '@web/components/tabbed-list-page';
import { useGroupList } from '../api/get-groups';
import { useGroupListLive } from '../api/use-group-list-live';
import { GroupCard, GroupGridSkeleton } from '../components/group-card';

/** Create Group: the wizard for members, /auth for visitors. */
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
  const viewerId = viewer?.id ?? null;
  useGroupListLive(viewerId !== null);
  const create = useCreateGroupAction(viewerId !== null);

  return (
    <TabbedListPage
      id="groups-heading"
      heading={GROUP_MSG.heading}
      action={
        viewer ? (
          <Button onClick={create}>
            <Plus aria-hidden="true" />
            {GROUP_MSG.createGroup}
          </Button>
        ) : null
      }
      isSignedIn={viewerId !== null}
      isLoading={isLoading}
      tabLabels={GROUP_TAB_LABELS}
      tabsLabel="Groups"
      searchPlaceholder={GROUP_MSG.searchPlaceholder}
    >
      {(tab, q) => <GroupGrid tab={tab} q={q} viewerId={viewerId} onCreate={create} />}
    </TabbedListPage>
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
