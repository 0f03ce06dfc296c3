import { sql } from 'drizzle-orm';
import type { DigestSection } from '../../platform/digest-sections';

/** The digest's unread-messages line: what the top bar's badge would say. */
export const unreadMessagesDigest: DigestSection = {
  id: 'messages.unread',
  order: 10,
  title: 'Unread messages',
  news: true,
  async collect(db, { userId }) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select coalesce(sum(unread_count), 0)::int as n from conversations where owner_id = ${userId}`,
    );
    return { kind: 'count', count: rows[0]?.n ?? 0, link: '/messages' };
  },
};
