import { ArrowLeft, Search } from 'lucide-react';
import { Link } from 'react-router';
import { Card } from '@web/components/ui/card';

/** Stands in for search results until the search issue lands. */
export function SearchPlaceholder({ query }: { query: string }) {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:px-6">
      <Link
        to="/"
        className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-link underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to Feed
      </Link>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight break-words">Search results for "{query}"</h1>
      <Card className="mt-6 flex flex-col items-center px-6 py-12 text-center">
        <div className="mb-4 flex size-12 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
          <Search aria-hidden="true" className="size-6" />
        </div>
        <p className="font-medium">Search is not built yet.</p>
        <p className="mt-2 max-w-md text-sm text-muted-foreground">
          Searching people, articles, groups, events and business pages is coming soon.
        </p>
      </Card>
    </div>
  );
}
