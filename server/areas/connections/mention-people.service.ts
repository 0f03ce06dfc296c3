import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blockedEitherIds, visiblePerson } from '../../db/rules';

/** A mentioned person's current name, for texts that hold their id (common/core/mentions.ts). */
export type MentionedPerson = {
  id: string;
  username: string;
  fullName: string | null;
  avatarUrl: string | null;
};

/**
 * The current names of the people a page's texts mention, for the viewer: live accounts only, never
 * someone blocked either way (their mention stays the plain name the text holds).
 */
export async function listMentionedPeople(
  db: Db,
  viewerId: string,
  ids: string[],
): Promise<MentionedPerson[]> {
  if (!ids.length) return [];
  const { rows } = await db.execute<MentionedPerson>(sql`
    select p.id, p.username, p.full_name as "fullName", p.avatar_url as "avatarUrl" from profiles p
    where p.id = any (${`{${ids.join(',')}}`}::uuid[]) and ${visiblePerson('p')}
      and not (p.id = any (${blockedEitherIds(viewerId)}))`);
  return rows;
}
