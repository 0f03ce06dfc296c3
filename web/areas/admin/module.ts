import type { WebAreaModule } from '@web/app/areas/contract';

/**
 * Part B's temporary admin module: /admin shows the Reviews and Reports tabs. Part A's module.ts
 * (the dashboard, its other tabs and menu item) replaces this file at merge.
 */
export const adminModule: WebAreaModule = {
  id: 'admin',
  routes: [
    {
      path: '/admin',
      access: 'signed-in',
      handle: { title: 'Admin Dashboard' },
      lazy: async () => ({
        Component: (await import('./moderation/temporary-admin-page')).TemporaryAdminPage,
      }),
    },
  ],
};
