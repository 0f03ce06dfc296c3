// `npm run bench -- community`: how many active members one box holds (issue 27), on PostgreSQL
// (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432), against the built server.
//  1. Data: a community in every area (scripts/bench-community-data.mjs), 100,000 members and
//     1,000,000 feed items by default, kept in database cofound_bench_community for --reuse.
//  2. Members (scripts/bench-community-member.mjs): signed in by sessions made for the bench, one
//     WebSocket each with the real page's subscriptions, acting every 5-15 s with a realistic mix;
//     direct messages go to an online friend and are timed until they arrive on the friend's socket.
//  3. Ramp, on one process and then on two (WORKERS=2): --start members (250), --step more (250)
//     every --step-seconds (20) after a 15 s warm-up of a fifth of the first step (not judged),
//     the newcomers arriving spread over the step, each loading the home
//     page as a browser does, until a step breaks: any 5xx or unanswered request, a p99 over 500 ms
//     for any kind of action, or a live delivery p99 over 250 ms (delivery is timed from the start
//     of the write; a live event not there within 5 s of the write's answer counts as missed and
//     weighs as at least 5 s; a write answered after 5 s is counted apart, its event judged from
//     the answer). "Members held" is the last step that passed.
//  4. Soak: on two processes, 80% of that for --soak-minutes (10); 5xx and errors, p99 per kind,
//     delivery p99, server RSS after the warm-up (a fifth of the soak, at most 1 minute) and at the
//     end, every acknowledged write (message, comment, forum reply, reaction, RSVP) looked up in the
//     database, every expected live event arrived; each missed one is told by kind and reason (the
//     member's socket open or not, its topic held, confirmed or refused, the process that published
//     it and the one holding the socket, read from `ss`), with how long after the answer it came.
//  5. Scale-out: half the held figure for --scale-minutes (2) on two server instances (one process
//     each, TRUST_PROXY=1) behind nginx (scripts/bench-community-nginx.mjs).
// The last line is `members held: N (1 process), M (2 processes); soak: X 5xx, p99 Y ms, delivery
// p99 Z ms, RSS +R%, lost L`; the run exits non-zero when a goal is missed (two processes hold at
// least 5,000; the soak has no 5xx, p99 < 500 ms, delivery p99 < 200 ms, RSS growth < 10%, nothing
// lost, no live event missed) or a part fails.
// Options: --reuse, --members=N and --items=N (data size), --start=N, --step=N, --step-seconds=S,
// --max-members=N, --soak-minutes=M, --scale-minutes=M, --parts=ramp1,ramp2,soak,scale, --profile
// (the server runs with node --cpu-prof, stops gracefully at the end of each part and the profiles'
// paths are printed; summarize one with scripts/cpuprofile-summary.mjs), --fixed=N --minutes=M
// [--workers=W] (hold N members for M minutes and print each step-long slice, e.g. to profile),
// --agent-idle-ms=N (how long the generator keeps an idle keep-alive socket; 4000),
// --loop-stats (the server's event-loop delay, stalls, GC pauses, pool waits and time per route,
// every 10 s, into a file whose path is printed: scripts/bench-loop-monitor.mjs).
// The load generator is this one Node process (node:http keep-alive pool and ws); its own CPU is
// printed beside the server's and PostgreSQL's so a saturated generator shows.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  BENCH_AUTH_SECRET,
  BENCH_DB_BASE,
  adminQuery,
  cpuPressureUs,
  cpuSeconds,
  freePort,
  pct,
  postgresCpu,
  postgresCpuDelta,
  requireBuild,
  sleep,
  startServer,
} from './bench-lib.mjs';
import { fmtCommunity, prepareCommunity, signInMembers } from './bench-community-data.mjs';
import { KINDS, Member, Processes, Stats, World, missReason } from './bench-community-member.mjs';
import { startNginx } from './bench-community-nginx.mjs';

const argv = process.argv.slice(3);
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const flag = (name) => argv.includes(`--${name}`);
const num = (name, fallback) => {
  const v = Number(option(name));
  return Number.isFinite(v) && v > 0 ? v : fallback;
};

const CFG = {
  reuse: flag('reuse'),
  profile: flag('profile'),
  loopStats: flag('loop-stats'),
  members: num('members', 100_000),
  items: num('items', 1_000_000),
  start: num('start', 250),
  step: num('step', 250),
  stepSeconds: num('step-seconds', 20),
  maxMembers: num('max-members', 12_000),
  soakMinutes: num('soak-minutes', 10),
  scaleMinutes: num('scale-minutes', 2),
  parts: (option('parts') ?? 'ramp1,ramp2,soak,scale').split(','),
  fixed: num('fixed', 0),
  minutes: num('minutes', 2),
  workers: num('workers', 1),
  /** How long the generator's HTTP agent keeps an idle keep-alive socket (ms). */
  agentIdleMs: num('agent-idle-ms', 4000),
  /** The whole run stops past this (the issue's 40 minutes, plus the data's generation). */
  budgetMinutes: num('budget-minutes', 40),
};
const GOAL = { held: 5000, p99: 500, deliveryP99: 200, rssGrowth: 10 };
const BREAK = { p99: 500, deliveryP99: 250 };
const DEADLINE_MS = 5000;

