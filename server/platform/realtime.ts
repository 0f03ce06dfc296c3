import type { Server } from 'node:http';
import { REALTIME, type ClientCommand } from '@common/core/realtime';
import { sql } from 'drizzle-orm';
import { WebSocketServer } from 'ws';
import type { Db } from '../db/client';
import { blocks } from '../db/schema';
import type { Logger } from '../lib/logger';
import type { Auth } from './auth';
import type { Bus } from './bus';
import { createConnections, send, UUID, type Conn, type TopicAuthorizer } from './realtime-connections';
import { createUpgradeHandler } from './realtime-handshake';
import { createPresence, HEARTBEAT_MS } from './realtime-presence';
import { recheckSessions, SESSION_RECHECK_MS } from './realtime-sessions';

/*
 * The realtime socket, put together: createRealtime wires the connection registry and topic
 * subscriptions (realtime-connections.ts), presence across processes (realtime-presence.ts), the
 * upgrade and auth handshake (realtime-handshake.ts) and the periodic session re-check
 * (realtime-sessions.ts) to the bus, handles the commands a client sends, and returns the API boot
 * and the areas use. Its types are imported from here.
 */

export type { TopicAuthorizer };
/** May `from` send a typing event to `to`? */
export type TypingPolicy = (from: string, to: string) => boolean | Promise<boolean>;

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
  let closed = false;
  const presence = createPresence({ bus, db, logger, isClosed: () => closed });
  const conns = createConnections({
    logger,
    changePresence: presence.changePresence,
    onlineAmong: presence.onlineAmong,
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: REALTIME.maxFrameBytes });
  const onUpgrade = createUpgradeHandler({
    auth,
    logger,
    allowedOrigins: opts.allowedOrigins,
    wss,
    countOf: conns.countOf,
    onOpen,
  });
  // Until an area sets who may signal whom (decision 012), nobody may.
  let typingPolicy: TypingPolicy = () => false;

  // Presence: anyone signed in may see whether someone is online.
  conns.registerTopic('presence', (_userId, id) => UUID.test(id));

  /** Everyone `userId` blocks or is blocked by. */
  async function blockedEither(userId: string): Promise<Set<string>> {
    const rows = await db
      .select({ blocker: blocks.blockerId, blocked: blocks.blockedId })
      .from(blocks)
      .where(sql`${blocks.blockerId} = ${userId} or ${blocks.blockedId} = ${userId}`);
    return new Set(rows.map((r) => (r.blocker === userId ? r.blocked : r.blocker)));
  }

  const unsubscribeBus = bus.subscribe((envelope) => {
    const { event, hideFromBlockedWith } = envelope;
    const targets = conns.targetsOf(envelope);
    if (!targets.size) return;
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
        return conns.subscribe(conn, cmd.topics);
      case 'unsubscribe':
        return conns.unsubscribe(conn, cmd.topics);
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

  /** An upgrade passed the handshake: the socket joins the registry and is greeted. */
  function onOpen(conn: Conn) {
    const { ws } = conn;
    conns.add(conn);
    ws.on('message', (data, isBinary) => {
      if (!isBinary) void onCommand(conn, data.toString());
    });
    ws.on('close', () => conns.remove(conn));
    ws.on('error', () => ws.terminate());
    send(conn, { type: 'hello', userId: conn.userId });
  }

  const recheck = () => recheckSessions(db, conns.all());
  const beat = setInterval(() => void presence.heartbeat(), HEARTBEAT_MS);
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
    /** Close every socket and take this process's presence off the books. */
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(beat);
      clearInterval(rechecking);
      unsubscribeBus();
      conns.terminateAll();
      wss.close();
      await presence.leave();
    },
  };
}
