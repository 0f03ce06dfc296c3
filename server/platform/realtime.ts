import { isUuid } from '@common/core/ids';
import type { Server } from 'node:http';
import { REALTIME, type ClientCommand, type ServerEvent } from '@common/core/realtime';
import { sql } from 'drizzle-orm';
import { WebSocketServer } from 'ws';
import type { Db } from '../db/client';
import { blockedEitherIds, isBlockedEither } from '../db/rules';
import type { Logger } from '../lib/logger';
import { createSessionReader, type Auth } from './auth';
import type { Bus, Envelope } from './bus';
import type { Meter } from './rate-limit';
import { createBudget, REALTIME_ASKS, REALTIME_OPENS } from './realtime-budget';
import { createConnections, send, type Conn, type TopicAuthorizer } from './realtime-connections';
import { createUpgradeHandler } from './realtime-handshake';
import { createLane } from './realtime-lane';
import { createPresence, HEARTBEAT_MS } from './realtime-presence';
import { createCoalescer, reauthorize } from './realtime-recheck';
import { recheckSessions, SESSION_RECHECK_MS } from './realtime-sessions';

/*
 * The realtime socket, put together: createRealtime wires the connection registry and topic
 * subscriptions (realtime-connections.ts), presence across processes (realtime-presence.ts), the
 * upgrade and auth handshake (realtime-handshake.ts), the session re-check (realtime-sessions.ts),
 * the re-checks an access change or an ended session announces (realtime-recheck.ts) and each
 * person's budget of database work (realtime-budget.ts) to the bus, handles the commands a client
 * sends, and returns the API boot and the areas use. Its types are imported from here.
 */

export type { TopicAuthorizer };
/** May `from` send a typing event to `to`? */
export type TypingPolicy = (from: string, to: string) => boolean | Promise<boolean>;

/**
 * What one kind of event says to each of its recipients on this process, for events whose content
 * depends on who reads it: given their ids, the event each one gets (one call per event and
 * process, so one statement for everyone). A person left out of the answer, and everyone when it
 * fails, gets the event as published, which must therefore be fit for every subscriber.
 */
export type EventView = (event: ServerEvent, userIds: string[]) => Promise<Map<string, ServerEvent>>;

export type Realtime = ReturnType<typeof createRealtime>;

/**
 * The WebSocket endpoint (REALTIME.path) and the process's side of the bus: it authenticates
 * upgrades by the session cookie, keeps who is connected, delivers bus events only to the people
 * they are addressed to or to subscribers whose topic was authorised, and tracks presence.
 */
