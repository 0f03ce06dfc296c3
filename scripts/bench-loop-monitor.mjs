// Preloaded into the server by `npm run bench -- community --loop-stats` (node --import): what the
// main thread does under load, written every LOOP_STATS_EVERY_MS (10 s) as one JSON line to
// LOOP_STATS_FILE. Measurement only; the server's own code knows nothing of it. With
// LOOP_STATS_PROFILE=A,B it also takes a CPU profile of the main thread from A s after the start
// for B s into LOOP_STATS_FILE.cpuprofile (one that does not depend on the server's way out).
//  - the event loop's delay (perf_hooks.monitorEventLoopDelay, 10 ms resolution): p50, p99, max;
//  - stalls: a 10 ms timer more than 50 ms late, counted, with the longest;
//  - the garbage collector's pauses (count, total, longest);
//  - the pg pool: how long a request waited for a connection (p50, p99, max) and the most waiting;
//  - each route's time on the server, from its request's arrival to its answer's end (p50, p99),
//    by method and path with ids folded (node's http diagnostics channels), and what it was made
//    of, on average: statements, time waiting for a pool connection, time from a statement's
//    sending to its answer's callback (both include waiting for the main thread), and the rest.
import { createRequire } from 'node:module';
import { appendFileSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import diagnostics from 'node:diagnostics_channel';
import { AsyncLocalStorage } from 'node:async_hooks';
import { monitorEventLoopDelay, PerformanceObserver, performance } from 'node:perf_hooks';
import path from 'node:path';

const FILE = process.env.LOOP_STATS_FILE;
const EVERY = Number(process.env.LOOP_STATS_EVERY_MS) || 10_000;

if (FILE) {
  const q = (xs, p) => {
    if (!xs.length) return 0;
    const s = [...xs].sort((a, b) => a - b);
    return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
  };
  const r1 = (x) => Math.round(x * 10) / 10;

  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();

  let stalls = 0;
  let longestStall = 0;
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    const late = now - last - 10;
    if (late > 50) {
      stalls++;
      longestStall = Math.max(longestStall, late);
    }
    last = now;
  }, 10).unref();

  let gcCount = 0;
  let gcMs = 0;
  let gcMax = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      gcCount++;
      gcMs += e.duration;
      gcMax = Math.max(gcMax, e.duration);
    }
  }).observe({ entryTypes: ['gc'] });

  /** The request a statement or a pool wait belongs to (entered when its request starts). */
  const als = new AsyncLocalStorage();
  // The pool's wait for a connection: pg's Pool.connect, which pool.query goes through too.
  let poolWaits = [];
  let maxWaiting = 0;
  try {
    const require = createRequire(path.join(process.cwd(), 'package.json'));
    const pg = require('pg');
    const connect = pg.Pool.prototype.connect;
    pg.Pool.prototype.connect = function (cb) {
      const t0 = performance.now();
      maxWaiting = Math.max(maxWaiting, this.waitingCount + 1);
      const req = als.getStore();
      const waited = () => {
        const ms = performance.now() - t0;
        poolWaits.push(ms);
        if (req) req.pool += ms;
      };
      if (typeof cb === 'function') {
        // A queued wait's callback runs when another request releases a connection: in that
        // request's context. Run it in its own request's.
        return connect.call(this, (err, client, release) => {
          waited();
          if (req) als.run(req, cb, err, client, release);
          else cb(err, client, release);
        });
      }
      return connect.call(this).then((client) => {
        waited();
        return client;
      });
    };
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (...args) {
      const req = als.getStore();
      if (!req) return query.apply(this, args);
      const t0 = performance.now();
      req.statements++;
      const done = () => (req.sql += performance.now() - t0);
      const last = args.length - 1;
      if (typeof args[last] === 'function') {
        const cb = args[last];
        args[last] = (...r) => {
          done();
          cb(...r);
        };
        return query.apply(this, args);
      }
      const out = query.apply(this, args);
      if (out && typeof out.then === 'function') out.then(done, done);
      return out;
    };
  } catch (err) {
    console.error(`loop monitor: pg not patched (${err.message})`);
  }

  const routes = new Map();
  const started = new WeakMap();
  const routeOf = (req) =>
    `${req.method} ${(req.url ?? '')
      .split('?')[0]
      .replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, ':id')
      .replace(/\/\d+(?=\/|$)/g, '/:n')}`;
  diagnostics.subscribe('http.server.request.start', ({ request }) => {
    const ctx = { t0: performance.now(), statements: 0, pool: 0, sql: 0 };
    started.set(request, ctx);
    // The request's handler runs right after this, in the same turn: its statements carry ctx.
    als.enterWith(ctx);
  });
  diagnostics.subscribe('http.server.response.finish', ({ request }) => {
    const ctx = started.get(request);
    if (ctx === undefined) return;
    const key = routeOf(request);
    let r = routes.get(key);
    if (!r) routes.set(key, (r = { ms: [], statements: 0, pool: 0, sql: 0 }));
    r.ms.push(performance.now() - ctx.t0);
    r.statements += ctx.statements;
    r.pool += ctx.pool;
    r.sql += ctx.sql;
  });

  const [profileAt, profileFor] = (process.env.LOOP_STATS_PROFILE ?? '').split(',').map(Number);
  if (profileAt > 0 && profileFor > 0) {
    setTimeout(() => {
      const session = new Session();
      session.connect();
      session.post('Profiler.enable', () =>
        session.post('Profiler.start', () => {
          setTimeout(() => {
            session.post('Profiler.stop', (err, res) => {
              if (!err) writeFileSync(`${FILE}.cpuprofile`, JSON.stringify(res.profile));
              session.disconnect();
            });
          }, profileFor * 1000).unref();
        }),
      );
    }, profileAt * 1000).unref();
  }

  let cpu = process.cpuUsage();
  let at = performance.now();
  setInterval(() => {
    const now = performance.now();
    const used = process.cpuUsage(cpu);
    const byRoute = {};
    for (const [k, r] of routes) {
      const n = r.ms.length;
      const mean = r.ms.reduce((a, b) => a + b, 0) / n;
      // count, p50, p99, mean, statements a request, mean pool wait, mean time in statements
      byRoute[k] = [
        n,
        r1(q(r.ms, 50)),
        r1(q(r.ms, 99)),
        r1(mean),
        r1(r.statements / n),
        r1(r.pool / n),
        r1(r.sql / n),
      ];
    }
    const line = {
      t: new Date().toISOString(),
      pid: process.pid,
      cpu: r1(((used.user + used.system) / 1000 / (now - at)) * 100),
      loop: {
        p50: r1(loop.percentile(50) / 1e6),
        p99: r1(loop.percentile(99) / 1e6),
        max: r1(loop.max / 1e6),
      },
      stalls,
      longestStall: r1(longestStall),
      gc: { n: gcCount, ms: r1(gcMs), max: r1(gcMax) },
      pool: {
        n: poolWaits.length,
        p50: r1(q(poolWaits, 50)),
        p99: r1(q(poolWaits, 99)),
        max: r1(q(poolWaits, 100)),
        maxWaiting,
      },
      routes: byRoute,
    };
    appendFileSync(FILE, `${JSON.stringify(line)}\n`);
    loop.reset();
    stalls = 0;
    longestStall = 0;
    gcCount = gcMs = gcMax = 0;
    poolWaits = [];
    maxWaiting = 0;
    routes.clear();
    cpu = process.cpuUsage();
    at = now;
  }, EVERY).unref();
}
