import { Settings } from 'lucide-react';
import type { WebAreaModule } from '@web/app/areas/contract';

export const settingsModule: WebAreaModule = {
  id: 'settings',
  routes: [
    {
      path: '/settings',
      access: 'signed-in',
      handle: { title: 'Settings' },
      lazy: async () => {
        const { SettingsPage } = await import('./pages/settings-page');
        return { Component: SettingsPage };
      },
    },
  ],
  nav: [{ to: '/settings', label: 'Settings', icon: Settings, signedInOnly: true, order: 110 }],
};
