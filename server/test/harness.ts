import { randomBytes, randomInt } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { serve, type ServerType } from '@hono/node-server';
import type { Server } from 'node:http';
import { inject } from 'vitest';
import WebSocket from 'ws';
import type { ServerEvent } from '@common/core/realtime';
import { boot, type Booted } from '../boot';
import { createPglite, openDatabase, type Database } from '../db/client';
import { readEnv, WEB_DIST_DIR } from '../env';
import { createLogger } from '../lib/logger';
import { startSmtpServer, type SmtpCatcher } from './smtp';
import { withDatabase } from './global-setup';
import type { Resolver } from '../platform/link-preview-net';

export const BASE_URL = 'http://localhost:3000';

/** A fresh copy of the migrated test database (PGlite by default, PostgreSQL with TEST_DATABASE_URL). */
export async function openTestDatabase(): Promise<Database & { drop(): Promise<void> }> {
  const source = inject('testDb');
  if (source.kind === 'pglite') {
    const dump = new Blob([await readFile(source.dump)]);
    const database = await openDatabase({ pglite: await createPglite({ loadDataDir: dump }) });
    return { ...database, drop: () => database.close() };
  }
  const name = `cofound_t_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: source.url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${source.template}`);
  await admin.end();
  const database = await openDatabase({ url: withDatabase(source.url, name), poolSize: 4 });
  return {
    ...database,
    async drop() {
      await database.close();
      const a = new pg.Client({ connectionString: source.url });
      await a.connect();
      await a.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}

export type TestAppOptions = {
  adminEmails?: string[];
  /** false: no SMTP (mails are kept in the data folder); a string: that SMTP URL; default: a real local SMTP server. */
  smtp?: boolean | string;
  trustProxy?: boolean;
  baseUrl?: string;
  /** Accept push endpoints on loopback http (the test's own push endpoint); default true. */
  pushAllowPrivate?: boolean;
  /** REQUIRE_ADMIN_TWO_FACTOR */
  requireAdminTwoFactor?: boolean;
  /** LINK_PREVIEW_ALLOW_HOSTS, and the fetcher's name resolver and deadline. */
  linkPreviews?: { allowHosts?: string[]; resolve?: Resolver; timeoutMs?: number };
  /** The built web app to serve (a folder with index.html); default dist/web when it exists. */
  webDir?: string;
  /** TEST_HOOKS: serve the end-to-end tests' hooks (server/test-hooks.routes.ts); default off. */
  testHooks?: boolean;
};

/**
 * The real app (every middleware, better-auth, the built web app when present) on its own migrated
 * database and data folder, with a real SMTP server catching its mail. One per test file.
 */
export async function createTestApp(opts: TestAppOptions = {}) {
  const database = await openTestDatabase();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'cofound-data-'));
  const smtp = opts.smtp === false || typeof opts.smtp === 'string' ? undefined : await startSmtpServer();
  const smtpUrl = typeof opts.smtp === 'string' ? opts.smtp : smtp?.url;

  const start = async (adminEmails = opts.adminEmails ?? []) => {
    const env = readEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      BASE_URL: opts.baseUrl ?? BASE_URL,
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      ADMIN_EMAILS: adminEmails.join(','),
      SMTP_URL: smtpUrl ?? '',
      LOG_LEVEL: 'silent',
      // Notification mail is sent when a test flushes it (booted.notificationMail.flush()).
      NOTIFICATION_MAIL_DELAY_S: '0',
      TRUST_PROXY: opts.trustProxy === false ? '0' : '1',
      PUSH_ALLOW_PRIVATE_ENDPOINTS: opts.pushAllowPrivate === false ? '0' : '1',
      REQUIRE_ADMIN_TWO_FACTOR: opts.requireAdminTwoFactor ? '1' : '0',
      LINK_PREVIEW_ALLOW_HOSTS: (opts.linkPreviews?.allowHosts ?? []).join(','),
      TEST_HOOKS: opts.testHooks ? '1' : '0',
    });
    return boot(env, {
      database,
      logger: createLogger('silent'),
      webDir: opts.webDir ?? WEB_DIST_DIR,
      notificationMailIntervalMs: 0,
      linkPreviews: { resolve: opts.linkPreviews?.resolve, timeoutMs: opts.linkPreviews?.timeoutMs },
    });
  };
  let booted = await start();
  const instances: Booted[] = [];
  const servers: ServerType[] = [];

  /** Serve an instance over real HTTP (for WebSockets); returns its base URL. */
  async function listen(instance: Booted) {
    const server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: instance.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    instance.realtime.attach(server as Server);
    servers.push(server);
    const address = server.address() as { port: number };
    return `http://127.0.0.1:${address.port}`;
  }

  return {
    get app() {
      return booted.app;
    },
    db: database.db,
    database,
    dataDir,
    smtp: smtp as SmtpCatcher,
    agent: (ip?: string) => new Agent(() => booted.app, ip),
    get booted() {
      return booted;
    },
    /** A new app instance on the same database: a restart. */
    async restart(adminEmails?: string[]) {
      const old = booted;
      booted = await start(adminEmails);
      await old.stop();
    },
    /** Another app process on the same database, as behind a load balancer. */
    async startInstance() {
      const instance = await start();
      instances.push(instance);
      return instance;
    },
    /** Serve the current instance (or another) over HTTP; returns its base URL. */
    listen: (instance?: Booted) => listen(instance ?? booted),
    async close() {
      for (const s of servers) s.close();
      await Promise.allSettled([booted, ...instances].map((b) => b.stop()));
      await smtp?.close();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

type AppLike = { request(input: string, init?: RequestInit): Response | Promise<Response> };

export type ApiResponse<T = any> = { status: number; body: T; text: string; headers: Headers };

/** A browser stand-in: keeps cookies, sends the app's Origin, and comes from its own IP address. */
export class Agent {
  readonly cookies = new Map<string, string>();
  readonly ip: string;
  constructor(
    private readonly getApp: () => AppLike,
    ip?: string,
  ) {
    this.ip = ip ?? `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  }

  async request<T = any>(
    method: string,
    url: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<ApiResponse<T>> {
    const h = new Headers({ origin: BASE_URL, 'x-forwarded-for': this.ip, ...headers });
    if (this.cookies.size) h.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    let payload: string | FormData | undefined;
    // FormData sets its own multipart content type, boundary included.
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      payload = typeof body === 'string' ? body : JSON.stringify(body);
      if (!h.has('content-type')) h.set('content-type', 'application/json');
    }
    const res = await this.getApp().request(new URL(url, BASE_URL).toString(), {
      method,
      headers: h,
      body: payload,
      redirect: 'manual',
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair, ...attrs] = cookie.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim())) || value === '';
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: res.status, body: parsed as T, text, headers: res.headers };
  }
  get = <T = any>(url: string, headers?: Record<string, string>) =>
    this.request<T>('GET', url, undefined, headers);
  post = <T = any>(url: string, body: unknown = {}, headers?: Record<string, string>) =>
    this.request<T>('POST', url, body, headers);
  /** A multipart/form-data POST of one file, as a browser's FormData sends it. */
  upload = <T = any>(url: string, field: string, bytes: Uint8Array, filename: string, type: string) => {
    const form = new FormData();
    form.append(field, new Blob([bytes as Uint8Array<ArrayBuffer>], { type }), filename);
    return this.request<T>('POST', url, form);
  };
}

let counter = 0;
/** Distinct sign-up data for each call. */
export function newPerson(overrides: Partial<{ username: string; email: string; password: string }> = {}) {
  // Separators keep the parts apart: without them counter 1 with random 23 and counter 12 with
  // random 3 made the same name, and CI once failed on "Username already taken" that way.
  const n = `${process.pid}_${++counter}_${randomInt(1000)}`;
  return { username: `user_${n}`, email: `user${n}@example.com`, password: 'correct-horse-1', ...overrides };
}

/** Sign up, confirm the email through the mailed link, and leave the agent signed in. */
export async function signUpAndVerify(t: TestApp, agent: Agent, person = newPerson()) {
  const res = await agent.post('/api/auth/sign-up/email', person);
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  const mail = await t.smtp.waitFor(
    (m) => m.to.includes(person.email.toLowerCase()) && /confirm/i.test(m.subject),
  );
  const link = mail.links.find((l) => l.includes('/verify-email'))!;
  const verified = await agent.get(link);
  if (verified.status !== 302) throw new Error(`verification failed: ${verified.status} ${verified.text}`);
  const me = await agent.get('/api/me');
  return {
    person,
    viewer: me.body.viewer as {
      id: string;
      email: string;
      profile: { username: string; isSuperAdmin: boolean };
    },
  };
}

/**
 * A confirmed member with their own signed-in agent: their id and sign-up data (username, email,
 * password). Most tests need several; `email` makes one a super admin listed in `adminEmails`.
 */
export async function signedUpPerson(t: TestApp, overrides: Parameters<typeof newPerson>[0] = {}) {
  const agent = t.agent();
  const { viewer, person } = await signUpAndVerify(t, agent, newPerson(overrides));
  return { agent, id: viewer.id, ...person };
}

/** A realtime client as a browser tab opens it: the agent's cookies and the app's Origin. */
export async function openSocket(baseUrl: string, agent: Agent | null, opts: { origin?: string } = {}) {
  const headers: Record<string, string> = { origin: opts.origin ?? BASE_URL };
  if (agent?.cookies.size) headers.cookie = [...agent.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/realtime`, { headers });
  const events: ServerEvent[] = [];
  const waiters = new Set<() => void>();
  ws.on('message', (data) => {
    events.push(JSON.parse(data.toString()) as ServerEvent);
    for (const w of waiters) w();
  });
  const opened = await new Promise<{ ok: true } | { ok: false; status: number }>((resolve) => {
    ws.once('open', () => resolve({ ok: true }));
    ws.once('unexpected-response', (_req, res) => resolve({ ok: false, status: res.statusCode ?? 0 }));
    ws.once('error', () => resolve({ ok: false, status: 0 }));
  });
  return {
    ws,
    opened,
    events,
    send: (cmd: unknown) => ws.send(JSON.stringify(cmd)),
    /** The first event (already received or yet to come) matching `match`. */
    waitFor<T extends ServerEvent['type']>(
      type: T,
      match: (e: Extract<ServerEvent, { type: T }>) => boolean = () => true,
      timeoutMs = 5000,
    ) {
      const matches = (e: ServerEvent): e is Extract<ServerEvent, { type: T }> =>
        e.type === type && match(e as Extract<ServerEvent, { type: T }>);
      return new Promise<Extract<ServerEvent, { type: T }>>((resolve, reject) => {
        const check = () => {
          const found = events.find(matches);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching realtime event within ${timeoutMs} ms; got ${JSON.stringify(events.map((e) => e.type))}`,
            ),
          );
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    close: () => ws.close(),
  };
}
export type TestSocket = Awaited<ReturnType<typeof openSocket>>;
