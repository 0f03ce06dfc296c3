// `npm run bench -- messages`: how fast a message reaches its receiver over the realtime WebSocket,
// on a PostgreSQL server (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432; each run
// creates fresh databases and drops them at the end; the run prints which server and database, and
// the server proves it uses them by accepting the sessions inserted there).
//  1. Latency: 1,000 members, each with one open WebSocket; after a short warm-up, 200 messages/s
//     between random pairs for 30 s through POST /api/messages; time from the POST's start to the
//     receiver's message.created. Every send counts: an HTTP error, a POST not answered or a
//     message not delivered within the deadline (BENCH_DEADLINE_MS, 5 s) is a failed send (target:
//     none), and weighs in every percentile as at least the deadline. The p99 is judged over the
//     whole run and over each 5 s slice (a cold start or a stall shows in its slice). Server CPU
//     per message is the server process's CPU from the first send until every send is settled,
//     divided by the messages sent.
//  2. Floor: the same sockets and rate against a bare `ws` echo server (a child process): its
//     latency and CPU per message, beside which the app's figures are printed as ratios.
//  3. Write rate with the realtime bus on and off (REALTIME_BUS): 32 concurrent POSTs, 10 s each,
//     in alternating rounds.
// A missed target or a failed check makes the run exit non-zero.
// Members are inserted straight into the database with a session each (signing up would hash
// passwords and mail confirmations for minutes); the browser's signed session cookie is made here.
// The load generator runs on the same machine: it is one process and does little per message; CPU
// use of each side and of everything else on the machine is printed beside the figures.
// Knobs: BENCH_PARTS=latency,floor,write; BENCH_MEMBERS, BENCH_RATE, BENCH_SECONDS,
// BENCH_FLOOR_SECONDS, BENCH_WRITE_SECONDS, BENCH_DEADLINE_MS; BENCH_SERVER_NODE_ARGS (e.g.
// "--cpu-prof --cpu-prof-dir=/tmp/prof"); BENCH_SELF_TEST_ERRORS=0.05 sends that share of messages
// to nobody, to see the run fail on them.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import WebSocket from 'ws';
import {
  BENCH_AUTH_SECRET,
  BENCH_DB_BASE,
  adminQuery,
  cpuLine,
  cpuSeconds,
  dbUrl,
  freePort,
  ms,
  pct,
  requireBuild,
  sessionCookie,
  sleep,
  startServer,
  withCpu,
} from './bench-lib.mjs';

const num = (name, fallback) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

const CFG = {
  members: num('BENCH_MEMBERS', 1000),
  rate: num('BENCH_RATE', 200),
  seconds: num('BENCH_SECONDS', 30),
  warmupSeconds: 4,
  idleSeconds: 5,
  floorSeconds: num('BENCH_FLOOR_SECONDS', 15),
  writeMembers: 100,
  writeConcurrency: 32,
  writeSeconds: num('BENCH_WRITE_SECONDS', 10),
  deadlineMs: num('BENCH_DEADLINE_MS', 5000),
  selfTestErrors: num('BENCH_SELF_TEST_ERRORS', 0),
  sliceMs: 5000,
  pingMs: 20_000,
  connectConcurrency: 50,
};
const TARGET = { p99: 50, sliceP99: 50, cpuMsPerMessage: 1.5, ratio: 0.8 };

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DB_BASE = BENCH_DB_BASE;
const CONTENT = 'Hi! Are you still looking for a co-founder for the project we talked about last week?';

// ---------------------------------------------------------------------------------------------
// Clean-up: every phase registers what it started; a phase's things go when it ends, and all of
// them on an error or a signal.

const scopes = new Set();
function openScope() {
  const undo = [];
  let closing = null;
  const scope = {
    defer: (fn) => undo.push(fn),
    // Once: a signal and the phase's own `finally` may both close it; the second waits for the first.
    close: () =>
      (closing ??= (async () => {
        scopes.delete(scope);
        while (undo.length) {
          try {
            await undo.pop()();
          } catch (err) {
            console.error(`  clean-up: ${err.message}`);
          }
        }
      })()),
  };
  scopes.add(scope);
  return scope;
}
async function closeAllScopes() {
  for (const s of [...scopes].reverse()) await s.close();
}
function onSignal(signal) {
  console.error(`\n${signal}: cleaning up…`);
  void closeAllScopes().finally(() => process.exit(130));
}

// ---------------------------------------------------------------------------------------------
// Database and server

