import { Menu, Shield } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import type { Viewer } from '@web/lib/me';
import { Logo } from '@web/components/logo';
import { InquiryBadge } from '@web/areas/messages/public';
import { Button } from '@web/components/ui/button';
import { MessagesMenu } from './messages-menu';
import { NotificationsMenu } from './notifications-menu';
import { RealtimeStatus } from './realtime-status';
import { SearchBox } from './search-box';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';

type TopBarProps = {
  viewer: Viewer | null;
  /** True until the first answer about the session: the account area stays empty meanwhile. */
  isSessionLoading: boolean;
  isMenuOpen: boolean;
  onToggleMenu: () => void;
  /** Hover or focus on the menu button: a chance to fetch the drawer's code before the tap. */
  onMenuButtonIntent?: (() => void) | undefined;
  menuButtonRef: RefObject<HTMLButtonElement | null>;
  /** Id of the side menu the toggle controls (only referenced while it is open and in the page). */
  menuId: string;
};

export function TopBar({
  viewer,
  isSessionLoading,
  isMenuOpen,
  onToggleMenu,
  onMenuButtonIntent,
  menuButtonRef,
  menuId,
}: TopBarProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-border bg-card/95 backdrop-blur supports-backdrop-filter:bg-card/85">
      <div className="flex h-14 items-center gap-2 px-2 sm:px-4">
        <Button
          ref={menuButtonRef}
          variant="ghost"
          size="icon"
          aria-label="Toggle menu"
          aria-expanded={isMenuOpen}
          aria-controls={isMenuOpen ? menuId : undefined}
          onClick={onToggleMenu}
          onPointerEnter={onMenuButtonIntent}
          onFocus={onMenuButtonIntent}
          onTouchStart={onMenuButtonIntent}
        >
          <Menu aria-hidden="true" className="size-5" />
        </Button>

        <Link
          to="/"
          className="shrink-0 rounded-md px-1 outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label="Cofound home"
        >
          {/* Signed in, a phone's top bar needs the word's room for the account buttons. */}
          <Logo wordClassName={viewer ? 'max-[26rem]:sr-only' : undefined} />
        </Link>

        <div className="mx-4 hidden max-w-xl flex-1 md:block">
          <SearchBox />
        </div>

        <div className="ml-auto flex items-center gap-1 sm:gap-2">
          {viewer ? (
            <>
              {viewer.profile.isSuperAdmin ? (
                <Button asChild variant="outline" size="sm" aria-label="Admin">
                  <Link to="/admin">
                    <Shield aria-hidden="true" />
                    <span className="hidden sm:inline">Admin</span>
                  </Link>
                </Button>
              ) : null}
              <RealtimeStatus />
              <InquiryBadge />
              <MessagesMenu viewerId={viewer.id} />
              <NotificationsMenu />
              <ThemeSwitcher />
              <UserMenu viewer={viewer} />
            </>
          ) : (
            <>
              <ThemeSwitcher />
              {isSessionLoading ? (
                <span
                  aria-hidden="true"
                  data-testid="account-skeleton"
                  className="size-8 animate-pulse rounded-full bg-muted"
                />
              ) : (
                <Button asChild size="sm">
                  <Link to="/auth">Sign In</Link>
                </Button>
              )}
            </>
          )}
        </div>
      </div>
    </header>
  );
}
