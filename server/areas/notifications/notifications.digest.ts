import { sql } from 'drizzle-orm';
import type { DigestSection } from '../../platform/digest-sections';

/** The digest's unread-notifications line: what the bell would say. */
export const unreadNotificationsDigest: DigestSection = {
  id: 'notifications.unread',
  order: 11,
  title: 'Unread notifications',
  news: true,
  async collect(db, { userId }) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where user_id = ${userId} and not read`,
    );
    return { kind: 'count', count: rows[0]?.n ?? 0, link: '/notifications' };
  },
};
