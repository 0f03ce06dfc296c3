import { Plus } from 'lucide-react';
import { useNavigate } from 'react-router';
import { FORUM_MSG, FORUM_TAB_LABELS, type ForumTab } from '@common/forums/model';
import type { AuthNavigationState } from '@web/app/providers/sign-in-prompt';
import { useMe } from '@web/lib/me';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { TabbedListPage } from '@web/components/tabbed-list-page';
import { toast } from '@web/lib/toast';
import { useForumGroupList } from '../api/get-forum-groups';
import { useForumListLive } from '../api/use-forum-list-live';
import { ForumGridSkeleton, ForumGroupCard } from '../components/forum-group-card';

/**
 * /forums: 'Forum Groups', Create Group (sign-in first), the search box, the tabs All Groups and
 * My Groups (signed in only; ?tab=my) and a grid of 1 to 3 columns, a page at a time.
 */
export function ForumsPage() {
  const { viewer, isLoading } = useMe();
  const navigate = useNavigate();
  const viewerId = viewer?.id ?? null;
  useForumListLive(viewerId !== null);

  const create = () => {
    if (viewerId) return void navigate('/forums/create-group');
    toast.error(FORUM_MSG.authRequired, { description: FORUM_MSG.signInToCreate });
    const state: AuthNavigationState & { from: string } = {
      action: 'create a forum group',
      from: '/forums/create-group',
    };
    void navigate('/auth', { state });
  };

  return (
    <TabbedListPage
      id="forums-heading"
      heading={FORUM_MSG.heading}
      action={
        <Button onClick={create}>
          <Plus aria-hidden="true" />
          {FORUM_MSG.createGroup}
        </Button>
      }
      isSignedIn={viewerId !== null}
      isLoading={isLoading}
      tabLabels={FORUM_TAB_LABELS}
      tabsLabel={FORUM_MSG.heading}
      searchPlaceholder={FORUM_MSG.searchPlaceholder}
    >
      {(tab, q, showAll) => <ForumGrid tab={tab} q={q} viewerId={viewerId} onBrowseAll={showAll} />}
    </TabbedListPage>
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
