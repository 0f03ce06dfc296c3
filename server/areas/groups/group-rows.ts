import { GROUP_MSG, type GroupRole, type GroupSummary } from '@common/groups/model';
import type { ImagePreset } from '@common/core/uploads';
import { ownUploadedImage } from '../../platform/images';
import { sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { afterCursor, microsOf, pageOf, readTimeCursor, type TimeCursor } from '../../lib/pagination';
import type { Storage } from '../../platform/storage';
import type { Envelope } from '../../platform/bus';
import { visiblePerson, type Tx } from '../../db/rules';

/*
 * What the groups services share (docs/product-rules.md: no sample data, every feature is a real write):
 * their dependencies, the one 404, and the visibility rules every read puts in its SQL. A public group
 * is seen by everyone; a private one only by its members (and, to answer, by a person it invited),
 * in the list, the page, posts, members, search, the feed and the realtime topic alike. Anything
 * the viewer may not see answers exactly like a missing group.
 */

export type GroupDeps = Pick<AppDeps, 'db' | 'bus' | 'storage' | 'logger'>;

export const notFound = () => new AppError('NOT_FOUND', GROUP_MSG.notFound);

/** SQL true when `viewerId` is a member of the group `groupId` (a column or value). */
export function isMemberSql(viewerId: string, groupId: SQL): SQL {
  return sql`exists (select 1 from group_members gm where gm.group_id = ${groupId} and gm.user_id = ${viewerId})`;
}

/** SQL true when `viewerId` is an admin of the group `groupId`. */
export function isAdminSql(viewerId: string, groupId: SQL): SQL {
  return sql`exists (select 1 from group_members gm where gm.group_id = ${groupId} and gm.user_id = ${viewerId} and gm.role = 'admin')`;
}

/**
 * The group under `alias` and what is inside it (posts, members) may be read: it is public, or the
 * viewer is a member. Lists, search and the feed use this: a private group is invisible to others.
 */
export function groupOpenTo(viewerId: string | null, alias = 'g'): SQL {
  const g = sql.raw(alias);
  if (!viewerId) return sql`not ${g}.is_private`;
  return sql`(not ${g}.is_private or ${isMemberSql(viewerId, sql`${g}.id`)})`;
}

/**
 * The group's page may be shown: as groupOpenTo, or the viewer has a pending invitation to it (they
 * see its name and description to accept or decline, never its posts or members).
 */
export function groupShownTo(viewerId: string, alias = 'g'): SQL {
  const g = sql.raw(alias);
  return sql`(${groupOpenTo(viewerId, alias)} or exists (select 1 from group_invitations gi
    where gi.group_id = ${g}.id and gi.invited_user_id = ${viewerId} and gi.status = 'pending'))`;
}

/**
 * A group's member count, the one rule for its header, cards and the members sidebar's 'View all N
 * members': members whose account is visible (not deleted, not banned). Blocks hide a person from
 * the viewer's list but not from the count, which is the group's and the same for everyone.
 */
export const memberCountSql = (alias = 'g') =>
  sql`(select count(*)::int from group_members mc join profiles mp on mp.id = mc.user_id
    where mc.group_id = ${sql.raw(alias)}.id and ${visiblePerson('mp')})`;

export const SUMMARY_COLUMNS = sql`g.id::text as id, g.name, g.description, g.cover_image, g.is_private,
  g.created_at, ${memberCountSql()} as member_count`;

export type SummaryRow = {
  id: string;
  name: string;
  description: string;
  cover_image: string | null;
  is_private: boolean;
  created_at: string | Date;
  member_count: number;
};

export const iso = (d: string | Date) => new Date(d).toISOString();

export function toSummary(r: SummaryRow): GroupSummary {
  return {
    id: r.id,
    name: r.name,
    description: r.description,
    coverImage: r.cover_image,
    isPrivate: r.is_private,
    memberCount: Number(r.member_count),
    createdAt: iso(r.created_at),
  };
}

export const readCursor = (cursor: string | undefined): TimeCursor | null =>
  readTimeCursor(cursor, GROUP_MSG.invalidCursor);

export { afterCursor, microsOf, pageOf };

/** The viewer's role in the group, or null (also null when the group does not exist). */
export async function roleOf(
  db: Pick<AppDeps['db'], 'execute'>,
  viewerId: string,
  groupId: string,
): Promise<GroupRole | null> {
  const { rows } = await db.execute<{ role: GroupRole }>(
    sql`select role from group_members where group_id = ${groupId} and user_id = ${viewerId}`,
  );
  return rows[0]?.role ?? null;
}

/** What a group's page follows live: a change, named only by kind. */
export function groupChanged(groupId: string, what: 'group' | 'members' | 'posts' | 'requests'): Envelope {
  return { topic: `group:${groupId}`, event: { type: 'group.changed', groupId, what } };
}

/**
 * An image address as stored: null, or the main copy of an image of `preset` this viewer uploaded.
 * Anything else (someone else's upload, any other address) is refused with `message`.
 */
export function ownImage(
  storage: Storage,
  viewerId: string,
  url: string | null,
  preset: ImagePreset,
  field: string,
  message: string,
) {
  return ownUploadedImage(
    storage,
    viewerId,
    url,
    preset,
    () => new AppError('VALIDATION', message, { [field]: message }),
  );
}

/** The rows of a statement, in a transaction or not. */
export async function rowsOf<T>(db: Tx, query: SQL): Promise<T[]> {
  return (await db.execute(query)).rows as T[];
}
