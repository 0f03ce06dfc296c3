import { comingSoon } from '@web/app/areas/coming-soon';
import type { WebAreaModule } from '@web/app/areas/contract';

/** Not built yet: its route shows the "coming soon" page. It has no menu item. */
export const adminModule: WebAreaModule = {
  id: 'admin',
  routes: [comingSoon('/admin', 'signed-in', 'Admin Dashboard')],
};
