import { COMMENT_REPORT_TARGET } from '@common/comments/model';
import { MENTION_MSG, mentionToken } from '@common/core/mentions';
import { GROUP_MSG } from '@common/groups/model';
import { NOTIFICATION_TEXT } from '@common/notifications/model';
import type { ReactionType } from '@common/reactions/model';
import { sql } from 'drizzle-orm';
import { comments, reactions } from '../../db/schema/engagement';
import { groupJoinRequests, groupMembers, groupPosts, groups } from '../../db/schema/groups';
import type { DemoContext, DemoPerson } from '../../platform/demo';
import { putGroupOnFeed } from './groups.service';

/*
 * The demo community's social groups: a handful of public groups and one private one, each with an
 * admin (its creator), members who joined over the weeks, posts with reactions and comments, and
 * a few join requests waiting for the featured founder, who runs one group and belongs to others.
 * Each public group is put on the feed ('New group created') as createGroup does, at its creation
 * time; the private one is not.
 */

type Template = {
  name: string;
  description: string;
  isPrivate?: boolean;
  colors: [string, string];
  posts: string[];
};

const GROUPS_PLAN: Template[] = [
  {
    name: 'Bootstrapped Founders',
    description:
      'For founders building without venture money: pricing, cash flow, first hires and staying sane while revenue pays the bills.',
    colors: ['#4338ca', '#a5b4fc'],
    posts: [
      'We crossed 40k MRR this month without raising a cent. The single biggest lever was annual plans with two months free.',
      'How do you all handle the first salaried hire? Payroll feels like jumping off a cliff.',
      'Reminder: a customer who pays late is a loan you did not agree to. Invoice on day one.',
    ],
  },
  {
    name: 'Climate Tech Circle',
    description:
      'Builders, investors and researchers working on decarbonisation: grid, storage, materials, carbon markets and the policy around them.',
    colors: ['#047857', '#6ee7b7'],
    posts: [
      'Sharing our pilot data from the heat-pump retrofit programme: 31% lower bills across 120 homes.',
      'Anyone going to the storage summit next month? Happy to meet up.',
    ],
  },
  {
    name: 'Angel Investors Network',
    description:
      'Angels comparing notes on deal flow, term sheets, follow-on rounds and supporting founders after the cheque clears.',
    colors: ['#b45309', '#fcd34d'],
    posts: [
      'My rule after 30 cheques: never invest in a round the founder cannot explain in one sentence.',
      'What is everyone seeing on SAFE caps for pre-seed this quarter?',
    ],
  },
  {
    name: 'Product Design Guild',
    description:
      'Designers and PMs sharing research methods, critique sessions and the occasional Figma file. Portfolio reviews every other Friday.',
    colors: ['#be185d', '#f9a8d4'],
    posts: [
      'Ran five usability sessions this week; four people missed the same button. Moving it tomorrow.',
      'Looking for a critique partner for an onboarding flow. DM me.',
    ],
  },
  {
    name: 'Founders Inner Circle',
    description:
      'A small private group for founders to talk honestly about fundraising, co-founder conflict and burnout, away from the public feed.',
    isPrivate: true,
    colors: ['#1f2937', '#9ca3af'],
    posts: ['Thank you all for last week. Talking it through made the board meeting much easier.'],
  },
];

/** Comments that bring someone else in by mentioning them (the token goes first). */
const MENTION_COMMENTS = [
  'you asked about exactly this last week.',
  'worth reading before your next pricing call.',
  'this is the playbook you described at the meetup.',
  'can you share the template you used?',
];

const COMMENTS = [
  'This is really useful, thanks for sharing.',
  'Same experience here.',
  'Would love to hear more about how you did this.',
  'Great point.',
  'Saving this for later.',
];

const REACTIONS: ReactionType[] = ['like', 'like', 'like', 'love', 'laugh'];

