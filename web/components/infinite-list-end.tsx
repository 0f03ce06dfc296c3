import { useRef, type ReactNode } from 'react';
import { LoadError } from '@web/components/load-error';
import { LoadMoreButton } from '@web/components/load-more-button';
import { useLoadOnScroll } from '@web/lib/use-load-on-scroll';

/** What a paged list's end needs of its TanStack infinite query. */
export type PagedQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
};

/**
 * The end of an infinite list: the next page loads when it comes within `rootMargin` of view, and it
 * shows Load more (the keyboard's way to page), the failed page's error with a retry, or `end` once
 * everything is shown.
 */
export function InfiniteListEnd({
  query,
  errorMessage,
  retryLabel,
  end = null,
  rootMargin = '600px 0px',
}: {
  query: PagedQuery;
  errorMessage: string;
  retryLabel?: string;
  end?: ReactNode;
  rootMargin?: string;
}) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  useLoadOnScroll({
    target: sentinelRef,
    enabled: query.hasNextPage && !query.isFetchingNextPage && !query.isFetchNextPageError,
    onLoad: query.fetchNextPage,
    rootMargin,
  });
  return (
    <div ref={sentinelRef} className="flex flex-col items-center gap-2 py-6 text-sm text-muted-foreground">
      {query.isFetchNextPageError ? (
        <LoadError
          message={errorMessage}
          onRetry={query.fetchNextPage}
          {...(retryLabel ? { retryLabel } : {})}
          className="py-0"
        />
      ) : query.hasNextPage ? (
        <LoadMoreButton onLoad={query.fetchNextPage} isLoading={query.isFetchingNextPage} />
      ) : (
        end
      )}
    </div>
  );
}
