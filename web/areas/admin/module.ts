import { Shield } from 'lucide-react';
import type { WebAreaModule } from '@web/app/areas/contract';
import { AdminLink } from './components/admin-link';

/** The super-admin dashboard; reached from the top bar's Admin button (super admins only). */
export const adminModule: WebAreaModule = {
  id: 'admin',
  notificationIcons: { moderation: Shield },
  topBar: [{ id: 'admin', order: 10, Component: AdminLink }],
  routes: [
    {
      path: '/admin',
      access: 'signed-in',
      handle: { title: 'Admin Dashboard' },
      lazy: async () => ({ Component: (await import('./pages/admin-page')).AdminPage }),
    },
  ],
};
