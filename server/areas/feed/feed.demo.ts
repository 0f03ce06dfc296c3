import { FEED_MSG } from '@common/feed/model';
import { sql } from 'drizzle-orm';
import type { DemoContext } from '../../platform/demo';
import { publishToFeed } from './feed.service';

/*
 * The demo community's welcome cards: one per member, published as a confirmed address publishes
 * it (publishNewMember), at the moment they joined. Pages are ordered by id, so the cards go in
 * on the demo's timeline, interleaved in time order with what other parts publish (articles).
 */

export async function demo(ctx: DemoContext): Promise<void> {
  for (const person of ctx.people)
    ctx.schedule(person.joinedAt, async () => {
      const { id } = await publishToFeed(ctx, {
        kind: 'new_user',
        contentId: person.id,
        userId: person.id,
        title: FEED_MSG.welcome(person.fullName),
        description: person.bio,
        link: `/profile/${person.id}`,
      });
      await ctx.db.execute(
        sql`update feed_items set created_at = ${person.joinedAt.toISOString()}::timestamptz where id = ${id}::bigint`,
      );
      ctx.count('feed items', 1);
    });
}
