import { sql } from 'drizzle-orm';
import { notBlockedWith, visiblePerson } from '../../db/rules';
import type { DigestSection } from '../../platform/digest-sections';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The digest's most discussed posts of the forum groups the member belongs to (approved). */
export const forumPostsDigest: DigestSection = {
  id: 'forums.popular',
  order: 21,
  title: 'Popular in your forums',
  news: true,
  async collect(db, { userId, since, limit }) {
    const { rows } = await db.execute<{
      id: string;
      title: string;
      forum: string;
      replies: number;
      reactions: number;
    }>(sql`
      select fp.id, fp.title, fg.name as forum, fp.replies_count as replies, e.reactions
      from forum_group_members m
      join forum_groups fg on fg.id = m.group_id
      join forum_posts fp on fp.group_id = m.group_id and fp.created_at >= ${since.toISOString()}
      join profiles a on a.id = fp.author_id
      cross join lateral (
        select (select count(*) from reactions r where r.content_type = 'forum_post' and r.content_id = fp.id)::int as reactions
      ) e
      where m.user_id = ${userId} and m.status = 'approved' and fp.author_id <> ${userId}
        and ${visiblePerson('a')} and ${notBlockedWith(userId, sql`fp.author_id`)}
      order by fp.replies_count + e.reactions desc, fp.created_at desc
      limit ${limit}`);
    return {
      kind: 'items',
      items: rows.map((r) => ({
        title: r.title,
        detail: `in ${r.forum} · ${r.replies} ${r.replies === 1 ? 'reply' : 'replies'} · ${plural(r.reactions, 'reaction')}`,
        link: `/forums/post/${r.id}`,
      })),
    };
  },
};
