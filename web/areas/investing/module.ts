import { Briefcase, Building2, TrendingUp } from 'lucide-react';
import type { WebAreaModule } from '@web/app/areas/contract';

/** The investing board: sign-in routes , and the profile's investments. */
export const investingModule: WebAreaModule = {
  id: 'investing',
  feedFilters: [{ category: 'investing', label: 'Investing', order: 40 }],
  notificationIcons: { business_inquiry: Briefcase, business_action: Building2 },
  routes: [
    {
      path: '/investing',
      access: 'signed-in',
      handle: { title: 'Investing' },
      lazy: async () => {
        const { InvestingPage } = await import('./pages/investing-page');
        return { Component: InvestingPage };
      },
    },
    {
      path: '/investing/:id',
      access: 'signed-in',
      handle: { title: 'Business Idea' },
      lazy: async () => {
        const { IdeaPage } = await import('./pages/idea-page');
        return { Component: IdeaPage };
      },
    },
  ],
  nav: [{ to: '/investing', label: 'Investing', icon: TrendingUp, signedInOnly: true, order: 30 }],
  profileSections: [
    {
      id: 'investments',
      order: 20,
      title: 'Investments',
      load: async () => (await import('./profile-section')).FounderIdeas,
    },
  ],
};