// ---------------------------------------------------------------------------------------------
// Clean-up on an error or a signal.

const cleanups = new Set();
const onExit = (fn) => {
  cleanups.add(fn);
  return async () => {
    if (!cleanups.delete(fn)) return;
    await fn();
  };
};
async function cleanAll() {
  for (const fn of [...cleanups].reverse()) {
    cleanups.delete(fn);
    try {
      await fn();
    } catch (err) {
      console.error(`  clean-up: ${err.message}`);
    }
  }
}
function onSignal(signal) {
  console.error(`\n${signal}: cleaning up…`);
  void cleanAll().finally(() => process.exit(130));
}

// ---------------------------------------------------------------------------------------------
// Servers

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cofound-bench-community-'));
let profileDir = null;

async function runServer({ url, workers, port, base }) {
  port ??= await freePort();
  base ??= `http://localhost:${port}`;
  const nodeArgs = [];
  if (CFG.profile) {
    profileDir ??= mkdtempSync(path.join(os.tmpdir(), 'cofound-bench-profiles-'));
    nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${profileDir}`);
  }
  let loopStatsFile = '';
  if (CFG.loopStats) {
    loopStatsFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'cofound-loop-stats-')), `${port}.jsonl`);
    nodeArgs.push(`--import=${path.resolve('scripts/bench-loop-monitor.mjs')}`);
    console.log(`  loop stats of the server on port ${port}: ${loopStatsFile}`);
  }
  if (nodeArgs.length) process.env.BENCH_SERVER_NODE_ARGS = nodeArgs.join(' ');
  const server = await startServer({
    port,
    // The server's warnings (an event not delivered, a failed view) say why a live event was missed.
    maxLogLines: 200,
    env: {
      DATABASE_URL: url,
      DATA_DIR: dataDir,
      AUTH_SECRET: BENCH_AUTH_SECRET,
      BASE_URL: base,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      WORKERS: String(workers),
      LOOP_STATS_FILE: loopStatsFile,
    },
  });
  const stop = onExit(server.stop);
  const kill = () => server.proc.kill('SIGKILL');
  process.once('exit', kill);
  server.proc.once('exit', () => process.removeListener('exit', kill));
  return { port, base, pid: server.pid, stop };
}

/** Resident memory of a process and its children (a clustered server's workers), in MB. */
function rssMb(pid) {
  const one = (p) => {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${p}/status`, 'utf8'));
      return m ? Number(m[1]) / 1024 : 0;
    } catch {
      return 0;
    }
  };
  let kids = [];
  try {
    kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean);
  } catch {
    // none
  }
  return kids.reduce((s, k) => s + one(k), one(pid));
}

// ---------------------------------------------------------------------------------------------
// Measuring a window

function cpuSnapshot(pids) {
  return {
    t: performance.now(),
    server: pids.map((p) => cpuSeconds(p) ?? 0).reduce((a, b) => a + b, 0),
    pg: postgresCpu(),
    self: process.cpuUsage(),
    psi: cpuPressureUs(),
  };
}

function cpuSince(s0, pids) {
  const s1 = cpuSnapshot(pids);
  const secs = (s1.t - s0.t) / 1000;
  const self = process.cpuUsage(s0.self);
  return {
    secs,
    server: (100 * (s1.server - s0.server)) / secs,
    postgres: (100 * postgresCpuDelta(s0.pg, s1.pg)) / secs,
    generator: (100 * (self.user + self.system)) / 1e6 / secs,
    // Share of the time some task waited for a CPU (Linux PSI): on a shared box, others' work.
    pressure: s0.psi === null || s1.psi === null ? null : (s1.psi - s0.psi) / 1e4 / secs,
  };
}