async function freshDatabase(scope, tag) {
  const name = `cofound_bench_${process.pid}_${tag}`;
  await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(`CREATE DATABASE ${name}`);
  scope.defer(() => adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  return dbUrl(name);
}

/**
 * CPU seconds used by the PostgreSQL backends serving database `name` (this run's server, not the
 * other benchmarks or tests sharing the machine), read from /proc: the backends are polled each
 * second, so one that ends keeps its last reading. Work PostgreSQL does outside the backends (WAL
 * writer, checkpoints, autovacuum) is not in it. null when /proc does not show them (another host).
 */
async function watchDbBackends(name) {
  const client = new pg.Client({ connectionString: dbUrl('postgres') });
  await client.connect();
  const first = new Map();
  const last = new Map();
  let readable = true;
  const poll = async () => {
    const { rows } = await client.query('SELECT pid FROM pg_stat_activity WHERE datname = $1', [name]);
    for (const { pid } of rows) {
      const s = cpuSeconds(pid);
      if (s === null) {
        readable = false;
        continue;
      }
      // A backend first seen now started during the run (the pool grows): all its CPU counts.
      if (!first.has(pid)) first.set(pid, started ? 0 : s);
      last.set(pid, s);
    }
  };
  let started = false;
  await poll();
  started = true;
  const timer = setInterval(() => void poll().catch(() => {}), 1000);
  return {
    async stop() {
      clearInterval(timer);
      await poll().catch(() => {});
      await client.end();
      if (!readable || !last.size) return null;
      let sum = 0;
      for (const [pid, s] of last) sum += s - first.get(pid);
      return sum;
    },
  };
}

/** How many messages the database holds (a connection of its own, kept for the run). */
async function storedCounter(url) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    count: async () => Number((await client.query('SELECT count(*)::int AS n FROM messages')).rows[0].n),
    close: () => client.end(),
  };
}

/** A fresh database, a temp data folder and the built server on a free port. */
async function startApp(scope, tag, bus) {
  const url = await freshDatabase(scope, tag);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cofound-bench-'));
  scope.defer(() => rmSync(dataDir, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const server = await startServer({
    port,
    env: {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      AUTH_SECRET: BENCH_AUTH_SECRET,
      BASE_URL: base,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      REALTIME_BUS: bus,
    },
  });
  scope.defer(server.stop);
  // Idle sockets are dropped before the server's 5 s keep-alive timeout would close them under a
  // request being sent ("socket hang up").
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64, timeout: 4000 });
  scope.defer(() => agent.destroy());
  return { url, dbName: new URL(url).pathname.slice(1), port, base, agent, pid: server.pid };
}

/**
 * Members inserted directly: users, profiles and one session each (as a sign-in would leave them).
 * The session lasts the full 30 days of the app's setting, so better-auth does not renew it (a write)
 * on first use.
 */
async function seedMembers(url, n) {
  const members = Array.from({ length: n }, (_, i) => {
    const token = randomBytes(24).toString('base64url');
    return {
      i,
      id: randomUUID(),
      username: `bench_${String(i).padStart(5, '0')}`,
      token,
      cookie: sessionCookie(token),
      ip: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    };
  });
  const col = (f) => members.map(f);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      `INSERT INTO users (id, name, email, email_verified, username, display_username)
       SELECT id, name, email, true, username, username
       FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS t(id, name, email, username)`,
      [
        col((m) => m.id),
        col((m) => `Bench Member ${m.i}`),
        col((m) => `${m.username}@bench.example`),
        col((m) => m.username),
      ],
    );
    await client.query(
      `INSERT INTO profiles (id, username, email, full_name)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[])`,
      [
        col((m) => m.id),
        col((m) => m.username),
        col((m) => `${m.username}@bench.example`),
        col((m) => `Bench Member ${m.i}`),
      ],
    );
    await client.query(
      `INSERT INTO sessions (token, user_id, expires_at, ip_address, user_agent)
       SELECT token, user_id, now() + interval '30 days', ip, 'cofound-bench'
       FROM unnest($1::text[], $2::uuid[], $3::text[]) AS t(token, user_id, ip)`,
      [col((m) => m.token), col((m) => m.id), col((m) => m.ip)],
    );
    await client.query('COMMIT');
  } finally {
    await client.end();
  }
  return members;
}

// ---------------------------------------------------------------------------------------------
// HTTP and WebSocket clients (node:http with keep-alive: cheaper per request than fetch)

function request(app, method, urlPath, member, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = { origin: app.base, cookie: member.cookie, 'x-forwarded-for': member.ip };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve) => {
    const req = http.request(
      { agent: app.agent, host: '127.0.0.1', port: app.port, method, path: urlPath, headers },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (data += d));
        res.on('end', () => resolve({ status: res.statusCode, body: data }));
        res.on('error', (err) => resolve({ status: 0, body: err.message }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: 0, body: err.message }));
    req.end(payload);
  });
}

const sendMessage = (app, from, to) =>
  request(app, 'POST', '/api/messages', from, {
    receiverId: to.id,
    clientId: randomUUID(),
    content: CONTENT,
  });

/** The hand-made cookie must be accepted before anything is measured. */
async function checkCookie(app, member) {
  const res = await request(app, 'GET', '/api/me', member);
  let viewer = null;
  try {
    viewer = JSON.parse(res.body).viewer;
  } catch {
    // reported below
  }
  if (res.status !== 200 || viewer?.id !== member.id) {
    throw new Error(
      `the session cookie was not accepted: GET /api/me answered ${res.status} ${res.body.slice(0, 200)}`,
    );
  }
}

/**
 * Open one WebSocket and resolve once its first frame ({type:'hello'}) came. `onFrame(text, t)` gets
 * every later frame with its arrival time.
 */
