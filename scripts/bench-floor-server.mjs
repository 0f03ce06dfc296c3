// The bare floor (issue 14): a Hono app with no middleware at all on @hono/node-server, doing the
// one primary-key read GET /api/bench/floor does (server/bench.routes.ts), on a pool configured as
// the server's (server/db/client.ts). Everything our server costs above this is our own stack.
// Started by scripts/bench-floor-lib.mjs `startBareFloor`; prints "ready <port>" once it listens.
//   PostgreSQL: DATABASE_URL=postgres://… PORT=… node scripts/bench-floor-server.mjs
//   PGlite:     PGLITE_DIR=<dir holding the server's database> PORT=… node scripts/bench-floor-server.mjs
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const port = Number(process.env.PORT) || 0;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NO_ID = '00000000-0000-0000-0000-000000000000';
const TEXT = 'select id, username from profiles where id = $1::uuid';

/** `query(text, params)` answering `{ rows }`, and `close()`. */
async function openDb() {
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    // As server/db/client.ts openDatabase: the same size, the same session settings.
    const pool = new pg.Pool({
      connectionString: process.env.DATABASE_URL,
      max: 10,
      options: '-c pg_trgm.word_similarity_threshold=0.4 -c statement_timeout=10000',
    });
    pool.on('error', () => {});
    return { query: (text, params) => pool.query(text, params), close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(process.env.PGLITE_DIR, { extensions: { pg_trgm } });
  return { query: (text, params) => db.query(text, params), close: () => db.close() };
}

const db = await openDb();
const app = new Hono().get('/api/bench/floor', async (c) => {
  const raw = c.req.query('id');
  const id = raw && UUID.test(raw) ? raw : NO_ID;
  const { rows } = await db.query(TEXT, [id]);
  return c.json({ row: rows[0] ?? null });
});

const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`ready ${info.port}\n`);
});
// As server/serve.ts.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;

const stop = () => {
  server.close();
  void db.close().finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
