import { ZHealth, ZJsonObject } from '@common/core/api-schemas';
import { Hono } from 'hono';
import type { AppEnv } from './lib/context';
import { buildOpenApi, renderDocsPage, type ApiDocs, type DescribedRoutes } from './platform/openapi';

/** The routes app.ts declares itself, outside any area. */
export const coreApiDocs: ApiDocs = {
  'GET /health': { summary: 'Whether the API and its database answer', response: ZHealth, access: 'public' },
  'GET /openapi.json': {
    summary: 'This OpenAPI 3.1 description of the API',
    response: ZJsonObject,
    access: 'public',
  },
  'GET /docs': {
    summary: 'A reference page rendered from the OpenAPI description',
    response: null,
    produces: 'text/html',
    access: 'public',
  },
};

/**
 * GET /api/openapi.json and GET /api/docs (docs/decisions/024), built once, on first request, from every
 * route mounted by then; a route without a description makes both fail (a 500 and the reason in
 * the log), which the OpenAPI test turns into a failing test.
 */
export function describeApi(groups: () => readonly DescribedRoutes[]) {
  let doc: ReturnType<typeof buildOpenApi> | undefined;
  let page: string | undefined;
  const document = () => (doc ??= buildOpenApi({ groups: groups(), version: '1.0.0' }));
  return new Hono<AppEnv>()
    .get('/openapi.json', (c) => c.json(document()))
    .get('/docs', (c) => c.html((page ??= renderDocsPage(document()))));
}
