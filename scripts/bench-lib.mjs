// Helpers shared by the benchmarks (scripts/bench.mjs dispatches to them).
import { spawn } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';

export const SERVER_ENTRY = 'dist/server/index.js';

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
 * Start the built server and wait until /api/health answers. stdout (pino, JSON lines) is passed to
 * stderr, at most `maxLogLines` lines, so warnings show without flooding the report.
 */
export async function startServer({ port, env, maxLogLines = 20 }) {
  // e.g. BENCH_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const proc = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    env: { ...process.env, PORT: String(port), SMTP_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let lines = 0;
  let exited = null;
  proc.stdout.setEncoding('utf8');
  proc.stdout.on('data', (chunk) => {
    for (const line of chunk.split('\n')) {
      if (!line.trim() || lines >= maxLogLines) continue;
      lines++;
      process.stderr.write(`  [server] ${line.slice(0, 400)}\n`);
    }
  });
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

  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (exited) throw new Error(`server exited during start (code ${exited.code}, signal ${exited.signal})`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) return { proc, stop, pid: proc.pid };
    } catch {
      // not up yet
    }
    await sleep(100);
  }
  await stop();
  throw new Error('server did not answer /api/health within 30 s');
}

/** better-auth's signed session cookie value (better-call's signCookieValue): token.base64(HMAC), URL-encoded. */
export function signedCookieValue(token, secret) {
  const sig = createHmac('sha256', secret).update(token).digest('base64');
  return encodeURIComponent(`${token}.${sig}`);
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); null elsewhere. */
export function cpuSeconds(pid) {
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
    const s = cpuSeconds(name);
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
