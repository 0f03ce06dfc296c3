import { randomUUID } from 'node:crypto';
import { getConnInfo } from '@hono/node-server/conninfo';
import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { compress } from 'hono/compress';
import type { HonoBase } from 'hono/hono-base';
import { HTTPException } from 'hono/http-exception';
import { areas } from './areas';
import type { AppDeps, AppEnv } from './lib/context';
import type { AreaModule } from './platform/area';
import { compressJson } from './lib/compress-json';
import { MSG } from '@common/core/texts';
import { AppError, errorBody, statusOf } from './lib/errors';
import { securityHeaders } from './lib/security-headers';
import { createStaticHandler } from './lib/static';
import { bearerOf, createTokenReader } from './platform/access-tokens';
import { CLIENT_IP_HEADER, createSessionReader } from './platform/auth';
import { sharedWhileRunning } from './lib/in-flight';
import { benchRoutes } from './bench.routes';
import { testHookRoutes } from './test-hooks.routes';
import { fileRoutes } from './platform/files.routes';
import { apiLimits } from './platform/api-limits';
import { csrfGuard } from './platform/csrf';
import { apiBodyLimit } from './platform/uploads';
import { coreApiDocs, describeApi } from './api-docs';
import { checkResponses, type DescribedRoutes } from './platform/openapi';

/** The client's address: the socket's, or the last hop our proxy appended when TRUST_PROXY is set. */
function clientIp(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = c.req.header('x-forwarded-for');
    const last = forwarded?.split(',').at(-1)?.trim();
    if (last) return last;
  }
  try {
    return getConnInfo(c as never).remote.address ?? 'unknown';
  } catch {
    // In-process requests (tests) have no socket.
    return 'unknown';
  }
}

/** Our own header carries the client address to what limits by it; a client cannot set it. */
function clientIpHeader(trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set(CLIENT_IP_HEADER, clientIp(c, trustProxy));
    c.req.raw = new Request(c.req.raw, { headers });
    await next();
  };
}

/**
 * A ban ends every session (the admin area, docs/decisions/017); should one slip past (a sign-in racing
 * the ban), its person still reads as a visitor and every write is refused with a clear message.
 */
function refuseBanned<V extends { banned?: boolean | null }>(c: Context<AppEnv>, viewer: V | null): V | null {
  if (!viewer?.banned) return viewer;
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
    throw new AppError('FORBIDDEN', MSG.accountSuspended);
  return null;
}

/** One area's routes' schema (each route file keeps its chain: docs/decisions/005). */
type SchemaOf<R> = R extends HonoBase<AppEnv, infer S, '/', string> ? S : never;
/** Every area's routes, for the web app's typed client. */
type AreaSchema = SchemaOf<ReturnType<(typeof areas)[number]['routes']>>;

