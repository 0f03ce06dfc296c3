// `npm run bench -- floor [--only=pg|pglite|pg,pglite]`: what every request pays (issue 14).
// In one run, on one database (PostgreSQL `cofound_bench_floor` on BENCH_DATABASE_URL by default,
// made afresh, migrated by starting the built server once; or the embedded PGlite), with
// autocannon at 50 connections for 20 s each after a 3 s warm-up:
//  1. the bare floor: Hono with no middleware, the same pool and the same primary-key read
//     (scripts/bench-floor-server.mjs);
//  2. GET /api/bench/floor: all our middleware and that read, no session;
//  3. GET /api/me signed in: the session middleware (cache) and one profile read;
//  4. POST /api/notifications/read-all signed in: a cheap idempotent write, which also pays the
//     per-person write limit (platform/api-limits.ts: one upsert in usage_counters).
// Each figure is printed beside the floor's, as a ratio of requests a second and of server CPU per
// request. Target: /api/bench/floor at >= 0.7 of the bare floor's requests a second. A missed
// target, any non-2xx answer or failed request exits non-zero.
// The server logs as deployed (LOG_LEVEL=info, one line per request; BENCH_LOG_LEVEL to change it).
// Knobs: BENCH_FLOOR_DB (the database's name), BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_FLOOR_MEMBERS, BENCH_SCENARIOS=bare,floor,me,write.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startBareFloor, loadTest } from './bench-floor-lib.mjs';
import {
  BENCH_AUTH_SECRET,
  adminQuery,
  dbUrl,
  freePort,
  ms,
  requireBuild,
  sessionCookie,
  startServer,
} from './bench-lib.mjs';

const num = (v, fallback) => {
  const n = Number(v);
  return Number.isFinite(n) && n > 0 ? Math.floor(n) : fallback;
};
const argv = process.argv.slice(3);
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];

const CFG = {
  engines: (option('only') ?? 'pg').split(','),
  seconds: num(process.env.BENCH_SECONDS, 20),
  warmupSeconds: 3,
  connections: num(process.env.BENCH_CONNECTIONS, 50),
  members: num(process.env.BENCH_FLOOR_MEMBERS, 5000),
  // Few enough that the session cache holds them all (docs/decisions/048), enough that the
  // per-person write limit (300 per 5 minutes) is never reached by the write's run: at 6,000
  // writes a second its 23 s make some 140,000 writes, 70 a member (500 members ran out).
  sessions: 2000,
  logLevel: process.env.BENCH_LOG_LEVEL || 'info',
  scenarios: process.env.BENCH_SCENARIOS?.split(',').map((s) => s.trim()),
};
/** /api/bench/floor's requests a second, as a share of the bare floor's. */
const TARGET_FLOOR_RATIO = 0.7;
/** BENCH_FLOOR_DB names another database, so two runs on one machine do not drop each other's. */
const PG_DB = process.env.BENCH_FLOOR_DB || 'cofound_bench_floor';
const SESSION_AGENT = 'cofound-bench-floor';

const any = (xs) => xs[Math.floor(Math.random() * xs.length)];
const fmt = (x, digits = 2) => (Number.isFinite(x) ? x.toFixed(digits) : 'n/a');

// ---------------------------------------------------------------------------------------------
// The database: migrated by the server, then members and their sessions by SQL.

async function openPg(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { query: (text, params) => client.query(text, params), close: () => client.end() };
}

async function openPglite(dir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  return { query: (text, params) => db.query(text, params), close: () => db.close() };
}

