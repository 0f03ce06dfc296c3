import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { exportRows, type ExportPart } from '../../platform/data-export';

/** The member's own profiles data for Download your data (their rows only, never other people's). */
export async function exportProfiles(db: Db, userId: string): Promise<ExportPart> {
  return {
    profile: await exportRows(
      db,
      sql`select p.id, p.username, p.full_name, p.email, p.avatar_url, p.bio, p.location, p.company, p.title, p.skills, p.cover_photo_url, p.verified, p.created_at, p.updated_at from profiles p where p.id = ${userId}`,
    ),
    account: await exportRows(
      db,
      sql`select u.id, u.name, u.email, u.email_verified, u.created_at from users u where u.id = ${userId}`,
    ),
  };
}
