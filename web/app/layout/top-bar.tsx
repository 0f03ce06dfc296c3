import { Menu } from 'lucide-react';
import type { RefObject } from 'react';
import { Link } from 'react-router';
import type { Viewer } from '@web/lib/me';
import { Logo } from '@web/components/logo';
import { Button } from '@web/components/ui/button';
import type { AreaTopBarItem } from '../areas/contract';
import { TOP_BAR_ITEMS } from '../areas/slots';
import { RealtimeStatus } from './realtime-status';
import { SearchBox } from './search-box';
import { ThemeSwitcher } from './theme-switcher';
import { UserMenu } from './user-menu';

/** The shell's own item among the areas' (web/app/areas/contract.ts: AreaTopBarItem `order`). */
const ITEMS: readonly AreaTopBarItem[] = [
  ...TOP_BAR_ITEMS,
  { id: 'realtime-status', order: 15, Component: RealtimeStatus },
].sort((a, b) => a.order - b.order);

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
              {ITEMS.map(({ id, Component }) => (
                <Component key={id} viewer={viewer} />
              ))}
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
