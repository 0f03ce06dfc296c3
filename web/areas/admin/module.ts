import type { WebAreaModule } from '@web/app/areas/contract';

/** The super-admin dashboard; reached from the top bar's Admin button (super admins only). */
export const adminModule: WebAreaModule = {
  id: 'admin',
  routes: [
    {
      path: '/admin',
      access: 'signed-in',
      handle: { title: 'Admin Dashboard' },
      lazy: async () => ({ Component: (await import('./pages/admin-page')).AdminPage }),
    },
  ],
};
