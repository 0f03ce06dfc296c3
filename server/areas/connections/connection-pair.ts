import type { NotificationActor } from '@common/notifications/model';
import { CONNECTION_MSG, PROFILE_MSG, type ConnectionState } from '@common/profiles/model';
import { topic } from '@common/core/realtime';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { connections, profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Bus, Envelope } from '../../platform/bus';
import { actorColumns, createNotification, notificationEnvelope } from '../notifications';
import { type Tx, notBlockedWith, publicBio } from '../../db/rules';

/*
 * What every change between two people is built on (docs/product-rules.md: one reading): one
 * row per direction in `connections` (following, friend_requested or friends), read as a pair and
 * turned into the viewer's connection state. Every change runs in a transaction that first takes an
 * advisory lock on the pair, so two people acting on each other at the same moment are serialised:
 * crossing friend requests end as friends, never as two pending rows. The unique
 * (user_id, connected_user_id) index backs this up. The change, its notices and the live events
 * both people's pages hear are published after commit.
 */

export type ConnectionDeps = { db: Db; bus: Bus };
export type Notice = Parameters<typeof notificationEnvelope>;

export const personColumns = {
  ...actorColumns,
  title: profiles.title,
  bio: publicBio(profiles.id, profiles.bio),
};

/** Serialise every change between these two people (the order of the ids does not matter). */
async function lockPair(tx: Tx, a: string, b: string) {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

type PairRows = { out: string | null; in: string | null };

const actorJson = (id: string) =>
  sql`(select json_build_object('id', p.id, 'username', p.username, 'fullName', p.full_name, 'avatarUrl', p.avatar_url)
    from profiles p where p.id = ${id} and p.deleted_at is null)`;

/**
 * Under the pair's lock, in one statement (docs/scaling.md): both people as live accounts (null: none
 * or deleted), whether either blocked the other, and the pair's rows.
 */
async function readUnderLock(tx: Tx, viewerId: string, otherId: string) {
  const { rows } = await tx.execute<{
    other: NotificationActor | null;
    viewer: NotificationActor | null;
    blocked: boolean;
    out_status: string | null;
    in_status: string | null;
  }>(
    sql`select ${actorJson(otherId)} as other, ${actorJson(viewerId)} as viewer,
      not (${notBlockedWith(viewerId, sql`${otherId}::uuid`)}) as blocked,
      (select c.status from connections c where c.user_id = ${viewerId} and c.connected_user_id = ${otherId}) as out_status,
      (select c.status from connections c where c.user_id = ${otherId} and c.connected_user_id = ${viewerId}) as in_status`,
  );
  const row = rows[0]!;
  return {
    other: row.other,
    viewer: row.viewer,
    blocked: row.blocked,
    pair: { out: row.out_status, in: row.in_status },
  };
}

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

/** Status lookup: the outgoing row first, then an incoming friend request. */
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

/**
 * Both people's open pages and lists refresh: the two hear who with (connection.changed); those
 * watching either profile hear only that its counts and lists changed (profile.connections), and
 * only when a row did change: a topic carries nothing its subscribers could not read through the
 * lists, and nothing at all when there is nothing new to read (an unblock, a repeated follow).
 */
export function changedEnvelopes(a: string, b: string, rowsChanged = true): Envelope[] {
  const envelopes: Envelope[] = [{ to: [a, b], event: { type: 'connection.changed', userIds: [a, b] } }];
  if (rowsChanged)
    for (const id of [a, b])
      envelopes.push({ topic: topic.profile(id), event: { type: 'profile.connections', userId: id } });
  return envelopes;
}

/**
 * What the two may see of each other changed (a block, an unblock, an ended friendship): every
 * instance re-authorises the live subscriptions concerned. Published to nobody, after commit.
 */
export function accessChangedEnvelope(a: string, b: string): Envelope {
  return { event: { type: 'access.changed', userIds: [a, b] } };
}

const wereFriends = (pair: PairRows) => pair.out === 'friends' || pair.in === 'friends';

/**
 * Run one change between the viewer and another person: refuses oneself, unknown or deleted people
 * and blocks, locks the pair, then publishes the change (and any notification) after commit. An
 * ended friendship (a friends-only profile's friend loses the whole view), or `accessChanged`,
 * also publishes access.changed.
 */
export async function change(
  deps: ConnectionDeps,
  viewerId: string,
  otherId: string,
  work: (
    tx: Tx,
    ctx: { pair: PairRows; viewer: NotificationActor; other: NotificationActor },
  ) => Promise<Notice[]>,
  opts: { allowBlocked?: boolean; accessChanged?: boolean } = {},
): Promise<ConnectionState> {
  if (viewerId === otherId) throw new AppError('VALIDATION', CONNECTION_MSG.notYourself);
  const { notices, before, after } = await deps.db.transaction(async (tx) => {
    await lockPair(tx, viewerId, otherId);
    const { other, viewer, blocked, pair: before } = await readUnderLock(tx, viewerId, otherId);
    if (!other) throw new AppError('NOT_FOUND', PROFILE_MSG.notFound);
    if (!opts.allowBlocked && blocked) throw new AppError('FORBIDDEN', CONNECTION_MSG.blocked);
    if (!viewer) throw new AppError('NOT_FOUND', PROFILE_MSG.notFound);
    const notices = await work(tx, { pair: before, viewer, other });
    return { notices, before, after: await readPair(tx, viewerId, otherId) };
  });
  const rowsChanged = before.out !== after.out || before.in !== after.in;
  const accessChanged = opts.accessChanged || (wereFriends(before) && !wereFriends(after));
  deps.bus.publish(
    ...changedEnvelopes(viewerId, otherId, rowsChanged),
    ...notices.map((n) => notificationEnvelope(...n)),
    ...(accessChanged ? [accessChangedEnvelope(viewerId, otherId)] : []),
  );
  return stateOf(after);
}

export async function upsert(tx: Tx, userId: string, connectedUserId: string, status: string) {
  await tx
    .insert(connections)
    .values({ userId, connectedUserId, status })
    .onConflictDoUpdate({
      target: [connections.userId, connections.connectedUserId],
      set: { status, updatedAt: sql`now()` },
    });
}

export async function deleteRow(tx: Tx, userId: string, connectedUserId: string, statuses?: string[]) {
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

export const requestKey = (from: string) => `friend-request:${from}`;

export async function notice(tx: Tx, input: Parameters<typeof createNotification>[1]): Promise<Notice[]> {
  const n = await createNotification(tx, input);
  return n ? [[input.userId, n]] : [];
}
