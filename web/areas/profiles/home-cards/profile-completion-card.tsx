import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'react-router';
import { COMPLETION_MSG } from '@common/profiles/first-view-texts';
import { useMe } from '@web/lib/me';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { completionSteps } from '../components/home-card-checks';

/** A new member's start (issue 21): full name, photo, title and skills; the card goes once all are there. */
export function ProfileCompletionCard() {
  const { viewer } = useMe();
  if (!viewer) return null;
  const steps = completionSteps(viewer.profile).map(({ step, isDone }) => ({
    label: COMPLETION_MSG[step],
    isDone,
  }));
  const done = steps.filter((s) => s.isDone).length;
  if (done === steps.length) return null;
  const percent = Math.round((done / steps.length) * 100);

  return (
    <Card className="p-4 sm:p-5">
      <section aria-labelledby="completion-heading" className="grid gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="completion-heading" className="text-base font-semibold">
            {COMPLETION_MSG.heading}
          </h2>
          <span className="text-sm text-muted-foreground">{COMPLETION_MSG.progress(done, steps.length)}</span>
        </div>
        {/* Plain markup, as components/ui/progress.tsx draws it, without Radix in a member's first view. */}
        <div
          role="progressbar"
          aria-label={COMPLETION_MSG.heading}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={`${percent}%`}
          className="relative h-2 w-full overflow-hidden rounded-full bg-muted"
        >
          <div
            className="h-full w-full bg-primary transition-transform duration-200 ease-out motion-reduce:transition-none"
            style={{ transform: `translateX(-${100 - percent}%)` }}
          />
        </div>
        <p className="text-sm text-muted-foreground">{COMPLETION_MSG.intro}</p>
        <ul className="grid gap-1.5 text-sm">
          {steps.map(({ label, isDone }) => (
            <li key={label} className="flex items-center gap-2">
              {isDone ? (
                <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-600 dark:text-emerald-400" />
              ) : (
                <Circle aria-hidden="true" className="size-4 text-muted-foreground" />
              )}
              <span className={isDone ? 'text-muted-foreground line-through' : undefined}>{label}</span>
              <span className="sr-only">: {isDone ? COMPLETION_MSG.done : COMPLETION_MSG.toDo}</span>
            </li>
          ))}
        </ul>
        <Button asChild size="sm" className="justify-self-start">
          <Link to="/profile?edit=1">{COMPLETION_MSG.edit}</Link>
        </Button>
      </section>
    </Card>
  );
}
