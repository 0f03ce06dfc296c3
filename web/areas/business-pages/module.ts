import { Building2 } from 'lucide-react';
import type { WebAreaModule } from '@web/app/areas/contract';

const listPage = async () => {
  const { BusinessPagesPage } = await import('./pages/business-pages-page');
  return { Component: BusinessPagesPage };
};
const detailPage = async () => {
  const { BusinessPagePage } = await import('./pages/business-page-page');
  return { Component: BusinessPagePage };
};

/**
 * Business pages: the list, a page (both route forms: docs/product-rules.md) and the owner's profile section.
 */
export const businessPagesModule: WebAreaModule = {
  id: 'business-pages',
  routes: [
    { path: '/business-pages', access: 'public', handle: { title: 'Business Pages' }, lazy: listPage },
    { path: '/business-pages/:id', access: 'public', handle: { title: 'Business Page' }, lazy: detailPage },
    { path: '/business/:id', access: 'public', handle: { title: 'Business Page' }, lazy: detailPage },
    // /business lists business pages (the list needs sign-in).
    { path: '/business', access: 'signed-in', handle: { title: 'Business Pages' }, lazy: listPage },
  ],
  nav: [{ to: '/business-pages', label: 'Business Pages', icon: Building2, signedInOnly: true, order: 60 }],
  profileSections: [
    {
      id: 'business-pages',
      order: 10,
      title: 'Pages & Articles',
      load: async () => (await import('./profile-section')).OwnerPages,
    },
  ],
};
