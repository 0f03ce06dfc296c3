import { useState } from 'react';
import { CONNECTION_MSG, PROFILE_MSG, PROFILES } from '@common/profiles/model';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card';
import { useMutualFriends } from '../api/get-mutual-friends';
import { PersonRow, PersonRowSkeleton } from './person-row';

/** Friends the viewer shares with the person: six, then 'Show All'. */
export function MutualFriendsCard({ userId }: { userId: string }) {
  const query = useMutualFriends(userId);
  const [isShowingAll, setIsShowingAll] = useState(false);
  const items = query.data?.items ?? [];
  const total = query.data?.total ?? 0;
  const shown = isShowingAll ? items : items.slice(0, PROFILES.mutualFriendsShown);
  const listId = `mutual-friends-${userId}`;

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-4">
        <CardTitle as="h2">
          Mutual Friends
          {query.data && total > 0 ? (
            <span className="ml-2 text-sm font-normal text-muted-foreground tabular-nums">{total}</span>
          ) : null}
        </CardTitle>
        {items.length > PROFILES.mutualFriendsShown ? (
          <Button
            variant="link"
            size="sm"
            aria-expanded={isShowingAll}
            aria-controls={listId}
            onClick={() => setIsShowingAll((v) => !v)}
          >
            {isShowingAll ? CONNECTION_MSG.showLess : CONNECTION_MSG.showAll}
          </Button>
        ) : null}
      </CardHeader>
      <div className="px-4 pb-4 sm:px-6 sm:pb-6">
        {query.isPending ? (
          <div role="status" aria-label="Loading mutual friends" className="grid gap-x-4 sm:grid-cols-2">
            {Array.from({ length: PROFILES.mutualFriendsShown }, (_, i) => (
              <PersonRowSkeleton key={i} />
            ))}
          </div>
        ) : query.isError ? (
          <LoadError message={PROFILE_MSG.loadFailed} onRetry={query.refetch} />
        ) : items.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{CONNECTION_MSG.noMutual}</p>
        ) : (
          <ul
            id={listId}
            aria-label="Mutual friends"
            className="grid max-h-[300px] gap-x-4 overflow-y-auto pr-1 sm:grid-cols-2"
          >
            {shown.map((person) => (
              <li key={person.id} className="min-w-0">
                <PersonRow person={person} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
