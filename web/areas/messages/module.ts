import { MessageCircle } from 'lucide-react';
import type { WebAreaModule } from '@web/app/areas/contract';
import { InquiryBadge } from './components/inquiry-badge';
import { MessagesMenu } from './components/messages-menu';

export const messagesModule: WebAreaModule = {
  id: 'messages',
  notificationIcons: { message: MessageCircle },
  topBar: [
    { id: 'inquiries', order: 20, Component: InquiryBadge },
    { id: 'messages', order: 30, Component: MessagesMenu },
  ],
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
