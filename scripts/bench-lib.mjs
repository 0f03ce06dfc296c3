// Helpers shared by the benchmarks (scripts/bench.mjs dispatches to them).
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import pg from 'pg';

// BENCH_SERVER_ENTRY runs another bundle of the server (a copy of an earlier build under dist/, say,
// to compare two builds side by side).
export const SERVER_ENTRY = process.env.BENCH_SERVER_ENTRY || 'dist/server/index.js';

/** The benchmarks run the built server: stop with a hint when it is missing. */
export function requireBuild() {
  if (!existsSync(SERVER_ENTRY)) {
    console.error(`${SERVER_ENTRY} is missing: run \`npm run build\` (or \`npm run build:server\`) first.`);
    process.exit(1);
  }
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A TCP port nobody listens on right now. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** p-th percentile of an array sorted ascending (nearest rank). */
export function pct(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const ms = (x) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : 'n/a');

/**
 * Start the built server (or another built entry, e.g. dist/server/demo.js, with its `args`) and
 * wait until /api/health answers. stdout (pino, JSON lines) is passed to
 * stderr, at most `maxLogLines` lines, so warnings show without flooding the report.
 */
export async function startServer({
  port,
  env,
  maxLogLines = 20,
  waitMs = 30_000,
  entry = SERVER_ENTRY,
  args = [],
}) {
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const proc = spawn(process.execPath, [...nodeArgs, entry, ...args], {
    // One server process unless the bench asks for more (on PostgreSQL npm start runs one per core).
    env: { ...process.env, PORT: String(port), SMTP_URL: '', WORKERS: '1', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let lines = 0;
  proc.stdout.setEncoding('utf8');
  proc.stdout.on('data', (chunk) => {
    for (const line of chunk.split('\n')) {
      if (!line.trim() || lines >= maxLogLines) continue;
      lines++;
      process.stderr.write(`  [server] ${line.slice(0, 400)}\n`);
    }
  });
  const { stop, exited } = stoppable(proc);

  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < waitMs / 100; i++) {
    if (exited())
      throw new Error(`server exited during start (code ${exited().code}, signal ${exited().signal})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { proc, stop, pid: proc.pid };
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  await stop();
  throw new Error(`server did not answer /api/health within ${waitMs / 1000} s`);
}

/**
 * A child process's end: `exited()` (null while it runs), `exitedPromise`, and `stop()`: SIGTERM,
 * then SIGKILL after 8 s, answering once it has exited.
 */
export function stoppable(proc) {
  let exited = null;
  const exitedPromise = new Promise((resolve) =>
    proc.on('exit', (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );
  const stop = async () => {
    if (exited) return;
    proc.kill('SIGTERM');
    const t = setTimeout(() => proc.kill('SIGKILL'), 8000);
    await exitedPromise;
    clearTimeout(t);
  };
  return { stop, exitedPromise, exited: () => exited };
}

/** better-auth's signed session cookie value (better-call's signCookieValue): token.base64(HMAC), URL-encoded. */
export function signedCookieValue(token, secret) {
  const sig = createHmac('sha256', secret).update(token).digest('base64');
  return encodeURIComponent(`${token}.${sig}`);
}

/**
 * CPU seconds (user + system) a process and its children (the workers of a clustered server) have
 * used so far, from /proc (Linux); null elsewhere.
 */
export function cpuSeconds(pid) {
  const own = processCpuSeconds(pid);
  if (own === null) return null;
  return childPids(pid).reduce((sum, child) => sum + (processCpuSeconds(child) ?? 0), own);
}

/** Pids whose parent is `pid`. */
function childPids(pid) {
  try {
    const kids = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim();
    return kids ? kids.split(/\s+/).map(Number) : [];
  } catch {
    return [];
  }
}

/** CPU seconds (user + system) one process has used so far. */
function processCpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15; after the comm they are at index 11 and 12.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** CPU seconds of every `postgres` process on this machine, by pid (empty when it runs elsewhere). */
export function postgresCpu() {
  const per = new Map();
  let names;
  try {
    names = readdirSync('/proc').filter((n) => /^\d+$/.test(n));
  } catch {
    return per;
  }
  for (const name of names) {
    try {
      if (readFileSync(`/proc/${name}/comm`, 'utf8').trim() !== 'postgres') continue;
    } catch {
      continue;
    }
    const s = processCpuSeconds(name);
    if (s !== null) per.set(name, s);
  }
  return per;
}

/** CPU seconds the postgres processes used between two postgresCpu() readings. */
export function postgresCpuDelta(before, after) {
  let sum = 0;
  for (const [pid, s] of after) sum += s - (before.get(pid) ?? 0);
  return sum;
}

/** Busy and total CPU time of the whole machine, in seconds summed over cores (from /proc/stat). */
export function machineCpu() {
  try {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const total = f.reduce((a, b) => a + b, 0);
    const idle = f[3] + (f[4] ?? 0);
    return { busy: (total - idle) / 100, total: total / 100 };
  } catch {
    return null;
  }
}

/** Microseconds during which some runnable task waited for a CPU (Linux PSI), or null. */
export function cpuPressureUs() {
  try {
    const m = /^some .* total=(\d+)/m.exec(readFileSync('/proc/pressure/cpu', 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Shared by the benchmarks that sign members in without signing up (scripts/bench-feed.mjs; the
// same values as scripts/bench-messages.mjs).

/** The fixed AUTH_SECRET the benchmarks give the server, so cookies can be signed here. */
export const BENCH_AUTH_SECRET = 'cofound-bench-secret-0123456789-abcdefghij';
export const SESSION_COOKIE_NAME = 'cofound.session_token';

/** The Cookie header a browser would send for the session `token`. */
export const sessionCookie = (token, secret = BENCH_AUTH_SECRET) =>
  `${SESSION_COOKIE_NAME}=${signedCookieValue(token, secret)}`;

/** The PostgreSQL server the benchmarks use (databases are created on it). */
export const BENCH_DB_BASE = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432';

/** The URL of database `name` on BENCH_DB_BASE. */
export function dbUrl(name) {
  const u = new URL(BENCH_DB_BASE);
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on the server's `postgres` database (CREATE / DROP DATABASE). */
export async function adminQuery(sql) {
  const client = new pg.Client({ connectionString: dbUrl('postgres') });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * CPU use while `fn` runs, in % of one core: the server, this process (the load generator),
 * PostgreSQL, and everything else on the machine; with the share of time some task waited for a CPU
 * (PSI): on a shared machine, other work moves every figure. The server's use is also sampled per
 * 5 s slice.
 */
export async function withCpu(serverPid, fn) {
  const c0 = process.cpuUsage();
  const s0 = serverPid ? cpuSeconds(serverPid) : null;
  const p0 = postgresCpu();
  const m0 = machineCpu();
  const psi0 = cpuPressureUs();
  const t0 = performance.now();
  const serverSlices = [];
  let last = s0;
  const sampler = setInterval(() => {
    const s = serverPid ? cpuSeconds(serverPid) : null;
    if (s !== null && last !== null) serverSlices.push((100 * (s - last)) / 5);
    last = s;
  }, 5000);
  let result;
  try {
    result = await fn();
  } finally {
    clearInterval(sampler);
  }
  const secs = (performance.now() - t0) / 1000;
  const c1 = process.cpuUsage(c0);
  const s1 = serverPid ? cpuSeconds(serverPid) : null;
  const pgSecs = postgresCpuDelta(p0, postgresCpu());
  const m1 = machineCpu();
  const psi1 = cpuPressureUs();
  const pctOf = (x) => (x === null ? null : (100 * x) / secs);
  const server = s0 === null || s1 === null ? null : pctOf(s1 - s0);
  const client = pctOf((c1.user + c1.system) / 1e6);
  const postgres = pctOf(pgSecs);
  const machine = m0 && m1 ? pctOf(m1.busy - m0.busy) : null;
  return {
    result,
    cpu: {
      server,
      client,
      postgres,
      others: machine === null ? null : Math.max(0, machine - (server ?? 0) - client - postgres),
      pressure: psi0 === null || psi1 === null ? null : (psi1 - psi0) / 1e4 / secs,
      serverSlices,
      secs,
    },
  };
}

const pc = (x) => (x === null || x === undefined ? 'n/a' : `${x.toFixed(0)}%`);

/** withCpu's figures on one line. */
export const cpuLine = (cpu) =>
  `CPU (% of one core; ${os.cpus().length} cores): server ${pc(cpu.server)}, load generator ${pc(cpu.client)}, ` +
  `postgres ${pc(cpu.postgres)}, other processes ${pc(cpu.others)}; ` +
  `some task waiting for a CPU ${pc(cpu.pressure)} of the time`;
