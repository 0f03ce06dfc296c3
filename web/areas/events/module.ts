import { CalendarDays } from 'lucide-react';
import { comingSoon } from '@web/app/areas/coming-soon';
import type { WebAreaModule } from '@web/app/areas/contract';

/** Not built yet: its routes show the "coming soon" page. */
export const eventsModule: WebAreaModule = {
  id: 'events',
  routes: [
    comingSoon('/events', 'public', 'Events'),
    comingSoon('/events/:eventId', 'public', 'Events', 'Event'),
    comingSoon('/events/create', 'signed-in', 'Create Event'),
  ],
  nav: [{ to: '/events', label: 'Events', icon: CalendarDays, signedInOnly: true, order: 70 }],
};