/** A window's figures: per kind p50/p99 and counts, delivery, failures; whether it breaks the step. */
function judge(stats, secs) {
  const kinds = {};
  let worst = null;
  for (const k of KINDS) {
    const x = stats.kinds.get(k);
    if (!x?.lat.length) continue;
    const sorted = Float64Array.from(x.lat).sort();
    kinds[k] = { n: sorted.length, p50: pct(sorted, 50), p99: pct(sorted, 99), failed: x.failed };
    if (!worst || kinds[k].p99 > kinds[worst].p99) worst = k;
  }
  const d = Float64Array.from(stats.deliveries).sort();
  const delivery = { n: d.length, p50: pct(d, 50), p99: pct(d, 99) };
  const reasons = [];
  if (stats.status5xx) reasons.push(`${stats.status5xx} 5xx`);
  if (stats.unanswered) reasons.push(`${stats.unanswered} unanswered`);
  for (const [k, x] of Object.entries(kinds))
    if (x.p99 > BREAK.p99) reasons.push(`${k} p99 ${x.p99.toFixed(0)} ms`);
  if (d.length && delivery.p99 > BREAK.deliveryP99)
    reasons.push(`delivery p99 ${delivery.p99.toFixed(0)} ms`);
  return {
    kinds,
    worst,
    delivery,
    actionsPerSec: stats.actions / secs,
    requestsPerSec: stats.requests / secs,
    status5xx: stats.status5xx,
    unanswered: stats.unanswered,
    status4xx: stats.status4xx,
    deferredTopics: stats.deferredTopics,
    catchUps: stats.catchUps,
    quietSkips: stats.quietSkips,
    feedNewAsks: stats.feedNewAsks,
    liveItems: stats.liveItems,
    bareItems: stats.bareItems,
    reasons,
  };
}

const f0 = (x) => (Number.isFinite(x) ? x.toFixed(0) : 'n/a');

function printWindow(label, members, j, cpu, rss) {
  console.log(
    `  ${label}: ${members} members, ${j.actionsPerSec.toFixed(0)} actions/s, ${j.requestsPerSec.toFixed(0)} req/s; ` +
      `delivery p50/p99 ${f0(j.delivery.p50)}/${f0(j.delivery.p99)} ms (${j.delivery.n}); ` +
      `CPU server ${f0(cpu.server)}%, postgres ${f0(cpu.postgres)}%, generator ${f0(cpu.generator)}%` +
      `${cpu.pressure === null ? '' : `, CPU wait ${f0(cpu.pressure)}%`}; RSS ${f0(rss)} MB; 5xx ${j.status5xx}, unanswered ${j.unanswered}, 4xx ${j.status4xx}` +
      (j.deferredTopics ? `, subscriptions deferred ${j.deferredTopics}` : '') +
      `, catch-ups ${j.catchUps} (quiet ${j.quietSkips})` +
      (j.reasons.length ? ` => BREAKS (${j.reasons.join(', ')})` : ' => passes'),
  );
  console.log(
    `    p50/p99 ms: ${Object.entries(j.kinds)
      .map(([k, x]) => `${k} ${f0(x.p50)}/${f0(x.p99)}${x.failed ? ` (${x.failed} failed)` : ''}`)
      .join(', ')}`,
  );
  if (cpu.generator > 85)
    console.log('    (the load generator is near a full core: its own delays may be in the figures)');
}

function printErrors(stats) {
  for (const [k, v] of stats.errorSamples) console.log(`    ${v}× ${k}`);
}

// ---------------------------------------------------------------------------------------------
// A population of members on one server (or behind nginx)

class Population {
  constructor(world, data) {
    this.w = world;
    this.data = data;
    this.members = [];
    this.arrivals = new Set();
  }
  get size() {
    return this.members.length;
  }
  /** `n` more members arrive at random moments within `spreadMs`. */
  grow(n, spreadMs) {
    const start = this.members.length;
    const end = Math.min(this.data.length, start + n);
    for (let i = start; i < end; i++) {
      const m = new Member(this.w, this.data[i]);
      this.members.push(m);
      const t = setTimeout(async () => {
        this.arrivals.delete(t);
        try {
          await m.arrive();
          if (!m.ws) throw new Error('no socket');
          this.w.online.set(i, m);
          m.loop(Math.random() * 10_000);
        } catch (err) {
          this.w.stats.unanswered++;
          this.w.stats.sample(`arrive: ${err.message.slice(0, 100)}`);
          m.stop();
        }
      }, Math.random() * spreadMs);
      this.arrivals.add(t);
    }
    return end - start;
  }
  stop() {
    for (const t of this.arrivals) clearTimeout(t);
    this.arrivals.clear();
    this.w.stopped = true;
    for (const m of this.members) m.stop();
    this.w.agent.destroy();
  }
  closedByServer() {
    return this.members.reduce((s, m) => s + m.closedByServer, 0);
  }
}

const deadlineAt = (minutes) => performance.now() + minutes * 60_000;
let budgetEnd = Infinity;

