import { ArrowLeft } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { SEARCH, SEARCH_MSG, searchCountText } from '@common/search/model';
import { SearchBox } from '@web/app/layout/search-box';
import { LoadError } from '@web/components/load-error';
import { isApiError } from '@web/lib/api-client';
import { useSearchResults } from '../api/get-search-results';
import { SearchResultCard, SearchResultSkeleton } from './search-result-card';
import { useLoadOnScroll } from '@web/lib/use-load-on-scroll';
import { LoadMoreButton } from '@web/components/load-more-button';
import { cn } from '@web/lib/cn';

/** Characters of the query the heading shows before an ellipsis. */
const HEADING_QUERY_MAX = 80;

/**
 * Search results for /?search=: Back to Feed, the
 * heading with the count, then people and content a page at a time; the next page loads as the
 * list's end scrolls into view, or with Load more.
 */
export function SearchResults({ query }: { query: string }) {
  const text = query.trim();
  const [searchParams] = useSearchParams();
  const type = searchParams.get('type') ?? undefined;
  const refusal = !text
    ? SEARCH_MSG.queryRequired
    : text.length > SEARCH.queryMax
      ? SEARCH_MSG.queryTooLong
      : null;
  const search = useSearchResults(text, type, refusal === null);
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = search;
  const endRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.title;
    const chars = Array.from(text);
    const shown = chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : text;
    document.title = `Search: ${shown} · Cofound`;
    return () => {
      document.title = previous;
    };
  }, [text]);

  useLoadOnScroll({
    target: endRef,
    enabled: hasNextPage && !isFetchingNextPage && !isFetchNextPageError,
    onLoad: fetchNextPage,
    rootMargin: '0px 0px 400px 0px',
  });

  const firstPage = data?.pages[0];
  const count = firstPage ? searchCountText(firstPage) : null;
  const results = data?.pages.flatMap((page) => page.results) ?? [];

  let status = '';
  if (refusal === null && search.isPending) status = 'Searching…';
  else if (firstPage && count !== null) {
    status =
      data.pages.length > 1
        ? `Showing ${results.length} of ${count} results`
        : `${count} ${firstPage.total === 1 && !firstPage.totalCapped ? 'result' : 'results'}`;
  }

  let body;
  if (refusal !== null) {
    body = <LoadError message={refusal} />;
  } else if (search.isPending) {
    body = (
      <div className="flex flex-col gap-3">
        {Array.from({ length: 4 }, (_, i) => (
          <SearchResultSkeleton key={i} />
        ))}
      </div>
    );
  } else if (!data) {
    // A refusal (the query itself) cannot be fixed by trying again; anything else may be.
    const isRefused = isApiError(search.error) && search.error.status === 400;
    body = (
      <LoadError
        message={isRefused ? search.error.message : SEARCH_MSG.loadFailed}
        onRetry={isRefused ? undefined : search.refetch}
      />
    );
  } else if (results.length === 0) {
    body = (
      <div className="rounded-xl border border-dashed border-border px-6 py-12 text-center">
        <p className="font-medium">{SEARCH_MSG.noResults}</p>
        <p className="mt-1 text-sm text-muted-foreground">{SEARCH_MSG.noResultsHint}</p>
      </div>
    );
  } else {
    body = (
      <>
        <ul aria-label="Search results" className="flex flex-col gap-3">
          {results.map((result) => (
            <li key={`${result.type}:${result.id}`}>
              <SearchResultCard result={result} query={text} />
            </li>
          ))}
        </ul>
        {isFetchNextPageError ? (
          <LoadError message={SEARCH_MSG.loadFailed} onRetry={fetchNextPage} className="pb-0" />
        ) : hasNextPage ? (
          <div ref={endRef} className="mt-6 flex justify-center">
            <LoadMoreButton onLoad={fetchNextPage} isLoading={isFetchingNextPage} size="default" />
          </div>
        ) : null}
      </>
    );
  }

  // A very long query shows its start only; the heading's name and tooltip keep all of it.
  const chars = Array.from(text);
  const shown = chars.length > HEADING_QUERY_MAX ? `${chars.slice(0, HEADING_QUERY_MAX).join('')}…` : text;
  const headingFor = (q: string) =>
    count === null ? `Search results for "${q}"` : SEARCH_MSG.heading(q, count);
  const tabs = firstPage?.types ?? [];
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      {/* The top bar's search box is for wide screens only; phones search again from here. */}
      <SearchBox id="results-search" className="mb-5 md:hidden" />

      <Link
        to="/"
        className="inline-flex items-center gap-1 rounded-sm text-sm font-medium text-link underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        {SEARCH_MSG.backToFeed}
      </Link>

      <h1
        aria-label={shown === text ? undefined : headingFor(text)}
        title={shown === text ? undefined : text}
        className="mt-3 mb-6 text-xl font-semibold tracking-tight wrap-anywhere sm:text-2xl"
      >
        {headingFor(shown)}
      </h1>

      {tabs.length ? <TypeTabs query={text} current={type} types={tabs} /> : null}

      <p role="status" className="sr-only">
        {status}
      </p>

      {body}
    </div>
  );
}

/**
 * A tab per type search knows (All first): links, so a tab is an address to share and Back returns
 * to the one before. The list below shows the chosen type only.
 */
function TypeTabs({
  query,
  current,
  types,
}: {
  query: string;
  current: string | undefined;
  types: { type: string; label: string }[];
}) {
  const hrefOf = (type?: string) =>
    `/?${new URLSearchParams({ search: query, ...(type ? { type } : {}) }).toString()}`;
  const tab = (label: string, type?: string) => {
    const isCurrent = current === type;
    return (
      <li key={type ?? 'all'}>
        <Link
          to={hrefOf(type)}
          aria-current={isCurrent ? 'page' : undefined}
          className={cn(
            'inline-flex h-8 items-center rounded-full border px-3 text-sm font-medium whitespace-nowrap outline-none focus-visible:ring-2 focus-visible:ring-ring',
            isCurrent
              ? 'border-primary bg-primary text-primary-foreground'
              : 'border-border bg-card text-foreground hover:bg-accent',
          )}
        >
          {label}
        </Link>
      </li>
    );
  };
  return (
    <nav aria-label={SEARCH_MSG.tabsLabel} className="-mx-1 mb-5 overflow-x-auto px-1 pb-1">
      <ul className="flex gap-2 sm:flex-wrap">
        {tab(SEARCH_MSG.allTab)}
        {types.map((t) => tab(t.label, t.type))}
      </ul>
    </nav>
  );
}
