import {
  ADMIN,
  ADMIN_MSG,
  type AdminArticlePage,
  type AdminStats,
  type AdminUser,
  type AdminUserPage,
  type AuditPage,
} from '@common/admin/model';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { isSuperAdmin, type Tx } from '../../db/rules';
import { accounts, profiles, sessions, twoFactors, users } from '../../db/schema';
import type { AppDeps, Viewer } from '../../lib/context';
import { AppError } from '../../lib/errors';
import {
  cursorTime,
  decodeTimeCursor,
  encodeTimeCursor,
  microsOf,
  splitPage,
  type TimeCursor,
} from '../../lib/pagination';
import { SECURITY_MSG } from '@common/auth/security';
import { hashPassword } from '../../platform/password';
import { refuseCommonPassword } from '../auth';
import { publishAdminChanged } from './admin-events';
import { recordAdminAction } from './audit-log';
import { countOpenReports, countPendingReviews } from './moderation-counts';

/**
 * Every admin endpoint starts here: a 403 for anyone but a live super admin (docs/product-rules.md:
 * configured admins), and, when the deployment requires it (REQUIRE_ADMIN_TWO_FACTOR), for a super
 * admin whose account has no two-step sign-in.
 */
export async function requireSuperAdmin(
  db: Tx,
  viewer: Viewer,
  opts: { requireTwoFactor?: boolean | undefined } = {},
): Promise<void> {
  if (!(await isSuperAdmin(db, viewer.id))) throw new AppError('FORBIDDEN', ADMIN_MSG.noPermission);
  if (opts.requireTwoFactor && !viewer.twoFactorEnabled)
    throw new AppError('FORBIDDEN', SECURITY_MSG.adminRequiresTwoFactor);
}

/**
 * Removes two-step sign-in from an account that lost its authenticator (and its recovery codes):
 * its secret and codes are deleted and the next sign-in asks for the password alone. Audit-logged.
 */
export async function removeTwoFactor(
  deps: Pick<AppDeps, 'db' | 'sessions'>,
  admin: Viewer,
  userId: string,
): Promise<AdminUser> {
  const user = await deps.db.transaction(async (tx) => {
    await getUser(tx, userId);
    const removed = await tx
      .delete(twoFactors)
      .where(eq(twoFactors.userId, userId))
      .returning({ id: twoFactors.id });
    const [was] = await tx
      .update(users)
      .set({ twoFactorEnabled: false, updatedAt: new Date() })
      .where(eq(users.id, userId))
      .returning({ id: users.id });
    if (!was) throw userNotFound();
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: 'user.remove-two-factor',
      targetType: 'user',
      targetId: userId,
      detail: { hadTwoFactor: removed.length > 0 },
    });
    return getUser(tx, userId);
  });
  // Cached sessions carry the user's twoFactorEnabled: they are read again.
  deps.sessions.revoke([userId]);
  return user;
}

const userNotFound = () => new AppError('NOT_FOUND', ADMIN_MSG.userNotFound);
const cursorOf = (cursor: string | undefined): TimeCursor | null =>
  cursor ? decodeTimeCursor(cursor, ADMIN_MSG.invalidCursor) : null;
/** `text` as a LIKE pattern matching it anywhere, its own % and _ taken literally. */
const containing = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** The dashboard's five figures, live (real counts: docs/product-rules.md: every feature is a real write). */
export async function getStats(db: Db): Promise<AdminStats> {
  const { rows } = await db.execute<{ members: number; fresh: number; articles: number }>(
    sql`select
      (select count(*)::int from profiles where deleted_at is null) as members,
      (select count(*)::int from profiles where deleted_at is null and created_at > now() - interval '7 days') as fresh,
      (select count(*)::int from articles where status = 'published') as articles`,
  );
  const [pendingReviews, openReports] = await Promise.all([countPendingReviews(db), countOpenReports(db)]);
  const row = rows[0]!;
  return {
    members: Number(row.members),
    newMembersThisWeek: Number(row.fresh),
    articles: Number(row.articles),
    pendingReviews,
    openReports,
  };
}

type UserRow = {
  two_factor: boolean | null;
  email_verified: boolean | null;
  id: string;
  username: string;
  full_name: string | null;
  email: string;
  avatar_url: string | null;
  created_at: string | Date;
  micros: string;
  is_banned: boolean;
  is_super_admin: boolean;
};
const USER_COLUMNS = sql`p.id::text as id, p.username, p.full_name, p.email, p.avatar_url, p.created_at,
  ${microsOf(sql`p.created_at`)} as micros, p.is_banned, p.is_super_admin,
  (select u.two_factor_enabled from users u where u.id = p.id) as two_factor,
  (select u.email_verified from users u where u.id = p.id) as email_verified`;