/** The ramp on `workers` processes: answers the members held and each step's figures. */
async function ramp(prep, workers) {
  console.log(
    `\n=== ramp, ${workers} process${workers > 1 ? 'es' : ''}: ${CFG.start} members, +${CFG.step} every ${CFG.stepSeconds} s ===`,
  );
  const app = await runServer({ url: prep.url, workers });
  const world = new World({
    agentIdleMs: CFG.agentIdleMs,
    port: app.port,
    base: app.base,
    ids: prep.ids,
    members: prep.members,
    deadlineMs: DEADLINE_MS,
  });
  const pop = new Population(world, prep.members);
  const rows = [];
  let held = 0;
  let broke = null;
  try {
    // A short warm-up, not judged: a fifth of the first step arrives and acts for 15 s, so the
    // first step does not measure a cold process (JIT, pools, PostgreSQL's caches).
    pop.grow(Math.min(CFG.start, Math.max(1, Math.floor(CFG.start / 5))), 5000);
    await sleep(15_000);
    world.sweep();
    let target = CFG.start;
    for (let step = 0; step < 200 && target <= Math.min(CFG.maxMembers, prep.members.length); step++) {
      if (performance.now() > budgetEnd) {
        broke = 'time budget spent';
        break;
      }
      world.stats = new Stats();
      const c0 = cpuSnapshot([app.pid]);
      pop.grow(target - pop.size, CFG.stepSeconds * 1000);
      await sleep(CFG.stepSeconds * 1000);
      const missed = world.sweep();
      for (const [k, v] of Object.entries(world.late)) missed[`${k} (late)`] = v;
      world.late = {};
      const cpu = cpuSince(c0, [app.pid]);
      const j = judge(world.stats, cpu.secs);
      const rss = rssMb(app.pid);
      const missedN = Object.values(missed).reduce((a, b) => a + b, 0);
      printWindow(`step ${step + 1}`, target, j, cpu, rss);
      if (missedN)
        console.log(`    live events missed (not there within ${DEADLINE_MS} ms): ${JSON.stringify(missed)}`);
      if (j.reasons.length) printErrors(world.stats);
      rows.push({ members: target, j, cpu, rss });
      if (j.reasons.length) {
        broke = j.reasons.join(', ');
        break;
      }
      held = target;
      target += CFG.step;
    }
  } finally {
    pop.stop();
    await app.stop();
  }
  console.log(
    `  held ${held} members on ${workers} process${workers > 1 ? 'es' : ''}${broke ? ` (the next step broke: ${broke})` : ''}`,
  );
  return { held, rows };
}

/** Hold `n` members for `minutes`, printing each step-long slice; answers the whole window's figures. */
async function hold({ prep, n, minutes, app, label, warmupMs, verify }) {
  const world = new World({
    agentIdleMs: CFG.agentIdleMs,
    port: app.port,
    base: app.base,
    ids: prep.ids,
    members: prep.members,
    deadlineMs: DEADLINE_MS,
  });
  const pop = new Population(world, prep.members);
  const pids = app.pids;
  // Which process holds each connection (not behind nginx: there the generator sees nginx only).
  if (app.directPorts) world.procs = new Processes(app.directPorts, app.pids);
  const whole = new Stats();
  let rssWarm = null;
  const endAt = performance.now() + minutes * 60_000;
  const t0 = performance.now();
  const c0 = cpuSnapshot(pids);
  let cw = null;
  try {
    pop.grow(n, Math.min(CFG.stepSeconds * 1000, minutes * 30_000));
    let slice = 0;
    while (performance.now() < endAt && slice < 10_000) {
      world.stats = new Stats();
      const cs = cpuSnapshot(pids);
      await sleep(Math.min(CFG.stepSeconds * 1000, Math.max(100, endAt - performance.now())));
      const missed = world.sweep();
      for (const [k, v] of Object.entries(world.late)) missed[`${k} (late)`] = v;
      world.late = {};
      const cpu = cpuSince(cs, pids);
      const j = judge(world.stats, cpu.secs);
      const rss = pids.reduce((s, p) => s + rssMb(p), 0);
      printWindow(`${label} ${((performance.now() - t0) / 1000) | 0} s`, n, j, cpu, rss);
      if (Object.keys(missed).length) console.log(`    live events missed: ${JSON.stringify(missed)}`);
      if (j.status5xx || j.unanswered || j.status4xx) printErrors(world.stats);
      slice++;
      const afterWarmup = performance.now() - t0 >= warmupMs;
      if (afterWarmup && rssWarm === null) {
        rssWarm = rss;
        cw = cpuSnapshot(pids);
        continue;
      }
      if (!afterWarmup) continue;
      merge(whole, world.stats);
    }
    // Stop acting; wait for the live events still on their way, then judge them.
    for (const m of pop.members) {
      m.running = false;
      clearTimeout(m.timer);
    }
    world.stats = whole;
    await sleep(DEADLINE_MS + 500);
    world.sweep(performance.now(), DEADLINE_MS);
    const cpu = cpuSince(cw ?? c0, pids);
    const j = judge(whole, Math.max(1, cpu.secs));
    const rssEnd = pids.reduce((s, p) => s + rssMb(p), 0);
    const lost = verify ? await verifyWrites(prep.url, world.acked) : null;
    return {
      j,
      cpu,
      rssWarm,
      rssEnd,
      expected: world.expectedTotal,
      slowWrites: world.slowWrites,
      caughtUpOnSubscribe: world.caughtUpOnSubscribe,
      confirmedDuringWrite: world.confirmedDuringWrite,
      refusedTopics: whole.refusedTopics,
      droppedTopics: whole.droppedTopics,
      afterAnswer: whole.afterAnswer,
      arrived: world.arrived,
      missed: world.missed,
      lost,
      closes: pop.closedByServer(),
      errors: whole.errorSamples,
      misses: world.misses.filter((x) => x.t0 - t0 >= warmupMs),
      missesInWarmup: world.misses.filter((x) => x.t0 - t0 < warmupMs).length,
    };
  } finally {
    world.procs?.stop();
    pop.stop();
  }
}

