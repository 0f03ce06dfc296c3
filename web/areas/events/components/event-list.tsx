import type { EventList as ListName } from '@common/events/model';
import { EVENT_MSG } from '@common/events/model';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { Card } from '@web/components/ui/card';
import { useEventList } from '../api/get-events';
import { EventCard } from './event-card';
import { EventSkeletons } from './event-parts';

/** One section of /events (Upcoming or Past): skeletons, cards page by page, or an error in words. */
export function EventListSection({
  list,
  viewerId,
  heading,
  empty,
}: {
  list: ListName;
  viewerId: string | null;
  heading: string;
  /** Shown when the list is empty; null hides the whole section instead. */
  empty: React.ReactNode | null;
}) {
  const query = useEventList(list, null, viewerId);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const headingId = `events-${list}-heading`;
  let body;
  // The list shows six skeleton cards while loading, not six per section: a section that may hide
  // (Past) waits unseen until it has loaded.
  if (query.isPending) {
    if (empty === null) return null;
    body = <EventSkeletons />;
  } else if (query.isError && items.length === 0)
    body = (
      <Card>
        <LoadError message={EVENT_MSG.loadFailed} onRetry={query.refetch} retryLabel={EVENT_MSG.tryAgain} />
      </Card>
    );
  else if (items.length === 0) {
    if (empty === null) return null;
    body = empty;
  } else
    body = (
      <>
        <ul aria-labelledby={headingId} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {items.map((event) => (
            <li key={event.id} className="min-w-0">
              <EventCard event={event} isVisitor={viewerId === null} />
            </li>
          ))}
        </ul>
        {/* Only while there is more to load: its empty padding would widen the gap to the next section. */}
        {query.hasNextPage || query.isFetchNextPageError ? (
          <InfiniteListEnd
            query={query}
            errorMessage={EVENT_MSG.loadFailed}
            retryLabel={EVENT_MSG.tryAgain}
          />
        ) : null}
      </>
    );
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {heading}
      </h2>
      {body}
    </section>
  );
}
