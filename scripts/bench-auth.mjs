// `npm run bench` (or `npm run bench -- auth`): speed figures that tests do not time. Starts the built server on a throw-away
// data folder (PGlite) and measures, on this machine:
//  - sign-in throughput under a burst of concurrent logins;
//  - /api/health latency (or BENCH_PROBE's, e.g. /favicon.svg) while that burst runs, against idle: password hashing runs on the thread
//    pool, so other requests must not stall behind it.
// BENCH_DATABASE_URL=postgres://… runs it on a PostgreSQL server (a fresh, empty database).
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The sign-in benchmark. */
export async function runAuthBench() {
  const PORT = 3390;
  const BASE = `http://localhost:${PORT}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cofound-bench-'));
  const server = spawn(process.execPath, ['dist/server/index.js'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR: dataDir,
      BASE_URL: BASE,
      TRUST_PROXY: '1',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = () => {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  };

  let ipCounter = 0;
  const call = (p, body) =>
    fetch(BASE + p, {
      method: body ? 'POST' : 'GET',
      headers: {
        'content-type': 'application/json',
        origin: BASE,
        'x-forwarded-for': `10.9.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`,
      },
      body: body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
    });

  async function waitUp() {
    for (let i = 0; i < 200; i++) {
      try {
        if ((await fetch(`${BASE}/api/health`)).ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('server did not start');
  }

  const pct = (xs, p) =>
    xs.slice().sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

  async function probeHealth(untilPromise) {
    const lat = [];
    let done = false;
    untilPromise.finally(() => (done = true));
    while (!done) {
      const t0 = performance.now();
      await call(process.env.BENCH_PROBE ?? '/api/health');
      lat.push(performance.now() - t0);
      await new Promise((r) => setTimeout(r, 5));
    }
    return lat;
  }

  try {
    await waitUp();
    const person = { username: 'bench_user', email: 'bench@example.com', password: 'bench-password-1' };
    await call('/api/auth/sign-up/email', person);
    const mailDir = path.join(dataDir, 'mail');
    const mail = readdirSync(mailDir)
      .map((f) => JSON.parse(readFileSync(path.join(mailDir, f), 'utf8')))
      .find((m) => /confirm/i.test(m.subject));
    await call(new URL(mail.links[0]).pathname + new URL(mail.links[0]).search);

    const idle = await probeHealth(new Promise((r) => setTimeout(r, 1000)));
    const N = 60;
    const t0 = performance.now();
    const burst = Promise.all(
      Array.from({ length: N }, () =>
        call('/api/auth/sign-in/email', { email: person.email, password: person.password }).then(
          (r) => r.status,
        ),
      ),
    );
    const busy = await probeHealth(burst);
    const statuses = await burst;
    const secs = (performance.now() - t0) / 1000;
    const ok = statuses.filter((s) => s === 200).length;

    console.log(
      `sign-in burst: ${N} concurrent, ${ok} ok, ${(ok / secs).toFixed(1)} sign-ins/s (${secs.toFixed(2)} s)`,
    );
    console.log(
      `/api/health idle:   p50 ${pct(idle, 50).toFixed(1)} ms, p99 ${pct(idle, 99).toFixed(1)} ms (${idle.length} probes)`,
    );
    console.log(
      `/api/health during: p50 ${pct(busy, 50).toFixed(1)} ms, p99 ${pct(busy, 99).toFixed(1)} ms (${busy.length} probes)`,
    );
  } finally {
    stop();
  }
}
