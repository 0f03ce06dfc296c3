import { useDeferredValue, useMemo, useRef } from 'react';
import {
  CONNECTION_LISTS,
  CONNECTION_MSG,
  PROFILE_MSG,
  type ConnectionList,
  type ProfileStats,
} from '@common/profiles/model';
import { LoadError } from '@web/components/load-error';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@web/components/ui/tabs';
import { isApiError } from '@web/lib/api-client';
import { useConnections } from '../api/get-connections';
import { PersonRow, PersonRowSkeleton } from './person-row';
import { useLoadOnScroll } from '@web/lib/use-load-on-scroll';

const LABELS: Record<ConnectionList, string> = {
  friends: CONNECTION_MSG.friends,
  followers: 'Followers',
  following: 'Following',
};

const EMPTY: Record<ConnectionList, string> = {
  friends: CONNECTION_MSG.noFriends,
  followers: CONNECTION_MSG.noFollowers,
  following: CONNECTION_MSG.noFollowing,
};

/** Friends, followers and following of a person, each list scrolling within 300 px. */
export function ConnectionsCard({
  userId,
  stats,
  tab,
  onTabChange,
}: {
  userId: string;
  stats: ProfileStats | null;
  tab: ConnectionList;
  onTabChange: (tab: ConnectionList) => void;
}) {
  const counts: Record<ConnectionList, number | undefined> = {
    friends: stats?.friends,
    followers: stats?.followers,
    following: stats?.following,
  };
  return (
    <Card id="connections" className="scroll-mt-20">
      <CardHeader className="pb-4">
        <CardTitle as="h2">Connections</CardTitle>
      </CardHeader>
      <div className="px-4 pb-4 sm:px-6 sm:pb-6">
        <Tabs value={tab} onValueChange={(value) => onTabChange(value as ConnectionList)}>
          <TabsList>
            {CONNECTION_LISTS.map((list) => (
              <TabsTrigger key={list} value={list} className="gap-1.5 px-2">
                {LABELS[list]}
                {counts[list] !== undefined ? (
                  <span className="text-xs text-muted-foreground tabular-nums">{counts[list]}</span>
                ) : null}
              </TabsTrigger>
            ))}
          </TabsList>
          {CONNECTION_LISTS.map((list) => (
            <TabsContent key={list} value={list}>
              <PeopleList userId={userId} list={list} />
            </TabsContent>
          ))}
        </Tabs>
      </div>
    </Card>
  );
}

/** One list; the next page loads as its end scrolls into view. */
function PeopleList({ userId, list }: { userId: string; list: ConnectionList }) {
  const query = useConnections(userId, list);
  const scrollRef = useRef<HTMLDivElement>(null);
  const endRef = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const people = useMemo(() => query.data?.pages.flatMap((page) => page.items) ?? [], [query.data]);
  // A page of rows (30) arrives in an urgent update; it is drawn in a background render instead,
  // in short tasks. The next page's trigger waits until every row shown is drawn.
  const shown = useDeferredValue(people);
  const isDrawn = shown === people;

  useLoadOnScroll({
    target: endRef,
    root: scrollRef,
    enabled: hasNextPage && !isFetchingNextPage && isDrawn,
    onLoad: fetchNextPage,
    rootMargin: '0px 0px 120px 0px',
  });

  if (query.isPending) {
    return (
      <div role="status" aria-label={`Loading ${LABELS[list].toLowerCase()}`}>
        {Array.from({ length: 4 }, (_, i) => (
          <PersonRowSkeleton key={i} />
        ))}
      </div>
    );
  }

  if (query.isError) {
    const forbidden = isApiError(query.error) && query.error.status === 403;
    return (
      <LoadError
        message={forbidden ? PROFILE_MSG.restricted : PROFILE_MSG.loadFailed}
        onRetry={forbidden ? undefined : query.refetch}
      />
    );
  }

  if (people.length === 0) {
    return <p className="py-10 text-center text-sm text-muted-foreground">{EMPTY[list]}</p>;
  }

  return (
    <div ref={scrollRef} className="max-h-[300px] overflow-y-auto overscroll-contain pr-1">
      <ul aria-label={LABELS[list]} className="flex flex-col">
        {shown.map((person) => (
          <li key={person.id}>
            <PersonRow person={person} className="hover:bg-accent/60" />
          </li>
        ))}
      </ul>
      {hasNextPage && isDrawn ? (
        <div ref={endRef} className="flex h-10 items-center justify-center">
          {isFetchingNextPage ? <Spinner label="Loading more" className="text-muted-foreground" /> : null}
        </div>
      ) : null}
    </div>
  );
}
