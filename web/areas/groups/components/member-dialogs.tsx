import { GROUP_MSG, GROUPS, type GroupMember } from '@common/groups/model';
import { displayName } from '@common/profiles/model';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { Button } from '@web/components/ui/button';
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
import { useRemoveMember, useSetMemberRole } from '../api/group-actions';
import { useGroupMembers } from '../api/get-group';
import { MemberRow, type Removal } from './group-panels';

/*
 * The members column's dialogs, in a chunk of their own: loaded when one is first opened
 * (docs/decisions/043), so the group page's first view does not evaluate the dialog code.
 */

type DialogProps = {
  member: GroupMember;
  groupId: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
};

/** Asks before an admin removes a member, then removes and says so. */
export function RemoveMemberDialog({ member, groupId, open, onOpenChange }: DialogProps) {
  const remove = useRemoveMember(groupId);
  const name = displayName(member.person);
  // mutateAsync, not mutate's callbacks: the removed member's row (and this dialog) may unmount
  // before the answer arrives when the list refetches, and the toast must still be said.
  const confirm = () =>
    remove.mutateAsync(member.person.id).then(
      () => {
        onOpenChange(false);
        toast.success(GROUP_MSG.memberRemoved);
      },
      () => toast.error(GROUP_MSG.removeFailed),
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{GROUP_MSG.removeTitle}</DialogTitle>
          <DialogDescription>{GROUP_MSG.removeConfirm(name)}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={remove.isPending}>
            {GROUP_MSG.cancel}
          </Button>
          <Button variant="destructive" onClick={confirm} disabled={remove.isPending}>
            {GROUP_MSG.remove}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Asks before an admin makes a member an admin (or an admin a member), then changes and says so. */
export function MemberRoleDialog({ member, groupId, open, onOpenChange }: DialogProps) {
  const setRole = useSetMemberRole(groupId);
  const name = displayName(member.person);
  const toAdmin = member.role !== 'admin';
  const label = toAdmin ? GROUP_MSG.makeAdmin : GROUP_MSG.makeMember;
  const confirm = () =>
    setRole.mutateAsync({ userId: member.person.id, role: toAdmin ? 'admin' : 'member' }).then(
      () => {
        onOpenChange(false);
        toast.success(GROUP_MSG.roleChanged);
      },
      (e) =>
        toast.error(
          GROUP_MSG.roleFailed,
          isApiError(e) && e.message ? { description: e.message } : undefined,
        ),
    );
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{toAdmin ? GROUP_MSG.makeAdminTitle : GROUP_MSG.makeMemberTitle}</DialogTitle>
          <DialogDescription>
            {toAdmin ? GROUP_MSG.makeAdminConfirm(name) : GROUP_MSG.makeMemberConfirm(name)}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={setRole.isPending}>
            {GROUP_MSG.cancel}
          </Button>
          <Button onClick={confirm} disabled={setRole.isPending}>
            {label}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** 'View all N members': the whole list, a page at a time as it scrolls. */
export function AllMembersDialog({
  groupId,
  removal,
  open,
  onOpenChange,
}: {
  groupId: string;
  removal: Removal;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[85vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{GROUP_MSG.membersHeading}</DialogTitle>
        </DialogHeader>
        {open ? <AllMembers groupId={groupId} removal={removal} /> : null}
      </DialogContent>
    </Dialog>
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