function cover(ctx: DemoContext, [a, b]: [string, string]): string {
  const circles = Array.from({ length: 6 }, () => {
    const x = ctx.between(0, 1500);
    const y = ctx.between(0, 500);
    const r = ctx.between(60, 220);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="${b}" opacity="${(0.2 + ctx.random() * 0.4).toFixed(2)}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1500" height="500" viewBox="0 0 1500 500"><rect width="1500" height="500" fill="${a}"/>${circles}</svg>`;
}

export async function demo(ctx: DemoContext): Promise<void> {
  const [founder] = ctx.featured as [DemoPerson, DemoPerson];
  const others = ctx.people.filter((p) => !ctx.featured.includes(p) && p.joinedAt < ctx.daysAgo(10));
  let memberCount = 0;
  let postCount = 0;
  for (const [i, t] of GROUPS_PLAN.entries()) {
    // The founder runs the first group and belongs to the private one.
    const creator = i === 0 ? founder : ctx.pick(others);
    const createdAt = ctx.timeBetween(ctx.daysAgo(40), ctx.daysAgo(25));
    const id = ctx.uuid();
    const coverImage = await ctx.storeImage(cover(ctx, t.colors), 1500, 'cover', creator.id);
    await ctx.db.insert(groups).values({
      id,
      name: t.name,
      description: t.description,
      coverImage,
      isPrivate: t.isPrivate ?? false,
      createdBy: creator.id,
      createdAt,
    });
    if (!t.isPrivate)
      ctx.schedule(createdAt, async () => {
        const { id: itemId } = await putGroupOnFeed(ctx.db, ctx, {
          id,
          name: t.name,
          description: t.description,
          coverImage,
          createdBy: creator.id,
        });
        await ctx.db.execute(
          sql`update feed_items set created_at = ${createdAt.toISOString()}::timestamptz where id = ${itemId}::bigint`,
        );
        ctx.count('feed items', 1);
      });
    const joined = ctx.sample(
      others.filter((p) => p !== creator),
      t.isPrivate ? 6 : ctx.between(8, 24),
    );
    if (t.isPrivate || (i > 0 && ctx.chance(0.5))) joined.push(founder);
    const members = [
      { groupId: id, userId: creator.id, role: 'admin', joinedAt: createdAt },
      ...joined
        .filter((p) => p !== creator)
        .map((p) => ({
          groupId: id,
          userId: p.id,
          role: 'member',
          joinedAt: ctx.timeBetween(createdAt, ctx.daysAgo(2)),
        })),
    ];
    await ctx.db.insert(groupMembers).values(members);
    memberCount += members.length;

    const authors = [creator, ...joined];
    const postRows = t.posts.map((content) => {
      const author = ctx.pick(authors);
      return {
        id: ctx.uuid(),
        groupId: id,
        userId: author.id,
        content,
        createdAt: ctx.timeBetween(ctx.daysAgo(20), ctx.daysAgo(1)),
      };
    });
    await ctx.db.insert(groupPosts).values(postRows);
    postCount += postRows.length;

    for (const post of postRows) {
      const fans = ctx.sample(
        authors.filter((p) => p.id !== post.userId),
        ctx.between(1, 6),
      );
      if (fans.length)
        await ctx.db.insert(reactions).values(
          fans.map((p) => ({
            userId: p.id,
            contentType: 'group_post',
            contentId: post.id,
            reactionType: ctx.pick(REACTIONS),
            createdAt: ctx.timeBetween(post.createdAt, ctx.now),
          })),
        );
      const commenters = ctx.sample(
        authors.filter((p) => p.id !== post.userId),
        ctx.between(0, 3),
      );
      for (const c of commenters) {
        const at = ctx.timeBetween(post.createdAt, ctx.now);
        // Some comments mention another member (the featured founder first, when in the group).
        const bystanders = authors.filter((p) => p.id !== c.id && p.id !== post.userId);
        const mentioned =
          bystanders.length && ctx.chance(0.3)
            ? bystanders.includes(founder)
              ? founder
              : ctx.pick(bystanders)
            : null;
        const commentId = ctx.uuid();
        await ctx.db.insert(comments).values({
          id: commentId,
          contentType: 'group_post',
          contentId: post.id,
          userId: c.id,
          content: mentioned
            ? `${mentionToken({ id: mentioned.id, name: mentioned.fullName })} ${ctx.pick(MENTION_COMMENTS)}`
            : ctx.pick(COMMENTS),
          depth: 0,
          createdAt: at,
        });
        if (mentioned)
          ctx.notify({
            userId: mentioned.id,
            actorId: c.id,
            type: 'mention',
            title: MENTION_MSG.notificationTitle,
            message: MENTION_MSG.notificationText(c.fullName, COMMENT_REPORT_TARGET.label),
            link: `/groups/${id}`,
            relatedId: commentId,
            data: { contentKind: COMMENT_REPORT_TARGET.type, contentId: commentId, from_user_id: c.id },
            groupKey: null,
            at,
            readAt: ctx.chance(0.5) ? at : null,
          });
        ctx.notify({
          userId: post.userId,
          actorId: c.id,
          type: 'comment',
          title: NOTIFICATION_TEXT.comment.title,
          message: NOTIFICATION_TEXT.comment.text(c.fullName),
          link: `/groups/${id}`,
          relatedId: post.id,
          data: { contentType: 'group_post', contentId: post.id, from_user_id: c.id },
          groupKey: `comment:group_post:${post.id}`,
          at,
          readAt: at,
        });
      }
    }

    // Join requests waiting for the founder's group.
    if (i === 0) {
      const askers = ctx.sample(
        others.filter((p) => !joined.includes(p)),
        3,
      );
      for (const p of askers) {
        const at = ctx.timeBetween(ctx.daysAgo(3), ctx.daysAgo(0.1));
        await ctx.db
          .insert(groupJoinRequests)
          .values({ groupId: id, userId: p.id, status: 'pending', createdAt: at, updatedAt: at });
        ctx.notify({
          userId: founder.id,
          actorId: p.id,
          type: 'group_action',
          title: NOTIFICATION_TEXT.groupAction.title,
          message: GROUP_MSG.joinRequestNotice(p.fullName, t.name),
          link: `/groups/${id}`,
          relatedId: id,
          data: { groupId: id },
          groupKey: null,
          at,
          readAt: null,
        });
      }
    }
  }
  ctx.count('groups', GROUPS_PLAN.length);
  ctx.count('group members', memberCount);
  ctx.count('group posts', postCount);
}
