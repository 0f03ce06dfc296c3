/**
 * The realtime protocol on /api/realtime (one WebSocket per browser tab, authenticated by the
 * session cookie). Server events are JSON objects with a `type`: the protocol's own below, and
 * each area's, which the area declares in its common model (`declare module '../core/realtime'`,
 * adding to `AreaEvents` under the event's type). Nothing here names an area.
 */

/**
 * Every area's events, by type. Empty here: each area's common model adds its own, e.g.
 * `'message.created': { type: 'message.created'; message: Message }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by the areas' declarations
export interface AreaEvents {}

/** An area's event, its key and its `type` the same (a mismatch makes the event `never`). */
type AreaEvent = { [K in keyof AreaEvents]: AreaEvents[K] & { type: K } }[keyof AreaEvents];

export type ServerEvent = ProtocolEvent | AreaEvent;

/** The protocol's own events: the socket's life, presence, typing, and what instances tell each other. */
type ProtocolEvent =
  /**
   * First frame after the upgrade. `quiet`: nothing was sent to this person for the last
   * REALTIME.quietWindowMs (as far as this server heard), so a page whose data is younger than
   * that missed nothing addressed to them and needs no resync refetch. `quietMs`: for how long (at
   * most that window) the server knows nothing was sent to this person; a page loaded more recently
   * than that (every read it made started after the last thing sent) missed nothing either.
   */
  | { type: 'hello'; userId: string; quiet?: boolean; quietMs?: number }
  /**
   * Answer to a subscribe: the topics accepted and those refused. `deferred` (only when not empty)
   * lists the refused topics that were refused only because this person subscribed too much too
   * fast: ask for them again after `retryAfterMs`. `quiet` lists the accepted topics nothing was
   * published on for the last REALTIME.quietWindowMs (as far as this server heard): what a page
   * fetched that recently, for one of them, missed nothing, and needs no catch-up refetch (the
   * rule of pages that do not know how old their data is). `quietMs`: for each accepted topic, for
   * how long (at most that window) the server knows nothing was published on it; the answer is
   * computed after the subscription is made, so whatever is published later reaches the socket.
   * A page whose data was read by a request sent less than that long before the answer arrived
   * (both times on its own clock) missed nothing on the topic: its last event came before that
   * read began.
   */
  | {
      type: 'subscribed';
      topics: string[];
      refused: string[];
      deferred?: string[];
      retryAfterMs?: number;
      quiet?: string[];
      quietMs?: Record<string, number>;
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
  /** `from` is typing to the receiver. Show for MESSAGING.typingMs. */
  | { type: 'typing'; from: string }
  /** To subscribers of `presence:{userId}`: once right after subscribing, then on every change. */
  | { type: 'presence'; userId: string; online: boolean }
  /**
   * Between server instances only (published to nobody): these people's sessions ended (sign-out,
   * password change or reset, deletion, ban); without `userIds`, anyone's may have. Every instance
   * forgets the cached sessions and checks the open sockets concerned at once.
   */
  | { type: 'sessions.revoked'; userIds?: string[] }
  /**
   * Between server instances only: these people's profile display fields changed. Every instance
   * forgets their cached sessions (which carry those fields), nothing more.
   */
  | { type: 'sessions.refreshed'; userIds: string[] }
  /**
   * Between server instances only: what these people may see changed (a block or unblock, a privacy
   * switch, an ended friendship). Every instance runs the topic authorisers again for each live
   * subscription their sockets hold and each subscription to a topic naming them
   * (`<prefix>:<userId>`), and drops, with an 'unsubscribed', those that no longer pass.
   */
  | { type: 'access.changed'; userIds: string[] };

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
  /** While the socket is down, lists poll this often (docs/product-rules.md: live, not polling). */
  fallbackPollMs: 30_000,
  maxTopicsPerSocket: 200,
  maxFrameBytes: 4096,
  /**
   * A subscription's answer says which topics had no event for this long (`quiet`). A page whose
   * data is younger than this less `quietMarginMs` (its query's staleTime plus the time its fetch
   * took) skips the catch-up refetch for a quiet topic. Also the cap on the answer's `quietMs`,
   * which a page that knows when its data was asked for uses instead.
   */
  quietWindowMs: 60_000,
  /** The most a page may wait for the answer after it began to hold the topic and still skip. */
  quietAckMs: 10_000,
} as const;

/** App-wide topic names a client may subscribe to (an area declares its own in its common model). */
export const topic = {
  /** Whether someone is online: for anyone signed in, unless either blocks the other. */
  presence: (userId: string) => `presence:${userId}`,
  /** A profile's changes and its counts: for whoever may see the whole profile (not restricted). */
  profile: (userId: string) => `profile:${userId}`,
  /** The home feed's new and removed items, for anyone signed in. */
  feed: 'feed:all',
  /** One piece of content's reactions and comments, for whoever may see it. */
  content: (contentType: string, contentId: string) => `content:${contentType}:${contentId}`,
} as const;

/** Close codes the server uses. */
export const CLOSE = { unauthenticated: 4401, forbidden: 4403, sessionEnded: 4001 } as const;
