import { REPORT_REASONS, type ReportReason } from '@common/admin/moderation';
import { sql } from 'drizzle-orm';
import { reports } from '../../db/schema';
import type { DemoContext } from '../../platform/demo';

/*
 * Moderation's part of the demo community (issue 20 part B): a handful of open reports of
 * comments, posts, a review and a profile, from members who could see them, plus one already
 * dismissed. The business-pages part leaves a few reviews pending. Wired into the admin area's
 * demo() (the lead adds it to part A's index.ts).
 */

const DETAILS: Partial<Record<ReportReason, string>> = {
  spam: 'Same link posted under several articles.',
  harassment: 'This is aimed at one person and is not friendly.',
  misinformation: 'The numbers quoted here are made up.',
};

type Target = {
  type: 'comment' | 'group_post' | 'business_post' | 'review';
  id: string;
  owner: string;
  text: string;
  link: string | null;
};

export async function moderationDemo(ctx: DemoContext): Promise<void> {
  const candidates = (
    await ctx.db.execute<Target>(sql`
      (select 'comment' as type, c.id::text as id, c.user_id::text as owner, c.content as text,
          '/articles/' || c.content_id as link
        from comments c where c.content_type = 'article' order by c.created_at desc, c.id limit 3)
      union all
      (select 'business_post', p.id::text, p.author_id::text, p.content, '/business-pages/' || p.business_page_id
        from business_posts p order by p.created_at desc, p.id limit 1)
      union all
      (select 'review', r.id::text, r.user_id::text, r.title || ': ' || r.content, '/business-pages/' || r.business_page_id
        from business_reviews r where r.moderation_status = 'approved' order by r.created_at desc, r.id limit 1)`)
  ).rows;
  let made = 0;
  for (const [i, t] of candidates.entries()) {
    const reporter = ctx.pick(ctx.people.filter((p) => p.id !== t.owner));
    const reason = REPORT_REASONS[i % REPORT_REASONS.length]!;
    const at = ctx.timeBetween(ctx.daysAgo(3), ctx.now);
    // The first is already dismissed; the rest wait in the Reports tab.
    const dismissed = i === 0;
    await ctx.db.insert(reports).values({
      id: ctx.uuid(),
      reporterId: reporter.id,
      targetType: t.type,
      targetId: t.id,
      ownerId: t.owner,
      reason,
      details: DETAILS[reason] ?? null,
      excerpt: t.text.length > 280 ? `${t.text.slice(0, 279)}…` : t.text,
      link: t.link,
      status: dismissed ? 'resolved' : 'open',
      action: dismissed ? 'dismiss' : null,
      note: dismissed ? 'Blunt, but within the rules.' : null,
      resolvedAt: dismissed ? ctx.timeBetween(at, ctx.now) : null,
      createdAt: at,
    });
    made++;
  }
  const profile = ctx.people[ctx.people.length - 1];
  if (profile) {
    const reporter = ctx.pick(ctx.people.filter((p) => p.id !== profile.id));
    await ctx.db.insert(reports).values({
      id: ctx.uuid(),
      reporterId: reporter.id,
      targetType: 'profile',
      targetId: profile.id,
      ownerId: profile.id,
      reason: 'spam',
      details: 'Sends the same investment pitch to everyone.',
      excerpt: profile.fullName,
      link: `/profile/${profile.id}`,
      createdAt: ctx.timeBetween(ctx.daysAgo(2), ctx.now),
    });
    made++;
  }
  ctx.count('reports', made);
}
