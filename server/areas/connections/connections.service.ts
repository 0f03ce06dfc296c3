import { NOTIFICATION_TEXT, type NotificationActor } from '@common/notifications/model';
import {
  CONNECTION_MSG,
  PROFILES,
  PROFILE_MSG,
  SETTINGS_MSG,
  displayName,
  type BlockedPerson,
  type ConnectionList,
  type ConnectionState,
  type FriendRequest,
  type PeoplePage,
  type PersonSummary,
  type ProfileStats,
} from '@common/profiles/model';
import { topic, type ServerEvent } from '@common/core/realtime';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { blocks, connections, profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Bus, Envelope } from '../../platform/bus';
import {
  actorColumns,
  createNotification,
  markGroupRead,
  notificationEnvelope,
} from '../notifications';
import { type Tx, isBlockedEither, notBlockedWith } from '../../db/rules';

/*
 * Follows, friend requests, friendships and blocks (spec document 1, section 4; DECISIONS 6).
 *
 * One row per direction in `connections`: following, friend_requested or friends. Every change runs
 * in a transaction that first takes an advisory lock on the pair, so two people acting on each other
 * at the same moment are serialised: crossing friend requests end as friends, never as two pending
 * rows. The unique (user_id, connected_user_id) index backs this up.
 */

export type ConnectionDeps = { db: Db; bus: Bus };
type Notice = Parameters<typeof notificationEnvelope>;

const personColumns = { ...actorColumns, title: profiles.title, bio: profiles.bio };

