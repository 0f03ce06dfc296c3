import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { CLOSE, REALTIME, type ClientCommand, type ServerEvent } from '@common/core/realtime';
import { and, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import { WebSocketServer, type WebSocket } from 'ws';
import type { Db } from '../db/client';
import { blocks, realtimeInstances, realtimePresence, sessions } from '../db/schema';
import type { Logger } from '../lib/logger';
import type { Auth } from './auth';
import type { Bus } from './bus';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A process that has not beaten for this long is gone: its connections no longer count. */
const INSTANCE_TTL_S = 45;
const HEARTBEAT_MS = 15_000;
/** Sessions are checked again this often, so a signed-out or expired session stops receiving. */
const SESSION_RECHECK_MS = 60_000;
/** Tabs per person on one process; more is a runaway script, not a person. */
const MAX_CONNECTIONS_PER_USER = 30;

/** May `userId` follow `topic`'s events? Each area registers its own topic prefixes. */
export type TopicAuthorizer = (userId: string, id: string) => boolean | Promise<boolean>;
/** May `from` send a typing event to `to`? */
export type TypingPolicy = (from: string, to: string) => boolean | Promise<boolean>;

type Conn = {
  ws: WebSocket;
  userId: string;
  /** The session's token (from the verified cookie), to re-check it in bulk. */
  sessionToken: string;
  expiresAt: number;
  topics: Set<string>;
  lastTyping: number;
  lastSeen: number;
};

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
}) {
  const { auth, bus, db, logger } = opts;
  const origins = new Set(opts.allowedOrigins.map((o) => new URL(o).origin));
  const wss = new WebSocketServer({ noServer: true, maxPayload: REALTIME.maxFrameBytes });
  const byUser = new Map<string, Set<Conn>>();
  const byTopic = new Map<string, Set<Conn>>();
  const topicAuthorizers = new Map<string, TopicAuthorizer>();
  // Until an area sets who may signal whom (decision 012), nobody may.
  let typingPolicy: TypingPolicy = () => false;
  const instanceId = bus.instanceId;
  let instanceReady: Promise<unknown> | null = null;
  let closed = false;

  // Presence: anyone signed in may see whether someone is online.
  topicAuthorizers.set('presence', (_userId, id) => UUID.test(id));

  function send(conn: Conn, event: ServerEvent) {
    if (conn.ws.readyState === conn.ws.OPEN) conn.ws.send(JSON.stringify(event));
  }

  /** Everyone `userId` blocks or is blocked by. */
  async function blockedEither(userId: string): Promise<Set<string>> {
    const rows = await db
      .select({ blocker: blocks.blockerId, blocked: blocks.blockedId })
      .from(blocks)
      .where(sql`${blocks.blockerId} = ${userId} or ${blocks.blockedId} = ${userId}`);
    return new Set(rows.map((r) => (r.blocker === userId ? r.blocked : r.blocker)));
  }

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

  const unsubscribeBus = bus.subscribe(({ to, topic, event, hideFromBlockedWith }) => {
    const targets = new Set<Conn>();
    if (to) for (const id of to) for (const c of byUser.get(id) ?? []) targets.add(c);
    if (topic) for (const c of byTopic.get(topic) ?? []) targets.add(c);
    if (!to && !topic && event.type === 'resync')
      for (const set of byUser.values()) set.forEach((c) => targets.add(c));
    if (!targets.size) return;
    if (!hideFromBlockedWith) return deliverTo(targets, event);
    blockedEither(hideFromBlockedWith).then(
      (hidden) => {
        for (const conn of targets) if (hidden.has(conn.userId)) targets.delete(conn);
        deliverTo(targets, event);
      },
      // Nobody is sent what might be hidden from them; their next fetch shows what they may see.
      (err: unknown) => logger.warn({ err }, 'realtime: block check failed; event not delivered'),
    );
  });

  function ensureInstance() {
    instanceReady ??= db
      .insert(realtimeInstances)
      .values({ id: instanceId })
      .onConflictDoUpdate({ target: realtimeInstances.id, set: { seenAt: sql`now()` } });
    return instanceReady;
  }

  /** Which of these people have an open connection on any live process. */
  async function onlineAmong(userIds: string[]): Promise<Set<string>> {
    const ids = [...new Set(userIds)].filter((id) => UUID.test(id));
    if (!ids.length) return new Set();
    const rows = await db
      .selectDistinct({ userId: realtimePresence.userId })
      .from(realtimePresence)
      .innerJoin(realtimeInstances, eq(realtimeInstances.id, realtimePresence.instanceId))
      .where(
        and(
          inArray(realtimePresence.userId, ids),
          gt(realtimeInstances.seenAt, sql`now() - make_interval(secs => ${INSTANCE_TTL_S})`),
        ),
      );
    return new Set(rows.map((r) => r.userId));
  }

  async function isOnlineElsewhere(userId: string) {
    const rows = await db
      .select({ one: sql`1` })
      .from(realtimePresence)
      .innerJoin(realtimeInstances, eq(realtimeInstances.id, realtimePresence.instanceId))
      .where(
        and(
          eq(realtimePresence.userId, userId),
          sql`${realtimePresence.instanceId} <> ${instanceId}`,
          gt(realtimeInstances.seenAt, sql`now() - make_interval(secs => ${INSTANCE_TTL_S})`),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  // Presence changes of one person are applied in order, so a quick close/open cannot cross.
  const presenceChain = new Map<string, Promise<void>>();
  function changePresence(userId: string, online: boolean) {
    const run = async () => {
      try {
        await ensureInstance();
        if (online) {
          await db
            .insert(realtimePresence)
            .values({ instanceId, userId, connections: 1 })
            .onConflictDoNothing();
        } else {
          await db
            .delete(realtimePresence)
            .where(and(eq(realtimePresence.instanceId, instanceId), eq(realtimePresence.userId, userId)));
        }
        if (!(await isOnlineElsewhere(userId))) {
          bus.publish({ topic: `presence:${userId}`, event: { type: 'presence', userId, online } });
        }
      } catch (err) {
        if (!closed) logger.warn({ err }, 'presence update failed');
      }
    };
    const next = (presenceChain.get(userId) ?? Promise.resolve()).then(run);
    presenceChain.set(userId, next);
    void next.finally(() => {
      if (presenceChain.get(userId) === next) presenceChain.delete(userId);
    });
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
      case 'subscribe':
        return subscribe(conn, cmd.topics);
      case 'unsubscribe':
        return unsubscribe(conn, cmd.topics);
      case 'typing': {
        const now = Date.now();
        if (typeof cmd.to !== 'string' || !UUID.test(cmd.to) || cmd.to === conn.userId) return;
        // Ignore a flood: the indicator only needs a beat every few hundred milliseconds.
        if (now - conn.lastTyping < 300) return;
        conn.lastTyping = now;
        if (!(await typingPolicy(conn.userId, cmd.to))) return;
        bus.publish({ to: [cmd.to], event: { type: 'typing', from: conn.userId } });
        return;
      }
    }
  }

  function refuse(socket: Duplex, status: number, text: string) {
    socket.write(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    socket.destroy();
  }

  async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== REALTIME.path) return refuse(socket, 404, 'Not Found');
    // Browsers always send Origin on a WebSocket; a page on another site must not ride the cookie.
    const origin = req.headers.origin;
    if (!origin || !origins.has(origin)) return refuse(socket, 403, 'Forbidden');
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (typeof v === 'string') headers.set(k, v);
      else if (Array.isArray(v)) headers.set(k, v.join(', '));
    }
    let session: Awaited<ReturnType<Auth['api']['getSession']>> = null;
    try {
      session = await auth.api.getSession({ headers });
    } catch (err) {
      logger.warn({ err }, 'realtime: session lookup failed');
    }
    if (!session) return refuse(socket, 401, 'Unauthorized');
    if ((byUser.get(session.user.id)?.size ?? 0) >= MAX_CONNECTIONS_PER_USER) {
      return refuse(socket, 429, 'Too Many Requests');
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: Conn = {
        ws,
        userId: session.user.id,
        sessionToken: session.session.token,
        expiresAt: new Date(session.session.expiresAt).getTime(),
        topics: new Set(),
        lastTyping: 0,
        lastSeen: Date.now(),
      };
      add(conn);
      ws.on('message', (data, isBinary) => {
        if (!isBinary) void onCommand(conn, data.toString());
      });
      ws.on('close', () => remove(conn));
      ws.on('error', () => ws.terminate());
      send(conn, { type: 'hello', userId: conn.userId });
    });
  }

  /** One query for every connection of this process: signed-out or expired sessions are closed. */
  async function recheckSessions() {
    const now = Date.now();
    const conns: Conn[] = [];
    for (const set of byUser.values()) {
      for (const conn of set) {
        // A client that stopped pinging is gone (a laptop lid closed): free its slot.
        if (now - conn.lastSeen > REALTIME.pingIntervalMs * 3) conn.ws.terminate();
        else conns.push(conn);
      }
    }
    for (let i = 0; i < conns.length; i += 500) {
      const batch = conns.slice(i, i + 500);
      try {
        const rows = await db
          .select({ token: sessions.token, userId: sessions.userId, expiresAt: sessions.expiresAt })
          .from(sessions)
          .where(inArray(sessions.token, [...new Set(batch.map((c) => c.sessionToken))]));
        const live = new Map(rows.map((r) => [r.token, r]));
        for (const conn of batch) {
          const row = live.get(conn.sessionToken);
          if (!row || row.userId !== conn.userId || row.expiresAt.getTime() <= now) {
            conn.ws.close(CLOSE.sessionEnded, 'session ended');
          } else conn.expiresAt = row.expiresAt.getTime();
        }
      } catch {
        // Database busy or down: keep the connections; the next round checks again.
      }
    }
  }

  async function heartbeat() {
    try {
      await ensureInstance();
      await db
        .update(realtimeInstances)
        .set({ seenAt: sql`now()` })
        .where(eq(realtimeInstances.id, instanceId));
      // Forget processes that died without saying so.
      await db
        .delete(realtimeInstances)
        .where(lt(realtimeInstances.seenAt, sql`now() - make_interval(secs => ${INSTANCE_TTL_S * 4})`));
    } catch (err) {
      if (!closed) logger.warn({ err }, 'realtime heartbeat failed');
    }
  }
  const beat = setInterval(() => void heartbeat(), HEARTBEAT_MS);
  beat.unref();
  const recheck = setInterval(() => void recheckSessions(), SESSION_RECHECK_MS);
  recheck.unref();

  const attached = new Set<Server>();

  return {
    /** Serve the WebSocket endpoint on this HTTP server. */
    attach(server: Server) {
      attached.add(server);
      server.on('upgrade', (req, socket, head) => void onUpgrade(req, socket, head));
    },
    registerTopic(prefix: string, authorize: TopicAuthorizer) {
      topicAuthorizers.set(prefix, authorize);
    },
    setTypingPolicy(policy: TypingPolicy) {
      typingPolicy = policy;
    },
    /** Which of these people have an open connection on any live process. */
    onlineAmong,
    connectionCount() {
      let n = 0;
      for (const set of byUser.values()) n += set.size;
      return n;
    },
    /** Run the periodic session check now (tests). */
    recheckSessions,
    /** Close every socket and take this process's presence off the books. */
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(beat);
      clearInterval(recheck);
      unsubscribeBus();
      for (const set of byUser.values()) for (const c of set) c.ws.terminate();
      byUser.clear();
      byTopic.clear();
      wss.close();
      await Promise.allSettled([...presenceChain.values()]);
      try {
        await db.delete(realtimeInstances).where(eq(realtimeInstances.id, instanceId));
      } catch {
        // The database may already be closed.
      }
    },
  };
}