function merge(into, s) {
  for (const [k, x] of s.kinds) {
    const t = into.kind(k);
    for (const v of x.lat) t.lat.push(v);
    t.failed += x.failed;
  }
  into.requests += s.requests;
  into.status5xx += s.status5xx;
  into.unanswered += s.unanswered;
  into.status4xx += s.status4xx;
  into.actions += s.actions;
  into.deferredTopics += s.deferredTopics;
  into.refusedTopics += s.refusedTopics;
  into.droppedTopics += s.droppedTopics;
  into.catchUps += s.catchUps;
  into.quietSkips += s.quietSkips;
  into.feedNewAsks += s.feedNewAsks;
  into.liveItems += s.liveItems;
  into.bareItems += s.bareItems;
  for (const v of s.deliveries) into.deliveries.push(v);
  for (const [k, xs] of s.afterAnswer) for (const v of xs) into.sinceAnswer(k).push(v);
  for (const [k, v] of s.errorSamples) into.errorSamples.set(k, (into.errorSamples.get(k) ?? 0) + v);
}

/** Every acknowledged write looked up in the database; answers { acked, found, lost, byKind }. */
async function verifyWrites(url, acked) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const count = async (sql, params) => Number((await client.query(sql, params)).rows[0].n);
    const byKind = {};
    byKind.message = [
      acked.message.length,
      await count(`SELECT count(*) AS n FROM messages WHERE id = ANY($1::uuid[])`, [acked.message]),
    ];
    byKind.comment = [
      acked.comment.length,
      await count(`SELECT count(*) AS n FROM comments WHERE id = ANY($1::uuid[])`, [acked.comment]),
    ];
    byKind.forumReply = [
      acked.forumReply.length,
      await count(`SELECT count(*) AS n FROM forum_replies WHERE id = ANY($1::uuid[])`, [acked.forumReply]),
    ];
    byKind.reaction = [
      acked.reaction.length,
      await count(
        `SELECT count(*) AS n FROM unnest($1::uuid[], $2::uuid[], $3::text[]) a(u, c, t)
         WHERE EXISTS (SELECT 1 FROM reactions r WHERE r.user_id = a.u AND r.content_type = 'article' AND r.content_id = a.c AND r.reaction_type = a.t)`,
        [acked.reaction.map((x) => x[0]), acked.reaction.map((x) => x[1]), acked.reaction.map((x) => x[2])],
      ),
    ];
    // The last answer of each member to each event is the one that must be stored.
    const last = new Map();
    for (const [u, e, s] of acked.rsvp) last.set(`${u}:${e}`, [u, e, s]);
    const rs = [...last.values()];
    byKind.rsvp = [
      rs.length,
      await count(
        `SELECT count(*) AS n FROM unnest($1::uuid[], $2::uuid[], $3::text[]) a(u, e, s)
         WHERE EXISTS (SELECT 1 FROM event_invitations i WHERE i.invitee_id = a.u AND i.event_id = a.e AND i.status = a.s)`,
        [rs.map((x) => x[0]), rs.map((x) => x[1]), rs.map((x) => x[2])],
      ),
    ];
    let total = 0;
    let found = 0;
    for (const [a, f] of Object.values(byKind)) {
      total += a;
      found += f;
    }
    return { acked: total, found, lost: total - found, byKind };
  } finally {
    await client.end();
  }
}

/**
 * Why each live event was missed (after the warm-up): kind x reason, where the reason is what was
 * true when its write was answered (see missReason), and how late it came.
 */
