import type { RouteObject } from 'react-router';
import { loadAuthPage, loadResetPasswordPage } from '@web/areas/auth/public';
import { WEB_AREAS } from '@web/areas/index';
import { PageSpinner } from '@web/components/ui/spinner';
import type { AreaRoute } from '../areas/contract';
import { RootErrorPage, RouteErrorPage } from '../pages/route-error-page';
import { AppRoot } from '../root';
import { RequireAuth } from './require-auth';
import type { RouteHandle } from './route-handle';

/*
 * The app's route table, built from the areas' modules
 * (web/areas/index.ts). Every screen is loaded on demand (route-level code splitting), so the
 * first view only downloads the entry, the layout and its own page.
 */

function toRouteObject({ path, handle, lazy }: AreaRoute): RouteObject {
  const route: RouteObject = path === '/' ? { index: true, lazy } : { path: path.slice(1), lazy };
  if (handle) route.handle = handle;
  return route;
}

const areaRoutes = WEB_AREAS.flatMap((area) => area.routes ?? []);

/** Routes under the shared layout that visitors may open. */
const publicRoutes = areaRoutes.filter((route) => route.access === 'public').map(toRouteObject);

/** Routes marked (sign-in) in the route table: the guard redirects visitors to /auth. */
const signInRoutes = areaRoutes.filter((route) => route.access === 'signed-in').map(toRouteObject);

const notFoundHandle: RouteHandle = { title: 'Page not found' };

export const routes: RouteObject[] = [
  {
    Component: AppRoot,
    ErrorBoundary: RootErrorPage,
    HydrateFallback: PageSpinner,
    children: [
      {
        path: 'auth',
        handle: { title: 'Sign in' } satisfies RouteHandle,
        lazy: async () => {
          const { AuthPage } = await loadAuthPage();
          return { Component: AuthPage };
        },
      },
      {
        path: 'reset-password',
        handle: { title: 'Reset password' } satisfies RouteHandle,
        lazy: async () => {
          const { ResetPasswordPage } = await loadResetPasswordPage();
          return { Component: ResetPasswordPage };
        },
      },
      {
        ErrorBoundary: RouteErrorPage,
        lazy: async () => {
          const { AppLayout } = await import('../layout/app-layout');
          return { Component: AppLayout };
        },
        children: [
          ...publicRoutes,
          { Component: RequireAuth, children: signInRoutes },
          {
            path: '*',
            handle: notFoundHandle,
            lazy: async () => {
              const { NotFoundPage } = await import('../pages/not-found-page');
              return { Component: NotFoundPage };
            },
          },
        ],
      },
    ],
  },
];
