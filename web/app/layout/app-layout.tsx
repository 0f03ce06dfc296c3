import { lazy, Suspense, use, useRef, useState } from 'react';
import { Outlet, useNavigation } from 'react-router';
import { LIMITS } from '@common/core/limits';
import { useMe } from '@web/lib/me';
import { ChatDialogSlot, ChatProvider } from '@web/areas/messages/public';
import { cn } from '@web/lib/cn';
import { useMediaQuery } from '@web/lib/use-media-query';
import { PrerenderContext } from '../prerender/handover';
import { useIsOffline } from '../offline/use-offline';
import { loadLiveUpdates } from '../realtime/load-live-updates';
import { SideNav } from './side-nav';
import { TopBar } from './top-bar';

const SIDE_MENU_ID = 'side-menu';

// The drawer (a Radix dialog) is only needed on phones, and only once the menu is opened.
const loadMobileDrawer = () => import('./mobile-drawer');
const MobileDrawer = lazy(() => loadMobileDrawer().then((m) => ({ default: m.MobileDrawer })));

// Shown only without a connection, so its code is not part of the first view.
const OfflineBanner = lazy(() => import('../offline/offline-banner'));

// The realtime socket and the areas' live hooks: signed-in people only, after the first paint.
const LiveUpdates = lazy(loadLiveUpdates);

/**
 * The shared layout: top bar, side menu and main content. At 768px and wider the side menu is a
 * column that starts open; below it is a drawer that starts closed.
 */
export function AppLayout() {
  const { viewer, isLoading } = useMe();
  const isWide = useMediaQuery(`(min-width: ${LIMITS.narrowLayoutPx}px)`);
  const [isColumnOpen, setIsColumnOpen] = useState(true);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);
  const [isDrawerMounted, setIsDrawerMounted] = useState(false);
  const menuButtonRef = useRef<HTMLButtonElement>(null);
  const navigation = useNavigation();
  // At build (scripts/prerender.mjs) the width is unknown: the column is drawn, and CSS hides it
  // below 768 px, as the app does once it runs.
  const isPrerender = use(PrerenderContext);
  const hasColumn = isColumnOpen && (isWide || isPrerender);
  const isOffline = useIsOffline();

  const isMenuOpen = isWide ? isColumnOpen : isDrawerOpen;
  const toggleMenu = () => {
    if (isWide) {
      setIsColumnOpen((open) => !open);
    } else {
      setIsDrawerMounted(true);
      setIsDrawerOpen((open) => !open);
    }
  };

  return (
    <ChatProvider>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main-content"
          className="sr-only rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-100"
        >
          Skip to content
        </a>

        {navigation.state === 'loading' ? (
          <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden">
            <div className="h-full w-1/3 animate-pulse bg-primary" />
          </div>
        ) : null}

        <TopBar
          viewer={viewer}
          isSessionLoading={isLoading}
          isMenuOpen={isMenuOpen}
          onToggleMenu={toggleMenu}
          onMenuButtonIntent={isWide ? undefined : () => void loadMobileDrawer()}
          menuButtonRef={menuButtonRef}
          menuId={SIDE_MENU_ID}
        />

        {/* Always there, so screen readers hear the connection go and come back. */}
        <div role="status" className="contents">
          {isOffline ? (
            <Suspense fallback={null}>
              <OfflineBanner />
            </Suspense>
          ) : null}
        </div>

        <div className="flex flex-1">
          {hasColumn ? (
            <div
              className={cn('w-60 shrink-0 border-r border-border bg-card', isPrerender && 'max-md:hidden')}
            >
              <div className="sticky top-14 max-h-[calc(100dvh-3.5rem)] overflow-y-auto">
                <SideNav id={SIDE_MENU_ID} isSignedIn={Boolean(viewer)} isSessionLoading={isLoading} />
              </div>
            </div>
          ) : null}

          <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 outline-none">
            <Outlet />
          </main>
        </div>

        {!isWide && isDrawerMounted ? (
          <Suspense fallback={null}>
            <MobileDrawer
              id={SIDE_MENU_ID}
              open={isDrawerOpen}
              onOpenChange={setIsDrawerOpen}
              isSignedIn={Boolean(viewer)}
              isSessionLoading={isLoading}
              returnFocusRef={menuButtonRef}
            />
          </Suspense>
        ) : null}

        {viewer ? (
          <Suspense fallback={null}>
            <LiveUpdates key={viewer.id} viewerId={viewer.id} />
          </Suspense>
        ) : null}

        {/* The chat dialog of every layout page; its code loads on the first openChat. */}
        <ChatDialogSlot />
      </div>
    </ChatProvider>
  );
}
