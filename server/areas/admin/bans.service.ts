// Stub: replaced by part A at merge.
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context';

/** Bans a person (part A ends their sessions and sockets too; this stub only sets the flags). */
export async function banPerson(
  deps: AppDeps,
  input: { adminId: string; userId: string; reason: string },
): Promise<'banned' | 'already-banned' | 'not-found' | 'refused'> {
  const { rows } = await deps.db.execute<{ admin: boolean }>(
    sql`select is_super_admin as admin from profiles where id = ${input.userId}`,
  );
  if (!rows[0]) return 'not-found';
  if (rows[0].admin) return 'refused';
  await deps.db.execute(sql`update profiles set is_banned = true where id = ${input.userId}`);
  await deps.db.execute(sql`update users set banned = true where id = ${input.userId}`);
  return 'banned';
}
