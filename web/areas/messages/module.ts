import { MessageCircle } from 'lucide-react';
import type { WebAreaModule } from '@web/app/areas/contract';

export const messagesModule: WebAreaModule = {
  id: 'messages',
  routes: [
    {
      path: '/messages',
      access: 'signed-in',
      handle: { title: 'Messages' },
      lazy: async () => {
        const { MessagesPage } = await import('./pages/messages-page');
        return { Component: MessagesPage };
      },
    },
  ],
  nav: [{ to: '/messages', label: 'Messages', icon: MessageCircle, signedInOnly: true, order: 80 }],
  liveHooks: async () => [(await import('./api/use-messages-live-sync')).useMessagesLiveSync],
};