async function fill(db) {
  await db.query(
    `INSERT INTO users (id, name, email, email_verified, username, display_username)
     SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid, 'Member ' || n,
            'member' || n || '@bench.example', true, 'member' || n, 'member' || n
     FROM generate_series(1, ${CFG.members}) n`,
  );
  await db.query(
    `INSERT INTO profiles (id, username, full_name, email, title)
     SELECT id, username, name, email, 'Founder' FROM users WHERE email LIKE '%@bench.example'`,
  );
  // Fresh sessions (a sign-in's 30 days): one due for renewal (within a day of its update age) is
  // renewed by better-auth on every request, as autocannon never takes the new cookie.
  const { rows } = await db.query(
    `INSERT INTO sessions (token, user_id, expires_at, ip_address, user_agent)
     SELECT md5(random()::text || id::text) || md5(random()::text), id, now() + interval '30 days',
            '10.0.' || (row_number() OVER ()) / 256 % 256 || '.' || (row_number() OVER ()) % 256,
            '${SESSION_AGENT}'
     FROM (SELECT id FROM users WHERE email LIKE '%@bench.example' ORDER BY random() LIMIT ${CFG.sessions}) s
     RETURNING token, ip_address`,
  );
  const ids = (await db.query(`SELECT id FROM profiles`)).rows.map((r) => r.id);
  return { viewers: rows.map((r) => ({ cookie: sessionCookie(r.token), ip: r.ip_address })), ids };
}

async function runServer(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer({
    port,
    env: {
      AUTH_SECRET: BENCH_AUTH_SECRET,
      BASE_URL: base,
      LOG_LEVEL: CFG.logLevel,
      TRUST_PROXY: '1',
      BENCH_FLOOR: '1',
      ...env,
    },
    maxLogLines: 5,
  });
  const kill = () => server.proc.kill('SIGKILL');
  process.once('exit', kill);
  server.proc.once('exit', () => process.removeListener('exit', kill));
  return { base, pid: server.pid, stop: server.stop };
}

// ---------------------------------------------------------------------------------------------
// One engine: the bare floor, then our server, one scenario after the other.

