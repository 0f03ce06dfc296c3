import { sql } from 'drizzle-orm';
import { notBlockedWith, visiblePerson } from '../../db/rules';
import type { DigestSection } from '../../platform/digest-sections';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The digest's most engaging articles published by people the member follows (or is friends with). */
export const followedArticlesDigest: DigestSection = {
  id: 'articles.followed',
  order: 22,
  title: 'From people you follow',
  news: true,
  async collect(db, { userId, since, limit }) {
    const { rows } = await db.execute<{
      id: string;
      title: string;
      author: string;
      reactions: number;
      comments: number;
    }>(sql`
      select ar.id, ar.title, a.full_name as author, e.reactions, e.comments
      from connections f
      join articles ar on ar.author_id = f.connected_user_id and ar.status = 'published'
        and ar.published_at >= ${since.toISOString()}
      join profiles a on a.id = ar.author_id
      cross join lateral (
        select
          (select count(*) from reactions r where r.content_type = 'article' and r.content_id = ar.id)::int as reactions,
          (select count(*) from comments c where c.content_type = 'article' and c.content_id = ar.id)::int as comments
      ) e
      where f.user_id = ${userId} and f.status in ('following', 'friends')
        and ${visiblePerson('a')} and ${notBlockedWith(userId, sql`ar.author_id`)}
      order by e.reactions + e.comments desc, ar.published_at desc
      limit ${limit}`);
    return {
      kind: 'items',
      items: rows.map((r) => ({
        title: r.title,
        detail: `by ${r.author} · ${plural(r.reactions, 'reaction')} · ${plural(r.comments, 'comment')}`,
        link: `/articles/${r.id}`,
      })),
    };
  },
};
