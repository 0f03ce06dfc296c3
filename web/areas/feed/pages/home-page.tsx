import { useSearchParams } from 'react-router';
import { useMe } from '@web/areas/auth/api/get-me';
import { PageSpinner } from '@web/components/ui/spinner';
import { FeedPlaceholder } from '../components/feed-placeholder';
import { SearchPlaceholder } from '../components/search-placeholder';
import { Welcome } from '../components/welcome';

/** The home route: welcome page for visitors; feed (or search results with ?search=) for members. */
export function HomePage() {
  const { viewer, isLoading } = useMe();
  const [searchParams] = useSearchParams();
  const query = searchParams.get('search')?.trim() ?? '';

  if (isLoading) return <PageSpinner />;
  if (!viewer) return <Welcome />;
  if (query) return <SearchPlaceholder query={query} />;
  return <FeedPlaceholder />;
}
