import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The project root: the nearest folder above this module holding package.json (source or bundle). */
function findRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'package.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}
export const ROOT = findRoot();
export const MIGRATIONS_DIR = path.join(ROOT, 'server/db/migrations');
export const WEB_DIST_DIR = path.join(ROOT, 'dist/web');

const bool = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === '1' || v === 'true' || v === 'yes');

const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

const list = (s: string) =>
  s
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Server processes sharing the port (node:cluster). Default: one per core on PostgreSQL, one on
   * the embedded database (which only one process can open).
   */
  WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  /** PostgreSQL only: connections each server process keeps open at most (default 10). */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  /** PostgreSQL only: longest a statement may run, in ms (0: no limit). */
  STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  BASE_URL: z.string().url().optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  ADMIN_EMAILS: z.string().default(''),
  /** Super admins must turn on two-step sign-in before they can use the admin area. */
  REQUIRE_ADMIN_TWO_FACTOR: bool,
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Cofound <no-reply@cofound.local>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool,
  DEV_ORIGINS: z.string().default(''),
  /** Benchmarks only: 'off' publishes no realtime events (to measure what the bus costs). */
  REALTIME_BUS: z.enum(['on', 'off']).default('on'),
  /** Benchmarks only: serve GET /api/bench/floor, one primary-key read, as the speed floor. */
  BENCH_FLOOR: bool,
  /**
   * End-to-end tests only: serve POST /api/test/jobs/{name} (super admins), which runs a background
   * job's round as of a given time (a digest for a member "away" since yesterday). Never set in
   * a deployment (the server warns when it is).
   */
  TEST_HOOKS: bool,
  /**
   * Tests and development only: accept Web Push endpoints over http and on private or loopback
   * addresses (a local test endpoint). Off, only https endpoints on public addresses are used (SSRF).
   */
  PUSH_ALLOW_PRIVATE_ENDPOINTS: bool,
  /**
   * Link previews: `host:port` pairs (comma-separated) the preview fetcher may reach although they
   * are private, loopback or on another port (tests, a private deployment's intranet). Empty: none.
   */
  LINK_PREVIEW_ALLOW_HOSTS: z
    .string()
    .default('')
    .refine(
      (s) => list(s).every((entry) => /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+):\d{1,5}$/i.test(entry)),
      'LINK_PREVIEW_ALLOW_HOSTS must be a comma-separated list of host:port',
    ),
  /** The contact push services see in the VAPID token: a mailto: or https: URL. */
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, 'VAPID_SUBJECT must start with mailto: or https://')
    .optional(),
  NOTIFICATION_MAIL_DELAY_S: z.coerce.number().int().min(0).max(86_400).default(120),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: optionalUrl,
  S3_REGION: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool,
  S3_PUBLIC_URL: optionalUrl,
});

/** The site when it is served over https, else the address mail comes from. */
function vapidSubject(baseUrl: string | undefined, mailFrom: string) {
  if (baseUrl?.startsWith('https://')) return baseUrl;
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  return `mailto:${address}`;
}

export type Env = {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /** How many server processes `npm start` runs (server/cluster.ts); 1 means no cluster. */
  workers: number;
  /** PostgreSQL only: statements running longer are cancelled (unset: the database client's default). */
  statementTimeoutMs: number | undefined;
  /** PostgreSQL only: each process's pool of connections (unset: the database client's default). */
  dbPoolSize: number | undefined;
  baseUrl: string;
  authSecret: string | undefined;
  adminEmails: string[];
  requireAdminTwoFactor: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: string;
  trustProxy: boolean;
  /** Extra origins allowed to call the API and the auth API (the Vite dev server in development). */
  extraOrigins: string[];
  realtimeBus: 'on' | 'off';
  benchFloor: boolean;
  /** TEST_HOOKS: serve the end-to-end tests' hooks (never in a deployment). */
  testHooks: boolean;
  /** How long a notification waits before its mail, so a burst becomes one mail. */
  notificationMailDelayMs: number;
  /** Web Push: whether private/loopback http endpoints are allowed (tests), and the VAPID contact. */
  push: { allowPrivate: boolean; subject: string };
  /** Link previews: the `host:port` pairs that may be private (LINK_PREVIEW_ALLOW_HOSTS). */
  linkPreviewAllowHosts: string[];
  /** Uploaded files: `$DATA_DIR/files`, or an S3-compatible bucket. */
  storage:
    | { driver: 'local' }
    | {
        driver: 's3';
        endpoint: string | undefined;
        region: string;
        bucket: string;
        accessKeyId: string;
        secretAccessKey: string;
        forcePathStyle: boolean;
        publicUrl: string | undefined;
      };
};

/** The one place that reads process.env. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  if (!e.DATABASE_URL && e.WORKERS && e.WORKERS > 1)
    throw new Error(
      'Invalid environment:\n  WORKERS: more than one process needs DATABASE_URL (only one process can open the embedded database)',
    );
  if (e.STORAGE_DRIVER === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !e[k]);
    if (missing.length)
      throw new Error(
        `Invalid environment:\n${missing.map((k) => `  ${k}: required with STORAGE_DRIVER=s3`).join('\n')}`,
      );
  }
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    workers: e.WORKERS ?? (e.DATABASE_URL ? availableParallelism() : 1),
    statementTimeoutMs: e.STATEMENT_TIMEOUT_MS,
    dbPoolSize: e.DB_POOL_SIZE,
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    authSecret: e.AUTH_SECRET,
    adminEmails: list(e.ADMIN_EMAILS).map((x) => x.toLowerCase()),
    requireAdminTwoFactor: e.REQUIRE_ADMIN_TWO_FACTOR,
    smtpUrl: e.SMTP_URL || undefined,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    extraOrigins: list(e.DEV_ORIGINS),
    realtimeBus: e.REALTIME_BUS,
    benchFloor: e.BENCH_FLOOR,
    testHooks: e.TEST_HOOKS,
    notificationMailDelayMs: e.NOTIFICATION_MAIL_DELAY_S * 1000,
    push: {
      allowPrivate: e.PUSH_ALLOW_PRIVATE_ENDPOINTS,
      subject: e.VAPID_SUBJECT ?? vapidSubject(e.BASE_URL, e.MAIL_FROM),
    },
    linkPreviewAllowHosts: list(e.LINK_PREVIEW_ALLOW_HOSTS),
    storage:
      e.STORAGE_DRIVER === 's3'
        ? {
            driver: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION || 'us-east-1',
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            publicUrl: e.S3_PUBLIC_URL,
          }
        : { driver: 'local' },
  };
}
