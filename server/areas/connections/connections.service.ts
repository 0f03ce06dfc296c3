import type { NotificationActor } from '@common/notifications/model';
import { CONNECTION_MSG } from '@common/profiles/model';
import { eq, or } from 'drizzle-orm';
import { blocks, connections } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { markGroupRead } from '../notifications';
import { type Tx } from '../../db/rules';
import { followNotice, friendAcceptedNotice, friendRequestNotice } from './connection-notices';
import {
  change,
  deleteRow,
  notice,
  requestKey,
  upsert,
  type ConnectionDeps,
  type Notice,
} from './connection-pair';

/*
 * Follows, friend requests and friendships (docs/product-rules.md: one reading): follow and
 * unfollow, send, accept and reject a friend request, remove a friend, each one locked change of the
 * pair (connection-pair.ts) with its notification. Also what account deletion removes: the
 * person's connections and blocks both ways. Blocks are in blocks.service.ts, lists and counts in
 * connection-lists.service.ts.
 */

/** Follow: none to following. An existing row (requested or friends) already follows; it is kept. */
export function followUser(deps: ConnectionDeps, viewerId: string, otherId: string) {
  return change(deps, viewerId, otherId, async (tx, { pair, viewer }) => {
    if (pair.out) return [];
    await tx.insert(connections).values({ userId: viewerId, connectedUserId: otherId, status: 'following' });
    return notice(tx, { userId: otherId, actor: viewer, ...followNotice(viewer) });
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
    return notice(tx, { userId: otherId, actor: viewer, ...friendRequestNotice(viewer) });
  });
}

/** `accepter` accepts the pending request of `requesterId`: both rows become friends. */
async function befriend(tx: Tx, requesterId: string, accepter: NotificationActor): Promise<Notice[]> {
  await upsert(tx, requesterId, accepter.id, 'friends');
  await upsert(tx, accepter.id, requesterId, 'friends');
  await markGroupRead(tx, accepter.id, requestKey(requesterId));
  return notice(tx, { userId: requesterId, actor: accepter, ...friendAcceptedNotice(accepter) });
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
