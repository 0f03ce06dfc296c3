import cluster, { type Worker } from 'node:cluster';
import { openDatabase } from './db/client';
import type { Env } from './env';
import type { Logger } from './lib/logger';
import { loadAuthSecret } from './platform/secret';
import { loadVapidKeys } from './platform/web-push';

/** How long the workers get to finish their requests on SIGTERM before they are killed. */
const STOP_GRACE_MS = 15_000;

/**
 * `npm start` with WORKERS > 1 (the default on PostgreSQL: one per core): this process migrates the
 * database and makes the auth secret and the VAPID keys once, then runs WORKERS copies of the server on the same port
 * (node:cluster hands each new connection to one of them). They share everything through
 * PostgreSQL: sessions, limits, and realtime events over LISTEN/NOTIFY, as separate instances do.
 * A worker that dies is replaced; one that cannot start stops the whole server.
 */
export async function runPrimary(env: Env, logger: Logger) {
  if (!env.databaseUrl) throw new Error('several workers need DATABASE_URL');
  const database = await openDatabase({
    url: env.databaseUrl,
    poolSize: 1,
    statementTimeoutMs: env.statementTimeoutMs,
  });
  try {
    await database.migrate();
  } finally {
    await database.close();
  }
  // Made here once: workers starting together would each write a different one.
  await loadAuthSecret(env.authSecret, env.dataDir);
  await loadVapidKeys(env.dataDir);

  /** Live workers, and whether each has started listening. */
  const workers = new Map<Worker, { listening: boolean }>();
  /** Workers told to stop because a replacement took their place (a rolling restart). */
  const retiring = new Set<Worker>();
  let listening = 0;
  let stopping = false;
  let stopCode = 0;

  const fork = () => workers.set(cluster.fork(), { listening: false });
  cluster.on('listening', (worker, address) => {
    const state = workers.get(worker);
    if (!state || state.listening) return;
    state.listening = true;
    // Said once, when the first set of workers is up; replacements later are said one by one.
    if (++listening === env.workers)
      logger.info(
        { port: address.port, workers: env.workers, database: 'postgres', dataDir: env.dataDir },
        `Cofound is running at ${env.baseUrl} (${env.workers} processes)`,
      );
    else if (listening > env.workers)
      logger.info({ worker: worker.process.pid }, 'a replacement server process is listening');
  });
  cluster.on('exit', (worker, code, signal) => {
    const state = workers.get(worker);
    workers.delete(worker);
    if (retiring.delete(worker)) {
      // Replaced on purpose (restart()): its replacement already listens.
      if (stopping && !workers.size) process.exit(stopCode);
      return;
    }
    if (stopping) {
      if (!workers.size) {
        logger.info('stopped');
        process.exit(stopCode);
      }
      return;
    }
    if (!state?.listening) {
      logger.fatal(
        { worker: worker.process.pid, code, signal },
        'a server process could not start; stopping',
      );
      void stop(1);
      return;
    }
    logger.error({ worker: worker.process.pid, code, signal }, 'a server process died; starting another');
    fork();
  });

  async function stop(exitCode: number) {
    if (stopping) return;
    stopping = true;
    stopCode = exitCode;
    if (!workers.size) process.exit(exitCode);
    for (const worker of workers.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => {
      logger.warn('server processes still running after 15 s; killing them');
      for (const worker of workers.keys()) worker.process.kill('SIGKILL');
      process.exit(exitCode || 1);
    }, STOP_GRACE_MS).unref();
  }
  /**
   * SIGHUP: a rolling restart (a new build, say). One worker at a time, a replacement starts and,
   * once it listens, the old one gets SIGTERM and drains (serve.ts): it stops accepting, finishes
   * its requests and closes its sockets while the others serve, so no request is lost.
   */
  let restarting = false;
  async function restart() {
    if (restarting || stopping) return;
    restarting = true;
    logger.info('rolling restart: replacing the server processes one by one');
    try {
      for (const old of [...workers.keys()]) {
        if (stopping) break;
        const fresh = cluster.fork();
        workers.set(fresh, { listening: false });
        const up = await new Promise<boolean>((resolve) => {
          fresh.once('listening', () => resolve(true));
          fresh.once('exit', () => resolve(false));
        });
        if (!up) return;
        if (!workers.has(old)) continue;
        retiring.add(old);
        const gone = new Promise<void>((resolve) => old.once('exit', () => resolve()));
        old.process.kill('SIGTERM');
        await gone;
      }
      logger.info('rolling restart done');
    } finally {
      restarting = false;
    }
  }

  // Ctrl-C reaches the workers too (same process group); SIGTERM from a supervisor reaches only us.
  process.on('SIGTERM', () => void stop(0));
  process.on('SIGINT', () => void stop(0));
  process.on('SIGHUP', () => void restart());

  for (let i = 0; i < env.workers; i++) fork();
}
