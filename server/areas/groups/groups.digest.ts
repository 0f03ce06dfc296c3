import { sql } from 'drizzle-orm';
import { notBlockedWith, visiblePerson } from '../../db/rules';
import type { DigestSection } from '../../platform/digest-sections';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The digest's most engaging posts of the member's groups since the period began (not their own). */
export const groupPostsDigest: DigestSection = {
  id: 'groups.popular',
  order: 20,
  title: 'Popular in your groups',
  news: true,
  async collect(db, { userId, since, limit }) {
    const { rows } = await db.execute<{
      group_id: string;
      group_name: string;
      content: string;
      reactions: number;
      comments: number;
    }>(sql`
      select gp.group_id, g.name as group_name, gp.content, e.reactions, e.comments
      from group_members m
      join groups g on g.id = m.group_id
      join group_posts gp on gp.group_id = m.group_id and gp.created_at >= ${since.toISOString()}
      join profiles a on a.id = gp.user_id
      cross join lateral (
        select
          (select count(*) from reactions r where r.content_type = 'group_post' and r.content_id = gp.id)::int as reactions,
          (select count(*) from comments c where c.content_type = 'group_post' and c.content_id = gp.id)::int as comments
      ) e
      where m.user_id = ${userId} and gp.user_id <> ${userId}
        and ${visiblePerson('a')} and ${notBlockedWith(userId, sql`gp.user_id`)}
      order by e.reactions + e.comments desc, gp.created_at desc
      limit ${limit}`);
    return {
      kind: 'items',
      items: rows.map((r) => ({
        title: r.content,
        detail: `in ${r.group_name} · ${plural(r.reactions, 'reaction')} · ${plural(r.comments, 'comment')}`,
        link: `/groups/${r.group_id}`,
      })),
    };
  },
};
