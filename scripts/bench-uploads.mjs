// `npm run bench -- uploads [--only=pg|pglite|pg,pglite]`: what one account's uploads make the
// server hold (issue 26). On each database (PostgreSQL `cofound_bench_uploads` on
// BENCH_DATABASE_URL, made afresh; or the embedded PGlite), the built server (one process) is
// started, one account is signed in, and:
//  1. 30 parallel POST /api/investing/uploads/video, each a 49 MB MP4-headed file;
//  2. 30 parallel POST /api/events/covers, each a large real JPEG (a second account, so the first
//     one's per-person upload limit does not decide this round);
//  3. 30 parallel GETs of a stored video (downloads are streamed).
// With --images, round 2 is run on every image route (avatars, profile covers, article, forum,
// group, event and business page images), each by an account of its own.
// Before the rounds, each account makes one small upload (the server is warm, as in production:
// the first signed-in request loads modules and opens database connections), and the health check
// is measured with no upload at all: the machine's own noise, printed beside each round as a ratio.
// Throughout, the server's RSS (VmRSS in /proc/<pid>/status) and /api/health's latency are sampled.
// Printed: RSS growth over the round's start (MB), health p50/p99 (ms), answers by status. Exits
// non-zero when a round's RSS growth is >= 150 MB or health p99 >= 100 ms.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { Worker } from 'node:worker_threads';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  BENCH_AUTH_SECRET,
  adminQuery,
  dbUrl,
  freePort,
  pct,
  requireBuild,
  sessionCookie,
  sleep,
  startServer,
} from './bench-lib.mjs';

const argv = process.argv.slice(3);
const option = (name) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const ENGINES = (option('only') ?? 'pg,pglite').split(',');
const ALL_IMAGE_ROUTES = argv.includes('--images');
/** --rounds=videos,images,downloads (default all): which rounds to run (e.g. one, to profile it). */
const ROUNDS = new Set((option('rounds') ?? 'videos,images,downloads').split(','));
/** The image upload routes (--images): each takes a JPEG as its `file` part. */
const IMAGE_ROUTES = [
  ['event covers', '/api/events/covers'],
  ['avatars', '/api/profiles/me/avatar'],
  ['profile covers', '/api/profiles/me/cover'],
  // An article's featured image is at most 2000 px a side (common/articles/model.ts).
  ['article images', '/api/articles/images', 2000],
  ['forum covers', '/api/forums/images'],
  ['group images', '/api/groups/images?kind=post'],
  ['business page images', '/api/business-pages/images/content'],
];
const PARALLEL = Number(process.env.BENCH_UPLOADS_PARALLEL) || 30;
const MB = 1024 * 1024;
const VIDEO_BYTES = 49 * MB;
const TARGET = { rssGrowthMb: 150, healthP99Ms: 100 };
const PG_DB = 'cofound_bench_uploads';
const BOUNDARY = 'cofound-bench-boundary';

const MP4_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom'),
  Buffer.from([0, 0, 2, 0]),
  Buffer.from('isomiso2'),
]);

