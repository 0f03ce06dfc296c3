import { CalendarDays, Clock, MapPin, Users, Video } from 'lucide-react';
import {
  attendeesLabel,
  EVENT_MSG,
  EVENT_TYPE_LABELS,
  EVENTS,
  type EventSummary,
} from '@common/events/model';
import { Badge } from '@web/components/ui/badge';
import { Card } from '@web/components/ui/card';
import { dateFormatter } from '@web/lib/format-time';

const dateFormat = dateFormatter('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});
const timeWithZone = dateFormatter('en-US', { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
const timeFormat = dateFormatter('en-US', { hour: 'numeric', minute: '2-digit' });

/** The date in the viewer's time zone ("Sat, Mar 4, 2031"). */
export function eventDate(iso: string) {
  return dateFormat(iso);
}

/** The time in the viewer's time zone, with the zone's name ("6:30 PM CET"). */
export function eventTime(iso: string) {
  return timeWithZone(iso);
}

export function TypeBadge({ type }: { type: EventSummary['type'] }) {
  return <Badge variant="secondary">{EVENT_TYPE_LABELS[type]}</Badge>;
}

/** The start, or the start and the end ("6:30 PM – 8:00 PM CET"; another day's end with its date). */
export function eventTimes(startsAt: string, endsAt: string | null) {
  if (!endsAt) return eventTime(startsAt);
  const sameDay = new Date(startsAt).toDateString() === new Date(endsAt).toDateString();
  const start = timeFormat(startsAt);
  return `${start} – ${sameDay ? '' : `${eventDate(endsAt)}, `}${eventTime(endsAt)}`;
}

/** Date, time (and end), location, the meeting link and 'n / max' as a list of facts. */
export function EventFacts({ event }: { event: EventSummary }) {
  return (
    <dl className="grid gap-1.5 text-sm text-muted-foreground">
      <div className="flex items-center gap-2">
        <dt>
          <CalendarDays aria-hidden="true" className="size-4" />
          <span className="sr-only">Date</span>
        </dt>
        <dd>
          <time dateTime={event.startsAt}>{eventDate(event.startsAt)}</time>
        </dd>
      </div>
      <div className="flex items-center gap-2">
        <dt>
          <Clock aria-hidden="true" className="size-4" />
          <span className="sr-only">Time</span>
        </dt>
        <dd>{eventTimes(event.startsAt, event.endsAt)}</dd>
      </div>
      <div className="flex min-w-0 items-center gap-2">
        <dt>
          <MapPin aria-hidden="true" className="size-4" />
          <span className="sr-only">Location</span>
        </dt>
        <dd className="min-w-0 truncate">{event.location}</dd>
      </div>
      {event.meetingUrl ? (
        <div className="flex min-w-0 items-center gap-2">
          <dt>
            <Video aria-hidden="true" className="size-4" />
            <span className="sr-only">{EVENT_MSG.fieldMeetingUrl}</span>
          </dt>
          <dd className="min-w-0 truncate">
            <a
              href={event.meetingUrl}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="font-medium text-primary underline-offset-2 hover:underline"
            >
              {EVENT_MSG.joinMeeting}
            </a>
          </dd>
        </div>
      ) : null}
      <div className="flex items-center gap-2">
        <dt>
          <Users aria-hidden="true" className="size-4" />
          <span className="sr-only">Attendees</span>
        </dt>
        <dd data-testid="attendees">{attendeesLabel(event.goingCount, event.maxAttendees)}</dd>
      </div>
    </dl>
  );
}

/** Six cards' shape while the first page loads. */
export function EventSkeletons() {
  return (
    <div role="status" aria-label="Loading events" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {Array.from({ length: EVENTS.skeletons }, (_, i) => (
        <Card key={i} aria-hidden="true" className="animate-pulse overflow-hidden">
          <div className="aspect-[3/1] w-full bg-muted" />
          <div className="grid gap-3 p-4">
            <div className="h-5 w-3/4 rounded bg-muted" />
            <div className="h-3.5 w-1/3 rounded bg-muted" />
            <div className="h-3.5 w-full rounded bg-muted" />
            <div className="h-3.5 w-2/3 rounded bg-muted" />
            <div className="h-8 w-full rounded bg-muted" />
          </div>
        </Card>
      ))}
    </div>
  );
}
