import { createContext, use, useLayoutEffect, type ReactNode } from 'react';
import { LoadMoreButton } from '@web/components/load-more-button';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card';

/*
 * The look every area's profile section shares (the profile page's slots, in
 * web/areas/profiles/components/profile-slots.tsx, place and isolate them).
 */

/** Inside a shared card: a part tells the card it has something to show. */
export const SharedCardContext = createContext<((shown: boolean) => void) | null>(null);

/**
 * The look of a profile section: a card with an h2 title and an optional action on the right.
 * Inside a shared card it is only its content (the part brings its own sub-heading).
 */
export function ProfileSectionCard({
  title,
  action,
  children,
}: {
  title: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  const report = use(SharedCardContext);
  useLayoutEffect(() => {
    if (!report) return;
    report(true);
    return () => report(false);
  }, [report]);
  if (report) return <div>{children}</div>;
  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-4">
        <CardTitle as="h2">{title}</CardTitle>
        {action}
      </CardHeader>
      <div className="px-4 pb-4 sm:px-6 sm:pb-6">{children}</div>
    </Card>
  );
}

/** The parts of an infinite query a paged section reads. */
export type PagedQuery<T> = {
  data?: { pages: { items: T[] }[] } | undefined;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
};

/** The items of every page loaded so far. */
export function pagedItems<T>(query: PagedQuery<T>): T[] {
  return query.data?.pages.flatMap((page) => page.items) ?? [];
}

/** 'Load more' under a section's list while the query has another page. */
export function SectionLoadMore({
  query,
  className = 'mt-4',
}: {
  query: PagedQuery<unknown>;
  className?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className={`${className} flex justify-center`}>
      <LoadMoreButton onLoad={query.fetchNextPage} isLoading={query.isFetchingNextPage} />
    </div>
  );
}

/**
 * A section that lists a paged query's items: nothing while loading or when there are none,
 * otherwise the card with the list `children` draws and 'Load more'.
 */
export function ProfileListSection<T>({
  title,
  query,
  children,
}: {
  title: string;
  query: PagedQuery<T>;
  children: (items: T[]) => ReactNode;
}) {
  const items = pagedItems(query);
  if (items.length === 0) return null;
  return (
    <ProfileSectionCard title={title}>
      {children(items)}
      <SectionLoadMore query={query} />
    </ProfileSectionCard>
  );
}
