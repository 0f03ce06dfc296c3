import { Users } from 'lucide-react';
import { useState } from 'react';
import { EVENT_MSG, type InviteCandidate } from '@common/events/model';
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
import { SearchInput } from '@web/components/ui/search-input';
import { refusalText } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useInviteCandidates, useInviteSearch } from '../api/get-events';
import { useInvite, useInviteGroup } from '../api/event-mutations';

function CandidateRow({
  candidate: { person, alreadyInvited, via },
  picked,
  onPick,
}: {
  candidate: InviteCandidate;
  picked: boolean;
  onPick: (on: boolean) => void;
}) {
  const id = `invite-${person.id}`;
  return (
    <li className="flex items-center gap-3 py-2">
      <input
        id={id}
        type="checkbox"
        className="size-4 accent-primary"
        disabled={alreadyInvited}
        checked={alreadyInvited || picked}
        onChange={(e) => onPick(e.target.checked)}
      />
      <Avatar src={person.avatarUrl} name={displayName(person)} className="size-8" />
      <label htmlFor={id} className="flex min-w-0 flex-1 flex-col text-sm">
        <span className="truncate">{displayName(person)}</span>
        {via ? (
          <span className="truncate text-xs text-muted-foreground">
            {via.kind === 'connection'
              ? EVENT_MSG.inviteViaConnection
              : EVENT_MSG.inviteViaGroup(via.groupName)}
          </span>
        ) : null}
      </label>
      {alreadyInvited ? (
        <span className="text-xs text-muted-foreground">{EVENT_MSG.alreadyInvited}</span>
      ) : null}
    </li>
  );
}

/**
 * The organizer's invitation picker: a search by name (their connections first, then members of
 * their groups), their connections (or other members when they have none) below it, and their
 * groups to invite whole. People already invited or answering show 'Already invited'.
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
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 200);
  const query = useInviteCandidates(eventId, open);
  const found = useInviteSearch(eventId, open ? q : '');
  const invite = useInvite(eventId);
  const inviteGroup = useInviteGroup(eventId);
  const [picked, setPicked] = useState<Set<string>>(new Set());
  const items = query.data?.pages.flatMap((p) => p.items) ?? [];
  const groups = query.data?.pages[0]?.groups ?? [];
  const source = query.data?.pages[0]?.source;
  const searching = q.length > 0;

  const pick = (id: string, on: boolean) => {
    const next = new Set(picked);
    if (on) next.add(id);
    else next.delete(id);
    setPicked(next);
  };

  const done = (invited: number) => {
    toast.success(EVENT_MSG.invited(invited));
    setPicked(new Set());
    setText('');
    void query.refetch();
    onOpenChange(false);
  };

  const send = () => {
    if (picked.size === 0) {
      toast.error(EVENT_MSG.noUsersSelectedTitle, { description: EVENT_MSG.noUsersSelected });
      return;
    }
    invite.mutate([...picked], {
      onSuccess: ({ invited }) => done(invited),
      onError: (e) => toast.error(EVENT_MSG.invitationsFailed, { description: refusalText(e) ?? '' }),
    });
  };

  const list = (rows: InviteCandidate[], label: string) => (
    <ul className="flex flex-col divide-y divide-border" aria-label={label}>
      {rows.map((c) => (
        <CandidateRow
          key={c.person.id}
          candidate={c}
          picked={picked.has(c.person.id)}
          onPick={(on) => pick(c.person.id, on)}
        />
      ))}
    </ul>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{EVENT_MSG.inviteTitle(title)}</DialogTitle>
          <DialogDescription>
            {searching
              ? EVENT_MSG.inviteFound
              : source === 'members'
                ? EVENT_MSG.inviteFromMembers
                : EVENT_MSG.inviteFromConnections}
          </DialogDescription>
        </DialogHeader>
        <SearchInput
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-label={EVENT_MSG.inviteSearchLabel}
          placeholder={EVENT_MSG.inviteSearchPlaceholder}
          maxLength={100}
        />
        {searching ? (
          found.isPending ? (
            <p role="status" className="text-sm text-muted-foreground">
              Loading…
            </p>
          ) : found.isError ? (
            <LoadError message={EVENT_MSG.invitationsFailed} onRetry={found.refetch} />
          ) : found.data.items.length === 0 ? (
            <p className="text-sm text-muted-foreground">{EVENT_MSG.noneFound}</p>
          ) : (
            list(found.data.items, EVENT_MSG.inviteFound)
          )
        ) : query.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            Loading…
          </p>
        ) : query.isError ? (
          <LoadError message={EVENT_MSG.invitationsFailed} onRetry={query.refetch} />
        ) : (
          <>
            {items.length === 0 ? (
              <p className="text-sm text-muted-foreground">{EVENT_MSG.nobodyToInvite}</p>
            ) : (
              list(items, EVENT_MSG.invite)
            )}
            <InfiniteListEnd query={query} errorMessage={EVENT_MSG.invitationsFailed} />
            {groups.length > 0 ? (
              <section aria-labelledby="invite-groups" className="grid gap-2 border-t pt-3">
                <h3 id="invite-groups" className="text-sm font-medium">
                  {EVENT_MSG.inviteGroupHeading}
                </h3>
                <ul className="grid gap-2">
                  {groups.map((g) => (
                    <li key={g.id} className="flex items-center gap-3">
                      <Users aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                      <span className="flex min-w-0 flex-1 flex-col text-sm">
                        <span className="truncate">{g.name}</span>
                        <span className="text-xs text-muted-foreground">
                          {EVENT_MSG.groupMembers(g.memberCount)}
                        </span>
                      </span>
                      <Button
                        variant="outline"
                        size="sm"
                        disabled={inviteGroup.isPending || g.memberCount < 2}
                        onClick={() =>
                          inviteGroup.mutate(g.id, {
                            onSuccess: ({ invited }) => done(invited),
                            onError: (e) =>
                              toast.error(EVENT_MSG.invitationsFailed, { description: refusalText(e) ?? '' }),
                          })
                        }
                      >
                        {EVENT_MSG.inviteGroup(g.name)}
                      </Button>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
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
