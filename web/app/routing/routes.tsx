import type { RouteObject } from 'react-router';
import { PageSpinner } from '@web/components/ui/spinner';
import { RootErrorPage, RouteErrorPage } from '../pages/route-error-page';
import { AppRoot } from '../root';
import { RequireAuth } from './require-auth';
import type { RouteHandle } from './route-handle';

/*
 * The route table of spec document 3, section 2. Every screen is loaded on demand (route-level
 * code splitting), so the first view only downloads the entry, the layout and its own page.
 * Areas that later issues build still point at the shared "coming soon" page: replace the
 * `lazy` of a route with the area's page when it lands.
 */

const lazyComingSoon: RouteObject['lazy'] = async () => {
  const { ComingSoonPage } = await import('../pages/coming-soon-page');
  return { Component: ComingSoonPage };
};

function comingSoon(path: string, section: string, title: string = section): RouteObject {
  const handle: RouteHandle = { title, section };
  return { path, handle, lazy: lazyComingSoon };
}

/** Routes marked (sign-in) in the route table: the guard redirects visitors to /auth. */
const signInRoutes: RouteObject[] = [
  comingSoon('create-group', 'Create Group'),
  comingSoon('forums/create-group', 'Create Forum Group'),
  comingSoon('events/create', 'Create Event'),
  // DECISIONS 5: /business lists business pages.
  comingSoon('business', 'Business Pages'),
  {
    path: 'messages',
    handle: { title: 'Messages' } satisfies RouteHandle,
    lazy: async () => {
      const { MessagesPage } = await import('@web/areas/messages/pages/messages-page');
      return { Component: MessagesPage };
    },
  },
  {
    path: 'notifications',
    handle: { title: 'Notifications' } satisfies RouteHandle,
    lazy: async () => {
      const { NotificationsPage } = await import('@web/areas/notifications/pages/notifications-page');
      return { Component: NotificationsPage };
    },
  },
  {
    path: 'settings',
    handle: { title: 'Settings' } satisfies RouteHandle,
    lazy: async () => {
      const { SettingsPage } = await import('@web/areas/settings/pages/settings-page');
      return { Component: SettingsPage };
    },
  },
  comingSoon('investing', 'Investing'),
  comingSoon('investing/:id', 'Investing', 'Business Idea'),
  comingSoon('admin', 'Admin Dashboard'),
];

/** Routes under the shared layout that visitors may open. */
const publicRoutes: RouteObject[] = [
  // Sign-in required, but a visitor opening a shared profile link is asked to sign in on the page
  // itself ('Please sign in to view profiles.') and comes back to it afterwards.
  ...['profile', 'profile/:userId'].map((path): RouteObject => ({
    path,
    handle: { title: 'Profile' } satisfies RouteHandle,
    lazy: async () => {
      // The areas' profile sections register themselves as their modules load.
      const [{ ProfilePage }] = await Promise.all([
        import('@web/areas/profiles/pages/profile-page'),
        import('@web/areas/articles/profile-section'),
      ]);
      return { Component: ProfilePage };
    },
  })),
  {
    index: true,
    lazy: async () => {
      const { HomePage } = await import('@web/areas/feed/pages/home-page');
      return { Component: HomePage };
    },
  },
  {
    path: 'articles',
    handle: { title: 'Articles' } satisfies RouteHandle,
    lazy: async () => {
      const { ArticlesPage } = await import('@web/areas/articles/pages/articles-page');
      return { Component: ArticlesPage };
    },
  },
  // Members read an article; a visitor with a link is asked to sign in on the page itself.
  {
    path: 'articles/:articleId',
    handle: { title: 'Article' } satisfies RouteHandle,
    lazy: async () => {
      const { ArticlePage } = await import('@web/areas/articles/pages/article-page');
      return { Component: ArticlePage };
    },
  },
  comingSoon('groups', 'Groups'),
  comingSoon('groups/:groupId', 'Groups', 'Group'),
  comingSoon('forums', 'Forums'),
  comingSoon('forums/group/:groupId', 'Forums', 'Forum Group'),
  // DECISIONS 5: both /forums/post/{id} and /forums/{postId} open a forum post.
  comingSoon('forums/post/:postId', 'Forums', 'Forum Post'),
  comingSoon('forums/:postId', 'Forums', 'Forum Post'),
  comingSoon('events', 'Events'),
  comingSoon('events/:eventId', 'Events', 'Event'),
  comingSoon('business-pages', 'Business Pages'),
  // DECISIONS 5: /business-pages/{id} and /business/{id} both open a business page.
  comingSoon('business-pages/:id', 'Business Pages', 'Business Page'),
  comingSoon('business/:id', 'Business Pages', 'Business Page'),
];

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
          const { AuthPage } = await import('@web/areas/auth/pages/auth-page');
          return { Component: AuthPage };
        },
      },
      {
        path: 'reset-password',
        handle: { title: 'Reset password' } satisfies RouteHandle,
        lazy: async () => {
          const { ResetPasswordPage } = await import('@web/areas/auth/pages/reset-password-page');
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