function openSocket(url, headers, onFrame, waitHello = true) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers, perMessageDeflate: false });
    const timer = setTimeout(() => {
      ws.terminate();
      reject(new Error('no hello within 15 s'));
    }, 15_000);
    const fail = (err) => {
      clearTimeout(timer);
      reject(err);
    };
    ws.once('unexpected-response', (_req, res) => fail(new Error(`upgrade refused: HTTP ${res.statusCode}`)));
    ws.once('error', fail);
    let greeted = !waitHello;
    ws.on('message', (data) => {
      const t = performance.now();
      if (!greeted) {
        greeted = true;
        const first = JSON.parse(data.toString());
        if (first.type !== 'hello') return fail(new Error(`first frame was ${first.type}, not hello`));
        clearTimeout(timer);
        ws.removeListener('error', fail);
        ws.on('error', () => {});
        return resolve(ws);
      }
      onFrame(data, t);
    });
    if (!waitHello)
      ws.once('open', () => {
        clearTimeout(timer);
        ws.removeListener('error', fail);
        ws.on('error', () => {});
        resolve(ws);
      });
  });
}

/** Open `n` sockets, `CFG.connectConcurrency` at a time. */
async function openSockets(n, open) {
  const sockets = new Array(n);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CFG.connectConcurrency, n) }, async () => {
      while (next < n) {
        const i = next++;
        sockets[i] = await open(i);
      }
    }),
  );
  return sockets;
}

/** Every socket pings once per CFG.pingMs, spread evenly (one timer, round robin), not all at once. */
function startPinging(sockets) {
  const tick = Math.max(10, CFG.pingMs / sockets.length);
  const perTick = Math.ceil((sockets.length * tick) / CFG.pingMs);
  let i = 0;
  const timer = setInterval(() => {
    for (let k = 0; k < perTick; k++) {
      const ws = sockets[i++ % sockets.length];
      if (ws.readyState === WebSocket.OPEN) ws.send('{"op":"ping"}');
    }
  }, tick);
  return () => clearInterval(timer);
}

function watchCloses(sockets) {
  const state = { closed: 0 };
  for (const ws of sockets) ws.on('close', () => state.closed++);
  return state;
}

function closeSockets(sockets) {
  for (const ws of sockets) ws?.terminate();
}

/** Call `fire(k)` `rate` times a second for `seconds`, evenly (catching up after a late timer). */
function steady(rate, seconds, fire) {
  const total = Math.round(rate * seconds);
  let issued = 0;
  const start = performance.now();
  return new Promise((resolve) => {
    const tick = () => {
      const due = Math.min(total, Math.floor(((performance.now() - start) / 1000) * rate) + 1);
      while (issued < due) fire(issued++);
      if (issued >= total) return resolve((performance.now() - start) / 1000);
      setTimeout(tick, 2);
    };
    tick();
  });
}

const randomPair = (n) => {
  const s = Math.floor(Math.random() * n);
  let r = Math.floor(Math.random() * (n - 1));
  if (r >= s) r++;
  return [s, r];
};

async function until(cond, timeoutMs) {
  const end = performance.now() + timeoutMs;
  while (!cond() && performance.now() < end) await sleep(25);
  return cond();
}

function summarize(xs) {
  const s = Float64Array.from(xs).sort();
  return { n: s.length, p50: pct(s, 50), p90: pct(s, 90), p99: pct(s, 99), max: s.at(-1) ?? NaN };
}

// ---------------------------------------------------------------------------------------------
// 1. Delivery latency through the app

