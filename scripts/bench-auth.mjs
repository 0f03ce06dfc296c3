// `npm run bench -- auth [--only=pg|pglite]`: password sign-in on the built server, on PostgreSQL
// (a fresh database `cofound_bench_auth` on BENCH_DATABASE_URL, default
// postgres://postgres@127.0.0.1:5432) and then on the embedded PGlite (a fresh data folder); each
// part says which database it ran on. Passwords are hashed at the production cost (OWASP scrypt,
// about 0.8 s of CPU each on this machine). Measured, in the same run:
//  - the floor: GET /api/health latency on the idle server;
//  - steady sign-ins: as many at once as the hash queue runs and holds (2 + 8 per process),
//    back to back for BENCH_AUTH_SECONDS (default 20 s): sign-ins/s, server CPU per sign-in, and
//    the latency of everything else meanwhile (/api/health probed every 5 ms);
//  - a burst of 60 at once: the queue's overflow is answered 429 with Retry-After, at once.
// Every answer counts: a sign-up, confirmation or sign-in that fails, or any status but 200 (and
// 429 in the burst), is an error, and a missed target or an error exits non-zero.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  BENCH_DB_BASE,
  adminQuery,
  cpuLine,
  dbUrl,
  freePort,
  ms,
  pct,
  requireBuild,
  sleep,
  startServer,
  withCpu,
} from './bench-lib.mjs';

const argv = process.argv.slice(3);
const ENGINES = (argv.find((a) => a.startsWith('--only='))?.split('=')[1] ?? 'pg,pglite').split(',');
const SECONDS = Number(process.env.BENCH_AUTH_SECONDS) || 20;
const BURST = 60;
/** The hash queue per process: 2 running + 8 waiting on this 2-core machine (platform/password.ts). */
const QUEUE = 10;
const PG_DB = 'cofound_bench_auth';
const TARGET = {
  /** Health while passwords hash: p99 under this, and at most this many times the idle p99. */
  healthP99Ms: 100,
  /** Nothing but 200 while at most a queue's worth sign in at once. */
  steadyErrors: 0,
  /** The burst's overflow: 429 answered within this (it must not wait for a hash). */
  shedP99Ms: 100,
};

