import { CalendarDays } from 'lucide-react';
import { Link } from 'react-router';
import { imageVariantUrl } from '@common/core/uploads';
import { EVENT_MSG, type EventSummary } from '@common/events/model';
import { displayName } from '@common/profiles/model';
import { GeneratedCover } from '@web/components/generated-cover';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Switch } from '@web/components/ui/switch';
import { toast } from '@web/lib/toast';
import { refusalText } from '@web/lib/api-client';
import { useRsvp } from '../api/event-mutations';
import { EventFacts, TypeBadge } from './event-parts';

/**
 * A card of /events: cover, title, organizer, description (2 lines), date, time, location,
 * 'n / max', the attending toggle (a real answer: Going, or Can't Go when switched off) and
 * View Details.
 */
export function EventCard({ event, isVisitor }: { event: EventSummary; isVisitor: boolean }) {
  const rsvp = useRsvp(event.id);
  const going = event.myStatus === 'accepted' || event.myStatus === 'waitlisted';
  const toggle = (on: boolean) => {
    if (isVisitor) {
      toast.error(EVENT_MSG.authRequiredTitle, { description: EVENT_MSG.authRequired });
      return;
    }
    rsvp.mutate(on ? 'accepted' : 'declined', {
      onSuccess: (r) => {
        if (r.status === 'waitlisted') toast.success(EVENT_MSG.waitlisted);
      },
      onError: (error) => toast.error(EVENT_MSG.attendanceFailed, { description: refusalText(error) }),
    });
  };
  const switchId = `attend-${event.id}`;
  return (
    <Card className="flex h-full flex-col overflow-hidden">
      {event.coverPhotoUrl ? (
        <img
          src={imageVariantUrl(event.coverPhotoUrl, 750)}
          alt=""
          loading="lazy"
          className="aspect-[3/1] w-full bg-muted object-cover"
        />
      ) : (
        <GeneratedCover title={event.title} icon={CalendarDays} className="aspect-[3/1]" />
      )}
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex flex-wrap items-center gap-2">
          <TypeBadge type={event.type} />
          {event.cancelled ? <Badge variant="destructive">{EVENT_MSG.cancelled}</Badge> : null}
        </div>
        <h3 className="text-lg leading-snug font-semibold break-words">
          <Link
            to={`/events/${event.id}`}
            className="rounded-sm outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {event.title}
          </Link>
        </h3>
        <p className="text-sm text-muted-foreground">{displayName(event.organizer)}</p>
        {event.description ? <p className="line-clamp-2 text-sm break-words">{event.description}</p> : null}
        <EventFacts event={event} />
        <div className="mt-auto flex items-center justify-between gap-3 pt-2">
          <div className="flex min-w-0 flex-col gap-0.5">
            <div className="flex items-center gap-2">
              <Switch
                id={switchId}
                checked={going}
                disabled={rsvp.isPending || event.cancelled}
                onCheckedChange={toggle}
                aria-describedby={`${switchId}-count`}
              />
              <label htmlFor={switchId} className="text-sm font-medium">
                {EVENT_MSG.cardRsvp}
              </label>
            </div>
            <span id={`${switchId}-count`} className="text-xs text-muted-foreground">
              {EVENT_MSG.attending(event.goingCount)}
            </span>
          </div>
          <Button asChild variant="outline" size="sm">
            <Link to={`/events/${event.id}`} aria-label={`${EVENT_MSG.viewDetails}: ${event.title}`}>
              {EVENT_MSG.viewDetails}
            </Link>
          </Button>
        </div>
      </div>
    </Card>
  );
}
