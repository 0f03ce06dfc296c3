import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { REALTIME } from '@common/core/realtime';
import type { WebSocketServer } from 'ws';
import type { Logger } from '../lib/logger';
import type { Auth, SessionReader } from './auth';
import type { Conn } from './realtime-connections';

/*
 * The realtime socket's upgrade handshake (see realtime.ts): only REALTIME.path, only from an
 * allowed origin, only with a valid session cookie, only up to a limit of sockets per person
 * on this process, and only up to a limit of openings per person per minute (realtime-budget.ts). Anything else is answered with a plain HTTP refusal; an accepted upgrade becomes
 * a connection handed to `onOpen`.
 */

/** Tabs per person on one process; more is a runaway script, not a person. */
const MAX_CONNECTIONS_PER_USER = 30;

function refuse(socket: Duplex, status: number, text: string, retryAfter?: number) {
  const retry = retryAfter ? `Retry-After: ${retryAfter}\r\n` : '';
  socket.write(`HTTP/1.1 ${status} ${text}\r\n${retry}Connection: close\r\nContent-Length: 0\r\n\r\n`);
  socket.destroy();
}

export function createUpgradeHandler(opts: {
  auth: Auth;
  /** The one-statement lookup the API uses (auth.ts); better-auth answers when it says 'ask'. */
  readSession: SessionReader;
  logger: Logger;
  allowedOrigins: string[];
  wss: WebSocketServer;
  /** How many sockets this person already has open on this process. */
  countOf: (userId: string) => number;
  /** Counts one opening against the person's limit: null within it, else the seconds to wait. */
  admit: (userId: string) => number | null;
  onOpen: (conn: Conn) => void;
}) {
  const { auth, readSession, logger, wss, countOf, admit, onOpen } = opts;

  /** Who the cookie signs in, the session's token and when it ends; null for nobody. */
  async function sessionOf(req: IncomingMessage) {
    const read = await readSession(req.headers.cookie);
    if (read !== 'ask') return read && { userId: read.user.id, token: read.token, expiresAt: read.expiresAt };
    const headers = new Headers();
    for (const [k, v] of Object.entries(req.headers)) {
      if (typeof v === 'string') headers.set(k, v);
      else if (Array.isArray(v)) headers.set(k, v.join(', '));
    }
    const session = await auth.api.getSession({ headers });
    return (
      session && {
        userId: session.user.id,
        token: session.session.token,
        expiresAt: new Date(session.session.expiresAt).getTime(),
      }
    );
  }
  const origins = new Set(opts.allowedOrigins.map((o) => new URL(o).origin));

  return async function onUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer) {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname !== REALTIME.path) return refuse(socket, 404, 'Not Found');
    // Browsers always send Origin on a WebSocket; a page on another site must not ride the cookie.
    const origin = req.headers.origin;
    if (!origin || !origins.has(origin)) return refuse(socket, 403, 'Forbidden');
    let session: Awaited<ReturnType<typeof sessionOf>> = null;
    try {
      session = await sessionOf(req);
    } catch (err) {
      logger.warn({ err }, 'realtime: session lookup failed');
    }
    if (!session) return refuse(socket, 401, 'Unauthorized');
    const { userId } = session;
    if (countOf(userId) >= MAX_CONNECTIONS_PER_USER) {
      return refuse(socket, 429, 'Too Many Requests');
    }
    // Every opening counts (even one refused for too many tabs would not reach here): a loop of
    // opens and closes meets the person's limit, whichever process it reaches.
    const retryAfter = admit(userId);
    if (retryAfter !== null) return refuse(socket, 429, 'Too Many Requests', retryAfter);
    wss.handleUpgrade(req, socket, head, (ws) => {
      onOpen({
        ws,
        userId,
        sessionToken: session.token,
        expiresAt: session.expiresAt,
        topics: new Set(),
        lastTyping: 0,
        lastSeen: Date.now(),
      });
    });
  };
}