function printMisses(r) {
  const misses = r.misses ?? [];
  if (!misses.length && !r.missesInWarmup) return;
  console.log(
    `    missed live events after the warm-up: ${misses.length} (${r.missesInWarmup ?? 0} more in the warm-up); kind x reason:`,
  );
  const table = new Map();
  for (const x of misses) {
    const key = `${x.kind}: ${missReason(x)}`;
    let row = table.get(key);
    if (!row) table.set(key, (row = { n: 0, late: [], never: 0 }));
    row.n++;
    const came = x.lateMs ?? x.cameAfterMs;
    if (came === null) row.never++;
    else row.late.push(came);
  }
  for (const [key, row] of [...table].sort((a, b) => b[1].n - a[1].n)) {
    const late = row.late.sort((a, b) => a - b);
    console.log(
      `      ${key}: ${row.n} (never ${row.never}` +
        (late.length ? `, came ${f0(late[0])}-${f0(late.at(-1))} ms after the answer` : '') +
        ')',
    );
  }
  for (const x of misses.slice(0, 12))
    console.log(
      `      e.g. ${x.kind} ${x.topic ?? '(to the person)'}: answered in ${f0(x.answerMs)} ms, ` +
        `${x.lateMs !== null ? `came ${f0(x.lateMs)} ms after it` : x.cameAfterMs !== null ? `came ${f0(x.cameAfterMs)} ms after it` : 'never came'}` +
        `; socket ${x.open ? 'open' : 'not open'}${x.closedSince ? ' then closed' : ''}` +
        (x.topic
          ? `, topic ${x.held ? `held (${f0(x.heldForMs)} ms)` : 'not held'}${x.refused ? ' refused' : ''}${x.dropped ? ' dropped' : ''}, confirmed ${x.confirmedAt !== null ? (x.confirmedBeforeWriteMs >= 0 ? `${f0(x.confirmedBeforeWriteMs)} ms before the write` : `${f0(-x.confirmedBeforeWriteMs)} ms into the write`) : x.confirmedAfterMs !== null ? `${f0(x.confirmedAfterMs)} ms after the answer` : 'never'}`
          : '') +
        `; published by ${x.writePid ?? '?'}, socket on ${x.wsPid ?? '?'}; member ${x.member.slice(0, 8)}`,
    );
}

function printHold(title, r, n) {
  const kinds = Object.entries(r.j.kinds)
    .map(([k, x]) => `${k} ${f0(x.p99)}`)
    .join(', ');
  const growth = r.rssWarm ? (100 * (r.rssEnd - r.rssWarm)) / r.rssWarm : NaN;
  console.log(`  ${title} (${n} members, after the warm-up):`);
  console.log(
    `    ${r.j.actionsPerSec.toFixed(0)} actions/s, ${r.j.requestsPerSec.toFixed(0)} req/s; 5xx ${r.j.status5xx}, ` +
      `unanswered ${r.j.unanswered}, 4xx ${r.j.status4xx}; sockets closed by the server ${r.closes}`,
  );
  console.log(`    p99 per kind (ms): ${kinds}`);
  const perAction = (pct) => (r.j.actionsPerSec ? (pct * 10) / r.j.actionsPerSec : NaN);
  console.log(
    `    per action: ${(r.j.requestsPerSec / r.j.actionsPerSec).toFixed(2)} requests, CPU server ` +
      `${perAction(r.cpu.server).toFixed(2)} ms, postgres ${perAction(r.cpu.postgres).toFixed(2)} ms; ` +
      `GET /api/feed/new ${r.j.feedNewAsks}, new items carried by their event ${r.j.liveItems}, ` +
      `not carried (asked for) ${r.j.bareItems}`,
  );
  console.log(
    `    delivery p50/p99 ${f0(r.j.delivery.p50)}/${f0(r.j.delivery.p99)} ms; live events expected ${r.expected}, ` +
      `arrived within ${DEADLINE_MS / 1000} s ${r.arrived}, missed or late ${r.missed}`,
  );
  console.log(
    `    CPU server ${f0(r.cpu.server)}%, postgres ${f0(r.cpu.postgres)}%, generator ${f0(r.cpu.generator)}%; ` +
      `RSS after warm-up ${f0(r.rssWarm)} MB, at the end ${f0(r.rssEnd)} MB (${Number.isFinite(growth) ? `${growth >= 0 ? '+' : ''}${growth.toFixed(1)}%` : 'n/a'})`,
  );
  console.log(
    `    live event after the write's answer, p50/p99/max ms: ${[...(r.afterAnswer ?? [])]
      .map(([k, xs]) => {
        const d = Float64Array.from(xs).sort();
        return `${k} ${f0(pct(d, 50))}/${f0(pct(d, 99))}/${f0(d.at(-1))} (${d.length})`;
      })
      .join(', ')}; writes answered after ${DEADLINE_MS / 1000} s: ${r.slowWrites ?? 0}; ` +
      `topics refused ${r.refusedTopics ?? 0}, dropped by the server ${r.droppedTopics ?? 0}; ` +
      `written before the server confirmed the page's topic (shown by its catch-up): ${JSON.stringify(r.caughtUpOnSubscribe ?? {})}, ` +
      `of which confirmed while the write was on its way: ${JSON.stringify(r.confirmedDuringWrite ?? {})}`,
  );
  if (r.lost)
    console.log(
      `    acknowledged writes: ${r.lost.acked}, in the database ${r.lost.found}, lost ${r.lost.lost} ` +
        `(${Object.entries(r.lost.byKind)
          .map(([k, [a, f]]) => `${k} ${f}/${a}`)
          .join(', ')})`,
    );
  for (const [k, v] of r.errors) console.log(`    ${v}× ${k}`);
  printMisses(r);
  return growth;
}