const toUser = (r: UserRow): AdminUser => ({
  id: r.id,
  username: r.username,
  fullName: r.full_name,
  email: r.email,
  avatarUrl: r.avatar_url,
  createdAt: new Date(r.created_at).toISOString(),
  isBanned: r.is_banned,
  isSuperAdmin: r.is_super_admin,
  twoFactorEnabled: Boolean(r.two_factor),
  emailVerified: Boolean(r.email_verified),
});

/** Users tab: every account that is not deleted (banned ones too), newest first, searchable. */
export async function listUsers(
  db: Db,
  query: { q?: string | undefined; cursor?: string | undefined; limit: number },
): Promise<AdminUserPage> {
  const after = cursorOf(query.cursor);
  const where: SQL[] = [sql`p.deleted_at is null`];
  if (query.q) {
    const like = containing(query.q);
    where.push(sql`(p.search_name like ${like} or lower(p.email) like ${like})`);
  }
  if (after) where.push(sql`(p.created_at, p.id) < (${cursorTime(after)}, ${after.id}::uuid)`);
  const { rows } = await db.execute<UserRow>(
    sql`select ${USER_COLUMNS} from profiles p where ${sql.join(where, sql` and `)}
      order by p.created_at desc, p.id desc limit ${query.limit + 1}`,
  );
  const { page, more } = splitPage(rows, query.limit);
  const last = page.at(-1);
  return {
    items: page.map(toUser),
    nextCursor: more && last ? encodeTimeCursor({ micros: last.micros, id: last.id }) : null,
  };
}

export async function getUser(db: Tx, userId: string): Promise<AdminUser> {
  const { rows } = await db.execute<UserRow>(
    sql`select ${USER_COLUMNS} from profiles p where p.id = ${userId} and p.deleted_at is null`,
  );
  if (!rows[0]) throw userNotFound();
  return toUser(rows[0]);
}

/**
 * Sets a new password (the admin's "update user password"), for super admins too. The
 * person's other sessions end: a reset by an admin is usually because the account was taken over.
 */
export async function resetPassword(
  deps: Pick<AppDeps, 'db' | 'sessions'>,
  admin: Viewer,
  userId: string,
  newPassword: string,
): Promise<void> {
  // The same list sign-up and the reset link refuse: an admin cannot set 'password' either.
  refuseCommonPassword(newPassword, 'newPassword');
  await getUser(deps.db, userId);
  const hash = await hashPassword(newPassword);
  await deps.db.transaction(async (tx) => {
    const updated = await tx
      .update(accounts)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')))
      .returning({ id: accounts.id });
    if (!updated.length) throw userNotFound();
    // An admin resetting their own password keeps the session they are using.
    if (userId !== admin.id) await tx.delete(sessions).where(eq(sessions.userId, userId));
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: 'user.password',
      targetType: 'user',
      targetId: userId,
    });
  });
  if (userId !== admin.id) deps.sessions.revoke([userId]);
}

/** Grants or removes super admin (docs/product-rules.md: configured admins); nobody removes their own. */
export async function setSuperAdmin(
  deps: Pick<AppDeps, 'db' | 'bus'>,
  admin: Viewer,
  userId: string,
  value: boolean,
): Promise<AdminUser> {
  if (userId === admin.id && !value) throw new AppError('FORBIDDEN', ADMIN_MSG.cannotDemoteSelf);
  const user = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(profiles)
      .set({ isSuperAdmin: value, updatedAt: new Date() })
      .where(and(eq(profiles.id, userId), sql`${profiles.deletedAt} is null`))
      .returning({ id: profiles.id, banned: profiles.isBanned });
    if (!row) throw userNotFound();
    // A banned person cannot be made an admin: unban first (a super admin cannot be banned).
    if (row.banned && value) throw new AppError('CONFLICT', ADMIN_MSG.unbanFirst);
    await tx
      .update(users)
      .set({ role: value ? 'admin' : 'user' })
      .where(eq(users.id, userId));
    await recordAdminAction(tx, {
      adminId: admin.id,
      action: value ? 'user.grant-admin' : 'user.revoke-admin',
      targetType: 'user',
      targetId: userId,
    });
    return getUser(tx, userId);
  });
  // Their admin topic subscription is checked again (a removed admin stops receiving).
  deps.bus.publish({ event: { type: 'access.changed', userIds: [userId] } });
  publishAdminChanged(deps.bus, 'users');
  return user;
}

