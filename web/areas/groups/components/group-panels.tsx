import { Link } from 'react-router';
import { lazy, useRef, useState } from 'react';
import { imageVariantUrl } from '@common/core/uploads';
import { GROUP_MSG, GROUPS, type GroupMember } from '@common/groups/model';
import { displayName, nameAndUsername } from '@common/profiles/model';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { ShieldMinus, ShieldPlus, UserMinus } from 'lucide-react';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardHeader, CardTitle } from '@web/components/ui/card';
import { toast } from '@web/lib/toast';
import { useNearView } from '@web/components/when-near-view';
import { useAnswerJoinRequest } from '../api/group-actions';
import { useGroupMembers, useJoinRequests } from '../api/get-group';
import { MemberContactActions } from './member-contact-actions';
import { OnceOpened } from './on-demand';

/** Who an admin may remove: anyone but the group's owner and themself (null: not an admin). */
export type Removal = { groupId: string; ownerId: string | null; viewerId: string } | null;

/* The dialogs come in a chunk of their own, once one is opened (docs/decisions/043). */
const loadDialogs = () => void import('./member-dialogs');
const RemoveMemberDialog = lazy(() =>
  import('./member-dialogs').then((m) => ({ default: m.RemoveMemberDialog })),
);
const MemberRoleDialog = lazy(() =>
  import('./member-dialogs').then((m) => ({ default: m.MemberRoleDialog })),
);
const AllMembersDialog = lazy(() =>
  import('./member-dialogs').then((m) => ({ default: m.AllMembersDialog })),
);

/** 'Remove' on a member's row, for admins: asks first, then removes and says so. */
function RemoveMember({ member, groupId }: { member: GroupMember; groupId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className="h-8 shrink-0 px-2 text-destructive"
        aria-label={`${GROUP_MSG.remove} ${nameAndUsername(member.person)}`}
        title={GROUP_MSG.remove}
        onPointerEnter={loadDialogs}
        onFocus={loadDialogs}
        onClick={() => setOpen(true)}
      >
        <UserMinus aria-hidden="true" />
      </Button>
      <OnceOpened open={open}>
        <RemoveMemberDialog member={member} groupId={groupId} open={open} onOpenChange={setOpen} />
      </OnceOpened>
    </>
  );
}

/** 'Make admin' or 'Make member' on a member's row, for admins: asks first, then changes and says so. */
function MemberRole({ member, groupId }: { member: GroupMember; groupId: string }) {
  const [open, setOpen] = useState(false);
  const toAdmin = member.role !== 'admin';
  const label = toAdmin ? GROUP_MSG.makeAdmin : GROUP_MSG.makeMember;
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className="h-8 shrink-0 px-2"
        aria-label={`${label} ${nameAndUsername(member.person)}`}
        title={label}
        onPointerEnter={loadDialogs}
        onFocus={loadDialogs}
        onClick={() => setOpen(true)}
      >
        {toAdmin ? <ShieldPlus aria-hidden="true" /> : <ShieldMinus aria-hidden="true" />}
      </Button>
      <OnceOpened open={open}>
        <MemberRoleDialog member={member} groupId={groupId} open={open} onOpenChange={setOpen} />
      </OnceOpened>
    </>
  );
}

export function MemberRow({ member, removal = null }: { member: GroupMember; removal?: Removal }) {
  const name = displayName(member.person);
  const removable =
    removal !== null && member.person.id !== removal.ownerId && member.person.id !== removal.viewerId;
  // The name keeps at least 8rem: where the buttons leave it less (an admin's row has four in a
  // 20rem column), they wrap onto a line of their own under the name.
  return (
    <li className="flex min-w-0 items-center gap-3 py-2">
      <Avatar src={imageVariantUrl(member.person.avatarUrl, 96)} name={name} className="size-9" />
      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-end gap-x-2 gap-y-1">
        <div className="flex min-w-0 grow basis-32 items-center gap-2">
          <Link
            to={`/profile/${member.person.id}`}
            className="min-w-0 truncate rounded-sm text-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {name}
          </Link>
          {member.role === 'admin' ? (
            <Badge variant="secondary" className="shrink-0">
              {GROUP_MSG.admin}
            </Badge>
          ) : null}
        </div>
        <div className="flex shrink-0 items-center gap-1">
          <MemberContactActions person={member.person} />
          {removable ? <MemberRole member={member} groupId={removal.groupId} /> : null}
          {removable ? <RemoveMember member={member} groupId={removal.groupId} /> : null}
        </div>
      </div>
    </li>
  );
}

