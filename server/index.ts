import cluster from 'node:cluster';
import { boot } from './boot';
import { runPrimary } from './cluster';
import { readEnv } from './env';
import { createLogger } from './lib/logger';
import { serveApp } from './serve';

const env = readEnv();

if (env.workers > 1 && cluster.isPrimary) {
  // One process per core on PostgreSQL (server/cluster.ts); each worker runs the branch below.
  await runPrimary(env, createLogger(env.logLevel));
} else {
  const booted = await boot(env);
  const { database, logger, mailer } = booted;
  serveApp(booted, env, (port) => {
    const details = { port, database: database.kind, mail: mailer.mode, dataDir: env.dataDir };
    // In a cluster the primary says it once, when every worker listens.
    if (cluster.isWorker) logger.debug(details, 'worker listening');
    else logger.info(details, `Cofound is running at ${env.baseUrl}`);
  });
}