type ArticleRow = {
  id: string;
  title: string;
  excerpt: string;
  created_at: string | Date;
  micros: string;
  likes: number;
  image_url: string | null;
  author_id: string | null;
  username: string | null;
  full_name: string | null;
  email: string | null;
};

/** Articles tab: every article (drafts too), newest first, with its author's name, username and email. */
export async function listArticles(
  db: Db,
  query: { cursor?: string | undefined; limit: number },
): Promise<AdminArticlePage> {
  const after = cursorOf(query.cursor);
  const { rows } = await db.execute<ArticleRow>(
    sql`select a.id::text as id, a.title, left(a.content, ${ADMIN.excerptLength}) as excerpt, a.created_at,
        ${microsOf(sql`a.created_at`)} as micros, a.image_url,
        (select count(*)::int from reactions r where r.content_type = 'article' and r.content_id = a.id) as likes,
        p.id::text as author_id, p.username, nullif(nullif(btrim(p.full_name), ''), p.username) as full_name, p.email
      from articles a left join profiles p on p.id = a.author_id
      where ${after ? sql`(a.created_at, a.id) < (${cursorTime(after)}, ${after.id}::uuid)` : sql`true`}
      order by a.created_at desc, a.id desc limit ${query.limit + 1}`,
  );
  const { page, more } = splitPage(rows, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      title: r.title,
      excerpt: r.excerpt,
      createdAt: new Date(r.created_at).toISOString(),
      likes: Number(r.likes),
      imageUrl: r.image_url,
      author: r.author_id
        ? { id: r.author_id, username: r.username!, fullName: r.full_name, email: r.email! }
        : null,
    })),
    nextCursor: more && last ? encodeTimeCursor({ micros: last.micros, id: last.id }) : null,
  };
}

type AuditRow = {
  id: string;
  action: string;
  target_type: string;
  target_id: string;
  detail: Record<string, unknown> | null;
  created_at: string | Date;
  micros: string;
  admin_id: string | null;
  username: string | null;
  admin_name: string | null;
  target_name: string | null;
  target_link: string | null;
  owner_id: string | null;
  owner_name: string | null;
};

/** Audit log tab: every admin action (part A's and part B's), newest first. */
export async function listAudit(
  db: Db,
  query: { cursor?: string | undefined; limit: number },
): Promise<AuditPage> {
  const after = cursorOf(query.cursor);
  const { rows } = await db.execute<AuditRow>(
    sql`select x.id::text as id, x.action, x.target_type, x.target_id, x.detail, x.created_at,
        ${microsOf(sql`x.created_at`)} as micros, p.id::text as admin_id, p.username,
        coalesce(p.full_name, p.username) as admin_name,
        coalesce(x.detail->>'fullName', x.detail->>'username', x.detail->>'title', x.detail->>'excerpt',
          t.full_name, t.username) as target_name,
        case when t.id is not null then '/profile/' || t.id::text else x.detail->>'link' end as target_link,
        o.id::text as owner_id, coalesce(o.full_name, o.username) as owner_name
      from admin_actions x left join profiles p on p.id = x.admin_id
        left join profiles t on x.target_type = 'user' and t.id::text = x.target_id
        left join profiles o on o.id::text = x.detail->>'ownerId'
      where ${after ? sql`(x.created_at, x.id) < (${cursorTime(after)}, ${after.id}::uuid)` : sql`true`}
      order by x.created_at desc, x.id desc limit ${query.limit + 1}`,
  );
  const { page, more } = splitPage(rows, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({
      id: r.id,
      action: r.action,
      targetType: r.target_type,
      targetId: r.target_id,
      targetName: r.target_name,
      targetLink: r.target_link,
      person: r.owner_id ? { id: r.owner_id, name: r.owner_name! } : null,
      detail: r.detail,
      createdAt: new Date(r.created_at).toISOString(),
      admin: r.admin_id ? { id: r.admin_id, username: r.username!, name: r.admin_name! } : null,
    })),
    nextCursor: more && last ? encodeTimeCursor({ micros: last.micros, id: last.id }) : null,
  };
}
