import { CalendarDays, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { dateFormatter } from '@web/lib/format-time';
import { dismissUpcomingEvents, useUpcomingEvents } from '../api/get-upcoming-events';

/** The card's own words (issue 21; the spec has none for it). */
const TEXT = {
  heading: 'Upcoming events',
  seeAll: 'See all events',
  dismiss: 'Hide upcoming events',
};

/** "Sun, Nov 29, 1:35 PM UTC" in the viewer's time zone (the event pages' words, without their module). */
const when = dateFormatter('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/**
 * A member's home card (issue 21): the next few events they may attend, each leading to its page
 * (where they answer). Hidden when none is ahead; the member may hide it for good.
 */
export function UpcomingEventsCard({ viewerId }: { viewerId: string }) {
  const query = useUpcomingEvents(viewerId);
  const [isDismissed, setIsDismissed] = useState(false);
  const events = (query.data?.items ?? []).filter((e) => !e.cancelled);
  if (isDismissed || events.length === 0) return null;
  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="upcoming-events-heading">
        <div className="mb-2 flex items-center justify-between gap-2">
          <h2 id="upcoming-events-heading" className="text-base font-semibold">
            {TEXT.heading}
          </h2>
          <Button
            size="icon"
            variant="ghost"
            aria-label={TEXT.dismiss}
            title={TEXT.dismiss}
            onClick={() => {
              dismissUpcomingEvents(viewerId);
              setIsDismissed(true);
            }}
          >
            <X aria-hidden="true" />
          </Button>
        </div>
        <ul aria-labelledby="upcoming-events-heading" className="flex flex-col gap-1">
          {events.map((event) => (
            <li key={event.id}>
              <Link
                to={`/events/${event.id}`}
                className="flex min-w-0 items-center gap-3 rounded-lg p-2 outline-none hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
              >
                <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                  <CalendarDays aria-hidden="true" className="size-5" />
                </span>
                <span className="flex min-w-0 flex-col">
                  <span className="truncate text-sm font-medium">{event.title}</span>
                  <span className="truncate text-xs text-muted-foreground">
                    {when(event.startsAt)}
                    {event.location ? ` · ${event.location}` : ''}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <Link
          to="/events"
          className="mt-2 inline-block rounded-sm text-sm font-medium text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {TEXT.seeAll}
        </Link>
      </section>
    </Card>
  );
}