async function soak(prep, n) {
  console.log(`\n=== soak: ${n} members on 2 processes for ${CFG.soakMinutes} min ===`);
  const app = await runServer({ url: prep.url, workers: 2 });
  app.pids = [app.pid];
  app.directPorts = [app.port];
  try {
    const warmupMs = Math.min(60_000, (CFG.soakMinutes * 60_000) / 5);
    const r = await hold({ prep, n, minutes: CFG.soakMinutes, app, label: 'soak', warmupMs, verify: true });
    r.growth = printHold('soak', r, n);
    return r;
  } finally {
    await app.stop();
  }
}

async function scaleOut(prep, n) {
  console.log(`\n=== scale-out: ${n} members, two instances behind nginx, ${CFG.scaleMinutes} min ===`);
  const port = await freePort();
  const base = `http://localhost:${port}`;
  const a = await runServer({ url: prep.url, workers: 1, base });
  const b = await runServer({ url: prep.url, workers: 1, base });
  const nginx = await startNginx({ port, upstreamPorts: [a.port, b.port] });
  const stopNginx = onExit(nginx.stop);
  const app = { port, base, pids: [a.pid, b.pid] };
  try {
    const r = await hold({
      prep,
      n,
      minutes: CFG.scaleMinutes,
      app,
      label: 'scale-out',
      warmupMs: Math.min(30_000, (CFG.scaleMinutes * 60_000) / 4),
      verify: true,
    });
    const nginxCpu = cpuSeconds(nginx.pid);
    printHold('scale-out', r, n);
    console.log(`    nginx CPU in all: ${nginxCpu === null ? 'n/a' : `${nginxCpu.toFixed(1)} s`}`);
    return r;
  } finally {
    await stopNginx();
    await a.stop();
    await b.stop();
  }
}

async function fixed(prep) {
  const n = CFG.fixed;
  console.log(`\n=== fixed: ${n} members on ${CFG.workers} process(es) for ${CFG.minutes} min ===`);
  const app = await runServer({ url: prep.url, workers: CFG.workers });
  app.pids = [app.pid];
  app.directPorts = [app.port];
  try {
    const r = await hold({
      prep,
      n,
      minutes: CFG.minutes,
      app,
      label: 'fixed',
      warmupMs: Math.min(30_000, (CFG.minutes * 60_000) / 4),
      verify: true,
    });
    printHold('fixed', r, n);
    return r;
  } finally {
    await app.stop();
  }
}

function listProfiles() {
  if (!profileDir) return;
  const files = readdirSync(profileDir).filter((f) => f.endsWith('.cpuprofile'));
  console.log(`\nCPU profiles (${files.length}) in ${profileDir}:`);
  for (const f of files) console.log(`  ${path.join(profileDir, f)}`);
  console.log('  summarize one with: node scripts/cpuprofile-summary.mjs <file>');
}

// ---------------------------------------------------------------------------------------------

