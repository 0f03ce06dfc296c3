import { eq, inArray } from 'drizzle-orm';
import { adminActions, profiles, users } from '../../db/schema';
import type { DemoContext } from '../../platform/demo';

/*
 * The demo community's administration: the featured founder is a super admin (npm run demo says so
 * next to her address, so /admin is one sign-in away), one latecomer who spammed the groups is
 * banned (hidden everywhere, refused at sign-in), and the audit log shows what was done.
 */
export async function demo(ctx: DemoContext) {
  const admin = ctx.featured[0];
  if (!admin) return;
  await ctx.db.update(profiles).set({ isSuperAdmin: true }).where(eq(profiles.id, admin.id));
  await ctx.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.id));

  const featuredIds = new Set(ctx.featured.map((p) => p.id));
  const latecomers = ctx.people.filter((p) => !featuredIds.has(p.id)).slice(-12);
  const [spammer, ...others] = ctx.sample(latecomers, 3);
  const entries: (typeof adminActions.$inferInsert)[] = [];
  if (spammer) {
    // The database copies the flag to profiles.is_banned (migration 0015).
    await ctx.db
      .update(users)
      .set({ banned: true, banReason: 'Posting the same link in every group' })
      .where(inArray(users.id, [spammer.id]));
    entries.push({
      adminId: admin.id,
      action: 'user.ban',
      targetType: 'user',
      targetId: spammer.id,
      detail: { reason: 'Posting the same link in every group' },
      createdAt: ctx.daysAgo(2),
    });
  }
  const helped = others[0];
  if (helped)
    entries.push({
      adminId: admin.id,
      action: 'user.password',
      targetType: 'user',
      targetId: helped.id,
      createdAt: ctx.daysAgo(5),
    });
  const unbanned = others[1];
  if (unbanned)
    entries.push(
      {
        adminId: admin.id,
        action: 'user.ban',
        targetType: 'user',
        targetId: unbanned.id,
        detail: { reason: 'Heated argument in the comments' },
        createdAt: ctx.daysAgo(9),
      },
      {
        adminId: admin.id,
        action: 'user.unban',
        targetType: 'user',
        targetId: unbanned.id,
        createdAt: ctx.daysAgo(8),
      },
    );
  if (entries.length) await ctx.db.insert(adminActions).values(entries);
  ctx.count('super admins', 1);
  ctx.count('audit entries', entries.length);
}
