import type { Server, ServerResponse } from 'node:http';
import { serve } from '@hono/node-server';
import type { Booted } from './boot';
import type { Env } from './env';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/** How long requests in flight get to finish on shutdown before their connections are cut. */
export const DRAIN_MS = 10_000;

/**
 * Serves a booted app over HTTP with its realtime socket, and shuts it down gracefully on SIGTERM
 * and SIGINT. Used by `npm start` (index.ts) and `npm run demo` (demo.ts).
 */
export function serveApp(
  booted: Booted,
  env: Env,
  onListening: (port: number) => void,
  opts: { drainMs?: number; exitOnSignal?: boolean } = {},
) {
  const { app, logger, realtime, close } = booted;
  const drainMs = opts.drainMs ?? DRAIN_MS;

  // Requests whose handler has not finished yet: the pool stays open until they have, even when
  // their client has gone (a handler whose socket closed still runs its statements).
  let stopping = false;
  let inFlight = 0;
  let onIdle: (() => void) | null = null;
  const fetch: typeof app.fetch = async (...args) => {
    inFlight++;
    try {
      const res = await app.fetch(...args);
      // While stopping, every answer closes its connection: the client's next request opens a new
      // one, which reaches another process (the cluster's, the proxy's) instead of this one.
      if (stopping) {
        const out = (args[1] as { outgoing?: ServerResponse } | undefined)?.outgoing;
        if (out && !out.headersSent) out.setHeader('connection', 'close');
      }
      return res;
    } finally {
      if (--inFlight === 0) onIdle?.();
    }
  };

  const server = serve({ fetch, port: env.port, hostname: env.host }, (info) => onListening(info.port));
  const http = server as Server;

  realtime.attach(http);
  // Node closes an idle keep-alive connection after 5 s, racing a client (a browser, a proxy) that
  // reuses it at that moment: the client sees ECONNRESET. Keep idle connections longer than the
  // usual client and load-balancer timeouts (60 s) instead.
  http.keepAliveTimeout = 65_000;
  http.headersTimeout = 66_000;

  server.on('error', (err: NodeJS.ErrnoException) => {
    logger.fatal(
      { err: { code: err.code, message: err.message } },
      err.code === 'EADDRINUSE'
        ? `Port ${env.port} is already in use: stop the other process or set PORT`
        : 'server error',
    );
    void close().finally(() => process.exit(1));
  });

  /** Resolves when no request is in flight, or after `ms` (false then). */
  const drained = (ms: number) =>
    new Promise<boolean>((resolve) => {
      if (inFlight === 0) return resolve(true);
      const timer = setTimeout(() => {
        onIdle = null;
        resolve(false);
      }, ms);
      timer.unref();
      onIdle = () => {
        clearTimeout(timer);
        onIdle = null;
        resolve(true);
      };
    });

  /**
   * Stop accepting connections, close the realtime sockets (1001, the page reconnects elsewhere),
   * let every request in flight finish (answers then close their connections; idle keep-alive
   * connections are closed as they go idle), and only then stop background work and close the
   * database pool. Requests still running after `drainMs` lose their connections, then the pool.
   */
  let stopped: Promise<void> | null = null;
  function shutdown(signal: string): Promise<void> {
    if (stopped) return stopped;
    stopping = true;
    stopped = (async () => {
      logger.info({ signal, inFlight }, 'shutting down: finishing requests in flight');
      const closed = new Promise<void>((resolve) => http.close(() => resolve()));
      http.closeIdleConnections();
      // A connection that goes idle after its answer (a client that ignored `Connection: close`).
      const sweep = setInterval(() => http.closeIdleConnections(), 100);
      sweep.unref();
      const deadline = Date.now() + drainMs;
      const [, finished] = await Promise.all([realtime.close(), drained(drainMs)]);
      if (!finished) logger.warn({ inFlight }, `requests still running after ${drainMs} ms; closing anyway`);
      // A handler that returned is still writing its answer: its connection closes once it is sent.
      else await Promise.race([closed, sleep(Math.max(0, deadline - Date.now()))]);
      clearInterval(sweep);
      http.closeAllConnections();
      await closed;
      await close();
      logger.info('stopped');
    })();
    return stopped;
  }
  if (opts.exitOnSignal !== false) {
    const onSignal = (signal: string) => void shutdown(signal).finally(() => process.exit(0));
    process.on('SIGTERM', () => onSignal('SIGTERM'));
    process.on('SIGINT', () => onSignal('SIGINT'));
  }
  return { server: http, shutdown, inFlight: () => inFlight };
}
