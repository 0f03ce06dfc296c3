import { User, UserPlus } from 'lucide-react';
import type { AreaRoute, WebAreaModule } from '@web/app/areas/contract';
import { useHasSuggestions, useProfileIncomplete } from './components/home-card-checks';

// The page's first chunk draws the header; what is under it loads once the header is painted, and
// the areas' sections once their place nears the screen (pages/profile-page.tsx).
const loadProfilePage: AreaRoute['lazy'] = async () => {
  const { ProfilePage } = await import('./pages/profile-page');
  return { Component: ProfilePage };
};

export const profilesModule: WebAreaModule = {
  id: 'profiles',
  notificationIcons: { connection_request: UserPlus },
  // Sign-in required, but a visitor opening a shared profile link is asked to sign in on the page
  // itself ('Please sign in to view profiles.') and comes back to it afterwards.
  routes: ['/profile', '/profile/:userId'].map((path): AreaRoute => ({
    path,
    access: 'public',
    handle: { title: 'Profile' },
    lazy: loadProfilePage,
  })),
  homeCards: [
    {
      id: 'profile-completion',
      order: 10,
      useIsShown: useProfileIncomplete,
      load: () => import('./home-cards/profile-completion-card').then((m) => m.ProfileCompletionCard),
    },
    {
      id: 'people-you-may-know',
      order: 20,
      useIsShown: useHasSuggestions,
      load: () => import('./components/people-you-may-know-card').then((m) => m.PeopleYouMayKnowCard),
    },
  ],
  nav: [{ to: '/profile', label: 'Profile', icon: User, signedInOnly: true, end: true, order: 100 }],
};
