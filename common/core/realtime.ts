import type { FeedCategory } from '../feed/model';
import type { Comment } from '../comments/model';
import type { Message } from '../messages/model';
import type { Notification } from '../notifications/model';
import type { EngagementContentType, ReactionType } from '../reactions/model';

/**
 * The realtime protocol on /api/realtime (one WebSocket per browser tab, authenticated by the
 * session cookie). Server events are JSON objects with a `type`; later areas add theirs here.
 */
export type ServerEvent =
  /** First frame after the upgrade. */
  | { type: 'hello'; userId: string }
  /** Answer to a subscribe: the topics accepted and those refused. */
  | { type: 'subscribed'; topics: string[]; refused: string[] }
  /** Events may have been missed (the server lost its bus connection): refetch what is shown. */
  | { type: 'resync' }
  | { type: 'pong' }
  /** To the sender (every tab) and the receiver. */
  | { type: 'message.created'; message: Message }
  /**
   * `readerId` read the messages `partnerId` sent them: every one created at or before `readAt`
   * (`messageIds` lists them when there are few, else is empty). To both people.
   */
  | { type: 'message.read'; readerId: string; partnerId: string; readAt: string; messageIds: string[] }
  | { type: 'notification.created'; notification: Notification }
  /** A notification changed (read, or coalesced into an existing one): refetch counts. */
  | { type: 'notification.read'; ids: string[] | 'all' }
  /** `from` is typing to the receiver. Show for MESSAGING.typingMs. */
  | { type: 'typing'; from: string }
  /** To subscribers of `presence:{userId}`: once right after subscribing, then on every change. */
  | { type: 'presence'; userId: string; online: boolean }
  /** To subscribers of `profile:{userId}`: the profile's fields or pictures changed. */
  | { type: 'profile.updated'; userId: string }
  /**
   * A follow, request, friendship or block between the two changed. To both people and to the
   * subscribers of each one's `profile:` topic (their counts and lists).
   */
  | { type: 'connection.changed'; userIds: [string, string] }
  /**
   * To subscribers of `feed:all`: an item was published under this filter tab (null: All only).
   * The page asks GET /api/feed/new for what it may show, so blocked and hidden items never count.
   */
  | { type: 'feed.published'; itemId: string; category: FeedCategory | null }
  /** To subscribers of `feed:all`: these items' content was deleted; take them off the page. */
  | { type: 'feed.removed'; itemIds: string[] }
  /** To subscribers of `content:{type}:{id}`: the content's reaction counts changed (every type's count). */
  | {
      type: 'reactions.changed';
      contentType: EngagementContentType;
      contentId: string;
      counts: Partial<Record<ReactionType, number>>;
    }
  /** To subscribers of `content:{type}:{id}`: a comment was added. */
  | { type: 'comment.created'; comment: Comment }
  /** To subscribers of `content:{type}:{id}`: these comments (with their replies) were deleted. */
  | { type: 'comment.deleted'; contentType: EngagementContentType; contentId: string; commentIds: string[] }
  /** Between server instances only (published to nobody): sessions ended, forget cached ones. */
  | { type: 'sessions.revoked' };

export type ServerEventType = ServerEvent['type'];

/** Frames the browser sends. */
export type ClientCommand =
  | { op: 'subscribe'; topics: string[] }
  | { op: 'unsubscribe'; topics: string[] }
  | { op: 'typing'; to: string }
  | { op: 'ping' };

export const REALTIME = {
  path: '/api/realtime',
  /** Reconnect backoff: starts here, doubles, capped, with jitter. */
  backoffStartMs: 500,
  backoffMaxMs: 30_000,
  /** Client sends a ping this often; the server closes a socket silent for 3 intervals. */
  pingIntervalMs: 25_000,
  /** While the socket is down, lists poll this often (DECISIONS 8). */
  fallbackPollMs: 30_000,
  maxTopicsPerSocket: 200,
  maxFrameBytes: 4096,
} as const;

/** Topic names a client may subscribe to. */
export const topic = {
  presence: (userId: string) => `presence:${userId}`,
  profile: (userId: string) => `profile:${userId}`,
  /** The home feed's new and removed items, for anyone signed in. */
  feed: 'feed:all',
  /** One piece of content's reactions and comments, for whoever may see it. */
  content: (contentType: string, contentId: string) => `content:${contentType}:${contentId}`,
} as const;

/** Close codes the server uses. */
export const CLOSE = { unauthenticated: 4401, forbidden: 4403, sessionEnded: 4001 } as const;
