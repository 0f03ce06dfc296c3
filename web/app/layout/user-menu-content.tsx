import { LogOut, Settings, User } from 'lucide-react';
import { Link } from 'react-router';
import type { Viewer } from '@web/lib/me';
import { useSignOut } from '@web/areas/auth/public';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@web/components/ui/dropdown-menu';
import { UserMenuTrigger, viewerDisplayName } from './user-menu-trigger';

export function UserMenuContent({ viewer, defaultOpen = false }: { viewer: Viewer; defaultOpen?: boolean }) {
  const signOut = useSignOut();
  return (
    // Non-modal: the page stays readable by assistive tech and scrollable while the menu is open.
    <DropdownMenu defaultOpen={defaultOpen} modal={false}>
      <DropdownMenuTrigger asChild>
        <UserMenuTrigger viewer={viewer} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="flex flex-col gap-0.5">
          <span className="truncate">{viewerDisplayName(viewer)}</span>
          <span className="truncate text-xs font-normal text-muted-foreground">
            @{viewer.profile.username}
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <User aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to="/settings">
            <Settings aria-hidden="true" />
            Settings
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={signOut.isPending} onSelect={() => signOut.mutate()}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
