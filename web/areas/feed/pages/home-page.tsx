import { lazy, Suspense, useLayoutEffect } from 'react';
import { useSearchParams } from 'react-router';
import { loadSearchResults, loadVisitorSearch } from '@web/areas/search/public';
import { useMe } from '@web/lib/me';
import { hasPrerenderedPage, revealApp } from '@web/app/prerender/handover';
import { PageSpinner } from '@web/components/ui/spinner';

// The feed and search come in their own chunks, so a visitor's welcome page paints without
// them; the feed's download starts with this module, before anyone asks for it.
const loadFeed = () => import('../components/feed');
void loadFeed();
const Feed = lazy(() => loadFeed().then((m) => ({ default: m.Feed })));
// The welcome page is a visitor's only: members never download it. The server sent its
// prerendered copy when there was no session cookie, so a visitor's download starts at once.
const loadWelcome = () => import('../components/welcome');
if (hasPrerenderedPage()) void loadWelcome();
const Welcome = lazy(() => loadWelcome().then((m) => ({ default: m.Welcome })));
const VisitorSearch = lazy(() => loadVisitorSearch().then((m) => ({ default: m.VisitorSearch })));
const SearchResults = lazy(() => loadSearchResults().then((m) => ({ default: m.SearchResults })));

/**
 * The home route: the welcome page with the feed below it for visitors; the feed (or search
 * results with ?search=) for members.
 */
export function HomePage() {
  const { viewer, isLoading } = useMe();
  const [searchParams] = useSearchParams();
  const query = searchParams.get('search')?.trim() ?? '';
  // A member's page replaces a prerendered welcome page at once (only if the session cookie
  // came back valid after the server sent the welcome page: see web/app/prerender/handover.ts).
  const isMember = viewer !== null;
  useLayoutEffect(() => {
    if (isMember) revealApp();
  }, [isMember]);

  if (isLoading) return <PageSpinner />;
  // A visitor's search from the top bar: the sign-in prompt where the results would be.
  if (!viewer && query) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <VisitorSearch query={query} />
      </Suspense>
    );
  }
  if (!viewer) {
    return (
      <>
        <Suspense fallback={<PageSpinner />}>
          <Welcome />
        </Suspense>
        <Suspense fallback={null}>
          <Feed viewerId={null} />
        </Suspense>
      </>
    );
  }
  return (
    <Suspense fallback={<PageSpinner />}>
      {query ? <SearchResults query={query} /> : <Feed viewerId={viewer.id} />}
    </Suspense>
  );
}