export function createRealtime(opts: {
  auth: Auth;
  bus: Bus;
  db: Db;
  logger: Logger;
  allowedOrigins: string[];
  /** Per-person budgets shared with the other instances (platform/rate-limit.ts). */
  meter: Meter;
  /** PostgreSQL's connection string: delivery's checks take connections of their own (realtime-lane.ts). */
  url?: string;
}) {
  const { auth, bus, db, logger, meter } = opts;
  const lane = createLane({ db, url: opts.url, logger });
  let closed = false;
  const presence = createPresence({ bus, db, logger, isClosed: () => closed });
  meter.register(REALTIME_ASKS, REALTIME_OPENS);
  const budget = createBudget({ meter });
  const conns = createConnections({
    logger,
    changePresence: presence.changePresence,
    onlineAmong: presence.onlineAmong,
    budget,
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: REALTIME.maxFrameBytes });
  const onUpgrade = createUpgradeHandler({
    auth,
    readSession: createSessionReader({
      db,
      secret: auth.options.secret!,
      secureCookies: Boolean(auth.options.advanced?.useSecureCookies),
    }),
    logger,
    allowedOrigins: opts.allowedOrigins,
    wss,
    countOf: conns.countOf,
    admit: (userId) => meter.hit(REALTIME_OPENS, userId),
    onOpen,
  });
  // Until an area sets who may signal whom (docs/decisions/012), nobody may.
  let typingPolicy: TypingPolicy = () => false;

  // Presence: anyone signed in may see whether someone is online, unless either blocks the other.
  conns.registerTopic(
    'presence',
    async (userId, id) => isUuid(id) && (userId === id || !(await isBlockedEither(db, userId, id))),
  );

  /**
   * Everyone `userId` blocks or is blocked by (the shared rule, db/rules.ts), asked while an event
   * is being delivered: through the lane, not behind the requests waiting for the app's pool.
   */
  async function blockedEither(userId: string): Promise<Set<string>> {
    const rows = await lane.rows<{ ids: string[] }>(sql`select ${blockedEitherIds(userId)}::text[] as ids`);
    return new Set(rows[0]?.ids ?? []);
  }

  // An access change re-runs the authorisers of the subscriptions it concerns; an ended session
  // checks its people's sockets now rather than at the next periodic round (SESSION_RECHECK_MS).
  const accessRecheck = createCoalescer(
    (who) => reauthorize(conns.subscriptionsConcerning(who), conns.authorizeTopic, conns.drop),
    logger,
    'access re-check',
  );
  const sessionRecheck = createCoalescer(
    (who) => recheckSessions(db, conns.connsOf(who)),
    logger,
    'session re-check',
  );

  const views = new Map<string, EventView>();

  /** Each recipient gets the event as the area's view has it for them (the same one encoded once). */
  async function deliverViewed(envelope: Envelope, targets: Set<Conn>, view: EventView) {
    const { event, topic: topicName, hideFromBlockedWith } = envelope;
    if (hideFromBlockedWith) {
      // As for any event: nobody is sent what might be hidden from them (the check failing, nobody).
      const hidden = await blockedEither(hideFromBlockedWith);
      for (const conn of targets) if (hidden.has(conn.userId)) targets.delete(conn);
    }
    let seen: Map<string, ServerEvent>;
    try {
      seen = await view(event, [...new Set([...targets].map((c) => c.userId))]);
    } catch (err) {
      logger.warn({ err, type: event.type }, 'realtime: event view failed; sent as published');
      seen = new Map();
    }
    const byEvent = new Map<ServerEvent, Set<Conn>>();
    for (const conn of targets) {
      // A subscription ended while the view was asked for (access lost): nothing more for it.
      if (topicName && !envelope.to && !conn.topics.has(topicName)) continue;
      const mine = seen.get(conn.userId) ?? event;
      let group = byEvent.get(mine);
      if (!group) byEvent.set(mine, (group = new Set()));
      group.add(conn);
    }
    for (const [mine, group] of byEvent) conns.deliverTo(group, mine);
  }

  /**
   * A topic's events reach its subscribers in the order published, even while one of them waits
   * for its view: the later ones wait behind it (an item's removal never overtakes its publication).
   */
  const topicQueues = new Map<string, Promise<void>>();
  function inTopicOrder(topicName: string | undefined, work: () => Promise<void> | void) {
    if (!topicName) return void work();
    const next = (topicQueues.get(topicName) ?? Promise.resolve()).then(work).catch((err: unknown) => {
      logger.warn({ err }, 'realtime: delivery failed');
    });
    topicQueues.set(topicName, next);
    void next.then(() => {
      if (topicQueues.get(topicName) === next) topicQueues.delete(topicName);
    });
  }

  // An event from another process that travels by reference is loaded only when a socket here
  // gets it: the others pay no statement for it.
  bus.setScreen(conns.wanted);
  const unsubscribeBus = bus.subscribe((envelope) => {
    const { event, hideFromBlockedWith } = envelope;
    if (event.type === 'access.changed') {
      conns.accessChanged();
      void accessRecheck.request(event.userIds);
      return;
    }
    if (event.type === 'sessions.revoked') {
      void sessionRecheck.request(event.userIds);
      return;
    }
    if (event.type === 'resync' && !envelope.to && !envelope.topic) {
      // The bus was lost for a while: access changes and ended sessions may have been missed.
      conns.accessChanged();
      void accessRecheck.request();
      void sessionRecheck.request();
    }
    const targets = conns.targetsOf(envelope);
    if (!targets.size) return;
    const view = views.get(event.type);
    if (view) return inTopicOrder(envelope.topic, () => deliverViewed(envelope, targets, view));
    if (envelope.topic && topicQueues.has(envelope.topic) && !hideFromBlockedWith)
      return inTopicOrder(envelope.topic, () => conns.deliverTo(targets, event));
    if (!hideFromBlockedWith) return conns.deliverTo(targets, event);
    blockedEither(hideFromBlockedWith).then(
      (hidden) => {
        for (const conn of targets) if (hidden.has(conn.userId)) targets.delete(conn);
        conns.deliverTo(targets, event);
      },
      // Nobody is sent what might be hidden from them; their next fetch shows what they may see.
      (err: unknown) => logger.warn({ err }, 'realtime: block check failed; event not delivered'),
    );
  });

  /**
   * One socket's subscribes and unsubscribes run one after the other, in the order sent: an
   * unsubscribe must not overtake the subscribe before it while that one is being authorised (the
   * topic would stay followed), and a flood of frames waits its turn instead of querying at once.
   */
  const topicWork = new WeakMap<Conn, Promise<void>>();
  function inOrder(conn: Conn, work: () => Promise<void>) {
    const next = (topicWork.get(conn) ?? Promise.resolve()).then(work).catch((err: unknown) => {
      logger.warn({ err }, 'realtime: subscription change failed');
    });
    topicWork.set(conn, next);
    return next;
  }

  async function onCommand(conn: Conn, raw: string) {
    let cmd: ClientCommand;
    try {
      cmd = JSON.parse(raw) as ClientCommand;
    } catch {
      return;
    }
    conn.lastSeen = Date.now();
    switch (cmd?.op) {
      case 'ping':
        return send(conn, { type: 'pong' });
      case 'subscribe': {
        const { topics } = cmd;
        return inOrder(conn, () => conns.subscribe(conn, topics));
      }
      case 'unsubscribe': {
        const { topics } = cmd;
        return inOrder(conn, async () => conns.unsubscribe(conn, topics));
      }
      case 'typing': {
        const now = Date.now();
        if (typeof cmd.to !== 'string' || !isUuid(cmd.to) || cmd.to === conn.userId) return;
        // Ignore a flood: the indicator only needs a beat every few hundred milliseconds, and each
        // beat that passes costs a query (the typing policy), so it comes out of the budget too.
        if (now - conn.lastTyping < 300) return;
        conn.lastTyping = now;
        if (!budget.take(conn.userId)) return;
        if (!(await typingPolicy(conn.userId, cmd.to))) return;
        bus.publish({ to: [cmd.to], event: { type: 'typing', from: conn.userId } });
        return;
      }
    }
  }

  /** An upgrade passed the handshake: the socket joins the registry and is greeted. */
  function onOpen(conn: Conn) {
    const { ws } = conn;
    conns.add(conn);
    ws.on('message', (data, isBinary) => {
      if (!isBinary) void onCommand(conn, data.toString());
    });
    ws.on('close', () => conns.remove(conn));
    ws.on('error', () => ws.terminate());
    const quietMs = conns.personQuietFor(conn.userId);
    send(conn, { type: 'hello', userId: conn.userId, quiet: quietMs >= REALTIME.quietWindowMs, quietMs });
  }

  const recheck = () => recheckSessions(db, conns.all());
  const beat = setInterval(() => {
    void presence.heartbeat();
    budget.sweep();
  }, HEARTBEAT_MS);
  beat.unref();
  const rechecking = setInterval(() => void recheck(), SESSION_RECHECK_MS);
  rechecking.unref();

  const attached = new Set<Server>();

  return {
    /** Serve the WebSocket endpoint on this HTTP server. */
    attach(server: Server) {
      attached.add(server);
      server.on('upgrade', (req, socket, head) => void onUpgrade(req, socket, head));
    },
    registerTopic(prefix: string, authorize: TopicAuthorizer) {
      conns.registerTopic(prefix, authorize);
    },
    /** How this kind of event reads to each recipient (see EventView); one view per kind. */
    registerEventView(type: ServerEvent['type'], view: EventView) {
      views.set(type, view);
    },
    setTypingPolicy(policy: TypingPolicy) {
      typingPolicy = policy;
    },
    /** Which of these people have an open connection on any live process. */
    onlineAmong: presence.onlineAmong,
    connectionCount() {
      return conns.count();
    },
    /** Run the periodic session check now (tests). */
    recheckSessions: recheck,
    /** Check these people's sockets' sessions now (none: everyone's), as sessions.revoked does. */
    sessionsRevoked: (userIds?: string[]) => sessionRecheck.request(userIds),
    /** Re-authorise what concerns these people now (none: everything), as access.changed does. */
    accessChanged: (userIds?: string[]) => {
      conns.accessChanged();
      return accessRecheck.request(userIds);
    },
    /** Close every socket and take this process's presence off the books. */
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(beat);
      clearInterval(rechecking);
      unsubscribeBus();
      wss.close();
      await conns.closeAll(3_000);
      await presence.leave();
      await lane.close();
    },
  };
}
