import { Building2 } from 'lucide-react';
import { comingSoon } from '@web/app/areas/coming-soon';
import type { WebAreaModule } from '@web/app/areas/contract';

/** Not built yet: its routes show the "coming soon" page. */
export const businessPagesModule: WebAreaModule = {
  id: 'business-pages',
  routes: [
    comingSoon('/business-pages', 'public', 'Business Pages'),
    // DECISIONS 5: /business-pages/{id} and /business/{id} both open a business page.
    comingSoon('/business-pages/:id', 'public', 'Business Pages', 'Business Page'),
    comingSoon('/business/:id', 'public', 'Business Pages', 'Business Page'),
    // DECISIONS 5: /business lists business pages.
    comingSoon('/business', 'signed-in', 'Business Pages'),
  ],
  nav: [{ to: '/business-pages', label: 'Business Pages', icon: Building2, signedInOnly: true, order: 60 }],
};
