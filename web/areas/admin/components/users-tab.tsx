import { useState } from 'react';
import { ADMIN_MSG, type AdminUser } from '@common/admin/model';
import { useMe } from '@web/lib/me';
import { Avatar } from '@web/components/ui/avatar';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { SearchInput } from '@web/components/ui/search-input';
import { useDebouncedValue } from '@web/lib/use-debounced-value';
import { toast } from '@web/lib/toast';
import { failureText } from './failure-text';
import { useAdminUsers } from '../api/get-users';
import { useRemoveTwoFactor, useSetSuperAdmin, useUnbanUser } from '../api/user-actions';
import { ListState, LoadMore } from './load-more';
import { BanDialog, DeleteUserDialog, ResetPasswordDialog } from './user-dialogs';

const joinedDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

function UserRow({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const unban = useUnbanUser();
  const setRole = useSetSuperAdmin();
  const removeTwoFactor = useRemoveTwoFactor();
  const onRemoveTwoFactor = () =>
    removeTwoFactor.mutate(user.id, {
      onSuccess: () => toast.success(ADMIN_MSG.twoFactorRemoved),
      onError: (e) => toast.error(failureText(e, ADMIN_MSG.twoFactorRemoveFailed)),
    });
  const onUnban = () =>
    unban.mutate(user.id, {
      onSuccess: () => toast.success(ADMIN_MSG.userUnbanned),
      onError: (e) => toast.error(failureText(e, ADMIN_MSG.unbanFailed)),
    });
  const onRole = () =>
    setRole.mutate(
      { id: user.id, isSuperAdmin: !user.isSuperAdmin },
      {
        onSuccess: () => toast.success(ADMIN_MSG.roleUpdated),
        onError: (e) => toast.error(failureText(e, ADMIN_MSG.unexpectedRole)),
      },
    );
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center" data-user={user.username}>
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <Avatar src={user.avatarUrl} name={user.fullName || user.username} />
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <span className="truncate">{user.username}</span>
            {user.isSuperAdmin ? <Badge>{ADMIN_MSG.superAdminBadge}</Badge> : null}
            {user.isBanned ? <Badge variant="destructive">{ADMIN_MSG.banned}</Badge> : null}
            {user.twoFactorEnabled ? <Badge variant="secondary">{ADMIN_MSG.twoFactorOn}</Badge> : null}
          </p>
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
          <p className="text-xs text-muted-foreground">{ADMIN_MSG.joined(joinedDate(user.createdAt))}</p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {user.isBanned ? (
          <Button size="sm" variant="outline" onClick={onUnban} disabled={unban.isPending}>
            {ADMIN_MSG.unban}
          </Button>
        ) : user.isSuperAdmin || isSelf ? null : (
          <BanDialog user={user} />
        )}
        <ResetPasswordDialog user={user} />
        {user.twoFactorEnabled ? (
          <Button
            size="sm"
            variant="outline"
            onClick={onRemoveTwoFactor}
            disabled={removeTwoFactor.isPending}
            title={ADMIN_MSG.removeTwoFactorExplain}
          >
            {ADMIN_MSG.removeTwoFactor}
          </Button>
        ) : null}
        {isSelf || user.isBanned ? null : (
          <Button size="sm" variant="outline" onClick={onRole} disabled={setRole.isPending}>
            {user.isSuperAdmin ? ADMIN_MSG.removeSuperAdmin : ADMIN_MSG.makeSuperAdmin}
          </Button>
        )}
        {user.isSuperAdmin ? null : <DeleteUserDialog user={user} />}
      </div>
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
