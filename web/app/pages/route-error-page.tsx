import { useLayoutEffect } from 'react';
import { Link, useRouteError } from 'react-router';
import { FIRST_VIEW_MSG as MSG } from '@common/core/first-view-texts';
import { Button } from '@web/components/ui/button';
import { revealApp } from '../prerender/handover';

/**
 * Error boundary for the route tree. A failed dynamic import (a new deploy replaced the chunks)
 * is the common case, so the main action reloads the page.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  useLayoutEffect(revealApp, []);

  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center sm:py-24">
      <h1 className="text-2xl font-semibold tracking-tight">{MSG.unexpected}</h1>
      <p className="mt-3 text-muted-foreground">
        Please reload the page. If it keeps happening, try again later.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button onClick={() => window.location.reload()}>Reload page</Button>
        <Button asChild variant="outline">
          <Link to="/" reloadDocument>
            {MSG.returnHome}
          </Link>
        </Button>
      </div>
    </div>
  );
}

/** For errors above the shared layout, which would otherwise leave the page without a main landmark. */
export function RootErrorPage() {
  return (
    <main className="min-h-dvh">
      <RouteErrorPage />
    </main>
  );
}
