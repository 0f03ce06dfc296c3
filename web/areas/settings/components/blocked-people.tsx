import { Link } from 'react-router';
import { MSG } from '@common/core/texts';
import { SETTINGS_MSG, displayName, type BlockedPerson } from '@common/profiles/model';
import { LoadError } from '@web/components/load-error';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { PageSpinner, Spinner } from '@web/components/ui/spinner';
import { isApiError } from '@web/lib/api-client';
import { useBlocked } from '../api/get-blocked';
import { useUnblockPerson } from '../api/unblock-person';

function BlockedRow({ person }: { person: BlockedPerson }) {
  const unblock = useUnblockPerson();
  const name = displayName(person);
  return (
    <li className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
      <Link
        to={`/profile/${person.id}`}
        className="flex min-w-0 flex-1 items-center gap-3 rounded-md outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Avatar src={person.avatarUrl} name={name} />
        <span className="grid min-w-0">
          <span className="truncate text-sm font-medium hover:underline">{name}</span>
          <span className="truncate text-xs text-muted-foreground">
            {person.title ?? `@${person.username}`}
          </span>
        </span>
      </Link>
      <Button
        variant="outline"
        size="sm"
        onClick={() => unblock.mutate(person)}
        disabled={unblock.isPending}
        aria-label={`Unblock ${name}`}
      >
        {unblock.isPending ? <Spinner /> : null}
        Unblock
      </Button>
    </li>
  );
}

/** People the viewer blocked, each with a link to their profile and an Unblock button. */
export function BlockedPeople() {
  const blocked = useBlocked();
  const people = blocked.data ?? [];

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" id="blocked-people-heading">
          Blocked people
        </CardTitle>
        <CardDescription>
          People you block cannot find you in search or the feed, message you, follow you or send you
          requests, and you do not see them either. Unblocking someone does not bring back a follow or a
          friendship.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {blocked.isPending ? (
          <PageSpinner className="min-h-20" />
        ) : blocked.isError && !blocked.data ? (
          <LoadError
            align="start"
            message={
              isApiError(blocked.error) && blocked.error.code !== 'NETWORK'
                ? blocked.error.message
                : MSG.unexpected
            }
            onRetry={blocked.refetch}
          />
        ) : people.length === 0 ? (
          <p className="text-sm text-muted-foreground">{SETTINGS_MSG.noBlocked}</p>
        ) : (
          <ul aria-labelledby="blocked-people-heading" className="divide-y divide-border">
            {people.map((person) => (
              <BlockedRow key={person.id} person={person} />
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