/** A real JPEG of noise, as large as an image may be (just under 10 MB): the costliest to decode. */
async function bigJpeg(side) {
  const { default: sharp } = await import('sharp');
  const noise = Buffer.alloc(side * side * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = (Math.random() * 256) | 0;
  return sharp(noise, { raw: { width: side, height: side, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

/** The CPU time the process has used, all its threads (ms; /proc/<pid>/stat, 10 ms ticks). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

function rssMb(pid) {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * One multipart upload over HTTP with its declared length, written 1 MB at a time as the socket
 * takes it; stops sending as soon as the server answers (a refusal before the body is read).
 */
function upload(base, route, cookie, file, filename, type) {
  const prefix = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\n` +
      `Content-Type: ${type}\r\n\r\n`,
  );
  const suffix = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const total = prefix.length + file.size + suffix.length;
  return new Promise((resolve) => {
    let answered = false;
    const req = http.request(
      `${base}${route}`,
      {
        method: 'POST',
        headers: {
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': String(total),
          cookie,
          origin: base,
        },
      },
      (res) => {
        answered = true;
        res.resume();
        res.on('end', () => {
          resolve(res.statusCode);
          req.destroy();
        });
      },
    );
    req.on('error', () => resolve(answered ? 'answered' : 'error'));
    const chunks = [prefix, ...file.chunks(), suffix];
    let i = 0;
    const write = () => {
      while (i < chunks.length && !answered) {
        const ok = req.write(chunks[i++]);
        if (!ok) return void req.once('drain', write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

/** A file of `size` bytes starting with `head`, handed out in 1 MB chunks of one shared buffer. */
function fileOf(head, size) {
  const filler = Buffer.alloc(MB, 7);
  return {
    size,
    *chunks() {
      yield head;
      for (let left = size - head.length; left > 0; left -= MB)
        yield left >= MB ? filler : filler.subarray(0, left);
    },
  };
}
const bytesFile = (bytes) => ({
  size: bytes.length,
  *chunks() {
    yield bytes;
  },
});

const HEALTH_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
(async () => {
  for (;;) {
    const t0 = performance.now();
    const res = await fetch(workerData.url);
    await res.arrayBuffer();
    parentPort.postMessage(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20));
  }
})();
`;

/**
 * Runs `burst` while sampling the server's RSS and /api/health's latency; answers whether the
 * targets were met (`baseline`: printed for comparison, no target).
 */
let baselineP99 = NaN;

async function measured(label, server, burst, { baseline = false } = {}) {
  const before = rssMb(server.pid);
  const cpuBefore = cpuMs(server.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(server.pid))), 25);
  // The health check from its own thread: the load generator's busy event loop must not count.
  const health = new Worker(HEALTH_WORKER, { eval: true, workerData: { url: `${server.base}/api/health` } });
  const latencies = [];
  health.on('message', (ms) => latencies.push(ms));
  await sleep(200);
  const t0 = performance.now();
  const statuses = await burst();
  const secs = (performance.now() - t0) / 1000;
  await sleep(300);
  await health.terminate();
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(server.pid));
  const cpu = cpuMs(server.pid) - cpuBefore;
  latencies.sort((a, b) => a - b);
  const counts = {};
  for (const s of statuses) counts[s] = (counts[s] ?? 0) + 1;
  const r = {
    label,
    rssBefore: before,
    growth: peak - before,
    p50: pct(latencies, 50),
    p99: pct(latencies, 99),
    samples: latencies.length,
    counts,
    secs,
  };
  const ok = baseline || (r.growth < TARGET.rssGrowthMb && r.p99 < TARGET.healthP99Ms);
  if (baseline) baselineP99 = r.p99;
  const ratio = baseline ? '' : ` = ${(r.p99 / baselineP99).toFixed(1)}x the baseline's`;
  console.log(
    `  ${label}: RSS ${before.toFixed(0)} MB, growth ${r.growth.toFixed(1)} MB (target < ${TARGET.rssGrowthMb}); ` +
      `health p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms${ratio} over ${r.samples} checks (target < ${TARGET.healthP99Ms}); ` +
      `answers ${JSON.stringify(counts)} in ${secs.toFixed(1)} s; server CPU ${cpu} ms${ok ? '' : '  MISSED'}`,
  );
  return ok;
}

async function openDb(isPg, url, pgliteDir) {
  if (isPg) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    return { query: (t, p) => client.query(t, p), close: () => client.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const db = await PGlite.create(pgliteDir, { extensions: { pg_trgm } });
  return { query: (t, p) => db.query(t, p), close: () => db.close() };
}

/** `count` members with a session each, made by SQL (no sign-up mail). */
async function members(db, count) {
  const cookies = [];
  for (let n = 1; n <= count; n++) {
    const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
    await db.query(
      `INSERT INTO users (id, name, email, email_verified, username, display_username)
       VALUES ($1, $2, $3, true, $4, $4)`,
      [id, `Uploader ${n}`, `uploader${n}@bench.example`, `uploader${n}`],
    );
    await db.query(`INSERT INTO profiles (id, username, full_name, email) VALUES ($1, $2, $3, $4)`, [
      id,
      `uploader${n}`,
      `Uploader ${n}`,
      `uploader${n}@bench.example`,
    ]);
    const token = `bench-upload-session-${n}-${Date.now()}`;
    await db.query(
      `INSERT INTO sessions (token, user_id, expires_at, ip_address, user_agent)
       VALUES ($1, $2, now() + interval '1 day', '127.0.0.1', 'cofound-bench-uploads')`,
      [token, id],
    );
    cookies.push(sessionCookie(token));
  }
  return cookies;
}

async function runEngine(engine, jpegs) {
  const isPg = engine === 'pg';
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cofound-bench-uploads-'));
  const url = isPg ? dbUrl(PG_DB) : null;
  const pgliteDir = path.join(dataDir, 'pglite');
  console.log(`\n${isPg ? `PostgreSQL (database ${PG_DB})` : `PGlite (${pgliteDir})`}`);
  const serverEnv = { DATABASE_URL: url ?? '', DATA_DIR: dataDir };
  const start = async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const s = await startServer({
      port,
      env: { AUTH_SECRET: BENCH_AUTH_SECRET, BASE_URL: base, LOG_LEVEL: 'warn', ...serverEnv },
      maxLogLines: 5,
      // PGlite migrates in the server process: slow on a busy machine.
      waitMs: 180_000,
    });
    return { ...s, base };
  };
  let ok = true;
  try {
    if (isPg) {
      await adminQuery(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`);
      await adminQuery(`CREATE DATABASE ${PG_DB}`);
    }
    await (await start()).stop(); // migrates
    const db = await openDb(isPg, url, pgliteDir);
    const imageRoutes = ALL_IMAGE_ROUTES ? IMAGE_ROUTES : IMAGE_ROUTES.slice(0, 1);
    const [videoCookie, storeCookie, ...imageCookies] = await members(db, 2 + imageRoutes.length).finally(
      () => db.close(),
    );
    const server = await start();
    try {
      await sleep(500);
      const video = fileOf(MP4_HEAD, VIDEO_BYTES);
      let stored = null;
      // Warm-up: one small upload by each account (modules loaded, connections open, code compiled).
      const smallVideo = fileOf(MP4_HEAD, MB);
      const warm = [
        await upload(
          server.base,
          '/api/investing/uploads/video',
          videoCookie,
          smallVideo,
          'w.mp4',
          'video/mp4',
        ),
        ...(await Promise.all(
          imageRoutes.map(([, route, side = 2400], i) =>
            upload(server.base, route, imageCookies[i], bytesFile(jpegs.get(side)), 'w.jpg', 'image/jpeg'),
          ),
        )),
      ];
      if (warm.some((s) => s !== 201 && s !== 200)) console.log(`  (warm-up answers: ${warm.join(', ')})`);
      // What the health check takes on this machine with no upload at all (others' load shows here).
      await measured('no uploads (baseline, no target)', server, () => sleep(4000).then(() => []), {
        baseline: true,
      });
      if (ROUNDS.has('videos'))
        ok =
          (await measured(`${PARALLEL} parallel 49 MB videos, one account`, server, () =>
            Promise.all(
              Array.from({ length: PARALLEL }, () =>
                upload(
                  server.base,
                  '/api/investing/uploads/video',
                  videoCookie,
                  video,
                  'clip.mp4',
                  'video/mp4',
                ),
              ),
            ),
          )) && ok;
      // One stored video for the download round.
      await sleep(200);
      const one = await fetch(`${server.base}/api/investing/uploads/video`, {
        method: 'POST',
        headers: { cookie: storeCookie, origin: server.base },
        body: (() => {
          const form = new FormData();
          form.append('file', new Blob([MP4_HEAD, Buffer.alloc(20 * MB, 1)], { type: 'video/mp4' }), 'v.mp4');
          return form;
        })(),
      });
      if (one.status === 201) stored = (await one.json()).url;
      else console.log(`  (no video stored for the download round: ${one.status} ${await one.text()})`);
      for (const [i, [name, route, side = 2400]] of ROUNDS.has('images') ? imageRoutes.entries() : []) {
        const image = bytesFile(jpegs.get(side));
        ok =
          (await measured(
            `${PARALLEL} parallel ${(image.size / MB).toFixed(1)} MB JPEGs (${side}x${side}) to ${name}, one account`,
            server,
            () =>
              Promise.all(
                Array.from({ length: PARALLEL }, () =>
                  upload(server.base, route, imageCookies[i], image, 'photo.jpg', 'image/jpeg'),
                ),
              ),
          )) && ok;
      }
      if (stored && ROUNDS.has('downloads'))
        ok =
          (await measured(`${PARALLEL} parallel downloads of a 20 MB video`, server, () =>
            Promise.all(
              Array.from({ length: PARALLEL }, async () => {
                const res = await fetch(`${server.base}${stored}`);
                const reader = res.body.getReader();
                for (;;) if ((await reader.read()).done) break;
                return res.status;
              }),
            ),
          )) && ok;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    if (isPg) await adminQuery(`DROP DATABASE IF EXISTS ${PG_DB} WITH (FORCE)`).catch(() => {});
  }
  return ok;
}

export async function runUploadsBench() {
  requireBuild();
  const jpegs = new Map([
    [2400, await bigJpeg(2400)],
    [2000, await bigJpeg(2000)],
  ]);
  let ok = true;
  for (const engine of ENGINES) {
    if (engine !== 'pg' && engine !== 'pglite') {
      console.error(`Unknown engine "${engine}": --only=pg, pglite or pg,pglite`);
      return 2;
    }
    if (!(await runEngine(engine, jpegs))) ok = false;
  }
  console.log(ok ? '\nAll targets met.' : '\nA target was MISSED.');
  return ok ? 0 : 1;
}
