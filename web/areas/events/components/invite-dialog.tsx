import { useState } from 'react';
import { EVENT_MSG } from '@common/events/model';
import { displayName } from '@common/profiles/model';
import { InfiniteListEnd } from '@web/components/infinite-list-end';
import { LoadError } from '@web/components/load-error';
import { Avatar } from '@web/components/ui/avatar';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { toast } from '@web/lib/toast';
import { useInviteCandidates } from '../api/get-events';
import { useInvite } from '../api/event-mutations';

/**
 * The organizer's invitation picker: their connections, or other members when they
 * have none; people already invited or answering show 'Already invited' and cannot be picked.
 */
export function InviteDialog({
  eventId,
  title,
  open,
  onOpenChange,
}: {
  eventId: string;
  title: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const query = useInviteCandidates(eventId, open);
  const invite = useInvite(eventId);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const source = query.data?.pages[0]?.source;

  const send = () => {
    if (picked.size === 0) {
      toast.error(EVENT_MSG.noUsersSelectedTitle, { description: EVENT_MSG.noUsersSelected });
      return;
    }
    invite.mutate([...picked], {
      onSuccess: ({ invited }) => {
        toast.success(EVENT_MSG.invited(invited));
        setPicked(new Set());
        void query.refetch();
        onOpenChange(false);
      },
      onError: () => toast.error(EVENT_MSG.invitationsFailed),
    });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{EVENT_MSG.inviteTitle(title)}</DialogTitle>
          <DialogDescription>
            {source === 'members' ? EVENT_MSG.inviteFromMembers : EVENT_MSG.inviteFromConnections}
          </DialogDescription>
        </DialogHeader>
        {query.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading…
          </p>
        ) : query.isError ? (
          <LoadError message={EVENT_MSG.invitationsFailed} onRetry={query.refetch} />
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">{EVENT_MSG.nobodyToInvite}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border" aria-label={EVENT_MSG.invite}>
            {items.map(({ person, alreadyInvited }) => {
              const id = `invite-${person.id}`;
              return (
                <li key={person.id} className="flex items-center gap-3 py-2">
                  <input
                    id={id}
                    type="checkbox"
                    className="size-4 accent-primary"
                    disabled={alreadyInvited}
                    checked={alreadyInvited || picked.has(person.id)}
                    onChange={(e) => {
                      const next = new Set(picked);
                      if (e.target.checked) next.add(person.id);
                      else next.delete(person.id);
                      setPicked(next);
                    }}
                  />
                  <Avatar src={person.avatarUrl} name={displayName(person)} className="size-8" />
                  <label htmlFor={id} className="min-w-0 flex-1 truncate text-sm">
                    {displayName(person)}
                  </label>
                  {alreadyInvited ? (
                    <span className="text-xs text-muted-foreground">{EVENT_MSG.alreadyInvited}</span>
                  ) : null}
                </li>
              );
            })}
          </ul>
        )}
        <InfiniteListEnd query={query} errorMessage={EVENT_MSG.invitationsFailed} />
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {EVENT_MSG.cancel}
          </Button>
          <Button onClick={send} disabled={invite.isPending}>
            {EVENT_MSG.sendInvitations}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
