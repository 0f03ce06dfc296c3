import { TrendingUp } from 'lucide-react';
import { comingSoon } from '@web/app/areas/coming-soon';
import type { WebAreaModule } from '@web/app/areas/contract';

/** Not built yet: its routes show the "coming soon" page. */
export const investingModule: WebAreaModule = {
  id: 'investing',
  routes: [
    comingSoon('/investing', 'signed-in', 'Investing'),
    comingSoon('/investing/:id', 'signed-in', 'Investing', 'Business Idea'),
  ],
  nav: [{ to: '/investing', label: 'Investing', icon: TrendingUp, signedInOnly: true, order: 30 }],
};