/** Serialise every change between these two people (the order of the ids does not matter). */
async function lockPair(tx: Tx, a: string, b: string) {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** May `from` message `to`? Not when either blocks the other, nor to a deleted account. */
export async function canContact(db: Db, from: string, to: string): Promise<boolean> {
  const [row] = await db
    .execute<{ ok: boolean }>(
      sql`select exists (select 1 from profiles where id = ${to} and deleted_at is null) and ${notBlockedWith(from, sql`${to}::uuid`)} as ok`,
    )
    .then((r) => r.rows);
  return row?.ok === true;
}

/** The other person as a live account, or 'Profile not found.'. */
async function requirePerson(tx: Tx, id: string): Promise<NotificationActor> {
  const [row] = await tx
    .select(actorColumns)
    .from(profiles)
    .where(and(eq(profiles.id, id), isNull(profiles.deletedAt)));
  if (!row) throw new AppError('NOT_FOUND', PROFILE_MSG.notFound);
  return row;
}

type PairRows = { out: string | null; in: string | null };

async function readPair(tx: Tx, viewerId: string, otherId: string): Promise<PairRows> {
  const rows = await tx
    .select({ userId: connections.userId, status: connections.status })
    .from(connections)
    .where(
      or(
        and(eq(connections.userId, viewerId), eq(connections.connectedUserId, otherId)),
        and(eq(connections.userId, otherId), eq(connections.connectedUserId, viewerId)),
      ),
    );
  return {
    out: rows.find((r) => r.userId === viewerId)?.status ?? null,
    in: rows.find((r) => r.userId === otherId)?.status ?? null,
  };
}

/** Status lookup: the outgoing row first, then an incoming friend request (document 1, section 4). */
function stateOf(pair: PairRows): ConnectionState {
  const status =
    pair.out === 'following' || pair.out === 'friend_requested' || pair.out === 'friends'
      ? pair.out
      : pair.in === 'friend_requested'
        ? 'request_received'
        : 'none';
  return { status, isFollowing: pair.out !== null, followsYou: pair.in !== null };
}

export async function getConnectionState(db: Tx, viewerId: string, otherId: string) {
  return stateOf(await readPair(db, viewerId, otherId));
}

/** Both people's open pages and lists refresh: to them, and to those watching either profile. */
function changedEnvelopes(a: string, b: string): Envelope[] {
  const event: ServerEvent = { type: 'connection.changed', userIds: [a, b] };
  return [
    { to: [a, b], event },
    { topic: topic.profile(a), event },
    { topic: topic.profile(b), event },
  ];
}

/**
 * Run one change between the viewer and another person: refuses oneself, unknown or deleted people
 * and blocks, locks the pair, then publishes the change (and any notification) after commit.
 */
async function change(
  deps: ConnectionDeps,
  viewerId: string,
  otherId: string,
  work: (
    tx: Tx,
    ctx: { pair: PairRows; viewer: NotificationActor; other: NotificationActor },
  ) => Promise<Notice[]>,
  opts: { allowBlocked?: boolean } = {},
): Promise<ConnectionState> {
  if (viewerId === otherId) throw new AppError('VALIDATION', CONNECTION_MSG.notYourself);
  const { notices, state } = await deps.db.transaction(async (tx) => {
    const other = await requirePerson(tx, otherId);
    await lockPair(tx, viewerId, otherId);
    if (!opts.allowBlocked && (await isBlockedEither(tx, viewerId, otherId)))
      throw new AppError('FORBIDDEN', CONNECTION_MSG.blocked);
    const viewer = await requirePerson(tx, viewerId);
    const notices = await work(tx, { pair: await readPair(tx, viewerId, otherId), viewer, other });
    return { notices, state: await getConnectionState(tx, viewerId, otherId) };
  });
  deps.bus.publish(...changedEnvelopes(viewerId, otherId), ...notices.map((n) => notificationEnvelope(...n)));
  return state;
}

async function upsert(tx: Tx, userId: string, connectedUserId: string, status: string) {
  await tx
    .insert(connections)
    .values({ userId, connectedUserId, status })
    .onConflictDoUpdate({
      target: [connections.userId, connections.connectedUserId],
      set: { status, updatedAt: sql`now()` },
    });
}

async function deleteRow(tx: Tx, userId: string, connectedUserId: string, statuses?: string[]) {
  const rows = await tx
    .delete(connections)
    .where(
      and(
        eq(connections.userId, userId),
        eq(connections.connectedUserId, connectedUserId),
        statuses ? sql`${connections.status} in ${statuses}` : undefined,
      ),
    )
    .returning({ id: connections.id });
  return rows.length;
}

const requestKey = (from: string) => `friend-request:${from}`;

async function notice(tx: Tx, input: Parameters<typeof createNotification>[1]): Promise<Notice[]> {
  const n = await createNotification(tx, input);
  return n ? [[input.userId, n]] : [];
}

/** Follow: none to following. An existing row (requested or friends) already follows; it is kept. */
export function followUser(deps: ConnectionDeps, viewerId: string, otherId: string) {
  return change(deps, viewerId, otherId, async (tx, { pair, viewer }) => {
    if (pair.out) return [];
    await tx.insert(connections).values({ userId: viewerId, connectedUserId: otherId, status: 'following' });
    return notice(tx, {
      userId: otherId,
      actorId: viewerId,
      actor: viewer,
      type: 'connection_request',
      title: CONNECTION_MSG.newFollower.title,
      message: CONNECTION_MSG.newFollower.text(displayName(viewer)),
      link: `/profile/${viewerId}`,
      relatedId: viewerId,
      data: { from_user_id: viewerId },
      groupKey: `follow:${viewerId}`,
    });
  });
}

/**
 * Unfollow: following (or a pending request of the viewer's) to none. Unfollowing a friend ends the
 * friendship, both directions, so the two rows never disagree.
 */
export function unfollowUser(deps: ConnectionDeps, viewerId: string, otherId: string) {
  return change(
    deps,
    viewerId,
    otherId,
    async (tx, { pair }) => {
      if (pair.out === 'friends') await deleteRow(tx, otherId, viewerId, ['friends']);
      await deleteRow(tx, viewerId, otherId);
      return [];
    },
    { allowBlocked: true },
  );
}

/**
 * Friend request: none or following to friend_requested. A request already sent, or a friendship,
 * is returned unchanged; a request the other person already sent is accepted instead (both asked).
 */
export function sendFriendRequest(deps: ConnectionDeps, viewerId: string, otherId: string) {
  return change(deps, viewerId, otherId, async (tx, { pair, viewer }) => {
    if (pair.in === 'friend_requested') return befriend(tx, otherId, viewer);
    if (pair.out === 'friend_requested' || pair.out === 'friends') return [];
    await upsert(tx, viewerId, otherId, 'friend_requested');
    return notice(tx, {
      userId: otherId,
      actorId: viewerId,
      actor: viewer,
      type: 'connection_request',
      title: NOTIFICATION_TEXT.connectionRequest.title,
      message: NOTIFICATION_TEXT.connectionRequest.text(displayName(viewer)),
      link: `/profile`,
      relatedId: viewerId,
      data: { from_user_id: viewerId },
      groupKey: requestKey(viewerId),
    });
  });
}

/** `accepter` accepts the pending request of `requesterId`: both rows become friends. */
async function befriend(tx: Tx, requesterId: string, accepter: NotificationActor): Promise<Notice[]> {
  await upsert(tx, requesterId, accepter.id, 'friends');
  await upsert(tx, accepter.id, requesterId, 'friends');
  await markGroupRead(tx, accepter.id, requestKey(requesterId));
  return notice(tx, {
    userId: requesterId,
    actorId: accepter.id,
    actor: accepter,
    type: 'connection_request',
    title: CONNECTION_MSG.friendAccepted.title,
    message: CONNECTION_MSG.friendAccepted.text(displayName(accepter)),
    link: `/profile/${accepter.id}`,
    relatedId: accepter.id,
    data: { from_user_id: accepter.id },
  });
}

export function acceptFriendRequest(deps: ConnectionDeps, viewerId: string, requesterId: string) {
  return change(deps, viewerId, requesterId, async (tx, { pair, viewer }) => {
    if (pair.in !== 'friend_requested') throw new AppError('NOT_FOUND', CONNECTION_MSG.noRequest);
    return befriend(tx, requesterId, viewer);
  });
}

/** Reject: the request row is deleted (and with it the requester's follow, as the document has it). */
export function rejectFriendRequest(deps: ConnectionDeps, viewerId: string, requesterId: string) {
  return change(
    deps,
    viewerId,
    requesterId,
    async (tx) => {
      if ((await deleteRow(tx, requesterId, viewerId, ['friend_requested'])) === 0)
        throw new AppError('NOT_FOUND', CONNECTION_MSG.noRequest);
      await markGroupRead(tx, viewerId, requestKey(requesterId));
      return [];
    },
    { allowBlocked: true },
  );
}

/** Remove friend: both directions deleted. Nothing to remove is not an error. */
export function removeFriend(deps: ConnectionDeps, viewerId: string, otherId: string) {
  return change(
    deps,
    viewerId,
    otherId,
    async (tx) => {
      await deleteRow(tx, viewerId, otherId, ['friends']);
      await deleteRow(tx, otherId, viewerId, ['friends']);
      return [];
    },
    { allowBlocked: true },
  );
}

/** Block: both people's connections go and stay gone; unblocking restores nothing. */
export async function blockUser(deps: ConnectionDeps, viewerId: string, otherId: string) {
  if (viewerId === otherId) throw new AppError('VALIDATION', SETTINGS_MSG.notYourself);
  await change(
    deps,
    viewerId,
    otherId,
    async (tx) => {
      await tx.insert(blocks).values({ blockerId: viewerId, blockedId: otherId }).onConflictDoNothing();
      await deleteRow(tx, viewerId, otherId);
      await deleteRow(tx, otherId, viewerId);
      await markGroupRead(tx, viewerId, requestKey(otherId));
      return [];
    },
    { allowBlocked: true },
  );
  return { blocked: true };
}

export async function unblockUser(deps: ConnectionDeps, viewerId: string, otherId: string) {
  const rows = await deps.db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, viewerId), eq(blocks.blockedId, otherId)))
    .returning({ id: blocks.blockedId });
  if (rows.length) deps.bus.publish(...changedEnvelopes(viewerId, otherId));
  return { blocked: false };
}

export async function listBlocked(db: Db, viewerId: string): Promise<BlockedPerson[]> {
  const rows = await db
    .select({ ...personColumns, blockedAt: blocks.createdAt })
    .from(blocks)
    .innerJoin(profiles, eq(profiles.id, blocks.blockedId))
    .where(eq(blocks.blockerId, viewerId))
    .orderBy(sql`${blocks.createdAt} desc`)
    .limit(500);
  return rows.map((r) => ({ ...r, blockedAt: r.blockedAt.toISOString() }));
}

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

/**
 * Account deletion: the person's follows, friendships and blocks both ways. Returns the people they
 * were connected with, whose pages then hear that the connection is gone.
 */
export async function removePersonConnections(tx: Tx, userId: string): Promise<string[]> {
  const former = await tx
    .delete(connections)
    .where(or(eq(connections.userId, userId), eq(connections.connectedUserId, userId)))
    .returning({ a: connections.userId, b: connections.connectedUserId });
  await tx.delete(blocks).where(or(eq(blocks.blockerId, userId), eq(blocks.blockedId, userId)));
  return [...new Set(former.map((r) => (r.a === userId ? r.b : r.a)))];
}
