import { existsSync } from 'node:fs';
import path from 'node:path';
import { createApp } from './app';
import { promoteSuperAdmins } from './areas/profiles/profiles.service';
import { openDatabase, type Database } from './db/client';
import { WEB_DIST_DIR, type Env } from './env';
import { createLogger, type Logger } from './lib/logger';
import { createAuth } from './platform/auth';
import { createMailer, type Mailer } from './platform/email';
import { loadAuthSecret } from './platform/secret';

export type Booted = {
  app: ReturnType<typeof createApp>;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  close(): Promise<void>;
};

/**
 * Everything the process needs, in order: database (migrated), mail, auth, app. Tests call this with
 * their own database and environment; index.ts adds the HTTP server.
 */
export async function boot(
  env: Env,
  opts: { database?: Database; logger?: Logger; webDir?: string | null } = {},
) {
  const logger = opts.logger ?? createLogger(env.logLevel);
  const database =
    opts.database ??
    (await openDatabase(
      env.databaseUrl ? { url: env.databaseUrl } : { dataDir: path.join(env.dataDir, 'pglite') },
    ));
  await database.migrate();
  const promoted = await promoteSuperAdmins(database.db, env.adminEmails);
  if (promoted) logger.info({ promoted }, 'ADMIN_EMAILS: accounts made super admins');

  const mailer = createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom, dataDir: env.dataDir, logger });
  const secret = await loadAuthSecret(env.authSecret, env.dataDir);
  const auth = createAuth({
    db: database.db,
    mailer,
    logger,
    baseUrl: env.baseUrl,
    secret,
    adminEmails: env.adminEmails,
    trustedOrigins: [env.baseUrl, ...env.extraOrigins],
  });
  const webDir = opts.webDir === null ? undefined : (opts.webDir ?? WEB_DIST_DIR);
  const app = createApp({
    db: database.db,
    auth,
    logger,
    ping: database.ping,
    trustProxy: env.trustProxy,
    webDir: webDir && existsSync(path.join(webDir, 'index.html')) ? webDir : undefined,
  });
  return { app, database, logger, mailer, close: () => database.close() } satisfies Booted;
}
