import { FileText } from 'lucide-react';
import { lazy, Suspense, useId } from 'react';
import { Link } from 'react-router';
import { SEARCH_MSG, type SearchResult } from '@common/search/model';
import { imageVariantUrl } from '@common/core/uploads';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { loadPersonResultActions } from '@web/areas/profiles/public';
import { useMe } from '@web/lib/me';
import { highlightMatch } from './highlight-match';

const PersonResultActions = lazy(() =>
  loadPersonResultActions().then((m) => ({ default: m.PersonResultActions })),
);

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * One result, drawn from what the server says of it: picture, title (the matched part marked), the
 * badge its provider registered, description, category and date, and View Details. The View Details link covers the whole card for pointers, so the card
 * stays a single stop for the keyboard; its name carries the title to tell the links apart.
 */
export function SearchResultCard({ result, query }: { result: SearchResult; query: string }) {
  const titleId = useId();
  const { viewer } = useMe();
  const date = result.date ? new Date(result.date) : null;
  const hasDate = date !== null && !Number.isNaN(date.getTime());

  return (
    <article
      aria-labelledby={titleId}
      className="relative grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-3 rounded-xl border border-border bg-card p-4 text-card-foreground shadow-sm transition-colors hover:border-ring/60 sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:gap-x-4 sm:p-5"
    >
      <ResultPicture result={result} />

      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h2 id={titleId} className="min-w-0 text-base leading-snug font-semibold wrap-anywhere">
            {highlightMatch(result.title, query)}
          </h2>
          <Badge variant="secondary">{result.label}</Badge>
        </div>
        {result.description ? (
          <p className="mt-1 line-clamp-3 text-sm text-muted-foreground wrap-anywhere sm:line-clamp-2">
            {result.description}
          </p>
        ) : null}
        {result.category || hasDate ? (
          <p className="mt-2 flex flex-wrap items-center gap-x-1.5 text-xs text-muted-foreground">
            {result.category ? <span className="wrap-anywhere">{result.category}</span> : null}
            {result.category && hasDate ? <span aria-hidden="true">·</span> : null}
            {hasDate ? (
              <time dateTime={result.date ?? undefined}>
                {result.type === 'user' ? 'Joined ' : ''}
                {dateFormat.format(date)}
              </time>
            ) : null}
          </p>
        ) : null}
        {result.type === 'user' && viewer && viewer.id !== result.id ? (
          // Above the card-wide View Details link, so they take their own clicks.
          <div className="relative z-10 mt-3">
            <Suspense fallback={null}>
              <PersonResultActions viewerId={viewer.id} userId={result.id} name={result.title} />
            </Suspense>
          </div>
        ) : null}
      </div>

      <Button
        asChild
        variant="outline"
        size="sm"
        className="col-start-2 justify-self-start after:absolute after:inset-0 after:rounded-xl sm:col-start-3 sm:row-start-1 sm:self-center"
      >
        <Link to={result.url} aria-label={`${SEARCH_MSG.viewDetails}: ${result.title}`}>
          {SEARCH_MSG.viewDetails}
        </Link>
      </Button>
    </article>
  );
}

function ResultPicture({ result }: { result: SearchResult }) {
  if (result.type === 'user') {
    return <Avatar src={imageVariantUrl(result.imageUrl, 96)} name={result.title} className="size-12" />;
  }
  if (result.imageUrl) {
    return (
      <img
        src={imageVariantUrl(result.imageUrl, 96)}
        alt=""
        loading="lazy"
        className="size-12 shrink-0 rounded-lg bg-muted object-cover"
      />
    );
  }
  // Content without a picture of its own.
  return (
    <span
      aria-hidden="true"
      className="flex size-12 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground"
    >
      <FileText className="size-5" />
    </span>
  );
}

/** A grey stand-in of a result while the search runs. */
export function SearchResultSkeleton() {
  return (
    <div
      aria-hidden="true"
      className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-3 rounded-xl border border-border bg-card p-4 shadow-sm sm:grid-cols-[auto_minmax(0,1fr)_auto] sm:gap-x-4 sm:p-5"
    >
      <Skeleton className="size-12 rounded-full" />
      <div className="space-y-2 pt-1">
        <Skeleton className="h-4 w-2/5" />
        <Skeleton className="h-3 w-4/5" />
        <Skeleton className="h-3 w-1/4" />
      </div>
      <Skeleton className="col-start-2 h-9 w-28 sm:col-start-3 sm:row-start-1 sm:self-center" />
    </div>
  );
}

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} />;
}