async function runEngine(engine) {
  const isPg = engine === 'pg';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cofound-bench-floor-'));
  const url = isPg ? dbUrl(PG_DB) : null;
  const pgliteDir = path.join(dataDir, 'pglite');
  const serverEnv = isPg ? { DATABASE_URL: url, DATA_DIR: dataDir } : { DATABASE_URL: '', DATA_DIR: dataDir };
  const where = isPg ? `PostgreSQL database ${PG_DB}` : `PGlite in ${pgliteDir}`;
  console.log(`\n${isPg ? 'PostgreSQL' : 'PGlite'} (${where})`);
  const cleanups = [() => rmSync(dataDir, { recursive: true, force: true })];
  if (isPg) cleanups.push(() => adminQuery(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`));
  const results = [];
  try {
    if (isPg) {
      await adminQuery(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
      await adminQuery(`CREATE DATABASE ${PG_DB}`);
    }
    await (await runServer(serverEnv)).stop(); // migrates the empty database
    const db = await (isPg ? openPg(url) : openPglite(pgliteDir));
    let prep;
    try {
      prep = await fill(db);
    } finally {
      await db.close();
    }
    console.log(
      `  ${prep.ids.length} members, ${prep.viewers.length} signed in; c=${CFG.connections}, ` +
        `${CFG.seconds} s each after ${CFG.warmupSeconds} s warm-up; server log level ${CFG.logLevel}`,
    );

    const floorPath = () => `/api/bench/floor?id=${any(prep.ids)}`;
    const visitor = () => ({ accept: 'application/json', 'accept-encoding': 'gzip, deflate, br' });
    const member = () => {
      const v = any(prep.viewers);
      return { ...visitor(), cookie: v.cookie, 'x-forwarded-for': v.ip };
    };
    const want = (key) => !CFG.scenarios || CFG.scenarios.includes(key);

    // PGlite's database is one process's at a time: the bare floor is stopped before ours starts.
    if (want('bare')) {
      const bare = await startBareFloor(isPg ? { databaseUrl: url } : { pgliteDir });
      try {
        await probe(`${bare.base}${floorPath()}`, visitor());
        results.push(
          await measure(
            'bare floor: Hono + pool, no middleware',
            'bare',
            { ...bare, databaseUrl: url },
            floorPath,
            visitor,
          ),
        );
      } finally {
        await bare.stop();
      }
    }
    const app = await runServer(serverEnv);
    try {
      const origin = { origin: app.base, 'content-type': 'application/json' };
      const scenarios = [
        ['GET /api/bench/floor (our middleware)', 'floor', floorPath, visitor],
        ['GET /api/me signed in', 'me', () => '/api/me', member],
        [
          'POST /api/notifications/read-all signed in',
          'write',
          () => '/api/notifications/read-all',
          () => ({ ...member(), ...origin }),
          { method: 'POST', body: '{}' },
        ],
      ];
      for (const [label, key, pathOf, headers, extra] of scenarios) {
        if (!want(key)) continue;
        const seen = await probe(app.base + pathOf(), headers(), extra);
        if (key === 'me' && !seen.viewer)
          throw new Error('GET /api/me answered no viewer: the session cookies are wrong');
        results.push(await measure(label, key, { ...app, databaseUrl: url }, pathOf, headers, extra));
      }
    } finally {
      await app.stop();
    }
  } finally {
    for (const fn of cleanups.reverse()) await fn();
  }
  return report(engine, results);
}

/** One request outside the load; throws with the answer unless 2xx. */
async function probe(url, headers, extra = {}) {
  const res = await fetch(url, { headers, ...extra });
  const text = await res.text();
  if (res.status < 200 || res.status >= 300)
    throw new Error(`${url}: HTTP ${res.status} ${text.slice(0, 200)}`);
  return JSON.parse(text);
}

async function measure(label, key, server, pathOf, headers, extra = {}) {
  const r = await loadTest({
    databaseUrl: server.databaseUrl,
    url: server.base,
    path: pathOf,
    headers,
    seconds: CFG.seconds,
    warmupSeconds: CFG.warmupSeconds,
    connections: CFG.connections,
    pid: server.pid,
    ...extra,
  });
  // PGlite runs inside the server process: its CPU is the server's.
  if (!server.databaseUrl) r.pgCpuMsPerRequest = NaN;
  console.log(
    `  ${label}: ${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}, ${r.errors} errors ` +
      `(${r.non2xx} non-2xx, ${r.failed} failed); server CPU ${fmt(r.cpuMsPerRequest, 3)} ms/req, ` +
      `postgres CPU ${fmt(r.pgCpuMsPerRequest, 3)} ms/req`,
  );
  for (const [k, v] of r.errorSamples) console.log(`    ${v}× ${k}`);
  return { label, key, ...r };
}

/** The ratios to the bare floor, the target; answers whether this engine passed. */
function report(engine, results) {
  const bare = results.find((r) => r.key === 'bare');
  console.log(
    `\n  ${engine}: ratio to the bare floor of the same run (req/s ratio: higher is better; CPU/req ratio: lower is better)`,
  );
  let ok = true;
  for (const r of results) {
    const rpsRatio = bare ? r.rps / bare.rps : NaN;
    const cpuRatio = bare ? r.cpuMsPerRequest / bare.cpuMsPerRequest : NaN;
    let verdict = '';
    if (r.key === 'floor') {
      const met = rpsRatio >= TARGET_FLOOR_RATIO;
      verdict = bare
        ? `  target >= ${TARGET_FLOOR_RATIO}: ${met ? 'met' : 'MISSED'}`
        : '  (no bare floor measured)';
      if (bare && !met) ok = false;
    }
    if (r.errors > 0) {
      verdict += `  ${r.errors} ERRORS (target 0)`;
      ok = false;
    }
    console.log(
      `    ${r.label.padEnd(46)} ${r.rps.toFixed(0).padStart(6)} req/s  x${fmt(rpsRatio)}   ` +
        `CPU ${fmt(r.cpuMsPerRequest, 3)} ms/req  x${fmt(cpuRatio)}${verdict}`,
    );
  }
  return ok;
}

export async function runFloorBench() {
  requireBuild();
  let ok = true;
  for (const engine of CFG.engines) {
    if (engine !== 'pg' && engine !== 'pglite') {
      console.error(`Unknown engine "${engine}": --only=pg, pglite or pg,pglite`);
      return 2;
    }
    if (!(await runEngine(engine))) ok = false;
  }
  console.log(ok ? '\nAll targets met, no errors.' : '\nA target was MISSED or a request failed.');
  return ok ? 0 : 1;
}
