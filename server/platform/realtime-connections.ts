import { CLOSE, REALTIME, type ServerEvent } from '@common/core/realtime';
import type { WebSocket } from 'ws';
import type { Logger } from '../lib/logger';
import { frameOf, type Envelope } from './bus';
import type { Budget } from './realtime-budget';

/*
 * The realtime socket's connection registry on this process (see realtime.ts): every open socket
 * by person and by followed topic, the topic authorisers areas register, subscribing and
 * unsubscribing (with the presence catch-up for a new presence subscriber), and writing an event to
 * a set of sockets, and what an access change or an ended session concerns. It knows no database:
 * presence changes and lookups are handed in, and authorisers are the areas' own.
 */

/** Topics whose last event this process remembers; past it the oldest are forgotten. */
const MAX_REMEMBERED_TOPICS = 20_000;

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
  /** What each person may still ask of the database (realtime-budget.ts). */
  budget: Budget;
}) {
  const { logger, changePresence, onlineAmong, budget } = opts;
  const byUser = new Map<string, Set<Conn>>();
  const byTopic = new Map<string, Set<Conn>>();
  const topicAuthorizers = new Map<string, TopicAuthorizer>();
  /** Counts the access changes heard (see authorizeCurrent). */
  let accessEpoch = 0;
  /**
   * When each topic last had an event, for the last REALTIME.quietWindowMs (oldest first), and
   * since when that record is whole: this process's start, a bus gap (a resync) or an eviction
   * past MAX_REMEMBERED_TOPICS. A topic is quiet only when the record covers the whole window.
   */
  const lastEventAt = new Map<string, number>();
  let recordedSince = Date.now();

  function noteTopicEvent(topic: string, now: number) {
    lastEventAt.delete(topic);
    lastEventAt.set(topic, now);
    for (const [t, at] of lastEventAt) {
      const full = lastEventAt.size > MAX_REMEMBERED_TOPICS;
      if (!full && now - at < REALTIME.quietWindowMs) break;
      lastEventAt.delete(t);
      if (full) recordedSince = Math.max(recordedSince, at);
    }
  }

  /** The record's key for what is sent to one person (no topic has this form: topics are `prefix:…`). */
  const personalKey = (userId: string) => `@${userId}`;

  function isQuiet(topic: string, now: number) {
    return quietFor(topic, now) >= REALTIME.quietWindowMs;
  }

  /**
   * For how long this process knows nothing happened on `topic` (at most REALTIME.quietWindowMs):
   * since its last event, or since the record is whole (a start, a bus gap, an eviction), whichever
   * is later. A forgotten event was older than the window when it was dropped.
   */
  function quietFor(topic: string, now: number) {
    const at = lastEventAt.get(topic);
    const since = at === undefined ? recordedSince : Math.max(recordedSince, at);
    return Math.max(0, Math.min(REALTIME.quietWindowMs, now - since));
  }

  function deliverTo(targets: Set<Conn>, event: ServerEvent) {
    const now = Date.now();
    // Encoded once for every socket (a text frame, as a string would be).
    const frame = Buffer.from(frameOf(event));
    for (const conn of targets) {
      if (conn.expiresAt <= now) {
        conn.ws.close(CLOSE.sessionEnded, 'session ended');
        continue;
      }
      if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(frame, { binary: false });
    }
  }

  /**
   * The sockets a bus event goes to: its people's, its topic's, or everyone's for a resync or a
   * person shown again (an unban).
   */
  function targetsOf({ to, topic, event }: Envelope) {
    const now = Date.now();
    if (topic) noteTopicEvent(topic, now);
    // The bus was lost for a while: what was published meanwhile is not known here.
    else if (!to && event.type === 'resync') recordedSince = now;
    // What is sent to a person is remembered like a topic of theirs, for the greeting's `quiet`.
    if (to) for (const id of to) noteTopicEvent(personalKey(id), now);
    const targets = new Set<Conn>();
    if (to) for (const id of to) for (const c of byUser.get(id) ?? []) targets.add(c);
    if (topic) for (const c of byTopic.get(topic) ?? []) targets.add(c);
    if (!to && !topic && (event.type === 'resync' || event.type === 'person.restored'))
      for (const set of byUser.values()) set.forEach((c) => targets.add(c));
    return targets;
  }

  /**
   * Whether any socket here gets an event for these people or this topic, asked before an event
   * from another process is loaded (the bus's screen). Its topic and people are noted as having had
   * an event either way: a later subscriber here must not be told the topic was quiet.
   */
  function wanted(to: string[] | undefined, topic: string | undefined) {
    const now = Date.now();
    if (topic) noteTopicEvent(topic, now);
    if (to) for (const id of to) noteTopicEvent(personalKey(id), now);
    if (topic && byTopic.has(topic)) return true;
    return Boolean(to?.some((id) => byUser.has(id)));
  }

  function add(conn: Conn) {
    let set = byUser.get(conn.userId);
    if (!set) byUser.set(conn.userId, (set = new Set()));
    set.add(conn);
    if (set.size === 1) changePresence(conn.userId, true);
  }

  function remove(conn: Conn) {
    for (const t of [...conn.topics]) leave(conn, t);
    const set = byUser.get(conn.userId);
    if (!set?.delete(conn)) return;
    if (set.size === 0) {
      byUser.delete(conn.userId);
      changePresence(conn.userId, false);
    }
  }

  /** May `userId` follow `t`? Unknown prefixes and failing authorisers refuse. */
  async function authorizeTopic(userId: string, t: string): Promise<boolean> {
    const at = t.indexOf(':');
    const authorize = at > 0 ? topicAuthorizers.get(t.slice(0, at)) : undefined;
    if (!authorize) return false;
    try {
      return (await authorize(userId, t.slice(at + 1))) === true;
    } catch (err) {
      logger.warn({ err, topic: t }, 'topic authorisation failed');
      return false;
    }
  }

  /**
   * Authorise against the state after every access change this process has heard of: when one
   * arrives while the authoriser runs, its answer may predate the change and the re-check of that
   * change may have missed this subscription (not yet added), so ask again.
   */
  async function authorizeCurrent(userId: string, t: string): Promise<boolean> {
    for (let attempt = 0; attempt < 3; attempt++) {
      const epoch = accessEpoch;
      const ok = await authorizeTopic(userId, t);
      if (!ok || epoch === accessEpoch) return ok;
    }
    return false;
  }

  async function subscribe(conn: Conn, topics: unknown) {
    if (!Array.isArray(topics)) return;
    const accepted: string[] = [];
    const refused: string[] = [];
    const deferred: string[] = [];
    const added: string[] = [];
    const asked = new Set<string>();
    for (const t of topics.slice(0, REALTIME.maxTopicsPerSocket)) {
      if (typeof t !== 'string' || t.length > 120 || asked.has(t)) continue;
      asked.add(t);
      // Already followed: still authorised, since every access change re-checks live subscriptions.
      if (conn.topics.has(t)) {
        accepted.push(t);
        continue;
      }
      const known = topicAuthorizers.has(t.slice(0, Math.max(0, t.indexOf(':'))));
      if (!known || conn.topics.size >= REALTIME.maxTopicsPerSocket) {
        refused.push(t);
        continue;
      }
      // Each authorisation is a query: beyond the person's budget, they wait.
      if (!budget.take(conn.userId)) {
        refused.push(t);
        deferred.push(t);
        continue;
      }
      const ok = await authorizeCurrent(conn.userId, t);
      // The socket may have closed while the authoriser ran: it is no longer in the registry.
      if (conn.ws.readyState !== conn.ws.OPEN) return;
      if (!ok) {
        refused.push(t);
        continue;
      }
      conn.topics.add(t);
      let subs = byTopic.get(t);
      if (!subs) byTopic.set(t, (subs = new Set()));
      subs.add(conn);
      accepted.push(t);
      added.push(t);
    }
    // Computed once every accepted topic is registered: an event heard from now on reaches this
    // socket, and one heard before is counted in quietFor (events are noted when heard here, which
    // is after their transaction committed), so a page whose read began within `quietMs` of the
    // answer saw every earlier event.
    const now = Date.now();
    const quiet = accepted.filter((t) => isQuiet(t, now));
    const quietMs = Object.fromEntries(accepted.map((t) => [t, quietFor(t, now)]));
    send(conn, {
      type: 'subscribed',
      topics: accepted,
      refused,
      ...(deferred.length ? { deferred, retryAfterMs: Math.max(1000, budget.waitMs(conn.userId)) } : {}),
      ...(quiet.length ? { quiet } : {}),
      ...(accepted.length ? { quietMs } : {}),
    });
    // A new subscriber learns the current state; later changes arrive as events.
    const watched = added.filter((t) => t.startsWith('presence:')).map((t) => t.slice('presence:'.length));
    if (watched.length) {
      try {
        const online = await onlineAmong(watched);
        for (const userId of watched) send(conn, { type: 'presence', userId, online: online.has(userId) });
      } catch (err) {
        logger.warn({ err }, 'presence lookup failed');
      }
    }
  }

  function leave(conn: Conn, t: string) {
    if (!conn.topics.delete(t)) return false;
    const subs = byTopic.get(t);
    subs?.delete(conn);
    if (subs?.size === 0) byTopic.delete(t);
    return true;
  }

  function unsubscribe(conn: Conn, topics: unknown) {
    if (!Array.isArray(topics)) return;
    for (const t of topics) if (typeof t === 'string') leave(conn, t);
  }

  /** The server ends these subscriptions (access was lost) and tells the subscriber. */
  function drop(conn: Conn, topics: string[]) {
    const dropped = topics.filter((t) => leave(conn, t));
    if (dropped.length) send(conn, { type: 'unsubscribed', topics: dropped });
  }

  /**
   * The live subscriptions an access change of these people may affect: every topic their sockets
   * follow, and every socket's subscription to a topic naming one of them (`<prefix>:<their id>`,
   * whatever the prefix). 'all': every subscription on this process.
   */
  function subscriptionsConcerning(who: ReadonlySet<string> | 'all') {
    const found = new Map<Conn, Set<string>>();
    const note = (conn: Conn, t: string) => {
      let set = found.get(conn);
      if (!set) found.set(conn, (set = new Set()));
      set.add(t);
    };
    if (who === 'all') {
      for (const [t, subs] of byTopic) for (const conn of subs) note(conn, t);
      return found;
    }
    for (const id of who) {
      for (const conn of byUser.get(id) ?? []) for (const t of conn.topics) note(conn, t);
      for (const prefix of topicAuthorizers.keys()) {
        const t = `${prefix}:${id}`;
        for (const conn of byTopic.get(t) ?? []) note(conn, t);
      }
    }
    return found;
  }

  /** The open sockets of these people on this process ('all': every one). */
  function connsOf(who: ReadonlySet<string> | 'all'): Conn[] {
    if (who === 'all') return [...all()];
    return [...who].flatMap((id) => [...(byUser.get(id) ?? [])]);
  }

  function* all() {
    for (const set of byUser.values()) yield* set;
  }

  return {
    add,
    remove,
    subscribe,
    unsubscribe,
    drop,
    authorizeTopic,
    subscriptionsConcerning,
    connsOf,
    /** An access change was heard: subscriptions being authorised right now are asked again. */
    accessChanged() {
      accessEpoch++;
    },
    deliverTo,
    targetsOf,
    wanted,
    registerTopic(prefix: string, authorize: TopicAuthorizer) {
      topicAuthorizers.set(prefix, authorize);
    },
    /**
     * Nothing was sent to this person for the last REALTIME.quietWindowMs, as far as this process
     * heard: the greeting says so, and a page that loaded within that time missed nothing.
     */
    isPersonQuiet(userId: string) {
      return isQuiet(personalKey(userId), Date.now());
    },
    /**
     * For how long (ms, at most REALTIME.quietWindowMs) this process knows nothing was sent to this
     * person: the greeting's `quietMs`. A page whose reads all started within that time (it loaded
     * later than that much before the greeting) missed nothing addressed to them.
     */
    personQuietFor(userId: string) {
      return quietFor(personalKey(userId), Date.now());
    },
    /** How many sockets this person has open on this process. */
    countOf(userId: string) {
      return byUser.get(userId)?.size ?? 0;
    },
    /** Every open socket on this process. */
    all,
    count() {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },
    /** Drop every socket at once (process shutdown). */
    /**
     * Shutdown: every socket is closed with 1001 (going away: the page reconnects, to another
     * process); those that have not answered the close within `graceMs` are cut.
     */
    async closeAll(graceMs: number) {
      const sockets = [...byUser.values()].flatMap((set) => [...set].map((c) => c.ws));
      byUser.clear();
      byTopic.clear();
      const gone = sockets.map(
        (ws) =>
          new Promise<void>((resolve) => {
            if (ws.readyState === ws.CLOSED) return resolve();
            ws.once('close', () => resolve());
            ws.close(1001, 'server restarting');
          }),
      );
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all(gone),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, graceMs);
        }),
      ]);
      clearTimeout(timer);
      for (const ws of sockets) if (ws.readyState !== ws.CLOSED) ws.terminate();
    },
  };
}
