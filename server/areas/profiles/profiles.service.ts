import type { Profile } from '@common/api-types';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/auth';
import { profiles } from '../../db/schema/profiles';

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
export async function getOwnProfile(
  db: Db,
  viewer: { id: string; email: string; username?: string | null; name: string },
) {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, viewer.id));
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
