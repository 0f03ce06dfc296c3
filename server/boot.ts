import { existsSync } from 'node:fs';
import path from 'node:path';
import { addMarkdownSiteOrigin } from '@common/core/markdown';
import { createApp } from './app';
import { openDatabase, type Database } from './db/client';
import { WEB_DIST_DIR, type Env } from './env';
import { createLogger, type Logger } from './lib/logger';
import { createAuth, type NewAccount } from './platform/auth';
import { createMailer, type Mailer } from './platform/email';
import { loadAuthSecret } from './platform/secret';
import { loadVapidKeys } from './platform/web-push';
import { createLocalBus, createPgBus, type Bus } from './platform/bus';
import { createRealtime, type Realtime } from './platform/realtime';
import { createSessionCache, type SessionCache } from './platform/session-cache';
import { weakHashing } from './platform/password';
import { startMaintenance } from './platform/maintenance';
import { createDataExports, type AreaExporter, type DataExports } from './platform/data-export';
import { createMeter, type Meter } from './platform/rate-limit';
import { createStorage, type Storage } from './platform/storage';
import { createLinkPreviews, type LinkPreviewOptions } from './platform/link-preview';
import type { Viewer } from './lib/context';
import { areas } from './areas';
import { resetPasswordMail, verifyEmailMail, welcomeMail } from './areas/auth';
import { createDigestJob, type DigestJob } from './areas/digests';
import {
  createNotificationMailer,
  createNotificationPusher,
  type NotificationMailer,
  type NotificationPusher,
} from './areas/notifications';
import type { Tx } from './db/rules';
import type { AccountDeletion, AreaContext, AreaModule } from './platform/area';
import { registerContentTarget } from './platform/content-targets';
import { registerDigestSection } from './platform/digest-sections';
import { createLinkSigner } from './platform/signed-links';
import { registerFeedKind } from './platform/feed-kinds';
import { registerModerationQueue } from './platform/moderation-queues';
import { registerInquiryKind, setMessagePolicy } from './platform/policies';
import { registerNotificationType } from './platform/notification-types';
import { registerReportTarget } from './platform/report-targets';
import { registerSearchProvider } from './platform/search-providers';
import { registerSuggestionSource } from './platform/suggestion-sources';

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
  /** Sends notifications as web pushes to people with no tab open (flush() sends what is due now). */
  notificationPush: NotificationPusher;
  /** The digest mail to members who have been away (run() does a round now). */
  digests: DigestJob;
  /** Housekeeping on a timer (old limit windows, unattached uploads); run() does a round now. */
  maintenance: ReturnType<typeof startMaintenance>;
  dataExports: DataExports;
  /** Per-person budgets shared with the other instances (sync() shares them now). */
  meter: Meter;
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
    /** Tests: the link preview fetcher's name resolver and deadline. */
    linkPreviews?: Pick<LinkPreviewOptions, 'resolve' | 'timeoutMs'>;
  } = {},
): Promise<Booted> {
  const logger = opts.logger ?? createLogger(env.logLevel);
  const database =
    opts.database ??
    (await openDatabase(
      env.databaseUrl
        ? { url: env.databaseUrl, statementTimeoutMs: env.statementTimeoutMs, poolSize: env.dbPoolSize }
        : { dataDir: path.join(env.dataDir, 'pglite') },
    ));
  if (env.nodeEnv !== 'test' && weakHashing())
    logger.warn(
      'CHEAP_PASSWORD_HASHING_FOR_TESTS is set: passwords are hashed below OWASP’s cost; never in production',
    );
  if (env.testHooks)
    logger.warn(
      'TEST_HOOKS is set: super admins may run background jobs as of any time (POST /api/test/jobs/{name}); never in a deployment',
    );
  await database.migrate();

  const mailer = createMailer({ smtpUrl: env.smtpUrl, from: env.mailFrom, dataDir: env.dataDir, logger });
  const secret = await loadAuthSecret(env.authSecret, env.dataDir);
  const vapidKeys = await loadVapidKeys(env.dataDir);
  // Several processes on one PostgreSQL server share events through it; the embedded database has one
  // process.
  const bus =
    env.realtimeBus === 'off'
      ? createLocalBus(logger, { off: true })
      : database.url
        ? await createPgBus({ url: database.url, logger })
        : createLocalBus(logger);
  const storage = opts.storage ?? createStorage(env.storage, env.dataDir);
  // An article's link or picture pointing at this site's API is refused by host too.
  for (const origin of [env.baseUrl, ...env.extraOrigins]) addMarkdownSiteOrigin(origin);
  const emailVerifiedHooks: ((userId: string) => Promise<void>)[] = [];
  const userCreatedHooks: ((user: NewAccount) => Promise<void>)[] = [];
  const auth = createAuth({
    db: database.db,
    mailer,
    logger,
    baseUrl: env.baseUrl,
    secret,
    adminEmails: env.adminEmails,
    trustedOrigins: [env.baseUrl, ...env.extraOrigins],
    mails: { verifyEmail: verifyEmailMail, resetPassword: resetPasswordMail, welcome: welcomeMail },
    onUserCreated: async (user) => {
      for (const hook of userCreatedHooks) await hook(user);
    },
    onEmailVerified: async (userId) => {
      for (const hook of emailVerifiedHooks) await hook(userId);
    },
  });
  // Per-person budgets: counted in memory, shared with every instance about once a second.
  const meter = createMeter({
    db: database.db,
    instanceId: bus.instanceId,
    onError: (err) => logger.warn({ err }, 'usage tally sync failed'),
  });
  meter.start();
  const realtime = createRealtime({
    auth,
    bus,
    db: database.db,
    logger,
    meter,
    allowedOrigins: [env.baseUrl, ...env.extraOrigins],
    url: database.url,
  });
  // Every area declares what it plugs into (docs/decisions/012); nothing registers itself on import.
  const ctx: AreaContext = {
    db: database.db,
    bus,
    logger,
    storage,
    registerTopic: realtime.registerTopic,
    registerEventLoader: bus.registerLoader,
    registerEventView: realtime.registerEventView,
    registerContentTarget,
    registerReportTarget,
    registerModerationQueue,
    registerSearchProvider,
    registerFeedKind,
    registerDigestSection,
    registerNotificationType,
    registerInquiryKind,
    registerSuggestionSource,
    setMessagePolicy,
    setTypingPolicy: realtime.setTypingPolicy,
    onEmailVerified: (hook) => void emailVerifiedHooks.push(hook),
    onUserCreated: (hook) => void userCreatedHooks.push(hook),
  };
  for (const area of areas) if ('register' in area) area.register(ctx);
  for (const area of areas)
    if ('start' in area) await area.start({ db: database.db, logger, adminEmails: env.adminEmails });
  const onAccountDeleted = async (tx: Tx, userId: string) => {
    const done: AccountDeletion[] = [];
    for (const area of areas) {
      if (!('onAccountDeleted' in area)) continue;
      const result = await area.onAccountDeleted(tx, userId, { bus });
      if (result) done.push(result);
    }
    return done;
  };
  const notificationMail = createNotificationMailer({
    db: database.db,
    mailer,
    logger,
    baseUrl: env.baseUrl,
    delayMs: env.notificationMailDelayMs,
    intervalMs: opts.notificationMailIntervalMs ?? 30_000,
  });
  const notificationPush = createNotificationPusher({
    db: database.db,
    bus,
    logger,
    keys: vapidKeys,
    subject: env.push.subject,
    policy: { allowPrivate: env.push.allowPrivate },
    onlineAmong: (ids) => realtime.onlineAmong(ids),
    intervalMs: opts.notificationMailIntervalMs === 0 ? 0 : 60_000,
  });
  const links = createLinkSigner(secret);
  const digests = createDigestJob({
    db: database.db,
    mailer,
    logger,
    links,
    baseUrl: env.baseUrl,
    intervalMs: opts.notificationMailIntervalMs === 0 ? 0 : 15 * 60_000,
  });
  if (env.push.allowPrivate && env.nodeEnv === 'production')
    logger.warn(
      'PUSH_ALLOW_PRIVATE_ENDPOINTS is set: push endpoints on private addresses are accepted; never in production',
    );

  const sessions = createSessionCache<Viewer>(bus);
  const maintenance = startMaintenance({ db: database.db, storage, logger });
  const exportParts: { area: string; exportData: AreaExporter }[] = [];
  for (const area of areas as readonly AreaModule[])
    if (area.exportData) exportParts.push({ area: area.name, exportData: area.exportData });
  const dataExports = createDataExports({
    db: database.db,
    storage,
    mailer,
    logger,
    dataDir: env.dataDir,
    baseUrl: env.baseUrl,
    parts: exportParts,
    timers: opts.notificationMailIntervalMs !== 0,
  });

  const linkPreviews = createLinkPreviews({
    db: database.db,
    storage,
    logger,
    allowHosts: env.linkPreviewAllowHosts,
    baseUrl: env.baseUrl,
    ...opts.linkPreviews,
  });
  if (env.linkPreviewAllowHosts.length)
    logger.info({ hosts: env.linkPreviewAllowHosts }, 'link previews may reach these private hosts');

  const webDir = opts.webDir === null ? undefined : (opts.webDir ?? WEB_DIST_DIR);
  const app = createApp({
    db: database.db,
    meter,
    auth,
    logger,
    bus,
    sessions,
    storage,
    onlineAmong: (ids) => realtime.onlineAmong(ids),
    onAccountDeleted,
    webPush: { publicKey: vapidKeys.publicKey, policy: { allowPrivate: env.push.allowPrivate } },
    ping: database.ping,
    trustProxy: env.trustProxy,
    allowedOrigins: [env.baseUrl, ...env.extraOrigins],
    requireAdminTwoFactor: env.requireAdminTwoFactor,
    benchFloor: env.benchFloor,
    testJobs: env.testHooks ? { digests: (at) => digests.run(at) } : undefined,
    checkResponses: env.nodeEnv === 'test',
    dataExports,
    links,
    linkPreviews,
    webDir: webDir && existsSync(path.join(webDir, 'index.html')) ? webDir : undefined,
  });
  const stop = async () => {
    sessions.close();
    await maintenance.close();
    await dataExports.close();
    await notificationMail.close();
    await notificationPush.close();
    await digests.close();
    await realtime.close();
    await meter.stop();
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
    notificationPush,
    digests,
    maintenance,
    dataExports,
    meter,
    stop,
    async close() {
      await stop();
      await database.close();
    },
  };
}
