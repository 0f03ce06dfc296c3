import { CalendarDays } from 'lucide-react';
import type { WebAreaModule } from '@web/app/areas/contract';
import { useHasUpcomingEvents } from './api/get-upcoming-events';

export const eventsModule: WebAreaModule = {
  welcomeCards: [
    {
      to: '/events',
      title: 'Events',
      text: 'Find meetups, pitch nights and online sessions, and meet the people behind the ideas.',
      icon: CalendarDays,
      order: 30,
    },
  ],
  id: 'events',
  feedFilters: [{ category: 'events', label: 'Events', order: 30 }],
  notificationIcons: { event_invitation: CalendarDays, event_rsvp: CalendarDays },
  routes: [
    {
      path: '/events',
      access: 'public',
      handle: { title: 'Events' },
      lazy: async () => ({ Component: (await import('./pages/events-page')).EventsPage }),
    },
    {
      path: '/events/create',
      access: 'signed-in',
      handle: { title: 'Create Event' },
      lazy: async () => ({ Component: (await import('./pages/create-event-page')).CreateEventPage }),
    },
    {
      path: '/events/:eventId',
      access: 'public',
      handle: { title: 'Event' },
      lazy: async () => ({ Component: (await import('./pages/event-page')).EventPage }),
    },
  ],
  homeCards: [
    {
      id: 'upcoming-events',
      order: 40,
      useIsShown: useHasUpcomingEvents,
      load: () => import('./home-cards/upcoming-events-card').then((m) => m.UpcomingEventsCard),
    },
  ],
  nav: [{ to: '/events', label: 'Events', icon: CalendarDays, signedInOnly: true, order: 70 }],
  profileSections: [
    {
      id: 'events',
      order: 40,
      title: 'Events',
      load: async () => (await import('./profile-section')).ProfileEvents,
    },
  ],
};
