import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readEnv, ROOT } from './env';
import { withDatabase } from './test/global-setup';

describe('how many server processes npm start runs', () => {
  it('one per core on PostgreSQL, one on the embedded database, WORKERS when given', () => {
    expect(readEnv({}).workers).toBe(1);
    expect(readEnv({ DATABASE_URL: 'postgres://db.example/cofound' }).workers).toBe(availableParallelism());
    expect(readEnv({ DATABASE_URL: 'postgres://db.example/cofound', WORKERS: '3' }).workers).toBe(3);
    expect(readEnv({ WORKERS: '1' }).workers).toBe(1);
  });

  it('refuses several processes on the embedded database, which only one process can open', () => {
    expect(() => readEnv({ WORKERS: '2' })).toThrow(/WORKERS: more than one process needs DATABASE_URL/);
    expect(() => readEnv({ WORKERS: '0' })).toThrow(/WORKERS/);
  });
});

/** Pids of the processes whose parent is `pid` (Linux /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((n) => /^\d+$/.test(n))
    .filter((n) => {
      try {
        const stat = readFileSync(`/proc/${n}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false;
      }
    })
    .map(Number);
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

async function until<T>(what: string, fn: () => T | Promise<T>, ms = 20_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });

/** GET /api/health on a new connection (a kept-alive one may have belonged to a killed worker). */
const health = (base: string) =>
  new Promise<number>((resolve, reject) =>
    http
      .get(`${base}/api/health`, { agent: false, timeout: 5000 }, (res) => {
        res.resume();
        resolve(res.statusCode!);
      })
      .on('timeout', function (this: http.ClientRequest) {
        this.destroy(new Error('no answer within 5 s'));
      })
      .on('error', reject),
  );

const pgUrl = process.env.TEST_DATABASE_URL;
const SERVER = path.join(ROOT, 'dist/server/index.js');

describe.runIf(pgUrl)('npm start with two processes on PostgreSQL (needs TEST_DATABASE_URL)', () => {
  const name = `cofound_cluster_${process.pid}_${randomBytes(3).toString('hex')}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'cofound-cluster-'));
  let server: ChildProcess;
  let base: string;
  let log = '';
  let exit: Promise<number | null>;

  /** The built server with two workers on `port`, its output (both streams) passed to `onOutput`. */
  function startTwo(port: number, onOutput: (chunk: string) => void) {
    const child = spawn(process.execPath, [SERVER], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        BASE_URL: `http://127.0.0.1:${port}`,
        DATA_DIR: dataDir,
        DATABASE_URL: withDatabase(pgUrl!, name),
        WORKERS: '2',
        SMTP_URL: '',
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.setEncoding('utf8').on('data', onOutput);
    child.stderr!.setEncoding('utf8').on('data', onOutput);
    return child;
  }

  beforeAll(async () => {
    if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: npm run build first (npm test does)`);
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    server = startTwo(port, (d) => (log += d));
    exit = new Promise((resolve) => server.on('exit', (code) => resolve(code)));
    await until(
      'the server to say it runs',
      () => /Cofound is running at .*\(2 processes\)/.test(log),
      60_000,
    );
  }, 90_000);

  afterAll(async () => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
    const admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs two workers that answer on one port, with one auth secret and one VAPID key pair made before they start', async () => {
    expect(childrenOf(server.pid!)).toHaveLength(2);
    const answers = await Promise.all(Array.from({ length: 20 }, () => health(base)));
    expect(answers).toEqual(Array(20).fill(200));
    expect(readFileSync(path.join(dataDir, 'auth-secret'), 'utf8').length).toBeGreaterThanOrEqual(32);
    // One VAPID key pair, made by the primary: every worker serves its public key.
    const jwk = JSON.parse(readFileSync(path.join(dataDir, 'vapid-keys.json'), 'utf8')) as {
      x: string;
      y: string;
    };
    const publicKey = Buffer.concat([
      Buffer.from([4]),
      Buffer.from(jwk.x, 'base64url'),
      Buffer.from(jwk.y, 'base64url'),
    ]).toString('base64url');
    const keys = await Promise.all(
      Array.from(
        { length: 10 },
        async () => ((await (await fetch(`${base}/api/push/key`)).json()) as { publicKey: string }).publicKey,
      ),
    );
    expect(new Set(keys)).toEqual(new Set([publicKey]));
    // Migrated once by the primary; each worker then found nothing to do.
    const admin = new pg.Client({ connectionString: withDatabase(pgUrl!, name) });
    await admin.connect();
    const { rows } = await admin.query('select count(*)::int as n from drizzle.__drizzle_migrations');
    await admin.end();
    const migrations = readdirSync(path.join(ROOT, 'server/db/migrations')).filter((f) => f.endsWith('.sql'));
    expect(rows[0].n).toBe(migrations.length);
  });

  it('replaces a worker that dies, and keeps answering', async () => {
    const [victim, survivor] = childrenOf(server.pid!);
    process.kill(victim!, 'SIGKILL');
    // Once the primary has seen the death, new connections go to the survivor (a connection handed
    // to the dying worker in the instant before is lost, as with any crashed process).
    await until('the primary to log it', () => /a server process died; starting another/.test(log));
    expect(await health(base)).toBe(200);
    const now = await until('a replacement worker', () => {
      const kids = childrenOf(server.pid!);
      return kids.length === 2 && !kids.includes(victim!) ? kids : null;
    });
    expect(now).toContain(survivor);
    await until('the replacement to listen', () => /a replacement server process is listening/.test(log));
    // Connections go to both workers in turn: every one of a few answers.
    expect(await Promise.all(Array.from({ length: 6 }, () => health(base)))).toEqual(Array(6).fill(200));
  });

  it('stops every worker and exits 0 on SIGTERM', async () => {
    const kids = childrenOf(server.pid!);
    server.kill('SIGTERM');
    expect(await exit).toBe(0);
    await until('the workers to be gone', () => kids.every((pid) => !alive(pid)), 5_000);
  });

  it('stops, with exit code 1, when the workers cannot start (the port is taken)', async () => {
    const blocker = net.createServer();
    const port = await new Promise<number>((resolve) =>
      blocker.listen(0, '127.0.0.1', () => resolve((blocker.address() as net.AddressInfo).port)),
    );
    try {
      let out = '';
      const second = startTwo(port, (d) => (out += d));
      const code = await new Promise((resolve) => second.on('exit', resolve));
      expect(code).toBe(1);
      expect(out).toMatch(/a server process could not start; stopping/);
      expect(childrenOf(second.pid!)).toEqual([]);
    } finally {
      blocker.close();
    }
  }, 60_000);
});
