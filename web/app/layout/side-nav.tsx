import { LogIn } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { Button } from '@web/components/ui/button';
import { cn } from '@web/lib/cn';
import { NAV_ITEMS } from './nav-items';

type SideNavProps = {
  isSignedIn: boolean;
  /** Who is signed in is not known yet: a skeleton, never the visitor's menu (issue 21). */
  isSessionLoading?: boolean;
  /** Called after a link is followed (the phone drawer closes itself with it). */
  onNavigate?: () => void;
  id?: string;
  className?: string;
};

/** The side menu's links; used by the desktop column and the phone drawer. */
export function SideNav({ isSignedIn, isSessionLoading = false, onNavigate, id, className }: SideNavProps) {
  if (isSessionLoading && !isSignedIn) {
    return (
      <nav id={id} aria-label="Main" aria-busy="true" className={cn('flex flex-col gap-1 p-3', className)}>
        <ul className="flex flex-col gap-1" data-testid="menu-skeleton">
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <li key={i} aria-hidden="true" className="flex items-center gap-3 px-3 py-2">
              <span className="size-5 shrink-0 animate-pulse rounded bg-muted" />
              <span className="h-4 w-24 animate-pulse rounded bg-muted" />
            </li>
          ))}
        </ul>
      </nav>
    );
  }
  const items = NAV_ITEMS.filter((item) => isSignedIn || !item.signedInOnly);
  return (
    <nav id={id} aria-label="Main" className={cn('flex flex-col gap-1 p-3', className)}>
      <ul className="flex flex-col gap-1">
        {items.map(({ to, label, icon: Icon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  isActive
                    ? 'bg-secondary text-secondary-foreground'
                    : 'text-muted-foreground hover:bg-accent hover:text-accent-foreground',
                )
              }
            >
              <Icon aria-hidden="true" className="size-5 shrink-0" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
      {isSignedIn ? null : (
        <Button asChild className="mt-3 w-full">
          <Link to="/auth" onClick={onNavigate}>
            <LogIn aria-hidden="true" />
            Sign In
          </Link>
        </Button>
      )}
    </nav>
  );
}
