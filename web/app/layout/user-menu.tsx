import { lazy } from 'react';
import type { Viewer } from '@web/lib/me';
import { DeferredMenu } from '@web/components/deferred-menu';
import { UserMenuTrigger } from './user-menu-trigger';

const loadUserMenu = () => import('./user-menu-content');
const UserMenuContent = lazy(() => loadUserMenu().then((m) => ({ default: m.UserMenuContent })));

/** Avatar button with Profile, Settings and Log out. */
export function UserMenu({ viewer }: { viewer: Viewer }) {
  return (
    <DeferredMenu
      preload={loadUserMenu}
      menu={<UserMenuContent viewer={viewer} defaultOpen />}
      renderTrigger={(props) => <UserMenuTrigger viewer={viewer} {...props} />}
    />
  );
}
