import { Link } from 'react-router';
import { imageVariantUrl } from '@common/core/uploads';
import { FORUM_MSG, type ForumGroup, type ForumMember } from '@common/forums/model';
import { displayName, nameAndUsername } from '@common/profiles/model';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Spinner } from '@web/components/ui/spinner';
import { refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useMemberAction } from '../api/forum-actions';
import { useForumMembers } from '../api/get-forum-groups';

type Mode = 'members' | 'pending' | 'manage';

const SUCCESS = {
  approve: FORUM_MSG.memberApproved,
  promote: FORUM_MSG.promoted,
  demote: FORUM_MSG.demoted,
  remove: FORUM_MSG.removed,
} as const;

/**
 * The Members tab (everyone), Pending Requests (approve or reject) and Manage (promote, demote,
 * remove), the last two for the owner and moderators. The owner acts on any non-owner,
 * a moderator on plain members only; owner rows have no actions.
 */
export function MemberList({ group, mode }: { group: ForumGroup; mode: Mode }) {
  const status = mode === 'pending' ? 'pending' : 'approved';
  const query = useForumMembers(group.id, status, true);
  const act = useMemberAction(group.id);
  if (query.isPending)
    return (
      <div className="flex justify-center p-6">
        <Spinner />
      </div>
    );
  if (query.isError) return <LoadError message={FORUM_MSG.loadFailed} onRetry={query.refetch} />;
  const members = query.data.pages.flatMap((p) => p.items);
  if (members.length === 0)
    return <p className="p-6 text-center text-sm text-muted-foreground">{FORUM_MSG.noPending}</p>;
  const myRole = group.membership?.role;

  const run = (m: ForumMember, action: 'approve' | 'promote' | 'demote' | 'remove', rejecting = false) =>
    act.mutate(
      { userId: m.person.id, action },
      {
        onSuccess: () => toast.success(rejecting ? FORUM_MSG.requestRejected : SUCCESS[action]),
        onError: (error) => {
          // Only approving has its own failure text; rejecting, promoting, demoting and removing
          // are logged and say why in words (the server's reason, or that it did not happen).
          if (action === 'approve') return toast.error(FORUM_MSG.approveFailed);
          console.error(`Forum member ${rejecting ? 'reject' : action} failed`, error);
          toast.error(refusalText(error) ?? FORUM_MSG.memberActionFailed);
        },
      },
    );

  return (
    <Card className="divide-y divide-border">
      <ul aria-label={mode === 'pending' ? FORUM_MSG.tabPending : FORUM_MSG.tabMembers}>
        {members.map((m) => {
          const name = displayName(m.person);
          const mayAct =
            m.role !== 'owner' && (myRole === 'owner' || (myRole === 'moderator' && m.role === 'member'));
          return (
            <li key={m.person.id} className="flex flex-wrap items-center gap-3 p-3">
              <Avatar src={imageVariantUrl(m.person.avatarUrl, 96)} name={name} className="size-9" />
              <div className="flex min-w-0 flex-1 flex-col">
                <Link to={`/profile/${m.person.id}`} className="truncate text-sm font-medium hover:underline">
                  {name}
                </Link>
                <span className="text-xs text-muted-foreground">@{m.person.username}</span>
              </div>
              <Badge variant={m.role === 'member' ? 'outline' : 'secondary'}>
                {FORUM_MSG.roleLabels[m.role]}
              </Badge>
              {mode === 'pending' ? (
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    aria-label={`${FORUM_MSG.approve} ${nameAndUsername(m.person)}`}
                    onClick={() => run(m, 'approve')}
                    disabled={act.isPending}
                  >
                    {FORUM_MSG.approve}
                  </Button>
                  <Button
                    size="sm"
                    variant="outline"
                    aria-label={`${FORUM_MSG.reject} ${nameAndUsername(m.person)}`}
                    onClick={() => run(m, 'remove', true)}
                    disabled={act.isPending}
                  >
                    {FORUM_MSG.reject}
                  </Button>
                </div>
              ) : null}
              {mode === 'manage' && mayAct ? (
                <div className="flex flex-wrap gap-2">
                  {myRole === 'owner' && m.role === 'member' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`${FORUM_MSG.promote} ${nameAndUsername(m.person)}`}
                      onClick={() => run(m, 'promote')}
                      disabled={act.isPending}
                    >
                      {FORUM_MSG.promote}
                    </Button>
                  ) : null}
                  {myRole === 'owner' && m.role === 'moderator' ? (
                    <Button
                      size="sm"
                      variant="outline"
                      aria-label={`${FORUM_MSG.demote} ${nameAndUsername(m.person)}`}
                      onClick={() => run(m, 'demote')}
                      disabled={act.isPending}
                    >
                      {FORUM_MSG.demote}
                    </Button>
                  ) : null}
                  <Button
                    size="sm"
                    variant="destructive"
                    aria-label={`${FORUM_MSG.remove} ${nameAndUsername(m.person)}`}
                    onClick={() => run(m, 'remove')}
                    disabled={act.isPending}
                  >
                    {FORUM_MSG.remove}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <InfiniteListEnd query={query} errorMessage={FORUM_MSG.loadFailed} />
    </Card>
  );
}
