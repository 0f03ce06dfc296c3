import { topic } from '@common/core/realtime';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/rules';
import { sessions, users } from '../../db/schema';
import type { AppDeps } from '../../lib/context';
import { publishAdminChanged } from './admin-events';
import { recordAdminAction } from './audit-log';

/*
 * Bans that hold (issue 20, docs/decisions/017). users.banned (better-auth's) is the one flag; the
 * database copies it to profiles.is_banned (migration 0015's triggers), which every area's
 * queries read through visiblePerson, so a banned person's content leaves every list at once.
 * better-auth refuses a banned person's sign-in; the session lookup (app.ts) refuses their writes
 * should a session have slipped past; and banning deletes every session, then tells every instance
 * (sessions.revoked on the bus) to forget them and close their sockets.
 */

type TargetRow = { is_super_admin: boolean; banned: boolean; deleted: boolean };

/** The person's row, locked for the rest of the transaction (two admins at once: one wins). */
async function lockTarget(tx: Tx, userId: string) {
  const { rows } = await tx.execute<TargetRow>(
    sql`select p.is_super_admin, coalesce(u.banned, false) as banned, p.deleted_at is not null as deleted
      from profiles p join users u on u.id = p.id where p.id = ${userId} for update of p, u`,
  );
  return rows[0];
}

/**
 * Bans a person: 'refused' for a super admin (docs/product-rules.md: configured admins) or oneself. Their
 * sessions end in the same transaction as the ban and its audit entry; once committed, every instance drops
 * its cached copies and closes their sockets (within the 5 s of the issue).
 */
export async function banPerson(
  deps: AppDeps,
  input: { adminId: string; userId: string; reason: string },
): Promise<'banned' | 'already-banned' | 'not-found' | 'refused'> {
  const outcome = await deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, input.userId);
    if (!target || target.deleted) return 'not-found' as const;
    if (target.is_super_admin || input.userId === input.adminId) return 'refused' as const;
    if (target.banned) return 'already-banned' as const;
    await tx
      .update(users)
      .set({ banned: true, banReason: input.reason || null, banExpires: null, updatedAt: new Date() })
      .where(eq(users.id, input.userId));
    await tx.delete(sessions).where(eq(sessions.userId, input.userId));
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: 'user.ban',
      targetType: 'user',
      targetId: input.userId,
      ...(input.reason ? { detail: { reason: input.reason } } : {}),
    });
    return 'banned' as const;
  });
  if (outcome === 'banned') await afterBanChange(deps, input.userId, true);
  return outcome;
}

/** Lifts a ban: the person may sign in again and their content is shown again. */
export async function unbanPerson(
  deps: AppDeps,
  input: { adminId: string; userId: string },
): Promise<'unbanned' | 'not-banned' | 'not-found'> {
  const outcome = await deps.db.transaction(async (tx) => {
    const target = await lockTarget(tx, input.userId);
    if (!target || target.deleted) return 'not-found' as const;
    if (!target.banned) return 'not-banned' as const;
    await tx
      .update(users)
      .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
      .where(eq(users.id, input.userId));
    await recordAdminAction(tx, {
      adminId: input.adminId,
      action: 'user.unban',
      targetType: 'user',
      targetId: input.userId,
    });
    return 'unbanned' as const;
  });
  if (outcome === 'unbanned') await afterBanChange(deps, input.userId, false);
  return outcome;
}

/** How many of a banned person's newest feed items open pages are told to drop at once. */
const LIVE_REMOVALS = 100;

async function afterBanChange(deps: AppDeps, userId: string, banned: boolean) {
  // Every instance forgets the person's cached sessions and re-checks their sockets' sessions
  // (gone: closed with CLOSE.sessionEnded), through LISTEN/NOTIFY.
  if (banned) deps.sessions.revoke([userId]);
  // Topics naming them (their profile, presence) are authorised again for every subscriber, and
  // every instance's shared first feed page is read again (with or without their items).
  deps.bus.publish(
    { event: { type: 'access.changed', userIds: [userId] } },
    { topic: topic.profile(userId), event: { type: 'profile.updated', userId } },
  );
  // Unbanned: their posts, comments and groups show again on every open page, not only at its
  // next fetch (people blocked with them are not told).
  if (!banned) deps.bus.publish({ event: { type: 'person.restored', userId }, hideFromBlockedWith: userId });
  if (banned) {
    // Open feeds drop their newest items now; older ones are gone at the next page read.
    const items = await deps.db
      .execute<{ id: string }>(
        sql`select id::text as id from feed_items where user_id = ${userId} order by id desc limit ${LIVE_REMOVALS}`,
      )
      .then((r) => r.rows)
      .catch(() => []);
    if (items.length)
      deps.bus.publish({
        topic: topic.feed,
        event: { type: 'feed.removed', itemIds: items.map((i) => i.id) },
      });
  }
  publishAdminChanged(deps.bus, 'users');
}
