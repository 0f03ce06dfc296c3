import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import type { Booted } from './boot';
import type { Env } from './env';

/**
 * Serves a booted app over HTTP with its realtime socket, and shuts it down gracefully on SIGTERM
 * and SIGINT. Used by `npm start` (index.ts) and `npm run demo` (demo.ts).
 */
export function serveApp(booted: Booted, env: Env, onListening: (port: number) => void) {
  const { app, logger, realtime, close } = booted;
  const server = serve({ fetch: app.fetch, port: env.port, hostname: env.host }, (info) =>
    onListening(info.port),
  );

  realtime.attach(server as Server);
  // Node closes an idle keep-alive connection after 5 s, racing a client (a browser, a proxy) that
  // reuses it at that moment: the client sees ECONNRESET. Keep idle connections longer than the
  // usual client and load-balancer timeouts (60 s) instead.
  (server as Server).keepAliveTimeout = 65_000;
  (server as Server).headersTimeout = 66_000;

  server.on('error', (err: NodeJS.ErrnoException) => {
    logger.fatal(
      { err: { code: err.code, message: err.message } },
      err.code === 'EADDRINUSE'
        ? `Port ${env.port} is already in use: stop the other process or set PORT`
        : 'server error',
    );
    void close().finally(() => process.exit(1));
  });

  let stopping = false;
  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down: finishing requests in flight');
    // Stop accepting connections; give requests in flight up to 10 s.
    const force = setTimeout(() => {
      logger.warn('requests still open after 10 s; closing anyway');
      if ('closeAllConnections' in server) server.closeAllConnections();
    }, 10_000);
    force.unref();
    if ('closeIdleConnections' in server) server.closeIdleConnections();
    // Open WebSockets would hold the server open; browsers reconnect to another instance.
    await realtime.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await close();
    logger.info('stopped');
    process.exit(0);
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  return server;
}