/**
 * The members sidebar: five members and 'View all N members', which opens the full list. Below
 * 1024 px it is under the posts: it reads its members only when it nears the screen, and shows
 * its loading rows until then (docs/decisions/043).
 */
export function MembersSidebar({ groupId, removal = null }: { groupId: string; removal?: Removal }) {
  const ref = useRef<HTMLDivElement>(null);
  const isNear = useNearView(ref, '300px 0px');
  const query = useGroupMembers(groupId, GROUPS.sidebarMembers, isNear);
  const [open, setOpen] = useState(false);
  const first = query.data?.pages[0];
  return (
    <Card ref={ref}>
      <CardHeader className="pb-2">
        <CardTitle as="h2">{GROUP_MSG.membersHeading}</CardTitle>
      </CardHeader>
      <div className="px-4 pb-4 sm:px-6">
        {query.isPending ? (
          <div role="status" aria-label="Loading members" className="flex animate-pulse flex-col gap-3 py-2">
            {[0, 1, 2].map((i) => (
              <div key={i} aria-hidden="true" className="flex items-center gap-3">
                <div className="size-9 rounded-full bg-muted" />
                <div className="h-3.5 w-28 rounded bg-muted" />
              </div>
            ))}
          </div>
        ) : query.isError ? (
          <LoadError message={GROUP_MSG.loadFailed} onRetry={query.refetch} align="start" />
        ) : (
          <>
            <ul aria-label={GROUP_MSG.membersHeading} className="divide-y divide-border">
              {first!.items.map((m) => (
                <MemberRow key={m.person.id} member={m} removal={removal} />
              ))}
            </ul>
            {first!.total > GROUPS.sidebarMembers ? (
              <Button
                variant="link"
                className="mt-2"
                onPointerEnter={loadDialogs}
                onFocus={loadDialogs}
                onClick={() => setOpen(true)}
              >
                {GROUP_MSG.viewAllMembers(first!.total)}
              </Button>
            ) : null}
          </>
        )}
      </div>
      <OnceOpened open={open}>
        <AllMembersDialog groupId={groupId} removal={removal} open={open} onOpenChange={setOpen} />
      </OnceOpened>
    </Card>
  );
}

/** The admins' Join Requests panel: pending requests with Approve and Reject. */
export function JoinRequestsPanel({ groupId }: { groupId: string }) {
  const query = useJoinRequests(groupId, true);
  const answer = useAnswerJoinRequest(groupId);
  const requests = query.data?.pages.flatMap((p) => p.items) ?? [];
  const act = (requestId: string, approve: boolean) =>
    answer.mutate(
      { requestId, approve },
      {
        onSuccess: () => toast.success(approve ? GROUP_MSG.requestApproved : GROUP_MSG.requestRejected),
        onError: () => toast.error(approve ? GROUP_MSG.approveFailed : GROUP_MSG.rejectFailed),
      },
    );
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h2">
          {GROUP_MSG.joinRequests}
          {requests.length ? (
            <span className="ml-2 text-sm font-normal text-muted-foreground">({requests.length})</span>
          ) : null}
        </CardTitle>
      </CardHeader>
      <div className="px-4 pb-4 sm:px-6">
        {query.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading...
          </p>
        ) : query.isError ? (
          <LoadError message={GROUP_MSG.requestsFailed} onRetry={query.refetch} align="start" />
        ) : requests.length === 0 ? (
          <p className="text-sm text-muted-foreground">{GROUP_MSG.noJoinRequests}</p>
        ) : (
          <ul aria-label={GROUP_MSG.joinRequests} className="divide-y divide-border">
            {requests.map((r) => {
              const name = displayName(r.person);
              return (
                <li key={r.id} className="flex flex-wrap items-center gap-2 py-2">
                  <Avatar src={imageVariantUrl(r.person.avatarUrl, 96)} name={name} className="size-9" />
                  <span className="min-w-0 flex-1 truncate text-sm font-medium">{name}</span>
                  <div className="flex gap-2">
                    <Button
                      size="sm"
                      onClick={() => act(r.id, true)}
                      disabled={answer.isPending}
                      aria-label={`${GROUP_MSG.approve} ${name}`}
                    >
                      {GROUP_MSG.approve}
                    </Button>
                    <Button
                      size="sm"
                      variant="outline"
                      onClick={() => act(r.id, false)}
                      disabled={answer.isPending}
                      aria-label={`${GROUP_MSG.reject} ${name}`}
                    >
                      {GROUP_MSG.reject}
                    </Button>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {query.hasNextPage ? <InfiniteListEnd query={query} errorMessage={GROUP_MSG.requestsFailed} /> : null}
      </div>
    </Card>
  );
}
