import { CalendarPlus, CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { EVENT_MSG } from '@common/events/model';
import { useMe } from '@web/lib/me';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { PageSpinner } from '@web/components/ui/spinner';
import { EventListSection } from '../components/event-list';

/** /events: the heading, Create Event for members, upcoming events soonest first, then past ones. */
export function EventsPage() {
  const { viewer, isLoading } = useMe();
  if (isLoading) return <PageSpinner />;
  const viewerId = viewer?.id ?? null;
  return (
    <section
      aria-labelledby="events-heading"
      className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-3 py-6 sm:px-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="events-heading" className="text-2xl font-semibold tracking-tight">
          {EVENT_MSG.heading}
        </h1>
        {viewer ? (
          <Button asChild>
            <Link to="/events/create">
              <CalendarPlus aria-hidden="true" />
              {EVENT_MSG.createEvent}
            </Link>
          </Button>
        ) : null}
      </div>
      <EventListSection
        list="upcoming"
        viewerId={viewerId}
        heading={EVENT_MSG.upcoming}
        empty={
          <Card className="flex flex-col items-center gap-2 p-10 text-center">
            <CalendarDays aria-hidden="true" className="size-10 text-muted-foreground" />
            <p className="font-medium">{EVENT_MSG.empty}</p>
            <p className="text-sm text-muted-foreground">{EVENT_MSG.emptyHint}</p>
          </Card>
        }
      />
      <EventListSection list="past" viewerId={viewerId} heading={EVENT_MSG.past} empty={null} />
    </section>
  );
}
