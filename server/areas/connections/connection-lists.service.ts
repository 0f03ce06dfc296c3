import {
  PROFILES,
  type ConnectionList,
  type FriendRequest,
  type PeoplePage,
  type PersonSummary,
  type ProfileStats,
} from '@common/profiles/model';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { connections, profiles } from '../../db/schema';
import { type Tx, notBlockedWith } from '../../db/rules';
import { personColumns } from './connection-pair';

/*
 * Reading connections: a person's follower, following and friend
 * counts and lists, the viewer's pending friend requests, the friends two people share, and whether
 * two people are friends. Nothing here changes a row.
 */

/** Followers, following and friends of a person, counted the way the lists show them. */
export async function getProfileStats(db: Tx, userId: string): Promise<ProfileStats> {
  const { rows } = await db.execute<{ followers: number; following: number; friends: number }>(sql`
    select
      (select count(*)::int from connections where connected_user_id = ${userId}) as followers,
      (select count(*)::int from connections where user_id = ${userId}) as following,
      (select count(*)::int from connections where user_id = ${userId} and status = 'friends') as friends`);
  return rows[0] ?? { followers: 0, following: 0, friends: 0 };
}

/**
 * One of a person's lists, newest connection first, paged by the connection row id. People the
 * viewer blocks or is blocked by are left out.
 */
export async function listConnections(
  db: Db,
  viewerId: string,
  userId: string,
  list: ConnectionList,
  page: { cursor?: string | undefined; limit?: number | undefined },
): Promise<PeoplePage> {
  const limit = Math.min(page.limit ?? PROFILES.connectionsPage, 100);
  // Followers point at the person; friends and following start from them.
  const owner = list === 'followers' ? connections.connectedUserId : connections.userId;
  const other = list === 'followers' ? connections.userId : connections.connectedUserId;
  const cursor = page.cursor
    ? sql`(${connections.createdAt}, ${connections.id}) < (select created_at, id from connections where id = ${page.cursor})`
    : undefined;
  const rows = await db
    .select({ ...personColumns, rowId: connections.id })
    .from(connections)
    .innerJoin(profiles, eq(profiles.id, other))
    .where(
      and(
        eq(owner, userId),
        list === 'friends' ? eq(connections.status, 'friends') : undefined,
        isNull(profiles.deletedAt),
        notBlockedWith(viewerId, profiles.id),
        cursor,
      ),
    )
    .orderBy(sql`${connections.createdAt} desc, ${connections.id} desc`)
    .limit(limit + 1);
  const items = rows.slice(0, limit);
  return {
    items: items.map(({ rowId: _rowId, ...p }) => p),
    nextCursor: rows.length > limit ? items.at(-1)!.rowId : null,
  };
}

/** Pending requests to the viewer (shown only on their own profile), newest first. */
export async function listFriendRequests(db: Db, viewerId: string): Promise<FriendRequest[]> {
  const rows = await db
    .select({ ...personColumns, rowId: connections.id, createdAt: connections.createdAt })
    .from(connections)
    .innerJoin(profiles, eq(profiles.id, connections.userId))
    .where(
      and(
        eq(connections.connectedUserId, viewerId),
        eq(connections.status, 'friend_requested'),
        isNull(profiles.deletedAt),
      ),
    )
    .orderBy(sql`${connections.createdAt} desc, ${connections.id} desc`)
    .limit(200);
  return rows.map(({ rowId, createdAt, ...from }) => ({
    id: rowId,
    from: from satisfies PersonSummary,
    createdAt: createdAt.toISOString(),
  }));
}

/** Friends the viewer and another person share, by name. */
export async function listMutualFriends(
  db: Db,
  viewerId: string,
  otherId: string,
): Promise<{ items: PersonSummary[]; total: number }> {
  const { rows } = await db.execute<PersonSummary & { total: number }>(sql`
    select p.id, p.username, p.full_name as "fullName", p.avatar_url as "avatarUrl", p.title, p.bio,
           count(*) over ()::int as total
    from connections a
    join connections b on b.connected_user_id = a.connected_user_id
                      and b.user_id = ${otherId} and b.status = 'friends'
    join profiles p on p.id = a.connected_user_id and p.deleted_at is null
    where a.user_id = ${viewerId} and a.status = 'friends'
    order by lower(coalesce(p.full_name, p.username)), p.id
    limit ${PROFILES.mutualFriendsMax}`);
  return { items: rows.map(({ total: _t, ...p }) => p), total: rows[0]?.total ?? 0 };
}

/** Whether the two are friends (for the Privacy switch). */
export async function areFriends(db: Tx, a: string, b: string) {
  const rows = await db
    .select({ one: sql`1` })
    .from(connections)
    .where(
      and(eq(connections.userId, a), eq(connections.connectedUserId, b), eq(connections.status, 'friends')),
    );
  return rows.length > 0;
}
