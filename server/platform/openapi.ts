import { gunzipSync } from 'node:zlib';
import { ZApiError } from '@common/core/api-schemas';
import type { MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../lib/context';
import { errorBody } from '../lib/errors';
import { requestSchemaOf } from '../lib/validate';

/*
 * The OpenAPI 3.1 description of /api (docs/decisions/024). Nothing here is written twice: a route's
 * parameters, query and body come from the validate() middlewares in its chain (the schemas that
 * check the request), and its answer from the response schema its area declares in a description
 * table next to its routes (`api` in the area module). In tests every answer is checked against
 * that schema (checkResponses), and building the document fails when a route has no description or
 * a description names no route.
 */

export type RouteAccess = 'public' | 'member' | 'admin';

/** One route's description, keyed `METHOD /path` (as in the route file, without /api). */
export type RouteDoc = {
  summary: string;
  /** The successful JSON answer; null when the answer is not JSON (a file, a calendar). */
  response: z.ZodType | null;
  /** The success status when not 200. */
  status?: number;
  /** Who may call it; default member. */
  access?: RouteAccess;
  /** A body that is not JSON (uploads): its media type. */
  body?: 'multipart/form-data';
  /** The answer's media type when it is not JSON. */
  produces?: string;
  description?: string;
  /** Left out of the document, for this reason (shown in the document's own description). */
  excluded?: string;
};

export type ApiDocs = Record<string, RouteDoc>;

/** A Hono route as `app.routes` lists it: each handler of a chain is its own entry. */
export type HonoRoute = { method: string; path: string; handler: unknown };

/** One group of routes and their descriptions (an area, or the core routes). */
export type DescribedRoutes = { tag: string; routes: readonly HonoRoute[]; docs: ApiDocs };

type JsonSchema = Record<string, unknown>;

/** How callers prove who they are; a member route accepts any of them. */
export const SECURITY_SCHEMES: Record<string, JsonSchema> = {
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: 'cofound.session_token',
    description:
      'The session cookie set by signing in (POST /api/auth/sign-in/email). Writes also need an Origin header naming this site.',
  },
  bearer: {
    type: 'http',
    scheme: 'bearer',
    description:
      'A personal access token (Settings > Developer): read tokens only read; no token reaches /api/auth, /api/account, /api/settings, /api/push or /api/admin.',
  },
};

/** `/articles/:id` → `/articles/{id}` (a Hono pattern `:id{regex}` keeps its name only). */
export function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}');
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]!);
}

/** Definitions a schema shares ($defs: named or recursive parts), moved to the document's components. */
const sharedDefs: Record<string, JsonSchema> = {};

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'draft-2020-12' }) as JsonSchema;
  delete out.$schema;
  const defs = out.$defs as Record<string, JsonSchema> | undefined;
  if (!defs) return out;
  delete out.$defs;
  const moved = JSON.parse(
    JSON.stringify({ out, defs }).replaceAll('"#/$defs/', '"#/components/schemas/'),
  ) as { out: JsonSchema; defs: Record<string, JsonSchema> };
  Object.assign(sharedDefs, moved.defs);
  return moved.out;
}

/** Each route's handlers by `METHOD path`, middleware (`ALL`) left out. */
function groupRoutes(routes: readonly HonoRoute[]) {
  const byKey = new Map<string, { method: string; path: string; handlers: unknown[] }>();
  for (const r of routes) {
    if (r.method === 'ALL') continue;
    const path = r.path;
    const key = `${r.method} ${path}`;
    const entry = byKey.get(key) ?? { method: r.method, path, handlers: [] };
    entry.handlers.push(r.handler);
    byKey.set(key, entry);
  }
  return byKey;
}

/** Every `METHOD /path` key of these groups that has no description, and every description with no route. */
export function undescribedRoutes(groups: readonly DescribedRoutes[]) {
  const missing: string[] = [];
  const stale: string[] = [];
  for (const g of groups) {
    const keys = groupRoutes(g.routes);
    for (const key of keys.keys()) if (!g.docs[key]) missing.push(`${g.tag}: ${key}`);
    for (const key of Object.keys(g.docs)) if (!keys.has(key)) stale.push(`${g.tag}: ${key}`);
  }
  return { missing, stale };
}

