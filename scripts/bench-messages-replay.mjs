// A direct message's two actions, replayed against two builds of the server side by side (issue
// 27, docs/scaling.md "Eighth round: a message at the breaking step"): opening a thread (the
// conversations and the thread at once, then marking it read) and sending. The two servers run at
// once, each on its own copy of the community's database, and take the same work in alternating
// blocks, so that a box shared with other work weighs on both alike.
//
//   node scripts/bench-messages-replay.mjs <bundle A> <db A> <bundle B> <db B> [--blocks=10]
//     [--per-block=60] [--concurrency=16] [--members=200]
// e.g. dist/server-before/index.js msgs_a dist/server-after/index.js msgs_b. Each server is
// started with scripts/bench-loop-monitor.mjs (its statements and waits per route are printed).
import { readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync } from 'node:fs';
import { BENCH_AUTH_SECRET, cpuSeconds, freePort, pct, startServer } from './bench-lib.mjs';
import { signInMembers } from './bench-community-data.mjs';

const argv = process.argv.slice(2);
const [entryA, dbA, entryB, dbB] = argv.filter((a) => !a.startsWith('--'));
const num = (name, fallback) => {
  const v = Number(argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]);
  return Number.isFinite(v) && v > 0 ? v : fallback;
};
const BLOCKS = num('blocks', 10);
const PER_BLOCK = num('per-block', 60);
const CONCURRENCY = num('concurrency', 16);
const MEMBERS = num('members', 200);
const BASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432';

async function start(entry, db) {
  const port = await freePort();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cofound-replay-'));
  const statsFile = path.join(dir, 'loop-stats.jsonl');
  process.env.BENCH_SERVER_NODE_ARGS = `--import=${path.resolve('scripts/bench-loop-monitor.mjs')}`;
  const url = `${BASE_URL}/${db}`;
  const server = await startServer({
    port,
    entry,
    env: {
      DATABASE_URL: url,
      DATA_DIR: dir,
      AUTH_SECRET: BENCH_AUTH_SECRET,
      BASE_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      LOOP_STATS_FILE: statsFile,
    },
  });
  const { members } = await signInMembers(url, MEMBERS);
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY * 2 });
  return {
    entry,
    port,
    server,
    members,
    agent,
    statsFile,
    lat: { open: [], send: [] },
    cpu: 0,
    actions: 0,
    failed: 0,
  };
}

function request(s, member, method, p, body) {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers = { accept: 'application/json', cookie: member.cookie, 'x-forwarded-for': member.ip };
  if (method !== 'GET') headers.origin = `http://localhost:${s.port}`;
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  return new Promise((resolve) => {
    const req = http.request(
      { agent: s.agent, host: '127.0.0.1', port: s.port, method, path: p, headers },
      (res) => {
        const chunks = [];
        res.on('data', (d) => chunks.push(d));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
        res.on('error', () => resolve({ status: 0 }));
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0 }));
    req.end(payload);
  });
}

let seq = 0;
/** One member opens the thread with a friend (as the bench's `messages`), then sends (`message`). */
async function action(s) {
  const i = seq++ % s.members.length;
  const me = s.members[i];
  const friend = s.members[(i + 1) % s.members.length];
  let t0 = performance.now();
  const [a, b] = await Promise.all([
    request(s, me, 'GET', '/api/messages/conversations?limit=30'),
    request(s, me, 'GET', `/api/messages/threads/${friend.id}`),
  ]);
  const read = await request(s, me, 'POST', `/api/messages/threads/${friend.id}/read`);
  s.lat.open.push(performance.now() - t0);
  t0 = performance.now();
  const sent = await request(s, me, 'POST', '/api/messages', {
    receiverId: friend.id,
    clientId: crypto.randomUUID(),
    content: 'Hi! Are you still looking for a co-founder for the project we talked about last week?',
  });
  s.lat.send.push(performance.now() - t0);
  if (a.status !== 200 || b.status !== 200 || read.status >= 300 || sent.status !== 201) s.failed++;
  s.actions++;
}

async function block(s, n, measure) {
  const c0 = cpuSeconds(s.server.pid);
  let left = n;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (left-- > 0) await action(s);
    }),
  );
  if (measure) s.cpu += cpuSeconds(s.server.pid) - c0;
}

const servers = [await start(entryA, dbA), await start(entryB, dbB)];
try {
  // Warm-up: each process's caches, prepared statements and pool, not measured.
  for (const s of servers) await block(s, PER_BLOCK, false);
  for (const s of servers) {
    s.lat = { open: [], send: [] };
    s.actions = s.failed = 0;
  }
  for (let b = 0; b < BLOCKS; b++) {
    // Alternate which goes first.
    const order = b % 2 ? [servers[1], servers[0]] : servers;
    for (const s of order) await block(s, PER_BLOCK, true);
  }
  for (const s of servers) {
    const open = [...s.lat.open].sort((x, y) => x - y);
    const send = [...s.lat.send].sort((x, y) => x - y);
    console.log(
      `${s.entry}: ${s.actions} actions (${s.failed} failed); open a thread p50/p99 ${pct(open, 50).toFixed(0)}/${pct(open, 99).toFixed(0)} ms, ` +
        `send p50/p99 ${pct(send, 50).toFixed(0)}/${pct(send, 99).toFixed(0)} ms; server CPU ${((s.cpu * 1000) / s.actions).toFixed(2)} ms an action (open and send)`,
    );
  }
} finally {
  for (const s of servers) await s.server.stop();
}
// The routes' statements and waits, from each server's monitor (its last lines).
await new Promise((r) => setTimeout(r, 100));
for (const s of servers) {
  const lines = readFileSync(s.statsFile, 'utf8')
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
  const routes = new Map();
  for (const l of lines)
    for (const [k, [n, , , mean, st, pool, sqlMs]] of Object.entries(l.routes)) {
      if (!k.includes('/api/messages')) continue;
      const x = routes.get(k) ?? { n: 0, mean: 0, st: 0, pool: 0, sql: 0 };
      x.n += n;
      x.mean += mean * n;
      x.st += st * n;
      x.pool += pool * n;
      x.sql += sqlMs * n;
      routes.set(k, x);
    }
  console.log(
    `${s.entry} (monitor, ${lines.length} windows): route, requests, mean ms, statements, pool wait ms, in statements ms`,
  );
  for (const [k, x] of routes)
    console.log(
      `  ${k.padEnd(40)} ${x.n}  ${(x.mean / x.n).toFixed(1)}  ${(x.st / x.n).toFixed(2)}  ${(x.pool / x.n).toFixed(1)}  ${(x.sql / x.n).toFixed(1)}`,
    );
}
