import { Check, X } from 'lucide-react';
import { CONNECTION_MSG, displayName, type FriendRequest } from '@common/profiles/model';
import { LoadError } from '@web/components/load-error';
import { RelativeTime } from '@web/components/relative-time';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card';
import { useFriendRequests } from '../api/get-friend-requests';
import { useAnswerFriendRequest } from '../api/use-connection-mutations';
import { PersonRow, PersonRowSkeleton } from './person-row';

/** Pending friend requests to the viewer, on their own profile: accept or reject each. */
export function FriendRequestsCard({ viewerId }: { viewerId: string }) {
  const query = useFriendRequests();
  const answer = useAnswerFriendRequest(viewerId);
  const requests = query.data ?? [];

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between gap-2 pb-4">
        <CardTitle as="h2">Friend Requests</CardTitle>
        {requests.length > 0 ? (
          <Badge>
            {requests.length}
            <span className="sr-only"> pending</span>
          </Badge>
        ) : null}
      </CardHeader>
      <div className="px-4 pb-4 sm:px-6 sm:pb-6">
        {query.isPending ? (
          <div role="status" aria-label="Loading friend requests">
            {Array.from({ length: 3 }, (_, i) => (
              <PersonRowSkeleton key={i} />
            ))}
          </div>
        ) : query.isError ? (
          <LoadError message={CONNECTION_MSG.requestsLoadFailed} onRetry={query.refetch} />
        ) : requests.length === 0 ? (
          <p className="py-10 text-center text-sm text-muted-foreground">{CONNECTION_MSG.noRequests}</p>
        ) : (
          <ul aria-label="Friend requests" className="flex max-h-[300px] flex-col overflow-y-auto pr-1">
            {requests.map((request) => (
              <li key={request.id}>
                <RequestRow
                  request={request}
                  onAnswer={(accept) => answer.mutate({ userId: request.from.id, accept })}
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}

function RequestRow({ request, onAnswer }: { request: FriendRequest; onAnswer: (accept: boolean) => void }) {
  const name = displayName(request.from);
  return (
    <div className="flex flex-col gap-1 py-1 sm:flex-row sm:items-center">
      <PersonRow person={request.from} className="min-w-0 flex-1" />
      <div className="flex items-center gap-2 pl-15 sm:pl-0">
        <RelativeTime value={request.createdAt} className="mr-1" />
        <Button size="sm" onClick={() => onAnswer(true)} aria-label={`${CONNECTION_MSG.accept} ${name}`}>
          <Check aria-hidden="true" />
          {CONNECTION_MSG.accept}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => onAnswer(false)}
          aria-label={`${CONNECTION_MSG.reject} ${name}`}
        >
          <X aria-hidden="true" />
          {CONNECTION_MSG.reject}
        </Button>
      </div>
    </div>
  );
}
