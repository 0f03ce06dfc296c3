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
import { createLocalBus, createPgBus, type Bus } from './platform/bus';
import { createRealtime, type Realtime } from './platform/realtime';
import { createSessionCache, type SessionCache } from './platform/session-cache';
import { createStorage, type Storage } from './platform/storage';
import type { Viewer } from './lib/context';
import { canMessage, registerMessageLoader, setMessagePolicy } from './areas/messages/messages.service';
import { canContact, isBlockedEither } from './areas/connections/connections.service';
import { publishNewMember } from './areas/feed/feed.service';
import { registerCommentLoader } from './areas/comments/comments.service';
import { canWatchContent } from './areas/reactions/reactions.service';
import { createNotificationMailer, type NotificationMailer } from './areas/notifications/notifications.mail';

export type Booted = {
  app: ReturnType<typeof createApp>;
  database: Database;
  logger: Logger;
  mailer: Mailer;
  bus: Bus;
  realtime: Realtime;
  storage: Storage;
  sessions: SessionCache<Viewer>;
  notificationMail: NotificationMailer;
  /** Stop background work (timers, sockets, the bus), leaving the database open. */
  stop(): Promise<void>;
  /** stop(), then close the database. */
  close(): Promise<void>;
};

/**
 * Everything the process needs, in order: database (migrated), mail, auth, app. Tests call this with
 * their own database and environment; index.ts adds the HTTP server.
 */
export async function boot(
  env: Env,
  opts: {
    database?: Database;
    logger?: Logger;
    webDir?: string | null;
    /** How often the notification mailer looks for due mail (0: only when flushed by hand, in tests). */
    notificationMailIntervalMs?: number;
    /** Default: what env.storage says ($DATA_DIR/files or S3). */
    storage?: Storage;
  } = {},
): Promise<Booted> {
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
  // Several processes on one PostgreSQL server share events through it; the embedded database has one process.
  const bus =
    env.realtimeBus === 'off'
      ? createLocalBus(logger, { off: true })
      : database.url
        ? await createPgBus({ url: database.url, logger })
        : createLocalBus(logger);
  const auth = createAuth({
    db: database.db,
    mailer,
    logger,
    baseUrl: env.baseUrl,
    secret,
    adminEmails: env.adminEmails,
    trustedOrigins: [env.baseUrl, ...env.extraOrigins],
    // A confirmed address makes a member: their welcome card goes on the feed.
    onEmailVerified: (userId) => publishNewMember({ db: database.db, bus, logger }, userId),
  });
  registerMessageLoader({ db: database.db, bus });
  registerCommentLoader({ db: database.db, bus });
  const realtime = createRealtime({
    auth,
    bus,
    db: database.db,
    logger,
    allowedOrigins: [env.baseUrl, ...env.extraOrigins],
  });
  // Blocking (profiles area) decides who may message, and type to, whom.
  setMessagePolicy((db, from, to) => canContact(db, from, to));
  realtime.setTypingPolicy((from, to) => canMessage(database.db, from, to));
  // A profile's live counts: anyone signed in whom the person has not blocked.
  realtime.registerTopic('profile', async (userId, id) => !(await isBlockedEither(database.db, userId, id)));
  // The feed's new and removed items: anyone signed in (what they may see is decided when they fetch).
  realtime.registerTopic('feed', (_userId, id) => id === 'all');
  // One piece of content's reactions and comments: whoever its area's content target lets see it.
  realtime.registerTopic('content', (userId, id) => canWatchContent(database.db, userId, id));
  const notificationMail = createNotificationMailer({
    db: database.db,
    mailer,
    logger,
    baseUrl: env.baseUrl,
    delayMs: env.notificationMailDelayMs,
    intervalMs: opts.notificationMailIntervalMs ?? 30_000,
  });

  const storage = opts.storage ?? createStorage(env.storage, env.dataDir);

  const sessions = createSessionCache<Viewer>(bus);

  const webDir = opts.webDir === null ? undefined : (opts.webDir ?? WEB_DIST_DIR);
  const app = createApp({
    db: database.db,
    auth,
    logger,
    bus,
    sessions,
    storage,
    onlineAmong: (ids) => realtime.onlineAmong(ids),
    ping: database.ping,
    trustProxy: env.trustProxy,
    benchFloor: env.benchFloor,
    webDir: webDir && existsSync(path.join(webDir, 'index.html')) ? webDir : undefined,
  });
  const stop = async () => {
    sessions.close();
    await notificationMail.close();
    await realtime.close();
    await bus.close();
  };
  return {
    app,
    database,
    logger,
    mailer,
    bus,
    realtime,
    storage,
    sessions,
    notificationMail,
    stop,
    async close() {
      await stop();
      await database.close();
    },
  };
}
