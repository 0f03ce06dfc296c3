import { Users } from 'lucide-react';
import { comingSoon } from '@web/app/areas/coming-soon';
import type { WebAreaModule } from '@web/app/areas/contract';

/** Not built yet: its routes show the "coming soon" page. */
export const groupsModule: WebAreaModule = {
  id: 'groups',
  routes: [
    comingSoon('/groups', 'public', 'Groups'),
    comingSoon('/groups/:groupId', 'public', 'Groups', 'Group'),
    comingSoon('/create-group', 'signed-in', 'Create Group'),
  ],
  nav: [{ to: '/groups', label: 'Groups', icon: Users, signedInOnly: true, order: 20 }],
};
