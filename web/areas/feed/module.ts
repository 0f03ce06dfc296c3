import { House } from 'lucide-react';
import type { WebAreaModule } from '@web/app/areas/contract';

export const feedModule: WebAreaModule = {
  id: 'feed',
  routes: [
    {
      path: '/',
      access: 'public',
      lazy: async () => {
        const { HomePage } = await import('./pages/home-page');
        return { Component: HomePage };
      },
    },
  ],
  nav: [{ to: '/', label: 'News Feed', icon: House, signedInOnly: false, end: true, order: 10 }],
};