function parameters(path: string, handlers: unknown[]) {
  const params: JsonSchema[] = [];
  const described = new Set<string>();
  for (const h of handlers) {
    const meta = requestSchemaOf(h);
    if (!meta || meta.target === 'json') continue;
    const schema = jsonSchema(meta.schema, 'input');
    const props = (schema.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((schema.required ?? []) as string[]);
    for (const [name, s] of Object.entries(props)) {
      const where = meta.target === 'param' ? 'path' : 'query';
      described.add(`${where}:${name}`);
      params.push({
        name,
        in: where,
        required: where === 'path' || required.has(name),
        schema: s,
      });
    }
  }
  for (const name of pathParams(path))
    if (!described.has(`path:${name}`))
      params.push({ name, in: 'path', required: true, schema: { type: 'string' } });
  return params;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * The OpenAPI 3.1 document for these routes. Throws when a route has no description or a
 * description names no route, so the drift is a failing test, never a silently thinner document.
 */
export function buildOpenApi(opts: { groups: readonly DescribedRoutes[]; version: string }): JsonSchema {
  const { missing, stale } = undescribedRoutes(opts.groups);
  if (missing.length || stale.length)
    throw new Error(
      `OpenAPI: ${[
        ...missing.map((k) => `route without a description: ${k}`),
        ...stale.map((k) => `description without a route: ${k}`),
      ].join('; ')}`,
    );
  const paths: Record<string, Record<string, JsonSchema>> = {};
  const security = Object.keys(SECURITY_SCHEMES).map((name) => ({ [name]: [] }));
  const excludedPaths: Record<string, string> = {};
  for (const g of opts.groups) {
    for (const [key, route] of groupRoutes(g.routes)) {
      const doc = g.docs[key]!;
      if (doc.excluded) {
        excludedPaths[`/api${route.path}`] = doc.excluded;
        continue;
      }
      const method = route.method.toLowerCase();
      if (!METHODS.includes(method)) continue;
      const json = route.handlers.map(requestSchemaOf).find((m) => m?.target === 'json');
      const status = String(doc.status ?? 200);
      const op: JsonSchema = {
        operationId: `${g.tag}.${method}${route.path
          .replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, 'By-$1')
          .replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
        summary: doc.summary,
        ...(doc.description ? { description: doc.description } : {}),
        tags: [g.tag],
        'x-access': doc.access ?? 'member',
        parameters: parameters(route.path, route.handlers),
        responses: {
          [status]: {
            description: doc.summary,
            ...(doc.response
              ? { content: { 'application/json': { schema: jsonSchema(doc.response, 'output') } } }
              : { content: { [doc.produces ?? 'application/octet-stream']: {} } }),
          },
          default: {
            description: 'An error: the one error shape of the API.',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
          },
        },
        ...((doc.access ?? 'member') === 'public' ? { security: [{}, ...security] } : { security }),
      };
      if (json)
        op.requestBody = {
          required: true,
          content: { 'application/json': { schema: jsonSchema(json.schema, 'input') } },
        };
      else if (doc.body)
        op.requestBody = {
          required: true,
          content: {
            [doc.body]: {
              schema: {
                type: 'object',
                properties: { file: { type: 'string', contentMediaType: 'application/octet-stream' } },
              },
            },
          },
        };
      (paths[openApiPath(`/api${route.path}`)] ??= {})[method] = op;
    }
  }
  const excluded = Object.entries(excludedPaths)
    .map(([path, why]) => `- \`${path}\`: ${why}`)
    .join('\n');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cofound API',
      version: opts.version,
      description: `Every route under /api, generated from the zod schemas that validate it.\n\nNot described here:\n${excluded}`,
    },
    servers: [{ url: '/' }],
    tags: opts.groups.map((g) => ({ name: g.tag })),
    paths,
    components: {
      schemas: { ...sharedDefs, Error: jsonSchema(ZApiError, 'output') },
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}

/**
 * The description of the route a request reached. Hono lists every route whose pattern matched
 * (`matchedRoutes`), run or not: the web app's `GET *` when a built web app is served, a later
 * route whose pattern also fits (`/forums/:id/posts` and `/forums/posts/:id`). The one that answered
 * is the last one Hono ran (`routeIndex`); when that is a middleware (a refusal, the catch-all), the
 * first described route the request matched.
 */
function docOf(index: Map<string, RouteDoc>, c: Parameters<MiddlewareHandler<AppEnv>>[0]) {
  // Matched at the app's level, under /api; the descriptions are keyed as the routes are declared.
  const keyOf = (r: { method: string; path: string }) =>
    `${r.method} ${r.path.replace(/^\/api(?=\/|$)/, '')}`;
  const routes = c.req.matchedRoutes;
  const answered = routes[c.req.routeIndex];
  if (answered && answered.method !== 'ALL') return index.get(keyOf(answered));
  for (const r of routes) if (r.method !== 'ALL' && index.has(keyOf(r))) return index.get(keyOf(r));
  return undefined;
}

/** The text of an answer, unzipped when compressJson (lib/compress-json.ts) gzipped it for the client. */
async function bodyText(res: Response): Promise<string> {
  const bytes = Buffer.from(await res.clone().arrayBuffer());
  return res.headers.get('content-encoding') === 'gzip'
    ? gunzipSync(bytes).toString('utf8')
    : bytes.toString('utf8');
}

/**
 * Tests only: every JSON answer is checked against its route's description (success: the declared
 * schema; failure: the one error shape). A mismatch becomes a 500 and a console.error, which fails
 * the test that made the call.
 */
export function checkResponses(groups: () => readonly DescribedRoutes[]): MiddlewareHandler<AppEnv> {
  let index: Map<string, RouteDoc> | undefined;
  return async (c, next) => {
    await next();
    index ??= new Map(
      groups().flatMap((g) =>
        [...groupRoutes(g.routes)].map(([key]) => [key, g.docs[key]!] as const).filter(([, d]) => d),
      ),
    );
    const doc = docOf(index, c);
    if (!doc || !c.res.headers.get('content-type')?.startsWith('application/json')) return;
    // Redirects and empty answers carry no body to check.
    if (c.res.status >= 300 && c.res.status < 400) return;
    const ok = c.res.status < 300;
    const schema = ok ? doc.response : ZApiError;
    if (!schema) return;
    const text = await bodyText(c.res);
    if (!text) return;
    const body: unknown = JSON.parse(text);
    const parsed = schema.safeParse(body);
    if (parsed.success) return;
    const problem = `${c.req.method} ${c.req.path} answered ${c.res.status} with a body its OpenAPI description does not allow: ${parsed.error.issues
      .slice(0, 3)
      .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
      .join('; ')}`;
    console.error(problem);
    c.res = undefined;
    c.res = c.json(errorBody('INTERNAL', problem), 500);
  };
}

/** The reference page at /api/docs: the document rendered as plain HTML, no scripts. */
export function renderDocsPage(doc: JsonSchema): string {
  const esc = (s: unknown) => String(s).replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
  const info = doc.info as { title: string; version: string; description: string };
  const paths = doc.paths as Record<string, Record<string, JsonSchema>>;
  const byTag = new Map<string, string[]>();
  for (const [path, ops] of Object.entries(paths))
    for (const [method, op] of Object.entries(ops)) {
      const tag = (op.tags as string[])[0]!;
      const params = (op.parameters as JsonSchema[]).map(
        (p) =>
          `<tr><td><code>${esc(p.name)}</code></td><td>${esc(p.in)}</td><td>${p.required ? 'yes' : 'no'}</td><td><code>${esc(JSON.stringify(p.schema))}</code></td></tr>`,
      );
      const body = (op.requestBody as { content: Record<string, { schema?: unknown }> } | undefined)?.content;
      const responses = op.responses as Record<string, { content?: Record<string, { schema?: unknown }> }>;
      const success = Object.entries(responses).find(([s]) => s !== 'default')!;
      const html = [
        `<section class="op" id="${esc(op.operationId)}">`,
        `<h3><span class="m m-${esc(method)}">${esc(method.toUpperCase())}</span> <code>${esc(path)}</code></h3>`,
        `<p>${esc(op.summary)} <span class="access">${esc(op['x-access'])}</span></p>`,
        params.length
          ? `<table><caption>Parameters</caption><thead><tr><th scope="col">Name</th><th scope="col">In</th><th scope="col">Required</th><th scope="col">Schema</th></tr></thead><tbody>${params.join('')}</tbody></table>`
          : '',
        body
          ? Object.entries(body)
              .map(
                ([type, c]) =>
                  `<details><summary>Request body (${esc(type)})</summary><pre>${esc(JSON.stringify(c.schema ?? {}, null, 2))}</pre></details>`,
              )
              .join('')
          : '',
        ...Object.entries(success[1].content ?? {}).map(
          ([type, c]) =>
            `<details><summary>Response ${esc(success[0])} (${esc(type)})</summary><pre>${esc(JSON.stringify(c.schema ?? {}, null, 2))}</pre></details>`,
        ),
        '</section>',
      ].join('');
      byTag.set(tag, [...(byTag.get(tag) ?? []), html]);
    }
  const nav = [...byTag.keys()].map((t) => `<li><a href="#tag-${esc(t)}">${esc(t)}</a></li>`).join('');
  const sections = [...byTag]
    .map(([t, ops]) => `<h2 id="tag-${esc(t)}">${esc(t)}</h2>${ops.join('')}`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(info.title)} reference</title>
<style>
body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:960px;padding:1rem;color:#1a1a1a}
code,pre{font-family:ui-monospace,monospace;font-size:13px}pre{background:#f4f4f5;padding:.5rem;overflow:auto;max-height:24rem}
.op{border-top:1px solid #ddd;padding:.5rem 0}.op h3{margin:.25rem 0;font-size:1rem;word-break:break-all}
.m{display:inline-block;min-width:4rem;padding:0 .3rem;border-radius:3px;color:#fff;background:#52525b;text-align:center}
.m-get{background:#1d4ed8}.m-post{background:#15803d}.m-patch,.m-put{background:#a16207}.m-delete{background:#b91c1c}
.access{font-size:12px;border:1px solid #999;border-radius:3px;padding:0 .3rem}
table{border-collapse:collapse;width:100%;font-size:13px}td,th{border:1px solid #ddd;padding:.2rem .4rem;text-align:left;vertical-align:top}td code{word-break:break-all}
nav ul{display:flex;flex-wrap:wrap;gap:.25rem 1rem;padding:0;list-style:none}
</style></head><body><main>
<h1>${esc(info.title)} <small>${esc(info.version)}</small></h1>
<p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
<pre>${esc(info.description)}</pre>
<nav aria-label="Areas"><ul>${nav}</ul></nav>
${sections}
</main></body></html>`;
}
