import { AtSign, Bell } from 'lucide-react';
import type { WebAreaModule } from '@web/app/areas/contract';
import { NotificationsMenu } from './components/notifications-menu';

export const notificationsModule: WebAreaModule = {
  id: 'notifications',
  notificationIcons: { mention: AtSign },
  topBar: [{ id: 'notifications', order: 40, Component: NotificationsMenu }],
  routes: [
    {
      path: '/notifications',
      access: 'signed-in',
      handle: { title: 'Notifications' },
      lazy: async () => {
        const { NotificationsPage } = await import('./pages/notifications-page');
        return { Component: NotificationsPage };
      },
    },
  ],
  nav: [{ to: '/notifications', label: 'Notifications', icon: Bell, signedInOnly: true, order: 90 }],
  liveHooks: async () => [(await import('./api/use-notifications-live-sync')).useNotificationsLiveSync],
};
