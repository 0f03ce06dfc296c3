import { Ban, KeyRound, MoreHorizontal, Shield, ShieldOff, Trash2, Undo2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { ADMIN_MSG, type AdminUser } from '@common/admin/model';
import { useMe } from '@web/lib/me';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { SearchInput } from '@web/components/ui/search-input';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { useAdminUsers } from '../api/get-users';
import { ListState, LoadMore } from './load-more';
import {
  adminName,
  BanDialog,
  DeleteUserDialog,
  RemoveTwoFactorDialog,
  ResetPasswordDialog,
  RoleDialog,
  UnbanDialog,
  type UserAction,
} from './user-dialogs';

const joinedDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/**
 * One person: full name first (username after), badges, and one menu of actions (Radix dropdown)
 * instead of a row of buttons; each action asks first in a dialog, which gives focus back to the
 * menu button when it closes.
 */
function UserRow({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const [open, setOpen] = useState<UserAction | null>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const name = adminName(user);
  const dialog = (action: UserAction) => ({
    user,
    open: open === action,
    onOpenChange: (o: boolean) => setOpen(o ? action : null),
    returnFocus: menuButton,
  });
  const canBan = !user.isBanned && !user.isSuperAdmin && !isSelf;
  const canRole = !isSelf && !user.isBanned;
  return (
    <li className="flex items-center gap-3 py-3" data-user={user.username}>
      <Avatar src={user.avatarUrl} name={name} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span className="truncate font-medium">{name}</span>
          {name !== user.username ? (
            <span className="truncate text-sm text-muted-foreground">@{user.username}</span>
          ) : null}
        </p>
        <p className="truncate text-sm text-muted-foreground">{user.email}</p>
        <p className="flex flex-wrap items-center gap-1.5 pt-1 text-xs text-muted-foreground">
          {user.isSuperAdmin ? <Badge>{ADMIN_MSG.superAdminBadge}</Badge> : null}
          {user.isBanned ? <Badge variant="destructive">{ADMIN_MSG.banned}</Badge> : null}
          {user.emailVerified ? null : <Badge variant="outline">{ADMIN_MSG.unconfirmed}</Badge>}
          {user.twoFactorEnabled ? <Badge variant="secondary">{ADMIN_MSG.twoFactorOn}</Badge> : null}
          <span>{ADMIN_MSG.joined(joinedDate(user.createdAt))}</span>
        </p>
      </div>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button ref={menuButton} size="icon" variant="ghost" aria-label={ADMIN_MSG.actionsFor(name)}>
            <MoreHorizontal aria-hidden="true" />
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end">
          <DropdownMenuItem onSelect={() => setOpen('reset')}>
            <KeyRound aria-hidden="true" />
            {ADMIN_MSG.resetPassword}
          </DropdownMenuItem>
          {user.twoFactorEnabled ? (
            <DropdownMenuItem onSelect={() => setOpen('two-factor')}>
              <ShieldOff aria-hidden="true" />
              {ADMIN_MSG.removeTwoFactor}
            </DropdownMenuItem>
          ) : null}
          {canRole ? (
            <DropdownMenuItem onSelect={() => setOpen('role')}>
              <Shield aria-hidden="true" />
              {user.isSuperAdmin ? ADMIN_MSG.removeSuperAdmin : ADMIN_MSG.makeSuperAdmin}
            </DropdownMenuItem>
          ) : null}
          {user.isBanned ? (
            <DropdownMenuItem onSelect={() => setOpen('unban')}>
              <Undo2 aria-hidden="true" />
              {ADMIN_MSG.unban}
            </DropdownMenuItem>
          ) : null}
          {canBan || !user.isSuperAdmin ? <DropdownMenuSeparator /> : null}
          {canBan ? (
            <DropdownMenuItem variant="destructive" onSelect={() => setOpen('ban')}>
              <Ban aria-hidden="true" />
              {ADMIN_MSG.ban}
            </DropdownMenuItem>
          ) : null}
          {user.isSuperAdmin ? null : (
            <DropdownMenuItem variant="destructive" onSelect={() => setOpen('delete')}>
              <Trash2 aria-hidden="true" />
              {ADMIN_MSG.delete}
            </DropdownMenuItem>
          )}
        </DropdownMenuContent>
      </DropdownMenu>
      {open === 'ban' ? <BanDialog {...dialog('ban')} /> : null}
      {open === 'unban' ? <UnbanDialog {...dialog('unban')} /> : null}
      {open === 'reset' ? <ResetPasswordDialog {...dialog('reset')} /> : null}
      {open === 'two-factor' ? <RemoveTwoFactorDialog {...dialog('two-factor')} /> : null}
      {open === 'role' ? <RoleDialog {...dialog('role')} /> : null}
      {open === 'delete' ? <DeleteUserDialog {...dialog('delete')} /> : null}
    </li>
  );
}

/** Users tab: search, ban and unban, reset a password, roles, delete. */
export function UsersTab() {
  const { viewer } = useMe();
  const [q, setQ] = useState('');
  const query = useDebouncedValue(q.trim(), 300);
  const users = useAdminUsers(query);
  const items = users.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <div className="grid gap-2 pt-3">
      <SearchInput
        value={q}
        onChange={(e) => setQ(e.target.value)}
        placeholder={ADMIN_MSG.searchUsers}
        aria-label={ADMIN_MSG.searchUsers}
      />
      {users.isPending ? (
        <ListState text="Loading..." role="status" />
      ) : users.isError ? (
        <ListState text={ADMIN_MSG.fetchUsersFailed} role="alert" />
      ) : items.length === 0 ? (
        <ListState text={ADMIN_MSG.noUsers} />
      ) : (
        <ul className="divide-y" aria-label={ADMIN_MSG.tabs.users}>
          {items.map((u) => (
            <UserRow key={u.id} user={u} isSelf={u.id === viewer?.id} />
          ))}
        </ul>
      )}
      <LoadMore
        hasNext={users.hasNextPage}
        isFetching={users.isFetchingNextPage}
        onLoad={() => users.fetchNextPage()}
      />
    </div>
  );
}
