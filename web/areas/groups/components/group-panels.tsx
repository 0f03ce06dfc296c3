import { Link } from 'react-router';
import { useState } from 'react';
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
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useAnswerJoinRequest, useRemoveMember, useSetMemberRole } from '../api/group-actions';
import { useGroupMembers, useJoinRequests } from '../api/get-group';
import { MemberContactActions } from './member-contact-actions';

/** Who an admin may remove: anyone but the group's owner and themself (null: not an admin). */
type Removal = { groupId: string; ownerId: string | null; viewerId: string } | null;

/** 'Remove' on a member's row, for admins: asks first, then removes and says so. */
function RemoveMember({ member, groupId }: { member: GroupMember; groupId: string }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveMember(groupId);
  const name = displayName(member.person);
  // mutateAsync, not mutate's callbacks: the removed member's row (and this dialog) may unmount
  // before the answer arrives when the list refetches, and the toast must still be said.
  const confirm = () =>
    remove.mutateAsync(member.person.id).then(
      () => {
        setOpen(false);
        toast.success(GROUP_MSG.memberRemoved);
      },
      () => toast.error(GROUP_MSG.removeFailed),
    );
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className="h-8 shrink-0 px-2 text-destructive"
        aria-label={`${GROUP_MSG.remove} ${nameAndUsername(member.person)}`}
        title={GROUP_MSG.remove}
        onClick={() => setOpen(true)}
      >
        <UserMinus aria-hidden="true" />
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{GROUP_MSG.removeTitle}</DialogTitle>
            <DialogDescription>{GROUP_MSG.removeConfirm(name)}</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={remove.isPending}>
              {GROUP_MSG.cancel}
            </Button>
            <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
              {GROUP_MSG.remove}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

/** 'Make admin' or 'Make member' on a member's row, for admins: asks first, then changes and says so. */
function MemberRole({ member, groupId }: { member: GroupMember; groupId: string }) {
  const [open, setOpen] = useState(false);
  const setRole = useSetMemberRole(groupId);
  const name = displayName(member.person);
  const toAdmin = member.role !== 'admin';
  const label = toAdmin ? GROUP_MSG.makeAdmin : GROUP_MSG.makeMember;
  const confirm = () =>
    setRole.mutateAsync({ userId: member.person.id, role: toAdmin ? 'admin' : 'member' }).then(
      () => {
        setOpen(false);
        toast.success(GROUP_MSG.roleChanged);
      },
      (e) =>
        toast.error(
          GROUP_MSG.roleFailed,
          isApiError(e) && e.message ? { description: e.message } : undefined,
        ),
    );
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className="h-8 shrink-0 px-2"
        aria-label={`${label} ${nameAndUsername(member.person)}`}
        title={label}
        onClick={() => setOpen(true)}
      >
        {toAdmin ? <ShieldPlus aria-hidden="true" /> : <ShieldMinus aria-hidden="true" />}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{toAdmin ? GROUP_MSG.makeAdminTitle : GROUP_MSG.makeMemberTitle}</DialogTitle>
            <DialogDescription>
              {toAdmin ? GROUP_MSG.makeAdminConfirm(name) : GROUP_MSG.makeMemberConfirm(name)}
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setOpen(false)} disabled={setRole.isPending}>
              {GROUP_MSG.cancel}
            </Button>
            <Button onClick={confirm} disabled={setRole.isPending}>
              {label}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </>
  );
}

function MemberRow({ member, removal = null }: { member: GroupMember; removal?: Removal }) {
  const name = displayName(member.person);
  const removable =
    removal !== null && member.person.id !== removal.ownerId && member.person.id !== removal.viewerId;
  return (
    <li className="flex min-w-0 items-center gap-3 py-2">
      <Avatar src={imageVariantUrl(member.person.avatarUrl, 96)} name={name} className="size-9" />
      <Link
        to={`/profile/${member.person.id}`}
        className="min-w-0 flex-1 truncate rounded-sm text-sm font-medium outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      >
        {name}
      </Link>
      {member.role === 'admin' ? <Badge variant="secondary">{GROUP_MSG.admin}</Badge> : null}
      <MemberContactActions person={member.person} />
      {removable ? <MemberRole member={member} groupId={removal.groupId} /> : null}
      {removable ? <RemoveMember member={member} groupId={removal.groupId} /> : null}
    </li>
  );
}

/** The members sidebar: five members and 'View all N members', which opens the full list. */
export function MembersSidebar({ groupId, removal = null }: { groupId: string; removal?: Removal }) {
  const query = useGroupMembers(groupId, GROUPS.sidebarMembers, true);
  const [open, setOpen] = useState(false);
  const first = query.data?.pages[0];
  return (
    <Card>
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
              <Button variant="link" className="mt-2" onClick={() => setOpen(true)}>
                {GROUP_MSG.viewAllMembers(first!.total)}
              </Button>
            ) : null}
          </>
        )}
      </div>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-h-[85vh] overflow-y-auto">
          <DialogHeader>
            <DialogTitle>{GROUP_MSG.membersHeading}</DialogTitle>
          </DialogHeader>
          {open ? <AllMembers groupId={groupId} removal={removal} /> : null}
        </DialogContent>
      </Dialog>
    </Card>
  );
}

function AllMembers({ groupId, removal }: { groupId: string; removal: Removal }) {
  const query = useGroupMembers(groupId, GROUPS.memberPageSize, true);
  if (query.isPending) return <p role="status">Loading...</p>;
  if (query.isError) return <LoadError message={GROUP_MSG.loadFailed} onRetry={query.refetch} />;
  return (
    <>
      <ul aria-label="All members" className="divide-y divide-border">
        {query.data.pages
          .flatMap((p) => p.items)
          .map((m) => (
            <MemberRow key={m.person.id} member={m} removal={removal} />
          ))}
      </ul>
      <InfiniteListEnd query={query} errorMessage={GROUP_MSG.loadFailed} rootMargin="200px 0px" />
    </>
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
