import { useId, useState } from 'react';
import { GROUP_MSG, GROUPS } from '@common/groups/model';
import { ZInvite } from '@common/groups/schemas';
import { displayName } from '@common/profiles/model';
import { Button } from '@web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@web/components/ui/dialog';
import { Field } from '@web/components/ui/field';
import { Label } from '@web/components/ui/label';
import { isApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { Avatar } from '@web/components/ui/avatar';
import { SearchInput } from '@web/components/ui/search-input';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useInvitable, useInvite } from '../api/group-actions';
import { useGroupMembers } from '../api/get-group';

/** A person found by name, invited with one button (admins). */
function InviteByName({ groupId, onInvited }: { groupId: string; onInvited: () => void }) {
  const [text, setText] = useState('');
  const q = useDebouncedValue(text.trim(), 200);
  const found = useInvitable(groupId, q);
  const invite = useInvite(groupId);
  const items = q && found.data ? found.data.items : [];
  return (
    <div className="grid gap-2">
      <SearchInput
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label={GROUP_MSG.inviteSearchLabel}
        placeholder={GROUP_MSG.inviteSearchPlaceholder}
        maxLength={GROUPS.inviteQueryMax}
      />
      {q && found.data && items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{GROUP_MSG.inviteNobodyFound}</p>
      ) : null}
      {items.length > 0 ? (
        <ul className="grid max-h-60 gap-1 overflow-y-auto" aria-label={GROUP_MSG.inviteSearchLabel}>
          {items.map(({ person, invited }) => (
            <li key={person.id} className="flex items-center gap-3 py-1">
              <Avatar src={person.avatarUrl} name={displayName(person)} className="size-8" />
              <span className="min-w-0 flex-1 truncate text-sm">{displayName(person)}</span>
              <Button
                size="sm"
                variant="outline"
                disabled={invited || invite.isPending}
                aria-label={GROUP_MSG.invitePerson(displayName(person))}
                onClick={() =>
                  invite.mutate(
                    { userId: person.id },
                    {
                      onSuccess: () => {
                        toast.success(GROUP_MSG.invitationSent);
                        onInvited();
                      },
                      onError: (e) =>
                        toast.error(GROUP_MSG.inviteFailed, {
                          description: isApiError(e) ? e.message : '',
                        }),
                    },
                  )
                }
              >
                {invited ? GROUP_MSG.alreadyInvitedShort : GROUP_MSG.invite}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Invite by name or by email (admins): the form's checks, their messages under the field. */
export function InviteDialog({
  groupId,
  open,
  onOpenChange,
}: {
  groupId: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const invite = useInvite(groupId);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = ZInvite.safeParse({ email });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    invite.mutate(
      { email: parsed.data.email },
      {
        onSuccess: () => {
          toast.success(GROUP_MSG.invitationSent);
          setEmail('');
          onOpenChange(false);
        },
        onError: (e) => {
          if (isApiError(e) && e.status >= 400 && e.status < 500 && e.status !== 429) setError(e.message);
          else toast.error(GROUP_MSG.inviteFailed);
        },
      },
    );
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{GROUP_MSG.invitationTitle}</DialogTitle>
          <DialogDescription>{GROUP_MSG.invitationByName}</DialogDescription>
        </DialogHeader>
        <InviteByName groupId={groupId} onInvited={() => onOpenChange(false)} />
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          <Field
            label={GROUP_MSG.invitationEmail}
            type="email"
            name="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={error}
          />
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {GROUP_MSG.cancel}
            </Button>
            <Button type="submit" disabled={invite.isPending}>
              {GROUP_MSG.sendInvitation}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** The last admin leaving: they name another member as admin first. */
export function NewAdminDialog({
  groupId,
  viewerId,
  open,
  onOpenChange,
  onConfirm,
  isBusy,
}: {
  groupId: string;
  viewerId: string;
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onConfirm: (newAdminId: string) => void;
  isBusy: boolean;
}) {
  const members = useGroupMembers(groupId, GROUPS.pageMax, open);
  const [chosen, setChosen] = useState('');
  const selectId = useId();
  const others = (members.data?.pages.flatMap((p) => p.items) ?? []).filter((m) => m.person.id !== viewerId);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{GROUP_MSG.leaveGroup}</DialogTitle>
          <DialogDescription>{GROUP_MSG.lastAdmin}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-2">
          <Label htmlFor={selectId}>New admin</Label>
          <select
            id={selectId}
            value={chosen}
            onChange={(e) => setChosen(e.target.value)}
            className="h-10 rounded-md border border-input bg-card px-3 text-sm"
          >
            <option value="">Choose a member</option>
            {others.map((m) => (
              <option key={m.person.id} value={m.person.id}>
                {displayName(m.person)}
              </option>
            ))}
          </select>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {GROUP_MSG.cancel}
          </Button>
          <Button variant="destructive" disabled={!chosen || isBusy} onClick={() => onConfirm(chosen)}>
            {GROUP_MSG.leaveGroup}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
