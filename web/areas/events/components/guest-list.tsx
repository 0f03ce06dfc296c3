import { useState } from 'react';
import { Link } from 'react-router';
import { EVENT_MSG, RSVP_LABELS, type EventDetail, type GuestStatus } from '@common/events/model';
import { displayName } from '@common/profiles/model';
import { imageVariantUrl } from '@common/core/uploads';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { Avatar } from '@web/components/ui/avatar';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { useGuests } from '../api/get-events';

const TABS: { status: GuestStatus; count: (e: EventDetail) => number }[] = [
  { status: 'accepted', count: (e) => e.counts.going },
  { status: 'maybe', count: (e) => e.counts.maybe },
  { status: 'declined', count: (e) => e.counts.declined },
  { status: 'pending', count: (e) => e.counts.pending },
];

function GuestTab({ eventId, status }: { eventId: string; status: GuestStatus }) {
  const query = useGuests(eventId, status);
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  if (query.isPending)
    return (
      <p className="py-4 text-sm text-muted-foreground" role="status">
        Loading…
      </p>
    );
  if (query.isError && items.length === 0)
    return <LoadError message={EVENT_MSG.loadFailed} onRetry={query.refetch} />;
  if (items.length === 0)
    return <p className="py-4 text-sm text-muted-foreground">{EVENT_MSG.guestEmpty[status]}</p>;
  return (
    <>
      <ul className="flex flex-col divide-y divide-border" aria-label={RSVP_LABELS[status]}>
        {items.map((g) => (
          <li key={g.person.id} className="flex items-center gap-3 py-2">
            <Avatar
              src={imageVariantUrl(g.person.avatarUrl, 96)}
              name={displayName(g.person)}
              className="size-8"
            />
            <Link
              to={`/profile/${g.person.id}`}
              className="min-w-0 truncate text-sm font-medium hover:underline"
            >
              {displayName(g.person)}
            </Link>
          </li>
        ))}
      </ul>
      <InfiniteListEnd query={query} errorMessage={EVENT_MSG.loadFailed} />
    </>
  );
}

/** The Guest List: tabs Going, Maybe, Can't Go, Pending (and the waitlist when anyone waits), with totals. */
export function GuestList({ event }: { event: EventDetail }) {
  const tabs = event.counts.waitlisted
    ? [...TABS, { status: 'waitlisted' as const, count: (e: EventDetail) => e.counts.waitlisted }]
    : TABS;
  const [tab, setTab] = useState<GuestStatus>('accepted');
  return (
    <Card>
      <CardHeader className="gap-2 pb-2">
        <CardTitle as="h2">{EVENT_MSG.guestList}</CardTitle>
        <dl className="flex gap-6 text-sm">
          <div>
            <dt className="text-muted-foreground">{EVENT_MSG.totalInvited}</dt>
            <dd className="font-semibold" data-testid="total-invited">
              {event.totalInvited}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{EVENT_MSG.confirmed}</dt>
            <dd className="font-semibold" data-testid="confirmed">
              {event.counts.going}
            </dd>
          </div>
        </dl>
      </CardHeader>
      <div className="px-4 pb-4 sm:px-6">
        <Tabs value={tab} onValueChange={(v) => setTab(v as GuestStatus)}>
          <TabsList aria-label={EVENT_MSG.guestList} className="w-full justify-start overflow-x-auto">
            {tabs.map((t) => (
              <TabsTrigger key={t.status} value={t.status} className="flex-none">
                {RSVP_LABELS[t.status]} ({t.count(event)})
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map((t) => (
            <TabsContent key={t.status} value={t.status}>
              {t.status === tab ? <GuestTab eventId={event.id} status={t.status} /> : null}
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </Card>
  );
}