async function latencyRun() {
  const scope = openScope();
  try {
    const n = CFG.members;
    console.log(`\n[1/3] delivery latency: ${n} members, ${CFG.rate} msgs/s for ${CFG.seconds} s`);
    let t = performance.now();
    const app = await startApp(scope, 'latency', 'on');
    console.log(
      `  server up on :${app.port}, database ${app.dbName} (${((performance.now() - t) / 1000).toFixed(1)} s)`,
    );
    t = performance.now();
    const members = await seedMembers(app.url, n);
    await checkCookie(app, members[0]);
    console.log(
      `  ${n} members and sessions inserted, cookie accepted (${((performance.now() - t) / 1000).toFixed(1)} s)`,
    );

    // Per message: when its POST started, when it was answered, and when (how often) the
    // receiver's socket got it. Warm-up sends are kept apart (reported, not judged).
    const sent = new Map();
    const warm = new Map();
    let stray = 0;
    let duplicates = 0;
    t = performance.now();
    const sockets = await openSockets(n, (i) => {
      const me = members[i].id;
      return openSocket(
        `ws://127.0.0.1:${app.port}/api/realtime`,
        { origin: app.base, cookie: members[i].cookie },
        (data, at) => {
          const text = data.toString();
          if (!text.includes('"message.created"')) return;
          const { message } = JSON.parse(text);
          if (message?.receiverId !== me) return;
          const rec = sent.get(message.clientId) ?? warm.get(message.clientId);
          if (!rec) {
            stray++;
            return;
          }
          if (rec.deliveries++ === 0) {
            rec.deliveredAt = at;
            rec.messageId = message.id;
            rec.createdAt = message.createdAt;
          } else if (rec.messageId === message.id) duplicates++;
        },
      );
    });
    scope.defer(() => closeSockets(sockets));
    const closes = watchCloses(sockets);
    const stopPinging = startPinging(sockets);
    scope.defer(stopPinging);
    console.log(`  ${n} sockets open (${((performance.now() - t) / 1000).toFixed(1)} s)`);

    const loop = monitorEventLoopDelay({ resolution: 10 });
    let inflight = 0;
    const errorSamples = new Map();
    const postOne = (track) => {
      const [s, r] = randomPair(n);
      const rec = { t0: performance.now(), status: null, postMs: 0, deliveries: 0, deliveredAt: 0 };
      const clientId = randomUUID();
      (track ? sent : warm).set(clientId, rec);
      inflight++;
      // BENCH_SELF_TEST_ERRORS: this share of measured sends goes to nobody (a 404), to show the
      // run then fails.
      const toNobody = track && Math.random() < CFG.selfTestErrors;
      void request(app, 'POST', '/api/messages', members[s], {
        receiverId: toNobody ? randomUUID() : members[r].id,
        clientId,
        content: CONTENT,
      }).then(({ status, body }) => {
        inflight--;
        rec.status = status;
        rec.postMs = performance.now() - rec.t0;
        if (status !== 201 && track) {
          const key = `${status} ${body.slice(0, 120)}`;
          errorSamples.set(key, (errorSamples.get(key) ?? 0) + 1);
        }
      });
    };
    // Every send is settled once it was delivered, refused, or its deadline has passed.
    const D = CFG.deadlineMs;
    const settled = (r, now) =>
      (r.deliveries > 0 && r.status !== null) || (r.status !== null && r.status !== 201) || now - r.t0 > D;
    const allSettled = (recs) => () => {
      const now = performance.now();
      for (const r of recs.values()) if (!settled(r, now)) return false;
      return true;
    };
    // What the server spends with every socket open and no message (pings, presence, session
    // re-checks): printed beside the per-message figure, not subtracted from it.
    const idle = await withCpu(app.pid, () => sleep(CFG.idleSeconds * 1000));
    const idleCpuPct = idle.cpu.server;
    console.log(
      `  idle with ${n} sockets pinging: server ${idleCpuPct === null ? 'n/a' : `${idleCpuPct.toFixed(1)}%`} of a core over ${CFG.idleSeconds} s`,
    );
    // Warm-up, not judged: a freshly started server runs its code cold (not yet optimised by the
    // JIT) and its pool has no connections. Its figures are printed; the slices below show whether
    // the measured run still starts cold.
    await steady(CFG.rate / 2, CFG.warmupSeconds, () => postOne(false));
    await until(allSettled(warm), D + 1000);
    await until(() => inflight === 0, 35_000);
    await sleep(500);
    const warmFigures = judgeSends([...warm.values()], D);
    console.log(
      `  warm-up (not judged): ${warm.size} messages in ${CFG.warmupSeconds} s at ${CFG.rate / 2}/s, ` +
        `delivery p99 ${ms(warmFigures.latency.p99)}, ${warmFigures.failed} not delivered within ${D} ms`,
    );

    // The CPU window: from the first send until the server has done all it was asked (every send
    // settled, every POST answered, no more messages being stored). Server CPU per message is that
    // CPU over the messages it stored meanwhile: a backlog it works through after the last send is
    // in both.
    const stored = await storedCounter(app.url);
    scope.defer(stored.close);
    const storedBefore = await stored.count();
    const pgWatch = await watchDbBackends(app.dbName);
    const { cpu, result: elapsed } = await withCpu(app.pid, async () => {
      loop.enable();
      const secs = await steady(CFG.rate, CFG.seconds, () => postOne(true));
      loop.disable();
      await until(allSettled(sent), D + 1000);
      await until(() => inflight === 0, 35_000);
      for (let last = -1, now = await stored.count(); now !== last; now = await stored.count()) {
        last = now;
        await sleep(500);
      }
      return secs;
    });
    const pgCpuSecs = await pgWatch.stop();
    const storedInWindow = (await stored.count()) - storedBefore;
    stopPinging();

    const all = [...sent.values()];
    const judged = judgeSends(all, D);
    const post = summarize(all.filter((r) => r.status !== null).map((r) => r.postMs));
    // Where the time goes, by the message's created_at (PostgreSQL's now() at the start of the
    // writing transaction; same machine, same clock, millisecond precision): before the write
    // (HTTP, session, checks, waiting for a CPU or a pooled connection) and from there to delivery
    // (the write, commit, publish, WebSocket).
    const delivered = all.filter((r) => r.deliveries > 0);
    const wall = (x) => performance.timeOrigin + x;
    const beforeWrite = summarize(delivered.map((r) => Date.parse(r.createdAt) - wall(r.t0)));
    const writeToDelivery = summarize(delivered.map((r) => wall(r.deliveredAt) - Date.parse(r.createdAt)));
    // Latency over time: the p99 of each 5-second slice (by when the send started) shows a cold
    // start or a stall that a global p99 hides. Every send is in its slice, failed ones too.
    const t0 = Math.min(...all.map((r) => r.t0));
    const slices = [];
    for (const r of all) (slices[sliceOf(r.t0 - t0, CFG.seconds)] ??= []).push(latencyOf(r, D));
    const sliceP99 = slices.map((xs) => summarize(xs).p99);

    const serverCpuSecs = cpu.server === null ? null : (cpu.server / 100) * cpu.secs;
    const perMsg = (secs) => (secs === null || !storedInWindow ? null : (secs * 1000) / storedInWindow);
    const out = {
      sent: all.length,
      ok: all.filter((r) => r.status === 201).length,
      rate: all.length / elapsed,
      storedInWindow,
      ...judged,
      duplicates,
      stray,
      closes: closes.closed,
      post,
      beforeWrite,
      writeToDelivery,
      sliceP99,
      cpu,
      cpuMsPerMessage: perMsg(serverCpuSecs),
      idleCpuPct,
      pgCpuMsPerMessage: perMsg(pgCpuSecs),
      loopP99: loop.percentile(99) / 1e6,
      loopMax: loop.max / 1e6,
    };
    console.log(
      `  sent ${out.sent} (${out.rate.toFixed(1)}/s): ${out.ok} answered 201, ${out.httpErrors} HTTP errors, ` +
        `${out.unanswered} not answered within ${D} ms, ${out.lost} answered but not delivered within ${D} ms; ` +
        `${out.failed} failed sends in all; ${duplicates} duplicated, ${stray} stray, ` +
        `${closes.closed} sockets closed by the server`,
    );
    for (const [k, v] of errorSamples) console.log(`    ${v}× ${k}`);
    const L = judged.latency;
    console.log(
      `  delivery, over all ${out.sent} sends (a failed one counts as ${D} ms): p50 ${ms(L.p50)}, ` +
        `p90 ${ms(L.p90)}, p99 ${ms(L.p99)}, max ${ms(L.max)}`,
    );
    console.log(`  POST answer p50 ${ms(post.p50)}, p99 ${ms(post.p99)}, max ${ms(post.max)}`);
    console.log(
      `  of which POST start → transaction start p50 ${ms(beforeWrite.p50)}, p99 ${ms(beforeWrite.p99)}; ` +
        `transaction start → delivered p50 ${ms(writeToDelivery.p50)}, p99 ${ms(writeToDelivery.p99)}`,
    );
    console.log(`  p99 per 5 s slice: ${sliceP99.map((x) => x.toFixed(0)).join(', ')} ms`);
    console.log(`  ${cpuLine(cpu)}`);
    const msOr = (x) => (x === null ? 'n/a' : `${x.toFixed(2)} ms`);
    console.log(
      `  CPU per message: server ${msOr(out.cpuMsPerMessage)}; postgres (this database's backends) ` +
        `${msOr(out.pgCpuMsPerMessage)} (${storedInWindow} messages stored in the ${(cpu.secs ?? 0).toFixed(1)} s window)`,
    );
    if (idleCpuPct !== null && out.cpuMsPerMessage !== null)
      console.log(
        `  of which idle (the ${idleCpuPct.toFixed(1)}% measured before): ${((idleCpuPct * cpu.secs * 10) / storedInWindow).toFixed(2)} ms per message`,
      );
    console.log(`  server CPU per 5 s slice: ${cpu.serverSlices.map((x) => x.toFixed(0)).join(', ')}%`);
    console.log(
      `  load generator event-loop delay: p99 ${ms(out.loopP99)}, max ${ms(out.loopMax)} (its own lateness is part of every figure)`,
    );
    return out;
  } finally {
    await scope.close();
  }
}

