import type { Profile } from '@common/core/api-types';
import type { ZUpdateProfile } from '@common/profiles/schemas';
import { PROFILE_MSG, type ProfileView, type PublicProfile } from '@common/profiles/model';
import { topic } from '@common/core/realtime';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { preparedFor, type Db } from '../../db/client';
import { visiblePerson } from '../../db/rules';
import { users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';
import { AppError } from '../../lib/errors';
import type { Logger } from '../../lib/logger';
import type { Bus } from '../../platform/bus';
import { deleteImageByUrl } from '../../platform/images';
import type { Storage } from '../../platform/storage';
import { areFriends, getConnectionState, getProfileStats } from '../connections';

type ProfileRow = typeof profiles.$inferSelect;

export function toProfile(row: ProfileRow): Profile {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    email: row.email,
    avatarUrl: row.avatarUrl,
    bio: row.bio,
    location: row.location,
    company: row.company,
    title: row.title,
    skills: row.skills,
    coverPhotoUrl: row.coverPhotoUrl,
    verified: row.verified,
    isSuperAdmin: row.isSuperAdmin,
    isBanned: row.isBanned,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Called when an account is created: the profile row carries the public face of the account. */
export async function createProfile(
  db: Db,
  input: { id: string; username: string; email: string; fullName?: string | null; isSuperAdmin: boolean },
) {
  await db
    .insert(profiles)
    .values({
      id: input.id,
      username: input.username,
      email: input.email,
      fullName: input.fullName ?? null,
      isSuperAdmin: input.isSuperAdmin,
    })
    .onConflictDoNothing({ target: profiles.id });
  if (input.isSuperAdmin) await db.update(users).set({ role: 'admin' }).where(eq(users.id, input.id));
}

/**
 * The viewer's own profile. A missing row (the account was created but the profile insert never ran)
 * is created with defaults, as the specification asks for one's own profile.
 */
/** Prepared once: every page load asks `/api/me`. */
const ownProfileRow = preparedFor((db: Db) =>
  db
    .select()
    .from(profiles)
    .where(eq(profiles.id, sql.placeholder('id')))
    .prepare('profiles_own'),
);

export async function getOwnProfile(
  db: Db,
  viewer: { id: string; email: string; username?: string | null; name: string },
) {
  const [row] = await ownProfileRow(db).execute({ id: viewer.id });
  if (row) return toProfile(row);
  await createProfile(db, {
    id: viewer.id,
    username: viewer.username ?? viewer.email.split('@')[0]!,
    email: viewer.email,
    fullName: viewer.name,
    isSuperAdmin: false,
  });
  const [created] = await db.select().from(profiles).where(eq(profiles.id, viewer.id));
  return toProfile(created!);
}

/** ADMIN_EMAILS: the listed accounts become super admins (run at start; sign-up checks on its own). */
export async function promoteSuperAdmins(db: Db, emails: string[]) {
  if (emails.length === 0) return 0;
  const promoted = await db
    .update(profiles)
    .set({ isSuperAdmin: true, updatedAt: new Date() })
    .where(sql`lower(${profiles.email}) in ${emails} and ${profiles.isSuperAdmin} = false`)
    .returning({ id: profiles.id });
  if (promoted.length > 0)
    await db
      .update(users)
      .set({ role: 'admin' })
      .where(
        inArray(
          users.id,
          promoted.map((p) => p.id),
        ),
      );
  return promoted.length;
}

/** A live (not deleted) profile row, or 'Profile not found.'. */
async function findLiveProfile(db: Db, id: string) {
  const [row] = await db
    .select()
    .from(profiles)
    .where(and(eq(profiles.id, id), isNull(profiles.deletedAt)));
  if (!row) throw new AppError('NOT_FOUND', PROFILE_MSG.notFound);
  return row;
}

type Visibility = { row: ProfileRow; restricted: boolean; blockedByYou: boolean };

/**
 * What the viewer may see of a person. Someone who blocked the viewer does not exist for them; a
 * person who keeps their profile to friends (Privacy tab), or whom the viewer blocked, shows only
 * name, avatar and headline.
 */
async function visibility(db: Db, viewerId: string, userId: string): Promise<Visibility> {
  const row = await findLiveProfile(db, userId);
  if (viewerId === userId) return { row, restricted: false, blockedByYou: false };
  // A banned person's profile is hidden like the rest of their content (issue 20, docs/decisions/017).
  if (row.isBanned) throw new AppError('NOT_FOUND', PROFILE_MSG.notFound);
  const { rows } = await db.execute<{
    blocked_by_them: boolean;
    blocked_by_you: boolean;
    visible: boolean;
  }>(sql`
    select
      exists (select 1 from blocks where blocker_id = ${userId} and blocked_id = ${viewerId}) as blocked_by_them,
      exists (select 1 from blocks where blocker_id = ${viewerId} and blocked_id = ${userId}) as blocked_by_you,
      coalesce((select profile_visible from user_settings where user_id = ${userId}), true) as visible`);
  const flags = rows[0]!;
  if (flags.blocked_by_them) throw new AppError('NOT_FOUND', PROFILE_MSG.notFound);
  const restricted = flags.blocked_by_you || (!flags.visible && !(await areFriends(db, viewerId, userId)));
  return { row, restricted, blockedByYou: flags.blocked_by_you };
}

/** For the lists of a person: refuses what the viewer may not see. */
export async function requireVisibleProfile(db: Db, viewerId: string, userId: string) {
  const v = await visibility(db, viewerId, userId);
  if (v.restricted) throw new AppError('FORBIDDEN', PROFILE_MSG.restricted);
}

/**
 * Does GET /api/profiles/:id show the viewer the whole profile, counts and lists included? Not when
 * it is gone, either blocks the other, or it is kept to friends and the viewer is not one. This
 * decides who may follow the profile's live topic, and what a list filtered by that person (their
 * forums, groups, events, ideas, pages) shows to someone else.
 */
export async function canSeeWholeProfile(db: Db, viewerId: string | null, userId: string): Promise<boolean> {
  // A visitor sees the whole of a live profile that is not kept to friends.
  if (!viewerId) {
    const { rows } = await db.execute<{ ok: boolean }>(
      sql`select exists (select 1 from profiles p where p.id = ${userId} and ${visiblePerson('p')}
        and coalesce((select s.profile_visible from user_settings s where s.user_id = p.id), true)) as ok`,
    );
    return rows[0]?.ok === true;
  }
  try {
    return !(await visibility(db, viewerId, userId)).restricted;
  } catch (err) {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return false;
    throw err;
  }
}

function publicProfile(row: ProfileRow, opts: { self: boolean; restricted: boolean }): PublicProfile {
  const { email, isBanned: _banned, ...full } = toProfile(row);
  if (!opts.restricted) return { ...full, email: opts.self ? email : null };
  return {
    ...full,
    email: null,
    bio: null,
    location: null,
    company: null,
    skills: [],
    coverPhotoUrl: null,
  };
}

/** GET /api/profiles/:id (and /me): the profile as the viewer may see it, with counts and status. */
export async function getProfileView(db: Db, viewerId: string, userId: string): Promise<ProfileView> {
  const { row, restricted, blockedByYou } = await visibility(db, viewerId, userId);
  const self = viewerId === userId;
  const [stats, connection] = await Promise.all([
    restricted ? null : getProfileStats(db, userId),
    self ? null : getConnectionState(db, viewerId, userId),
  ]);
  return {
    profile: publicProfile(row, { self, restricted }),
    isSelf: self,
    restricted,
    blockedByYou,
    connection,
    stats,
  };
}

/** Tell everyone watching this profile that it changed. */
export function publishProfileUpdated(bus: Bus, userId: string) {
  bus.publish({ topic: topic.profile(userId), event: { type: 'profile.updated', userId } });
}

export type OwnProfileDeps = {
  db: Db;
  bus: Bus;
  storage: Storage;
  logger: Logger;
  /** The signed-in people's sessions carry their name and avatar (Viewer.card): forgotten on a change. */
  sessions: { refresh(userIds: readonly string[]): void };
};
type ProfileChanges = Partial<Omit<typeof profiles.$inferInsert, 'id' | 'username' | 'email'>>;

/**
 * The one write of one's own profile (fields, avatar, cover). The row is locked while it changes, so
 * two changes at once each remove exactly the picture they replaced; an uploaded picture that is
 * replaced or cleared is deleted from storage after commit (a failure only leaves an unused file).
 */
export async function writeOwnProfile(deps: OwnProfileDeps, viewerId: string, changes: ProfileChanges) {
  const { row, before } = await deps.db.transaction(async (tx) => {
    const [before] = await tx
      .select({ avatarUrl: profiles.avatarUrl, coverPhotoUrl: profiles.coverPhotoUrl })
      .from(profiles)
      .where(and(eq(profiles.id, viewerId), isNull(profiles.deletedAt)))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND', PROFILE_MSG.notFound);
    const [row] = await tx
      .update(profiles)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(profiles.id, viewerId))
      .returning();
    return { row: row!, before };
  });
  for (const column of ['avatarUrl', 'coverPhotoUrl'] as const) {
    const previous = before[column];
    if (changes[column] === undefined || !previous || previous === row[column]) continue;
    await deleteImageByUrl(deps.storage, previous, viewerId).catch((err: unknown) =>
      deps.logger.warn({ err, url: previous }, 'could not delete a replaced profile image'),
    );
  }
  // The next request reads the session again, with the new name and avatar (notifications show them).
  deps.sessions.refresh([viewerId]);
  publishProfileUpdated(deps.bus, viewerId);
  return toProfile(row);
}

/** PATCH /api/profiles/me: the viewer's own fields (never the username). */
export async function updateOwnProfile(
  deps: OwnProfileDeps,
  viewerId: string,
  input: z.infer<typeof ZUpdateProfile>,
): Promise<Profile> {
  const { username: _username, ...fields } = input;
  return writeOwnProfile(deps, viewerId, fields);
}