async function prepare(engine) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cofound-bench-auth-'));
  const env = { DATA_DIR: dataDir, TRUST_PROXY: '1', LOG_LEVEL: 'warn', DATABASE_URL: '' };
  if (engine === 'pg') {
    await adminQuery(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
    await adminQuery(`CREATE DATABASE ${PG_DB}`);
    env.DATABASE_URL = dbUrl(PG_DB);
  }
  const cleanup = async () => {
    rmSync(dataDir, { recursive: true, force: true });
    if (engine === 'pg') await adminQuery(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
  };
  return { dataDir, env, cleanup };
}

/** One engine's run: answers its figures and the list of what failed. */
async function benchEngine(engine) {
  const name = engine === 'pg' ? `PostgreSQL (${dbUrl(PG_DB)})` : 'PGlite (embedded, fresh data folder)';
  console.log(`\n=== ${name} ===`);
  const prep = await prepare(engine);
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const failures = [];
  const app = await startServer({ port, env: { ...prep.env, BASE_URL: base } });
  try {
    let ip = 0;
    const call = async (p, body) => {
      const t0 = performance.now();
      try {
        const res = await fetch(base + p, {
          method: body ? 'POST' : 'GET',
          headers: {
            'content-type': 'application/json',
            origin: base,
            // Each request from its own address, so better-auth's per-address limit stays out of it.
            'x-forwarded-for': `10.9.${(ip >> 8) & 255}.${ip++ & 255}`,
          },
          body: body ? JSON.stringify(body) : undefined,
          redirect: 'manual',
        });
        await res.arrayBuffer();
        return { status: res.status, retryAfter: res.headers.get('retry-after'), ms: performance.now() - t0 };
      } catch (err) {
        return { status: 0, error: err.message, ms: performance.now() - t0 };
      }
    };

    // A confirmed account, every step checked.
    const person = { username: 'bench_user', email: 'bench@example.com', password: 'a-bench-password-1' };
    const signUp = await call('/api/auth/sign-up/email', person);
    if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}`);
    let mail;
    for (let i = 0; i < 50 && !mail; i++) {
      const dir = path.join(prep.dataDir, 'mail');
      try {
        mail = readdirSync(dir)
          .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')))
          .find((m) => /confirm/i.test(m.subject));
      } catch {
        // not written yet
      }
      if (!mail) await sleep(100);
    }
    if (!mail) throw new Error('no confirmation mail was kept in the data folder');
    const link = new URL(mail.links.find((l) => l.includes('/verify-email')));
    const confirmed = await call(link.pathname + link.search);
    if (confirmed.status !== 302) throw new Error(`confirmation answered ${confirmed.status}`);
    const first = await call('/api/auth/sign-in/email', { email: person.email, password: person.password });
    if (first.status !== 200) throw new Error(`a first sign-in answered ${first.status}`);

    const probe = async (until) => {
      const lat = [];
      let bad = 0;
      while (!until()) {
        const r = await call('/api/health');
        if (r.status !== 200) bad++;
        lat.push(r.ms);
        await sleep(5);
      }
      return { lat: lat.sort((a, b) => a - b), bad };
    };
    const signIn = () => call('/api/auth/sign-in/email', { email: person.email, password: person.password });

    // The floor: the idle server.
    const idleEnd = performance.now() + 3000;
    const idle = await probe(() => performance.now() > idleEnd);

    // Steady: a queue's worth at once, back to back.
    let stop = false;
    const steady = [];
    const steadyRun = await withCpu(app.pid, async () => {
      const end = performance.now() + SECONDS * 1000;
      const health = probe(() => stop);
      await Promise.all(
        Array.from({ length: QUEUE }, async () => {
          while (performance.now() < end) steady.push(await signIn());
        }),
      );
      stop = true;
      return health;
    });
    const steadyHealth = steadyRun.result;
    const ok = steady.filter((r) => r.status === 200);
    const steadyBad = steady.filter((r) => r.status !== 200);
    const cpuMsPerSignIn = ok.length
      ? ((steadyRun.cpu.server / 100) * steadyRun.cpu.secs * 1000) / ok.length
      : NaN;
    const okLat = ok.map((r) => r.ms).sort((a, b) => a - b);

    // Burst: 60 at once; the queue takes 10, the rest are told to come back.
    stop = false;
    const burstHealth = probe(() => stop);
    const burst = await Promise.all(Array.from({ length: BURST }, signIn));
    stop = true;
    const burstHealthRes = await burstHealth;
    const burstOk = burst.filter((r) => r.status === 200).length;
    const shed = burst.filter((r) => r.status === 429);
    const shedLat = shed.map((r) => r.ms).sort((a, b) => a - b);
    const burstBad = burst.filter((r) => r.status !== 200 && r.status !== 429);
    const shedWithoutRetryAfter = shed.filter((r) => !r.retryAfter).length;

    const idleP99 = pct(idle.lat, 99);
    const duringP99 = Math.max(pct(steadyHealth.lat, 99), pct(burstHealthRes.lat, 99));
    const check = (label, good, text) => {
      console.log(`  ${label}: ${text}: ${good ? 'met' : 'MISSED'}`);
      if (!good) failures.push(`${name}: ${label}`);
    };
    console.log(
      `  floor: /api/health idle p50 ${ms(pct(idle.lat, 50))}, p99 ${ms(idleP99)} (${idle.lat.length} probes)`,
    );
    console.log(
      `  steady, ${QUEUE} at once for ${SECONDS} s: ${steady.length} sign-ins, ${ok.length} ok, ` +
        `${(ok.length / steadyRun.cpu.secs).toFixed(2)} sign-ins/s, ${cpuMsPerSignIn.toFixed(0)} ms server CPU per sign-in, ` +
        `latency p50 ${ms(pct(okLat, 50))}, p99 ${ms(pct(okLat, 99))}`,
    );
    console.log(`    ${cpuLine(steadyRun.cpu)}`);
    console.log(
      `    /api/health meanwhile: p50 ${ms(pct(steadyHealth.lat, 50))}, p99 ${ms(pct(steadyHealth.lat, 99))} ` +
        `(${(pct(steadyHealth.lat, 99) / idleP99).toFixed(1)}x the idle p99; ${steadyHealth.lat.length} probes)`,
    );
    console.log(
      `  burst, ${BURST} at once: ${burstOk} ok, ${shed.length} answered 429 (p99 ${ms(pct(shedLat, 99))}), ` +
        `${burstBad.length} other; /api/health meanwhile p99 ${ms(pct(burstHealthRes.lat, 99))}`,
    );
    check(
      'steady sign-ins',
      steadyBad.length === TARGET.steadyErrors && ok.length > 0,
      `${steadyBad.length} not 200 (${[...new Set(steadyBad.map((r) => r.status))].join(', ') || 'none'}), target 0`,
    );
    check(
      'burst',
      burstBad.length === 0 && burstOk >= QUEUE && shedWithoutRetryAfter === 0,
      `${burstBad.length} errors, ${burstOk} ok (at least ${QUEUE}), ${shedWithoutRetryAfter} 429s without Retry-After`,
    );
    check(
      'shed at once',
      !shed.length || pct(shedLat, 99) < TARGET.shedP99Ms,
      `429 p99 ${ms(pct(shedLat, 99))}, target < ${TARGET.shedP99Ms} ms`,
    );
    check(
      'health while hashing',
      duringP99 < TARGET.healthP99Ms && steadyHealth.bad + burstHealthRes.bad + idle.bad === 0,
      `p99 ${ms(duringP99)} (idle ${ms(idleP99)}), target < ${TARGET.healthP99Ms} ms, ` +
        `${steadyHealth.bad + burstHealthRes.bad + idle.bad} probes not 200`,
    );
  } finally {
    await app.stop();
    await prep.cleanup();
  }
  return failures;
}

/** Runs the benchmark on each engine; answers the exit code. */
export async function runAuthBench() {
  requireBuild();
  const failures = [];
  for (const engine of ENGINES) {
    if (!['pg', 'pglite'].includes(engine)) {
      console.error(`unknown engine ${engine} (--only=pg|pglite)`);
      return 2;
    }
    if (engine === 'pg') {
      try {
        await adminQuery('SELECT 1');
      } catch (err) {
        console.error(`Cannot reach PostgreSQL at ${BENCH_DB_BASE} (set BENCH_DATABASE_URL): ${err.message}`);
        failures.push('PostgreSQL: unreachable');
        continue;
      }
    }
    try {
      failures.push(...(await benchEngine(engine)));
    } catch (err) {
      console.error(`  ${engine}: FAILED: ${err.message}`);
      failures.push(`${engine}: ${err.message}`);
    }
  }
  for (const f of failures) console.log(`FAILED: ${f}`);
  return failures.length ? 1 : 0;
}
