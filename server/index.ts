import { boot } from './boot';
import { readEnv } from './env';
import { serveApp } from './serve';

const env = readEnv();
const booted = await boot(env);
const { database, logger, mailer } = booted;

serveApp(booted, env, (port) => {
  logger.info(
    { port, database: database.kind, mail: mailer.mode, dataDir: env.dataDir },
    `Cofound is running at ${env.baseUrl}`,
  );
});
