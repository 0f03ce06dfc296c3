import { QueryClient } from '@tanstack/react-query';
import { Card } from '@web/components/ui/card';
import { renderInLayout } from './render-in-layout';

/** A page of lines in cards: no page's shape in particular, the same on every page. */
function PageSkeleton() {
  return (
    <div className="mx-auto w-full max-w-3xl px-3 py-6 sm:px-6">
      <div className="h-8 w-48 animate-pulse rounded bg-muted" />
      <div className="mt-6 flex flex-col gap-4">
        {[0, 1, 2].map((i) => (
          <Card key={i} className="animate-pulse p-4 sm:p-5">
            <div className="h-4 w-3/4 rounded bg-muted" />
            <div className="mt-2 h-3.5 w-full rounded bg-muted" />
            <div className="mt-2 h-3.5 w-5/6 rounded bg-muted" />
          </Card>
        ))}
      </div>
    </div>
  );
}

/**
 * A member's page before the app's code has run (issue 30): the shared layout as the app draws it
 * until it knows who is signed in (the top bar with its account skeleton, the menu column's
 * skeleton from 768 px on), around a page skeleton. Nothing in it is anyone's: no name, no
 * picture, the same text for every member and every page. scripts/prerender.mjs writes it into
 * #root of dist/web/member.html, which server/lib/static.ts sends to requests with a session
 * cookie; the app's first render replaces it (createRoot empties #root when it first commits).
 * Bundled and called by scripts/prerender.mjs at build.
 */
export function renderMemberFrame(): string {
  // No answer about the session: the layout draws its loading state.
  return renderInLayout(new QueryClient(), PageSkeleton);
}
