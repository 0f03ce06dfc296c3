import { MENTION_MSG, mentionToken } from '@common/core/mentions';
import { FORUM_MSG, FORUM_REPLY_REPORT_TARGET, type ForumCategory } from '@common/forums/model';
import { quoteTitle } from '@common/notifications/model';
import { FORUM_REACTIONS } from '@common/reactions/model';
import { sql } from 'drizzle-orm';
import { comments, reactions } from '../../db/schema/engagement';
import { forumGroupMembers, forumGroups, forumPosts, forumReplies } from '../../db/schema/forums';
import type { DemoContext, DemoPerson } from '../../platform/demo';
import { publishToFeed } from '../feed';

/*
 * The demo community's forum groups: a few groups, each with an owner, a moderator, approved
 * members and a pending request or two; posts in the four categories (one pinned, one locked),
 * replies in order, comments nested under replies, and forum reactions. The featured founder owns
 * the first group. Groups, posts and replies go on the feed at their own times.
 */

type Thread = { title: string; content: string; category: ForumCategory; pinned?: boolean; locked?: boolean };
type Plan = { name: string; description: string; threads: Thread[] };

const PLAN: Plan[] = [
  {
    name: 'SaaS Founders Forum',
    description: 'Pricing, churn, hiring and the daily grind of running a software business.',
    threads: [
      {
        title: 'Read this first: how this forum works',
        content:
          'Be specific, share numbers when you can, and be kind. Use the Help & Support category for quick questions.',
        category: 'general',
        pinned: true,
      },
      {
        title: 'Annual plans: how big a discount do you give?',
        content:
          'We offer two months free on annual plans. Thinking about moving to 20% off. What works for you?',
        category: 'business',
      },
      {
        title: 'Postgres or a managed document store for a new product?',
        content:
          'Starting a new B2B product. The team knows Postgres well, but a vendor is pitching us hard.',
        category: 'technology',
      },
      {
        title: 'Old thread: the 2023 pricing survey',
        content: 'Results are in the shared doc. Locking this so the discussion moves to the new thread.',
        category: 'business',
        locked: true,
      },
    ],
  },
  {
    name: 'Angel Investors Roundtable',
    description: 'Angels and first-time investors comparing notes on deal flow, terms and follow-ons.',
    threads: [
      {
        title: 'SAFE caps in 2026: what are you seeing?',
        content:
          'Pre-seed caps in my pipeline range from 6 to 15 million. Curious what others see by sector.',
        category: 'business',
      },
      {
        title: 'How do you say no nicely?',
        content: 'I pass on most deals. Looking for a short, respectful template that keeps the door open.',
        category: 'help',
      },
    ],
  },
  {
    name: 'No-Code Builders',
    description: 'Shipping products with no-code and low-code tools: stacks, limits and when to switch.',
    threads: [
      {
        title: 'When did you outgrow your no-code stack?',
        content: 'We hit limits at about 2,000 users. Share the moment you knew it was time to rebuild.',
        category: 'technology',
      },
      {
        title: 'Automation that saved you hours this week',
        content: 'Mine: invoices from the CRM straight to accounting, with a Slack ping when one bounces.',
        category: 'general',
      },
    ],
  },
];

const REPLIES = [
  'We did exactly this last year and it worked well. Happy to share our numbers.',
  'Strong agree. The hard part is sticking with it for more than a quarter.',
  'Counterpoint: it depends a lot on your sales cycle.',
  'Following, this is useful.',
  'We tried it and rolled back after two months. Ask me anything.',
];
/** Replies that bring someone else in by mentioning them (the token goes first). */
const MENTION_REPLIES = [
  'you went through this last year, what did you end up doing?',
  'this is the thread I told you about.',
  'would love your take here, you have seen more of these than anyone.',
  'your numbers from the meetup would settle this.',
];
const COMMENTS = ['Good point.', 'Could you say more about that?', 'Same here!', 'This matches what we saw.'];

