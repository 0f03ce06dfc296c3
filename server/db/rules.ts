import { sql, type SQL } from 'drizzle-orm';
import { statementOnce, type Db } from './client';

/**
 * The rules about people that every area applies, once each (docs/decisions/012). Each is SQL to put in
 * the area's own query, so "not there" and "not yours" are decided by the database in one statement.
 */

/** A transaction or the database: what a service that may run inside another's transaction takes. */
export type Tx = Pick<Db, 'select' | 'insert' | 'update' | 'delete' | 'execute'>;

/** A column, a joined alias's column or a bound value naming a person. */
type PersonRef = SQL | SQL.Aliased | { getSQL(): SQL };

/**
 * SQL true when the profiles row under `alias` is a live account: not deleted, not banned. Deleted
 * and banned people never show in a list, a search, the feed or on someone's content.
 */
export function visiblePerson(alias: string): SQL {
  const p = sql.raw(alias);
  return sql`${p}.deleted_at is null and not ${p}.is_banned`;
}

/**
 * A person's bio as others see it in a list of people (an author, a follower, a welcome card): null
 * when they keep their profile to friends (Privacy tab), whose bio is for friends only.
 */
export function publicBio(person: PersonRef, bio: PersonRef): SQL<string | null> {
  return sql<
    string | null
  >`case when coalesce((select s.profile_visible from user_settings s where s.user_id = ${person}), true) then ${bio} end`;
}

/**
 * SQL true when `person` (a column or value) and the viewer do not block each other: two probes of
 * the blocks primary key (blocker, blocked), one each way. Best for a handful of rows (a page of the
 * feed, one profile).
 */
export function notBlockedWith(viewerId: string, person: PersonRef): SQL {
  return sql`not exists (select 1 from blocks b where b.blocker_id = ${viewerId} and b.blocked_id = ${person}) and not exists (select 1 from blocks b where b.blocker_id = ${person} and b.blocked_id = ${viewerId})`;
}

/**
 * SQL for the ids of everyone the viewer blocked or was blocked by, read once per statement: cheaper
 * than notBlockedWith when many rows are tested (`p.id <> all(...)`, search).
 */
export function blockedEitherIds(viewerId: string): SQL {
  return sql`array(select b.blocked_id from blocks b where b.blocker_id = ${viewerId} union all select b.blocker_id from blocks b where b.blocked_id = ${viewerId})`;
}

/** Does either of the two block the other? */
export async function isBlockedEither(db: Tx, a: string, b: string): Promise<boolean> {
  const rows = await blockedEither(db, { a, b });
  return rows[0]?.blocked === true;
}
const blockedEither = statementOnce<{ a: string; b: string }, { blocked: boolean }>(
  ({ a, b }) => sql`select not (${notBlockedWith(a, sql`${b}::uuid`)}) as blocked`,
);

/**
 * SQL true when `viewerId` is a super admin with a live account (docs/product-rules.md: configured admins). A
 * deleted account is never an admin, whatever its row still says.
 */
export function isSuperAdminSql(viewerId: string): SQL {
  return sql`exists (select 1 from profiles v where v.id = ${viewerId} and v.is_super_admin and v.deleted_at is null)`;
}

export async function isSuperAdmin(db: Tx, viewerId: string): Promise<boolean> {
  const { rows } = await db.execute<{ admin: boolean }>(sql`select ${isSuperAdminSql(viewerId)} as admin`);
  return rows[0]?.admin === true;
}
