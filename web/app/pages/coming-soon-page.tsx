import { Construction } from 'lucide-react';
import { Link, useMatches } from 'react-router';
import { Button } from '@web/components/ui/button';
import { findHandleValue } from '../routing/route-handle';

/** Stands in for every area that a later issue builds; the section name comes from the route handle. */
export function ComingSoonPage() {
  const section = findHandleValue(useMatches(), 'section') ?? 'This section';
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <div className="mb-6 flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Construction aria-hidden="true" className="size-7" />
      </div>
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{section}</h1>
      <p className="mt-3 text-muted-foreground">
        This section is coming soon. We are building it right now, so check back shortly.
      </p>
      <Button asChild variant="outline" className="mt-8">
        <Link to="/">Back to News Feed</Link>
      </Button>
    </div>
  );
}