/** The 5 s slice of a send made `ms` after the first; a late timer's last sends stay in the last slice. */
const sliceOf = (ms, seconds) =>
  Math.min(Math.floor(ms / CFG.sliceMs), Math.max(0, Math.ceil((seconds * 1000) / CFG.sliceMs) - 1));

/** Delivered within the deadline, its POST answered 201 within it too. */
const deliveredInTime = (r, deadlineMs) =>
  r.status === 201 && r.postMs <= deadlineMs && r.deliveries > 0 && r.deliveredAt - r.t0 <= deadlineMs;

/** A send's delivery time; a failed one (refused, unanswered, not delivered) counts as at least the deadline. */
function latencyOf(r, deadlineMs) {
  if (deliveredInTime(r, deadlineMs)) return Math.max(0, r.deliveredAt - r.t0);
  const seen = Math.max(r.deliveries > 0 ? r.deliveredAt - r.t0 : 0, r.status === null ? 0 : r.postMs);
  return Math.max(deadlineMs, seen);
}

/** Every send judged: delivered within the deadline, or failed, and why (each failure counted once). */
function judgeSends(recs, deadlineMs) {
  let httpErrors = 0;
  let unanswered = 0;
  let lost = 0;
  for (const r of recs) {
    if (deliveredInTime(r, deadlineMs)) continue;
    if (r.status === null || r.postMs > deadlineMs) unanswered++;
    else if (r.status !== 201) httpErrors++;
    else lost++;
  }
  return {
    httpErrors,
    unanswered,
    lost,
    failed: httpErrors + unanswered + lost,
    latency: summarize(recs.map((r) => latencyOf(r, deadlineMs))),
  };
}

