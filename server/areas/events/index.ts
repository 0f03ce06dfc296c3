import { EVENT_MSG } from '@common/events/model';
import { defineArea } from '../../platform/area';
import { exportEvents } from './events.export';
import { eventsApiDocs } from './events.api';
import { eventRoutes } from './events.routes';
import { canWatchEvent, eventSearch } from './events.register';
import { removePersonEvents } from './events.service';
import { demo } from './events.demo';
import { upcomingEventsDigest } from './events.digest';

/** Events: create, answer (with seats and a waitlist), invite, guest lists, feed and search. */
export const eventsArea = defineArea({
  name: 'events',
  demo,
  routes: eventRoutes,
  api: eventsApiDocs,
  pageReads: [{ page: '/events/:eventId', api: '/api/events/:eventId' }],
  exportData: exportEvents,
  register(ctx) {
    ctx.registerDigestSection(upcomingEventsDigest);
    ctx.registerNotificationType('event_invitation');
    ctx.registerNotificationType('event_rsvp');
    ctx.registerFeedKind({ kind: 'event', category: 'events', label: 'Event', signInAction: null });
    ctx.registerSearchProvider(eventSearch);
    ctx.registerTopic('event', (userId, id) => canWatchEvent(ctx.db, userId, id));
  },
  async onAccountDeleted(tx, userId, { bus }) {
    const { files, envelopes } = await removePersonEvents({ db: tx, bus }, userId);
    return { files, afterCommit: () => bus.publish(...envelopes) };
  },
});

export { EVENT_MSG };
