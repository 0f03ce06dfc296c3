import { Users } from 'lucide-react';
import type { WebAreaModule } from '@web/app/areas/contract';
import { useHasSuggestedGroups } from './api/get-suggested-groups';

/** Social groups: the list, one group's page, the create wizard, and the profile's communities. */
export const groupsModule: WebAreaModule = {
  welcomeCards: [
    {
      to: '/groups',
      title: 'Groups',
      text: 'Join communities around your industry, stage or interests and learn from your peers.',
      icon: Users,
      order: 20,
    },
  ],
  id: 'groups',
  feedFilters: [{ category: 'groups', label: 'Groups', order: 10 }],
  notificationIcons: { group_action: Users },
  routes: [
    {
      path: '/groups',
      access: 'public',
      handle: { title: 'Groups' },
      lazy: async () => ({ Component: (await import('./pages/groups-page')).GroupsPage }),
    },
    // Visitors following a card are sent to /auth.
    {
      path: '/groups/:groupId',
      access: 'signed-in',
      handle: { title: 'Group' },
      lazy: async () => ({ Component: (await import('./pages/group-page')).GroupPage }),
    },
    {
      path: '/create-group',
      access: 'signed-in',
      handle: { title: 'Create Group' },
      lazy: async () => ({ Component: (await import('./pages/create-group-page')).CreateGroupPage }),
    },
  ],
  homeCards: [
    {
      id: 'suggested-groups',
      order: 30,
      useIsShown: useHasSuggestedGroups,
      load: () => import('./home-cards/suggested-groups-card').then((m) => m.SuggestedGroupsCard),
    },
  ],
  nav: [{ to: '/groups', label: 'Groups', icon: Users, signedInOnly: true, order: 20 }],
  profileSections: [
    {
      id: 'groups',
      order: 30,
      title: 'Communities',
      card: 'communities',
      load: async () => (await import('./profile-section')).MemberGroups,
    },
  ],
};