// ---------------------------------------------------------------------------------------------
// 2. The floor: a bare ws echo server, same sockets and rate

const ECHO_SERVER = `
import { WebSocketServer } from 'ws';
const wss = new WebSocketServer({ host: '127.0.0.1', port: Number(process.env.ECHO_PORT), perMessageDeflate: false });
wss.on('connection', (ws) => {
  ws.send('{"type":"hello"}');
  ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
});
wss.on('listening', () => console.log('ready'));
`;

async function floorRun() {
  const scope = openScope();
  try {
    const n = CFG.members;
    console.log(
      `\n[2/3] floor: bare ws echo server, ${n} sockets, ${CFG.rate} msgs/s for ${CFG.floorSeconds} s`,
    );
    const port = await freePort();
    const child = spawn(process.execPath, ['--input-type=module', '-e', ECHO_SERVER], {
      cwd: ROOT,
      env: { ...process.env, ECHO_PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = new Promise((r) => child.once('exit', r));
    scope.defer(async () => {
      child.kill('SIGTERM');
      await exited;
    });
    await new Promise((resolve, reject) => {
      child.stdout.once('data', resolve);
      child.once('exit', (code) => reject(new Error(`echo server exited (${code})`)));
    });

    // Every echo sent counts: one not back within the deadline is lost and weighs as the deadline.
    const D = CFG.deadlineMs;
    const sends = [];
    const sockets = await openSockets(n, () =>
      openSocket(`ws://127.0.0.1:${port}/`, { origin: 'http://localhost' }, (data, at) => {
        const text = data.toString();
        if (!text.includes('"echo"')) return;
        const rec = sends[JSON.parse(text).id];
        if (rec && rec.back === null) rec.back = at - rec.t0;
      }),
    );
    scope.defer(() => closeSockets(sockets));
    scope.defer(startPinging(sockets));
    // A frame about as large as a message.created event.
    const pad = 'x'.repeat(300);
    const { cpu } = await withCpu(child.pid, async () => {
      await steady(CFG.rate, CFG.floorSeconds, (k) => {
        sends[k] = { t0: performance.now(), back: null };
        sockets[Math.floor(Math.random() * n)].send(
          JSON.stringify({ op: 'echo', id: k, content: CONTENT, pad }),
        );
      });
      await until(() => sends.every((r) => r.back !== null || performance.now() - r.t0 > D), D + 1000);
    });
    const latOf = (r) => (r.back !== null && r.back <= D ? r.back : Math.max(D, r.back ?? 0));
    const latency = summarize(sends.map(latOf));
    const lost = sends.filter((r) => r.back === null || r.back > D).length;
    const t0 = sends[0]?.t0 ?? 0;
    const slices = [];
    for (const r of sends) (slices[sliceOf(r.t0 - t0, CFG.floorSeconds)] ??= []).push(latOf(r));
    const sliceP99 = slices.map((xs) => summarize(xs).p99);
    const cpuMsPerMessage =
      cpu.server === null ? null : ((cpu.server / 100) * cpu.secs * 1000) / sends.length;
    console.log(
      `  ${sends.length} echoes: p50 ${ms(latency.p50)}, p90 ${ms(latency.p90)}, p99 ${ms(latency.p99)}, ` +
        `max ${ms(latency.max)}; ${lost} not back within ${D} ms`,
    );
    console.log(`  p99 per 5 s slice: ${sliceP99.map((x) => x.toFixed(1)).join(', ')} ms`);
    console.log(`  ${cpuLine(cpu)}`);
    console.log(
      `  CPU per message: echo server ${cpuMsPerMessage === null ? 'n/a' : `${cpuMsPerMessage.toFixed(3)} ms`}`,
    );
    return { latency, lost, sent: sends.length, sliceP99, cpu, cpuMsPerMessage };
  } finally {
    await scope.close();
  }
}

// ---------------------------------------------------------------------------------------------
// 3. Write rate, realtime bus on and off. Both servers run side by side (each on its own fresh
// database) and are driven in turn, in short alternating rounds (on, off, off, on, …), so a change
// in what else the machine is doing weighs on both alike.

async function writeServer(scope, bus) {
  const n = CFG.writeMembers;
  const app = await startApp(scope, `write_${bus}`, bus);
  const members = await seedMembers(app.url, n);
  await checkCookie(app, members[0]);
  const t = { bus, app, members, frames: 0, ok: 0, errors: 0, errorSamples: new Map(), secs: 0, cpu: {} };
  const sockets = await openSockets(n, (i) =>
    openSocket(
      `ws://127.0.0.1:${app.port}/api/realtime`,
      { origin: app.base, cookie: members[i].cookie },
      () => t.frames++,
    ),
  );
  scope.defer(() => closeSockets(sockets));
  scope.defer(startPinging(sockets));
  return t;
}

/** CFG.writeConcurrency senders, each posting its next message as soon as the last is answered. */
async function drive(t, seconds) {
  let ok = 0;
  let errors = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: CFG.writeConcurrency }, async () => {
      while (performance.now() < end) {
        const [s, r] = randomPair(t.members.length);
        const { status, body } = await sendMessage(t.app, t.members[s], t.members[r]);
        if (status === 201) ok++;
        else {
          errors++;
          const key = `${status} ${body.slice(0, 120)}`;
          t.errorSamples.set(key, (t.errorSamples.get(key) ?? 0) + 1);
        }
      }
    }),
  );
  return { ok, errors, secs: (performance.now() - start) / 1000 };
}