export async function runCommunityBench() {
  requireBuild();
  const started = performance.now();
  try {
    await adminQuery('SELECT 1');
  } catch (err) {
    console.error(`Cannot reach PostgreSQL at ${BENCH_DB_BASE} (set BENCH_DATABASE_URL): ${err.message}`);
    return 1;
  }
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  onExit(() => rmSync(dataDir, { recursive: true, force: true }));
  const failures = [];
  try {
    console.log(
      `community benchmark on PostgreSQL at ${new URL(BENCH_DB_BASE).host}; ${os.cpus().length} cores`,
    );
    const data = await prepareCommunity({
      members: CFG.members,
      items: CFG.items,
      reuse: CFG.reuse,
      migrate: async (url) => {
        const s = await runServer({ url, workers: 1 });
        await s.stop();
      },
    });
    budgetEnd = deadlineAt(CFG.budgetMinutes);
    const want = Math.min(CFG.maxMembers, CFG.fixed || CFG.maxMembers);
    const t = performance.now();
    const { members, ids } = await signInMembers(data.url, want);
    console.log(
      `  ${members.length} members signed in (${((performance.now() - t) / 1000).toFixed(1)} s); data: ${fmtCommunity(data.sizes)}`,
    );
    const prep = { url: data.url, members, ids };

    if (CFG.fixed) {
      const r = await fixed(prep);
      const bad = r.j.status5xx + r.j.unanswered + r.missed + (r.lost?.lost ?? 0);
      console.log(
        `fixed: ${CFG.fixed} members for ${CFG.minutes} min on ${CFG.workers} process(es): ${r.j.status5xx} 5xx, ` +
          `p99 ${f0(Math.max(...Object.values(r.j.kinds).map((x) => x.p99)))} ms, delivery p99 ${f0(r.j.delivery.p99)} ms, missed ${r.missed}, lost ${r.lost?.lost ?? 'n/a'}`,
      );
      listProfiles();
      return bad ? 1 : 0;
    }

    const part = (name) => CFG.parts.includes(name);
    let held1 = null;
    let held2 = null;
    if (part('ramp1')) held1 = (await ramp(prep, 1)).held;
    if (part('ramp2')) held2 = (await ramp(prep, 2)).held;
    // Even when no step passed, the soak and the scale-out run (at the first step's size).
    const base = Math.max(held2 || held1 || 0, CFG.start);
    let s = null;
    if (part('soak')) s = await soak(prep, Math.max(1, Math.floor(base * 0.8)));
    if (part('scale')) {
      const r = await scaleOut(prep, Math.max(1, Math.floor(base / 2)));
      const bad = r.j.status5xx + r.j.unanswered + r.missed + (r.lost?.lost ?? 0);
      if (bad)
        failures.push(
          `scale-out behind nginx: ${r.j.status5xx} 5xx, ${r.j.unanswered} unanswered, ${r.missed} missed, ${r.lost?.lost} lost`,
        );
    }
    listProfiles();

    // Goals.
    if (held2 === null || held2 < GOAL.held)
      failures.push(`members held on 2 processes ${held2 ?? 'not measured'} < ${GOAL.held}`);
    let soakP99 = NaN;
    if (s) {
      soakP99 = Math.max(...Object.values(s.j.kinds).map((x) => x.p99));
      if (s.j.status5xx) failures.push(`soak: ${s.j.status5xx} 5xx`);
      if (s.j.unanswered) failures.push(`soak: ${s.j.unanswered} unanswered`);
      if (!(soakP99 < GOAL.p99)) failures.push(`soak p99 ${f0(soakP99)} ms >= ${GOAL.p99} ms`);
      if (!(s.j.delivery.p99 < GOAL.deliveryP99))
        failures.push(`soak delivery p99 ${f0(s.j.delivery.p99)} ms >= ${GOAL.deliveryP99} ms`);
      if (!(s.growth < GOAL.rssGrowth))
        failures.push(`soak RSS growth ${s.growth.toFixed(1)}% >= ${GOAL.rssGrowth}%`);
      if (s.lost?.lost) failures.push(`soak: ${s.lost.lost} acknowledged writes not in the database`);
      if (s.missed) failures.push(`soak: ${s.missed} live events missed`);
    } else failures.push('soak not run');
    console.log(`\n=== community benchmark (${((performance.now() - started) / 60_000).toFixed(1)} min) ===`);
    for (const f of failures) console.log(`MISSED: ${f}`);
    console.log(
      `members held: ${held1 ?? 'n/a'} (1 process), ${held2 ?? 'n/a'} (2 processes); soak: ${s ? s.j.status5xx : 'n/a'} 5xx, ` +
        `p99 ${f0(soakP99)} ms, delivery p99 ${s ? f0(s.j.delivery.p99) : 'n/a'} ms, ` +
        `RSS ${s && Number.isFinite(s.growth) ? `${s.growth >= 0 ? '+' : ''}${s.growth.toFixed(0)}%` : 'n/a'}, lost ${s?.lost ? s.lost.lost : 'n/a'}`,
    );
    return failures.length ? 1 : 0;
  } catch (err) {
    console.error(`community benchmark failed: ${err.stack ?? err.message}`);
    console.log(
      `members held: n/a (1 process), n/a (2 processes); soak: n/a 5xx, p99 n/a ms, delivery p99 n/a ms, RSS n/a, lost n/a`,
    );
    return 1;
  } finally {
    await cleanAll();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
  }
}
