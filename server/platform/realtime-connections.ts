import { CLOSE, REALTIME, type ServerEvent } from '@common/core/realtime';
import type { WebSocket } from 'ws';
import type { Logger } from '../lib/logger';
import type { Envelope } from './bus';

/*
 * The realtime socket's connection registry on this process (see realtime.ts): every open socket
 * by person and by followed topic, the topic authorisers areas register, subscribing and
 * unsubscribing (with the presence catch-up for a new presence subscriber), and writing an event to
 * a set of sockets. It knows no database: presence changes and lookups are handed in.
 */

export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** May `userId` follow `topic`'s events? Each area registers its own topic prefixes. */
export type TopicAuthorizer = (userId: string, id: string) => boolean | Promise<boolean>;

export type Conn = {
  ws: WebSocket;
  userId: string;
  /** The session's token (from the verified cookie), to re-check it in bulk. */
  sessionToken: string;
  expiresAt: number;
  topics: Set<string>;
  lastTyping: number;
  lastSeen: number;
};

export function send(conn: Conn, event: ServerEvent) {
  if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(JSON.stringify(event));
}

export function createConnections(opts: {
  logger: Logger;
  /** A person's first socket on this process opened (true) or their last one closed (false). */
  changePresence: (userId: string, online: boolean) => void;
  /** Which of these people have an open connection on any live process. */
  onlineAmong: (userIds: string[]) => Promise<Set<string>>;
}) {
  const { logger, changePresence, onlineAmong } = opts;
  const byUser = new Map<string, Set<Conn>>();
  const byTopic = new Map<string, Set<Conn>>();
  const topicAuthorizers = new Map<string, TopicAuthorizer>();

  function deliverTo(targets: Set<Conn>, event: ServerEvent) {
    const now = Date.now();
    const frame = JSON.stringify(event);
    for (const conn of targets) {
      if (conn.expiresAt <= now) {
        conn.ws.close(CLOSE.sessionEnded, 'session ended');
        continue;
      }
      if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(frame);
    }
  }

  /** The sockets a bus event goes to: its people's, its topic's, or everyone's for a resync. */
  function targetsOf({ to, topic, event }: Envelope) {
    const targets = new Set<Conn>();
    if (to) for (const id of to) for (const c of byUser.get(id) ?? []) targets.add(c);
    if (topic) for (const c of byTopic.get(topic) ?? []) targets.add(c);
    if (!to && !topic && event.type === 'resync')
      for (const set of byUser.values()) set.forEach((c) => targets.add(c));
    return targets;
  }

  function add(conn: Conn) {
    let set = byUser.get(conn.userId);
    if (!set) byUser.set(conn.userId, (set = new Set()));
    set.add(conn);
    if (set.size === 1) changePresence(conn.userId, true);
  }

  function remove(conn: Conn) {
    for (const t of conn.topics) {
      const subs = byTopic.get(t);
      subs?.delete(conn);
      if (subs?.size === 0) byTopic.delete(t);
    }
    conn.topics.clear();
    const set = byUser.get(conn.userId);
    if (!set?.delete(conn)) return;
    if (set.size === 0) {
      byUser.delete(conn.userId);
      changePresence(conn.userId, false);
    }
  }

  async function subscribe(conn: Conn, topics: unknown) {
    if (!Array.isArray(topics)) return;
    const accepted: string[] = [];
    const refused: string[] = [];
    for (const t of topics.slice(0, REALTIME.maxTopicsPerSocket)) {
      if (typeof t !== 'string' || t.length > 120) continue;
      const [prefix, ...rest] = t.split(':');
      const authorize = topicAuthorizers.get(prefix!);
      let ok = false;
      if (authorize && conn.topics.size < REALTIME.maxTopicsPerSocket) {
        try {
          ok = await authorize(conn.userId, rest.join(':'));
        } catch (err) {
          logger.warn({ err, topic: t }, 'topic authorisation failed');
        }
      }
      if (!ok) {
        refused.push(t);
        continue;
      }
      conn.topics.add(t);
      let subs = byTopic.get(t);
      if (!subs) byTopic.set(t, (subs = new Set()));
      subs.add(conn);
      accepted.push(t);
    }
    send(conn, { type: 'subscribed', topics: accepted, refused });
    // A new subscriber learns the current state; later changes arrive as events.
    const watched = accepted.filter((t) => t.startsWith('presence:')).map((t) => t.slice('presence:'.length));
    if (watched.length) {
      try {
        const online = await onlineAmong(watched);
        for (const userId of watched) send(conn, { type: 'presence', userId, online: online.has(userId) });
      } catch (err) {
        logger.warn({ err }, 'presence lookup failed');
      }
    }
  }

  function unsubscribe(conn: Conn, topics: unknown) {
    if (!Array.isArray(topics)) return;
    for (const t of topics) {
      if (typeof t !== 'string' || !conn.topics.delete(t)) continue;
      const subs = byTopic.get(t);
      subs?.delete(conn);
      if (subs?.size === 0) byTopic.delete(t);
    }
  }

  return {
    add,
    remove,
    subscribe,
    unsubscribe,
    deliverTo,
    targetsOf,
    registerTopic(prefix: string, authorize: TopicAuthorizer) {
      topicAuthorizers.set(prefix, authorize);
    },
    /** How many sockets this person has open on this process. */
    countOf(userId: string) {
      return byUser.get(userId)?.size ?? 0;
    },
    /** Every open socket on this process. */
    *all() {
      for (const set of byUser.values()) yield* set;
    },
    count() {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },
    /** Drop every socket at once (process shutdown). */
    terminateAll() {
      for (const set of byUser.values()) for (const c of set) c.ws.terminate();
      byUser.clear();
      byTopic.clear();
    },
  };
}
