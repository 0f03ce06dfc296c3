// The pieces every HTTP benchmark shares (issue 14): the bare floor, and a load test that counts
// every failure and the server's CPU per request. Figures are read as ratios to the floor measured
// in the same run: absolute requests a second swing 2x on a shared machine, ratios and CPU do not.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuSeconds, freePort, postgresCpu, postgresCpuDelta, stoppable } from './bench-lib.mjs';

const FLOOR_SERVER = fileURLToPath(new URL('./bench-floor-server.mjs', import.meta.url));

/**
 * Starts the bare floor in its own process: Hono with no middleware on @hono/node-server, the same
 * pool settings and the same primary-key read as GET /api/bench/floor
 * (scripts/bench-floor-server.mjs). `databaseUrl` for PostgreSQL, or `pgliteDir` (the directory of
 * an embedded database no other process has open). Answers `{ stop, pid, base }`; the floor is at
 * `${base}/api/bench/floor?id=<profile id>`.
 */
export async function startBareFloor({ databaseUrl, pgliteDir, port } = {}) {
  if (!databaseUrl && !pgliteDir) throw new Error('startBareFloor: databaseUrl or pgliteDir is required');
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean) ?? [];
  const listenOn = port ?? (await freePort());
  const proc = spawn(process.execPath, [...nodeArgs, FLOOR_SERVER], {
    env: {
      ...process.env,
      PORT: String(listenOn),
      DATABASE_URL: databaseUrl ?? '',
      PGLITE_DIR: pgliteDir ?? '',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const kill = () => proc.kill('SIGKILL');
  process.once('exit', kill);
  const { stop, exitedPromise } = stoppable(proc);
  void exitedPromise.then(() => process.removeListener('exit', kill));
  proc.stdout.setEncoding('utf8');
  const ready = new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error('the bare floor did not start within 30 s')), 30_000);
    proc.stdout.on('data', (chunk) => {
      seen += chunk;
      if (/^ready \d+/m.test(seen)) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exitedPromise.then((e) => {
      clearTimeout(timer);
      reject(new Error(`the bare floor exited during start (code ${e.code}, signal ${e.signal})`));
    });
  });
  try {
    await ready;
  } catch (err) {
    await stop();
    throw err;
  }
  return { stop, pid: proc.pid, base: `http://127.0.0.1:${listenOn}` };
}

const headersOf = (headers) => (typeof headers === 'function' ? headers() : (headers ?? {}));

/** One autocannon run; every request's path and headers made fresh (random ids, random members). */
function cannon({ url, path, seconds, connections, headers, method, body, rate }) {
  const target = new URL(url);
  const pathOf = path ?? (() => target.pathname + target.search);
  const errorSamples = new Map();
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.origin,
        connections,
        pipelining: 1,
        duration: seconds,
        timeout: 10,
        ...(rate && { overallRate: rate }),
        requests: [
          {
            method: method ?? 'GET',
            ...(body !== undefined && { body: typeof body === 'string' ? body : JSON.stringify(body) }),
            setupRequest: (req) => {
              req.path = pathOf();
              req.headers = { ...req.headers, ...headersOf(headers) };
              return req;
            },
            onResponse: (status, resBody) => {
              if (status >= 200 && status < 300) return;
              const k = `${status} ${String(resBody).slice(0, 160)}`;
              if (errorSamples.size < 5 || errorSamples.has(k))
                errorSamples.set(k, (errorSamples.get(k) ?? 0) + 1);
            },
          },
        ],
      },
      (err, result) => (err ? reject(err) : resolve({ result, errorSamples })),
    );
  });
}

/** The process ids of the PostgreSQL backends connected to this database now. */
async function backendsOf(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query(
      `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    return new Set(rows.map((r) => String(r.pid)));
  } finally {
    await client.end();
  }
}

/**
 * Load on one endpoint: `connections` at once for `seconds` (after `warmupSeconds` not counted),
 * with autocannon. `url` is the full address; `path()` (optional) makes each request's path and
 * query, `headers` is an object or a function making each request's headers; `method` and `body`
 * (a string, or an object sent as JSON) for writes; `rate`: at most this many requests a second in
 * all (default: as fast as answered). `pid`: the server process whose CPU is counted.
 *
 * Answers `{ requests, rps, p50, p99, errors, non2xx, failed, cpuMsPerRequest, pgCpuMsPerRequest,
 * errorSamples }`: `requests` answered 2xx, `rps` of those; `errors` counts every non-2xx answer and
 * every failed request (timeouts included); CPU per request is the server process's CPU time over
 * every request it answered; PostgreSQL's beside it: with `databaseUrl`, of the backends connected
 * to that database only (other work on the same server is not counted), else of every postgres
 * process on this machine.
 */
export async function loadTest({
  url,
  path,
  seconds = 20,
  connections = 50,
  headers,
  method,
  body,
  warmupSeconds = 3,
  pid,
  databaseUrl,
  rate,
}) {
  const opts = { url, path, connections, headers, method, body, rate };
  if (warmupSeconds > 0) await cannon({ ...opts, seconds: warmupSeconds }); // JIT, pools, caches
  const s0 = pid ? cpuSeconds(pid) : null;
  const p0 = postgresCpu();
  const { result, errorSamples } = await cannon({ ...opts, seconds });
  const s1 = pid ? cpuSeconds(pid) : null;
  const p1 = postgresCpu();
  if (databaseUrl) {
    const ours = await backendsOf(databaseUrl);
    for (const pgPid of p1.keys()) if (!ours.has(pgPid)) p1.delete(pgPid);
  }
  const pgSecs = postgresCpuDelta(p0, p1);
  const ok = result['2xx'];
  const answered = ok + result.non2xx;
  const perRequest = (secs) => (answered > 0 ? (1000 * secs) / answered : NaN);
  return {
    requests: ok,
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // autocannon's `errors` (failed requests) include its `timeouts`.
    errors: result.non2xx + result.errors,
    non2xx: result.non2xx,
    failed: result.errors,
    cpuMsPerRequest: s0 === null || s1 === null ? NaN : perRequest(s1 - s0),
    pgCpuMsPerRequest: p0.size ? perRequest(pgSecs) : NaN,
    errorSamples,
  };
}