async function writeRun() {
  const scope = openScope();
  try {
    const rounds = 10;
    console.log(
      `\n[3/3] write rate: ${CFG.writeConcurrency} concurrent POST /api/messages, ${CFG.writeSeconds} s per ` +
        `setting in ${rounds} alternating rounds; ${CFG.writeMembers} members with a socket each`,
    );
    const on = await writeServer(scope, 'on');
    const off = await writeServer(scope, 'off');
    // Warm-up: connections, JIT, PostgreSQL caches.
    await drive(on, 1);
    await drive(off, 1);
    on.frames = off.frames = 0;
    const order = [];
    for (let i = 0; i < rounds; i++) order.push(...(i % 2 ? [off, on] : [on, off]));
    const roundRates = { on: [], off: [] };
    for (const t of order) {
      const { result, cpu } = await withCpu(t.app.pid, () => drive(t, CFG.writeSeconds / rounds));
      roundRates[t.bus].push(result.ok / result.secs);
      t.ok += result.ok;
      t.errors += result.errors;
      t.secs += result.secs;
      for (const k of ['server', 'client', 'postgres', 'others', 'pressure'])
        t.cpu[k] = (t.cpu[k] ?? 0) + (cpu[k] ?? 0) * result.secs;
    }
    const out = {};
    for (const t of [on, off]) {
      for (const k of Object.keys(t.cpu)) t.cpu[k] /= t.secs;
      const rate = t.ok / t.secs;
      out[t.bus] = { bus: t.bus, rate, ok: t.ok, errors: t.errors, secs: t.secs, frames: t.frames };
      console.log(
        `  REALTIME_BUS=${t.bus}: ${rate.toFixed(0)} messages/s (${t.ok} in ${t.secs.toFixed(1)} s, ` +
          `${t.errors} errors, ${t.frames} frames received on ${t.members.length} sockets)`,
      );
      for (const [k, v] of t.errorSamples) console.log(`    ${v}× ${k}`);
      console.log(`    ${cpuLine(t.cpu)}`);
    }
    // Each round's pair, to show how much the machine moved the figure while this ran.
    const pairs = roundRates.on.map((x, i) => x / roundRates.off[i]).sort((x, y) => x - y);
    console.log(
      `  on / off: ${(out.on.rate / out.off.rate).toFixed(2)} (per round: ${pairs.map((x) => x.toFixed(2)).join(', ')})`,
    );
    return out;
  } finally {
    await scope.close();
  }
}

// ---------------------------------------------------------------------------------------------

