import { NOTIFICATION_TEXT, type NotificationType } from '@common/notifications/model';
import { CONNECTION_MSG, displayName } from '@common/profiles/model';
import { requestKey } from './connection-pair';

/*
 * What a follow, a friend request and an accepted request tell the other person: the one wording
 * and grouping, used by the service (connections.service.ts) and the demo community alike.
 */

type Actor = { id: string; fullName?: string | null; username?: string | null };

export type ConnectionNotice = {
  actorId: string;
  type: NotificationType;
  title: string;
  message: string;
  link: string;
  relatedId: string;
  data: { from_user_id: string };
  groupKey: string | null;
};

const about = (actor: Actor) => ({
  actorId: actor.id,
  type: 'connection_request' as const,
  relatedId: actor.id,
  data: { from_user_id: actor.id },
});

/** `actor` followed the person; follows by one person fold into one unread notification. */
export const followNotice = (actor: Actor): ConnectionNotice => ({
  ...about(actor),
  title: CONNECTION_MSG.newFollower.title,
  message: CONNECTION_MSG.newFollower.text(displayName(actor)),
  link: `/profile/${actor.id}`,
  groupKey: `follow:${actor.id}`,
});

/** `actor` asked to be friends; accepting or rejecting marks it read (its group key). */
export const friendRequestNotice = (actor: Actor): ConnectionNotice => ({
  ...about(actor),
  title: NOTIFICATION_TEXT.connectionRequest.title,
  message: NOTIFICATION_TEXT.connectionRequest.text(displayName(actor)),
  link: `/profile`,
  groupKey: requestKey(actor.id),
});

/** `actor` accepted the person's request. */
export const friendAcceptedNotice = (actor: Actor): ConnectionNotice => ({
  ...about(actor),
  title: CONNECTION_MSG.friendAccepted.title,
  message: CONNECTION_MSG.friendAccepted.text(displayName(actor)),
  link: `/profile/${actor.id}`,
  groupKey: null,
});
