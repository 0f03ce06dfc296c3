import { ArrowRight } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { FIRST_VIEW_MSG as MSG } from '@common/core/first-view-texts';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { revealApp } from '@web/app/prerender/handover';
import { WEB_AREAS } from '@web/areas/index';

/** The public sections the areas offer a visitor (module.ts `welcomeCards`). */
const CARDS = WEB_AREAS.flatMap((area) => area.welcomeCards ?? []).sort((a, b) => a.order - b.order);

/** Home for visitors: what Cofound is, a way in, and the public sections to explore. */
export function Welcome() {
  // The same page as the prerendered one (web/app/prerender/handover.ts): take over from it.
  useLayoutEffect(revealApp, []);
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 sm:py-16">
      <section aria-labelledby="welcome-heading" className="text-center">
        <p className="mx-auto inline-flex items-center rounded-full border border-border bg-card px-3 py-1 text-xs font-medium text-muted-foreground">
          The community for people who build companies
        </p>
        <h1
          id="welcome-heading"
          className="mx-auto mt-6 max-w-3xl text-3xl font-bold tracking-tight text-balance sm:text-5xl"
        >
          Where entrepreneurs, investors and professionals <span className="text-link">meet</span>
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">
          Cofound connects founders with investors, mentors and skilled professionals. Share your ideas, find
          collaborators and discover the next opportunity in one trusted network.
        </p>
        <p className="mt-4 text-sm font-semibold text-foreground sm:text-base">{MSG.tagline}</p>
        <Button asChild size="lg" className="mt-8">
          <Link to="/auth?tab=signup">
            Get Started
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </section>

      <section aria-labelledby="explore-heading" className="mt-14 sm:mt-20">
        <h2 id="explore-heading" className="sr-only">
          Explore Cofound
        </h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          {CARDS.map(({ to, title, text, icon: Icon }) => (
            <li key={to}>
              <Card className="group relative h-full p-6 transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
                <div className="mb-4 flex size-11 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                  <Icon aria-hidden="true" className="size-5" />
                </div>
                <h3 className="text-lg font-semibold">
                  {/* The link covers the whole card; the heading text stays its accessible name. */}
                  <Link to={to} className="outline-none after:absolute after:inset-0 after:rounded-xl">
                    {title}
                  </Link>
                </h3>
                <p className="mt-2 text-sm text-muted-foreground">{text}</p>
                <span
                  aria-hidden="true"
                  className="mt-4 inline-flex items-center gap-1 text-sm font-medium text-link"
                >
                  Explore <ArrowRight className="size-4 transition-transform group-hover:translate-x-0.5" />
                </span>
              </Card>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