/** The summary table; answers the targets missed. */
function printSummary(r, failures, totalSecs) {
  const missed = [];
  const judge = (what, ok, target) => {
    if (!ok) missed.push(what);
    return `${target}: ${ok ? 'met' : 'MISSED'}`;
  };
  const L = r.latency;
  const F = r.floor;
  const on = r.write?.on;
  const off = r.write?.off;
  const rows = [];
  const ratio = (a, b) => (Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(1)}×` : '');
  const row = (what, app, floor = '', rel = '', target = '') => rows.push([what, app, floor, rel, target]);
  const lat = (what, a, f, target) => row(what, ms(a), F ? ms(f) : '', F ? ratio(a, f) : '', target);
  if (L) {
    const D = CFG.deadlineMs;
    lat('delivery p50', L.latency.p50, F?.latency.p50);
    lat('delivery p90', L.latency.p90, F?.latency.p90);
    lat(
      'delivery p99 (all sends)',
      L.latency.p99,
      F?.latency.p99,
      judge('delivery p99', L.latency.p99 < TARGET.p99, `< ${TARGET.p99} ms`),
    );
    lat('delivery max', L.latency.max, F?.latency.max);
    L.sliceP99.forEach((x, i) =>
      lat(
        `  p99, ${(i * CFG.sliceMs) / 1000}-${((i + 1) * CFG.sliceMs) / 1000} s`,
        x,
        F?.latency.p99,
        judge(`p99 of slice ${i + 1}`, x < TARGET.sliceP99, `< ${TARGET.sliceP99} ms`),
      ),
    );
    row(
      'server CPU per message',
      L.cpuMsPerMessage === null ? 'n/a' : `${L.cpuMsPerMessage.toFixed(2)} ms`,
      F?.cpuMsPerMessage == null ? '' : `${F.cpuMsPerMessage.toFixed(3)} ms`,
      F ? ratio(L.cpuMsPerMessage, F.cpuMsPerMessage) : '',
      judge(
        'server CPU per message',
        L.cpuMsPerMessage !== null && L.cpuMsPerMessage <= TARGET.cpuMsPerMessage,
        `<= ${TARGET.cpuMsPerMessage} ms`,
      ),
    );
    row(
      'postgres CPU per message',
      L.pgCpuMsPerMessage === null ? 'n/a' : `${L.pgCpuMsPerMessage.toFixed(2)} ms`,
    );
    row('POST answer p50 / p99', `${ms(L.post.p50)} / ${ms(L.post.p99)}`);
    row('messages sent (201)', `${L.sent} (${L.ok}) at ${L.rate.toFixed(0)}/s`, F ? String(F.sent) : '');
    row(
      `failed sends (not delivered in ${D / 1000} s)`,
      String(L.failed),
      F ? String(F.lost) : '',
      '',
      judge('failed sends', L.failed === 0, '0'),
    );
    row('  HTTP errors', String(L.httpErrors), '', '', judge('HTTP errors', L.httpErrors === 0, '0'));
    row(
      `  not answered in ${D / 1000} s`,
      String(L.unanswered),
      '',
      '',
      judge('unanswered sends', L.unanswered === 0, '0'),
    );
    row(
      `  answered, not delivered in ${D / 1000} s`,
      String(L.lost),
      '',
      '',
      judge('lost messages', L.lost === 0, '0'),
    );
    row('duplicated', String(L.duplicates), '', '', judge('duplicated messages', L.duplicates === 0, '0'));
    row('stray (never sent)', String(L.stray), '', '', judge('stray messages', L.stray === 0, '0'));
    row(
      'sockets closed by the server',
      String(L.closes),
      '',
      '',
      judge('sockets closed by the server', L.closes === 0, '0'),
    );
  }
  // The floor must itself be sound, or the ratios beside it mean nothing.
  if (F) row('echo floor: echoes lost', String(F.lost), '', '', judge('echo floor lost', F.lost === 0, '0'));
  if (on) row('write rate, bus on', `${on.rate.toFixed(0)} msgs/s`);
  if (off) row('write rate, bus off', `${off.rate.toFixed(0)} msgs/s`);
  for (const w of [on, off].filter(Boolean))
    row(
      `write errors, bus ${w.bus}`,
      String(w.errors),
      '',
      '',
      judge(`write errors (bus ${w.bus})`, w.errors === 0, '0'),
    );
  if (on && off) {
    const x = on.rate / off.rate;
    row(
      'on / off',
      x.toFixed(2),
      '',
      '',
      judge('write rate on / off', x >= TARGET.ratio, `>= ${TARGET.ratio}`),
    );
  }
  const head = ['', 'app', 'ws echo floor', 'app / floor', 'target'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((x) => x[i].length)));
  const fmt = (cells) =>
    cells
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  console.log(`\n=== messages benchmark summary (${totalSecs.toFixed(0)} s; ${r.database}) ===`);
  if (L && !F) console.log('(no echo floor in this run: BENCH_PARTS left it out; no ratios)');
  console.log(fmt(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const x of rows) console.log(fmt(x));
  for (const f of failures) console.log(`FAILED: ${f}`);
  for (const m of missed) console.log(`MISSED: ${m}`);
  return missed;
}

const PARTS = ['latency', 'floor', 'write'];

/** Runs every part; answers the exit code: 1 when a part could not run or a target was missed. */
export async function runMessagesBench() {
  requireBuild();
  const started = performance.now();
  // BENCH_PARTS=latency,floor,write runs only those parts (all by default).
  const only = process.env.BENCH_PARTS?.split(',').map((x) => x.trim());
  const unknown = only?.filter((x) => !PARTS.includes(x)) ?? [];
  if (unknown.length || only?.length === 0) {
    console.error(`Unknown BENCH_PARTS ${unknown.join(', ')}: use some of ${PARTS.join(', ')}`);
    return 2;
  }
  let serverVersion;
  try {
    serverVersion = (await adminQuery('SHOW server_version')).rows[0].server_version;
  } catch (err) {
    console.error(`Cannot reach PostgreSQL at ${DB_BASE} (set BENCH_DATABASE_URL): ${err.message}`);
    return 1;
  }
  const where = new URL(DB_BASE);
  const database = `PostgreSQL ${serverVersion.split(' ')[0]} at ${where.host}`;
  console.log(
    `messages benchmark on ${database} (BENCH_DATABASE_URL), a fresh database per server; ` +
      `the server's DATABASE_URL names it, and accepting the sessions inserted there shows it reads it`,
  );
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const results = { database };
  const failures = [];
  const part = async (key, label, fn) => {
    if (only && !only.includes(key)) return;
    try {
      results[key] = await fn();
    } catch (err) {
      failures.push(`${label}: ${err.message}`);
      console.error(`  ${label} failed: ${err.stack ?? err.message}`);
    }
  };
  try {
    await part('latency', 'delivery latency', latencyRun);
    await part('floor', 'echo floor', floorRun);
    await part('write', 'write rate', writeRun);
  } finally {
    await closeAllScopes();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
  const missed = printSummary(results, failures, (performance.now() - started) / 1000);
  return failures.length || missed.length ? 1 : 0;
}
