import { Check, HelpCircle, LogIn, X } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import {
  EVENT_MSG,
  RSVP_ANSWERS,
  RSVP_LABELS,
  type EventDetail,
  type RsvpAnswer,
} from '@common/events/model';
import { MSG } from '@common/core/texts';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card';
import { refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { cn } from '@web/lib/cn';
import { useRsvp } from '../api/event-mutations';

const ICONS = { accepted: Check, maybe: HelpCircle, declined: X } as const;

/**
 * Going, Maybe, Can't Go with live counts; visitors see 'Sign In to Join'. The caller places it
 * above the fold (`className`: the side column on a wide screen, stuck to the bottom on a phone).
 */
export function RsvpPanel({
  event,
  signedIn,
  className,
}: {
  event: EventDetail;
  signedIn: boolean;
  className?: string;
}) {
  const rsvp = useRsvp(event.id);
  const location = useLocation();
  if (!signedIn)
    return (
      <Card className={cn('flex flex-col items-start gap-3 p-4 sm:p-6', className)}>
        <p className="text-sm text-muted-foreground">{EVENT_MSG.signIn}</p>
        {/* As the other sign-in teasers (an article, a profile): Create account beside Sign in. */}
        <div className="flex flex-wrap gap-2">
          <Button asChild>
            <Link to="/auth" state={{ from: location.pathname, action: 'RSVP' }}>
              <LogIn aria-hidden="true" />
              {EVENT_MSG.signInToJoin}
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/auth?tab=signup" state={{ from: location.pathname, action: 'RSVP' }}>
              {MSG.createAccount}
            </Link>
          </Button>
        </div>
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
    <Card className={className}>
      <CardHeader className="px-3 pt-3 pb-2 sm:px-4 sm:pt-4">
        <CardTitle as="h2" className="text-base">
          {EVENT_MSG.yourAnswer}
        </CardTitle>
      </CardHeader>
      <div className="grid gap-2 px-3 pb-3 sm:px-4 sm:pb-4">
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
        <p className="text-sm text-muted-foreground empty:hidden" aria-live="polite">
          {mine === 'waitlisted' && event.waitlistPosition
            ? `${EVENT_MSG.waitlisted} ${EVENT_MSG.onWaitlist(event.waitlistPosition)}`
            : null}
        </p>
      </div>
    </Card>
  );
}
