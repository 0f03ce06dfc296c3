import { Check, HelpCircle, LogIn, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import {
  EVENT_MSG,
  RSVP_ANSWERS,
  RSVP_LABELS,
  type EventDetail,
  type RsvpAnswer,
} from '@common/events/model';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card';
import { refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useRsvp } from '../api/event-mutations';

const ICONS = { accepted: Check, maybe: HelpCircle, declined: X } as const;

/** Going, Maybe, Can't Go with live counts; visitors see 'Sign In to Join'. */
export function RsvpPanel({ event, signedIn }: { event: EventDetail; signedIn: boolean }) {
  const rsvp = useRsvp(event.id);
  const location = useLocation();
  if (!signedIn)
    return (
      <Card className="flex flex-col items-start gap-3 p-4 sm:p-6">
        <p className="text-sm text-muted-foreground">{EVENT_MSG.signIn}</p>
        <Button asChild>
          <Link to="/auth" state={{ from: location.pathname, action: 'RSVP' }}>
            <LogIn aria-hidden="true" />
            {EVENT_MSG.signInToJoin}
          </Link>
        </Button>
      </Card>
    );
  const answer = (status: RsvpAnswer) =>
    rsvp.mutate(status, {
      onSuccess: (r) => {
        if (r.status === 'waitlisted') toast.success(EVENT_MSG.waitlisted);
      },
      onError: (error) => toast.error(EVENT_MSG.rsvpFailed, { description: refusalText(error) ?? '' }),
    });
  const mine = event.myStatus;
  const counts: Record<RsvpAnswer, number> = {
    accepted: event.counts.going,
    maybe: event.counts.maybe,
    declined: event.counts.declined,
  };
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h2">{EVENT_MSG.yourAnswer}</CardTitle>
      </CardHeader>
      <div className="grid gap-3 px-4 pb-4 sm:px-6 sm:pb-6">
        <div role="group" aria-label={EVENT_MSG.yourAnswer} className="grid grid-cols-3 gap-2">
          {RSVP_ANSWERS.map((status) => {
            const Icon = ICONS[status];
            const pressed = mine === status || (status === 'accepted' && mine === 'waitlisted');
            return (
              <Button
                key={status}
                variant={pressed ? 'default' : 'outline'}
                aria-pressed={pressed}
                disabled={rsvp.isPending || event.cancelled}
                onClick={() => answer(status)}
                className="flex h-auto flex-col gap-0.5 py-2"
              >
                <span className="flex items-center gap-1.5">
                  <Icon aria-hidden="true" />
                  {RSVP_LABELS[status]}
                </span>
                <span className="text-xs opacity-80" data-testid={`count-${status}`}>
                  {counts[status]}
                </span>
              </Button>
            );
          })}
        </div>
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {mine === 'waitlisted' && event.waitlistPosition
            ? `${EVENT_MSG.waitlisted} ${EVENT_MSG.onWaitlist(event.waitlistPosition)}`
            : `${EVENT_MSG.interested}: ${event.counts.maybe}`}
        </p>
      </div>
    </Card>
  );
}
