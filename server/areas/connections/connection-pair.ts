import type { NotificationActor } from '@common/notifications/model';
import { CONNECTION_MSG, PROFILE_MSG, type ConnectionState } from '@common/profiles/model';
import { topic, type ServerEvent } from '@common/core/realtime';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { connections, profiles } from '../../db/schema';
import { AppError } from '../../lib/errors';
import type { Bus, Envelope } from '../../platform/bus';
import { actorColumns, createNotification, notificationEnvelope } from '../notifications';
import { type Tx, isBlockedEither } from '../../db/rules';

/*
 * What every change between two people is built on (spec document 1, section 4; DECISIONS 6): one
 * row per direction in `connections` (following, friend_requested or friends), read as a pair and
 * turned into the viewer's connection state. Every change runs in a transaction that first takes an
 * advisory lock on the pair, so two people acting on each other at the same moment are serialised:
 * crossing friend requests end as friends, never as two pending rows. The unique
 * (user_id, connected_user_id) index backs this up. The change, its notices and the live events
 * both people's pages hear are published after commit.
 */

export type ConnectionDeps = { db: Db; bus: Bus };
export type Notice = Parameters<typeof notificationEnvelope>;

export const personColumns = { ...actorColumns, title: profiles.title, bio: profiles.bio };

/** Serialise every change between these two people (the order of the ids does not matter). */
async function lockPair(tx: Tx, a: string, b: string) {
  const key = a < b ? `${a}:${b}` : `${b}:${a}`;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
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
export function changedEnvelopes(a: string, b: string): Envelope[] {
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
export async function change(
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