/** Everything under /api: the shared middleware, then every area's routes in the list's order. */
function apiRoutes(deps: AppDeps) {
  const { auth } = deps;
  const readSession = createSessionReader({
    db: deps.db,
    secret: auth.options.secret!,
    secureCookies: Boolean(auth.options.advanced?.useSecureCookies),
  });
  // A page's first requests come together, before any of them has filled the session cache: those
  // with the same Cookie header share one lookup while it runs (it answers the same for the same
  // header). Each still handles an 'ask' itself, through better-auth.
  // Keyed by the cache's epoch too: a lookup begun before sessions ended is not shared after.
  const readShared = sharedWhileRunning((key) => readSession(key.slice(key.indexOf('\n') + 1)));
  const readToken = createTokenReader(deps.db);
  const csrf = csrfGuard(deps.allowedOrigins);
  const groups: DescribedRoutes[] = [];
  const withClientIp = clientIpHeader(deps.trustProxy);
  const api = new Hono<AppEnv>()
    // Tests: every JSON answer matches its route's OpenAPI description (platform/openapi.ts).
    .use(async (c, next) => (deps.checkResponses ? check(c, next) : next()))
    // JSON bodies 64 KB; multipart uploads their own limits (platform/uploads.ts).
    .use(apiBodyLimit())
    // A personal access token (Authorization: Bearer) stands for its person; cookies are then
    // ignored. Where tokens may not go (auth, account settings, admin) is refused here.
    .use(async (c, next) => {
      const token = bearerOf(c.req.header('authorization'));
      if (token === null) return next();
      const { user, scope } = await readToken(token, c.req.method, c.req.path);
      c.set('viewer', refuseBanned(c, user));
      c.set('tokenScope', scope);
      return next();
    })
    // Only our own pages may write on a signed-in person's behalf (/api/auth: better-auth checks).
    // A token is not ambient (a browser never adds it by itself): no forgery to guard against.
    .use((c, next) => (c.get('tokenScope') ? next() : csrf(c, next)))
    // Our own header carries the client address to better-auth's rate limiter; a client cannot set it.
    .use('/auth/*', withClientIp)
    // The sign-up form's checks are limited per address too.
    .use('/signup/*', withClientIp)
    // Resolve the session for every API call outside /auth; a renewed cookie is passed on.
    .use(async (c, next) => {
      if (
        c.get('tokenScope') ||
        c.req.path.startsWith('/api/auth/') ||
        c.req.path === '/api/health' ||
        c.req.path === '/api/bench/floor'
      )
        return next();
      const cookie = c.req.header('cookie');
      const key = deps.sessions.keyOf(cookie);
      const cached = key ? deps.sessions.get(key) : undefined;
      if (cached) {
        c.set('viewer', refuseBanned(c, cached));
        return next();
      }
      // Nearly every miss: one prepared statement; better-auth when it has something to write.
      const since = deps.sessions.epoch;
      const read = cookie ? await readShared(`${since}\n${cookie}`) : null;
      if (read !== 'ask') {
        if (key && read) deps.sessions.set(key, read.user, read.expiresAt, since);
        c.set('viewer', refuseBanned(c, read?.user ?? null));
        return next();
      }
      const { headers, response } = await auth.api.getSession({
        headers: c.req.raw.headers,
        returnHeaders: true,
      });
      c.set('viewer', refuseBanned(c, response?.user ?? null));
      const renewed = headers.getSetCookie();
      // A renewal (new cookie) is passed on, and the next request looks the session up again.
      if (key && response && !renewed.length)
        deps.sessions.set(key, response.user, new Date(response.session.expiresAt).getTime(), since);
      await next();
      for (const cookie of renewed) c.res.headers.append('set-cookie', cookie);
    })
    // Per-person read, write and upload limits once the person is known; visitors' writes per address.
    .use(apiLimits(deps.meter, (c) => clientIp(c, deps.trustProxy), deps.apiLimits))
    .get('/health', async (c) => {
      const database = await deps.ping();
      return c.json({ status: database ? 'ok' : 'degraded', database }, database ? 200 : 503);
    });
  const check = checkResponses(() => groups);
  for (const area of areas)
    if ('routes' in area) {
      const routes = area.routes(deps);
      groups.push({ tag: area.name, routes: routes.routes, docs: area.api ?? {} });
      api.route('/', routes);
    }
  // The description itself and its reference page, built from every route mounted above.
  api.route(
    '/',
    describeApi(() => groups),
  );
  // The routes no area declares (health, the description itself): the handlers left over.
  const inAreas = new Set(groups.flatMap((g) => g.routes.map((r) => r.handler)));
  groups.unshift({
    tag: 'core',
    routes: api.routes.filter((r) => !inAreas.has(r.handler)),
    docs: coreApiDocs,
  });
  // The walk above adds what the chain's type cannot see: the areas' schemas are added by hand.
  return api as unknown as Hono<AppEnv, SchemaOf<typeof api> | AreaSchema, '/'>;
}

/** The API's routes, for the web app's typed client (web/lib/api.ts). */
export type ApiRoutes = ReturnType<typeof apiRoutes>;

export function createApp(deps: AppDeps) {
  const { auth, logger } = deps;
  const app = new Hono<AppEnv>();

  app.use(async (c, next) => {
    const requestId = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
    const log = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('log', log);
    c.set('viewer', null);
    const started = performance.now();
    await next();
    // On the answer itself: c.header() after the route would rebuild it as a full web Response.
    c.res.headers.set('x-request-id', requestId);
    // The path only, never the query; a token in the path (reset-password/<token>) is replaced by
    // the logger's own redaction, which every line goes through.
    log.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        ms: Math.round(performance.now() - started),
      },
      'request',
    );
  });
  app.use(securityHeaders({ https: new URL(auth.options.baseURL ?? 'http://x').protocol === 'https:' }));
  app.use(compress());
  // Runs first on the way out: JSON is compressed here, and compress() then leaves it alone.
  app.use(compressJson());

  const api = apiRoutes(deps);
  // Benchmarks only: the speed floor and query plans (scripts/bench-feed.mjs).
  if (deps.benchFloor) api.route('/', benchRoutes(deps));
  // End-to-end tests only: run a background job's round as of a given time (TEST_HOOKS=1).
  if (deps.testJobs) api.route('/', testHookRoutes(deps, deps.testJobs));
  api.all('*', () => {
    throw new AppError('NOT_FOUND', 'No such API endpoint.');
  });
  app.route('/api', api);

  app.route('/', fileRoutes(deps.storage));

  if (deps.webDir) {
    const serve = createStaticHandler(
      deps.webDir,
      (areas as readonly AreaModule[]).flatMap((area) => area.pageReads ?? []),
    );
    app.on(['GET', 'HEAD'], '*', serve);
  }

  app.notFound((c) => c.json(errorBody('NOT_FOUND'), 404));
  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.retryAfter !== undefined) c.header('retry-after', String(err.retryAfter));
      return c.json(errorBody(err.code, err.message, err.fields), err.status);
    }
    if (err instanceof HTTPException && err.status < 500) {
      const code =
        err.status === 413 ? 'PAYLOAD_TOO_LARGE' : err.status === 401 ? 'UNAUTHENTICATED' : 'VALIDATION';
      return c.json(errorBody(code), statusOf(code));
    }
    // Never leak a stack or SQL to the client; the log has it, under the request id.
    (c.get('log') ?? logger).error({ err }, 'unhandled error');
    return c.json(errorBody('INTERNAL'), 500);
  });

  return app;
}

export type App = ReturnType<typeof createApp>;
