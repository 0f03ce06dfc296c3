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
  /**
   * Answer to a subscribe: the topics accepted and those refused. `deferred` (only when not empty)
   * lists the refused topics that were refused only because this person subscribed too much too
   * fast: ask for them again after `retryAfterMs`. `quiet` lists the accepted topics nothing was
   * published on for the last REALTIME.quietWindowMs (as far as this server heard): what a page
   * fetched that recently, for one of them, missed nothing, and needs no catch-up refetch.
   */
  | {
      type: 'subscribed';
      topics: string[];
      refused: string[];
      deferred?: string[];
      retryAfterMs?: number;
      quiet?: string[];
    }
  /**
   * The server dropped these subscriptions: the subscriber may no longer see what they carry (a
   * block, a privacy switch, an ended friendship). Refetch what is shown; asking again is refused
   * until access returns.
   */
  | { type: 'unsubscribed'; topics: string[] }
  /** Events may have been missed (the server lost its bus connection): refetch what is shown. */
  | { type: 'resync' }
  /**
   * To every signed-in tab, except people blocked either way with them: this person's ban was
   * lifted, so their content shows again. The tab refetches what it shows, as after a resync.
   */
  | { type: 'person.restored'; userId: string }
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
  /**
   * To subscribers of `profile:{userId}` (those who may see the whole profile, counts included):
   * the profile's fields or pictures changed.
   */
  | { type: 'profile.updated'; userId: string }
  /**
   * To subscribers of `profile:{userId}`: this person's follows or friendships changed, so their
   * counts and lists did. Names nobody else: who they connected with is read through the lists.
   */
  | { type: 'profile.connections'; userId: string }
  /** A follow, request, friendship or block between the two changed. To the two people only. */
  | { type: 'connection.changed'; userIds: [string, string] }
  /**
   * To subscribers of `feed:all`: an item was published under this filter tab (null: All only).
   * The page asks GET /api/feed/new for what it may show, so blocked and hidden items never count.
   */
  | { type: 'feed.published'; itemId: string; category: FeedCategory | null }
  /** To subscribers of `feed:all`: these items' content was deleted; take them off the page. */
  | { type: 'feed.removed'; itemIds: string[] }
  /**
   * To subscribers of `group:{groupId}` (whoever may see the group): its members, posts, pending
   * join requests or settings changed. Names nothing else: the page refetches what it may read.
   */
  | { type: 'group.changed'; groupId: string; what: 'group' | 'members' | 'posts' | 'requests' }
  /**
   * To subscribers of `forum-group:{groupId}` (its page: members, posts, requests) or
   * `forum-post:{postId}` (the post: pin, lock, counts, replies). Names nothing else: the page
   * refetches what it may read.
   */
  | {
      type: 'forum.changed';
      groupId: string;
      postId: string | null;
      what: 'group' | 'members' | 'posts' | 'requests' | 'post' | 'replies';
    }
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
  /** To subscribers of `event:{id}`: its answers or invitations changed (refetch the guest list). */
  | { type: 'event.changed'; eventId: string; goingCount: number; maybeCount: number }
  /**
   * To subscribers of `investing:all` (the board) and `investing:{ideaId}` (its page): the idea was
   * posted, edited, funded, given an update or removed. Names only the idea: the page asks the API
   * for what it may see.
   */
  | {
      type: 'investing.changed';
      ideaId: string;
      change: 'created' | 'edited' | 'funding' | 'update' | 'removed';
    }
  /**
   * Between server instances only (published to nobody): these people's sessions ended (sign-out,
   * password change or reset, deletion, ban); without `userIds`, anyone's may have. Every instance
   * forgets the cached sessions and checks the open sockets concerned at once.
   */
  | { type: 'sessions.revoked'; userIds?: string[] }
  /**
   * Between server instances only: what these people may see changed (a block or unblock, a privacy
   * switch, an ended friendship). Every instance runs the topic authorisers again for each live
   * subscription their sockets hold and each subscription to a topic naming them
   * (`<prefix>:<userId>`), and drops, with an 'unsubscribed', those that no longer pass.
   */
  | { type: 'access.changed'; userIds: string[] }
  /**
   * A business page changed (topic business-page:{id}): its follower count, its posts or its
   * reviews; the page refetches the part named. Only what any reader of the page may see.
   */
  | { type: 'business_page.changed'; pageId: string; followers: number; part: 'page' | 'posts' | 'reviews' }
  /**
   * To super admins on topic admin:dashboard: a dashboard figure or list changed (a new member, an
   * admin action); the dashboard refetches the part named. Carries no data.
   */
  | { type: 'admin.changed'; part: 'users' | 'articles' | 'reviews' | 'reports' }
  /** The moderation queues changed (topic moderation:all, super admins only); the tab refetches. */
  | { type: 'moderation.changed'; part: 'reviews' | 'reports' };

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
  /**
   * A subscription's answer says which topics had no event for this long (`quiet`). A page whose
   * data is younger than this less `quietMarginMs` (its query's staleTime plus the time its fetch
   * took) skips the catch-up refetch for a quiet topic.
   */
  quietWindowMs: 60_000,
  /** The most a page may wait for the answer after it began to hold the topic and still skip. */
  quietAckMs: 10_000,
} as const;

/** Topic names a client may subscribe to. */
export const topic = {
  /** Whether someone is online: for anyone signed in, unless either blocks the other. */
  presence: (userId: string) => `presence:${userId}`,
  /** A profile's changes and its counts: for whoever may see the whole profile (not restricted). */
  profile: (userId: string) => `profile:${userId}`,
  /** The home feed's new and removed items, for anyone signed in. */
  feed: 'feed:all',
  /** One piece of content's reactions and comments, for whoever may see it. */
  content: (contentType: string, contentId: string) => `content:${contentType}:${contentId}`,
  /** The investing board ('all') or one idea's page: for whoever may read it. */
  investing: (ideaId: string | 'all') => `investing:${ideaId}`,
  /** One business page's follower count, posts and reviews, for whoever may see the page. */
  businessPage: (pageId: string) => `business-page:${pageId}`,
  /** A forum group's page, and one forum post's page: for whoever may read them. */
  forumGroup: (groupId: string) => `forum-group:${groupId}`,
  forumPost: (postId: string) => `forum-post:${postId}`,
} as const;

/** Close codes the server uses. */
export const CLOSE = { unauthenticated: 4401, forbidden: 4403, sessionEnded: 4001 } as const;
