import { sql } from 'drizzle-orm';
import type { DigestSection } from '../../platform/digest-sections';

const WHEN = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const AHEAD_DAYS = 14;

/**
 * The digest's reminder of the events the member said Going to, in the next two weeks. A reminder,
 * not news: it never makes a digest go out alone.
 */
export const upcomingEventsDigest: DigestSection = {
  id: 'events.upcoming',
  order: 40,
  title: 'Your upcoming events',
  news: false,
  async collect(db, { userId, now, limit }) {
    const { rows } = await db.execute<{ id: string; title: string; starts_at: string; location: string }>(sql`
      select e.id, e.title, e.starts_at, e.location
      from event_invitations i
      join events e on e.id = i.event_id
      where i.invitee_id = ${userId} and i.status = 'accepted' and e.cancelled_at is null
        and e.starts_at >= ${now.toISOString()}
        and e.starts_at < ${now.toISOString()}::timestamptz + make_interval(days => ${AHEAD_DAYS})
      order by e.starts_at, e.id
      limit ${limit}`);
    return {
      kind: 'items',
      items: rows.map((r) => ({
        title: r.title,
        detail: `${WHEN.format(new Date(r.starts_at))} UTC · ${r.location}`,
        link: `/events/${r.id}`,
      })),
    };
  },
};