export async function demo(ctx: DemoContext): Promise<void> {
  const [founder] = ctx.featured as [DemoPerson, DemoPerson];
  const others = ctx.people.filter((p) => !ctx.featured.includes(p) && p.joinedAt < ctx.daysAgo(10));
  let members = 0;
  let posts = 0;
  let replies = 0;
  for (const [i, plan] of PLAN.entries()) {
    const owner = i === 0 ? founder : ctx.pick(others);
    const createdAt = ctx.timeBetween(ctx.daysAgo(35), ctx.daysAgo(22));
    const id = ctx.uuid();
    await ctx.db.insert(forumGroups).values({
      id,
      name: plan.name,
      description: plan.description,
      createdBy: owner.id,
      createdAt,
    });
    ctx.schedule(createdAt, async () => {
      const { id: itemId } = await publishToFeed(ctx, {
        kind: 'forum_group_created',
        contentId: id,
        userId: owner.id,
        title: FORUM_MSG.feedNewGroup(plan.name),
        description: plan.description,
        link: `/forums/group/${id}`,
      });
      await ctx.db.execute(
        sql`update feed_items set created_at = ${createdAt.toISOString()}::timestamptz where id = ${itemId}::bigint`,
      );
      ctx.count('feed items', 1);
    });
    const joined = ctx.sample(
      others.filter((p) => p !== owner),
      ctx.between(6, 14),
    );
    if (i > 0 && ctx.chance(0.6)) joined.push(founder);
    const [moderator, ...plain] = joined;
    const pending = ctx.sample(
      others.filter((p) => p !== owner && !joined.includes(p)),
      2,
    );
    const at = (from: Date) => ctx.timeBetween(from, ctx.daysAgo(1));
    await ctx.db.insert(forumGroupMembers).values([
      {
        groupId: id,
        userId: owner.id,
        role: 'owner',
        status: 'approved',
        joinedAt: createdAt,
        approvedAt: createdAt,
      },
      ...joined.map((p) => {
        const joinedAt = at(createdAt);
        return {
          groupId: id,
          userId: p.id,
          role: p === moderator ? 'moderator' : 'member',
          status: 'approved',
          joinedAt,
          approvedAt: joinedAt,
          approvedBy: owner.id,
        };
      }),
      ...pending.map((p) => ({
        groupId: id,
        userId: p.id,
        role: 'member',
        status: 'pending',
        joinedAt: at(ctx.daysAgo(3)),
      })),
    ]);
    members += 1 + joined.length + pending.length;
    const authors = [owner, ...(moderator ? [moderator] : []), ...plain];

    for (const [j, thread] of plan.threads.entries()) {
      const author = j === 0 ? owner : ctx.pick(authors);
      const postId = ctx.uuid();
      const postedAt = ctx.timeBetween(createdAt, ctx.daysAgo(2));
      const talkers = ctx.sample(
        authors.filter((p) => p !== author),
        ctx.between(1, 4),
      );
      const replyRows = talkers.map((p) => {
        // Some replies mention another member of the group (the featured founder first).
        const bystanders = authors.filter((b) => b !== p);
        const mentioned =
          bystanders.length && ctx.chance(0.35)
            ? bystanders.includes(founder)
              ? founder
              : ctx.pick(bystanders)
            : null;
        const row = {
          id: ctx.uuid(),
          postId,
          authorId: p.id,
          content: mentioned
            ? `${mentionToken({ id: mentioned.id, name: mentioned.fullName })} ${ctx.pick(MENTION_REPLIES)}`
            : ctx.pick(REPLIES),
          createdAt: ctx.timeBetween(postedAt, ctx.now),
        };
        if (mentioned)
          ctx.notify({
            userId: mentioned.id,
            actorId: p.id,
            type: 'mention',
            title: MENTION_MSG.notificationTitle,
            message: MENTION_MSG.notificationText(
              p.fullName,
              FORUM_REPLY_REPORT_TARGET.label,
              quoteTitle(thread.title),
            ),
            link: `/forums/post/${postId}`,
            relatedId: row.id,
            data: { contentKind: FORUM_REPLY_REPORT_TARGET.type, contentId: row.id, from_user_id: p.id },
            groupKey: null,
            at: row.createdAt,
            readAt: ctx.chance(0.5) ? row.createdAt : null,
          });
        return row;
      });
      await ctx.db.insert(forumPosts).values({
        id: postId,
        groupId: id,
        authorId: author.id,
        title: thread.title,
        content: thread.content,
        category: thread.category,
        createdAt: postedAt,
        updatedAt: postedAt,
        repliesCount: replyRows.length,
        viewsCount: ctx.between(5, 120),
        isPinned: thread.pinned ?? false,
        isLocked: thread.locked ?? false,
      });
      posts += 1;
      ctx.schedule(postedAt, async () => {
        const { id: itemId } = await publishToFeed(ctx, {
          kind: 'forum_post',
          contentId: postId,
          userId: author.id,
          title: thread.title,
          description: thread.content,
          link: `/forums/post/${postId}`,
        });
        await ctx.db.execute(
          sql`update feed_items set created_at = ${postedAt.toISOString()}::timestamptz where id = ${itemId}::bigint`,
        );
        ctx.count('feed items', 1);
      });
      if (replyRows.length) await ctx.db.insert(forumReplies).values(replyRows);
      replies += replyRows.length;
      const fans = ctx.sample(
        authors.filter((p) => p !== author),
        ctx.between(1, 5),
      );
      if (fans.length)
        await ctx.db.insert(reactions).values(
          fans.map((p) => ({
            userId: p.id,
            contentType: 'forum_post',
            contentId: postId,
            reactionType: ctx.pick(FORUM_REACTIONS),
          })),
        );
      // A short nested exchange under the first reply: comment, answer, answer again.
      const first = replyRows[0];
      if (first) {
        let parentId: string | null = null;
        // Each answer comes after the comment it answers.
        let said = first.createdAt;
        const deepest = ctx.between(1, 3);
        for (let depth = 0; depth < deepest; depth++) {
          said = ctx.timeBetween(new Date(said.getTime() + 1000), ctx.now);
          const cid: string = ctx.uuid();
          await ctx.db.insert(comments).values({
            id: cid,
            contentType: 'forum_reply',
            contentId: first.id,
            parentId,
            depth,
            userId: ctx.pick(authors).id,
            content: ctx.pick(COMMENTS),
            createdAt: said,
          });
          parentId = cid;
        }
        await ctx.db.insert(reactions).values({
          userId: author.id,
          contentType: 'forum_reply',
          contentId: first.id,
          reactionType: ctx.pick(FORUM_REACTIONS),
        });
      }
    }
  }
  ctx.count('forum groups', PLAN.length);
  ctx.count('forum members', members);
  ctx.count('forum posts', posts);
  ctx.count('forum replies', replies);
}
