import { ArrowLeft, LogIn } from 'lucide-react';
import { useLayoutEffect } from 'react';
import { Link } from 'react-router';
import { MSG } from '@common/core/texts';
import { SEARCH_MSG } from '@common/search/model';
import type { AuthNavigationState } from '@web/app/providers/sign-in-prompt';
import { revealApp } from '@web/app/prerender/handover';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';

/**
 * A visitor's /?search=: search needs an account (it looks through people, and what a member may
 * see), so the page says so with the sign-in prompt's texts and a way to sign in, where the
 * results would be. It replaces a prerendered welcome page at once.
 */
export function VisitorSearch({ query }: { query: string }) {
  useLayoutEffect(() => revealApp(), []);
  const chars = Array.from(query);
  const shown = chars.length > 80 ? `${chars.slice(0, 80).join('')}…` : query;
  const state: AuthNavigationState = { action: SEARCH_MSG.visitorAction };
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <Link
        to="/"
        className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-link underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {SEARCH_MSG.backToFeed}
      </Link>
      <h1 title={query} className="mt-3 mb-6 text-xl font-semibold tracking-tight wrap-anywhere sm:text-2xl">
        {`Search results for "${shown}"`}
      </h1>
      <Card
        role="region"
        aria-label={MSG.signInRequiredTitle}
        className="flex flex-col items-center gap-3 p-8 text-center"
      >
        <h2 className="text-lg font-semibold">{MSG.signInRequiredTitle}</h2>
        <p className="text-sm">{MSG.signInRequired(SEARCH_MSG.visitorAction)}</p>
        <p className="text-sm text-muted-foreground">{MSG.signInRequiredHint}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button asChild>
            <Link to="/auth" state={state}>
              <LogIn aria-hidden="true" />
              Sign in
            </Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/auth?tab=signup" state={state}>
              {MSG.createAccount}
            </Link>
          </Button>
        </div>
      </Card>
    </div>
  );
}
