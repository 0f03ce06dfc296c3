import { ZHealth } from '@common/core/api-schemas';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from './lib/context';
import { buildOpenApi, renderDocsPage, type ApiDocs, type DescribedRoutes } from './platform/openapi';

/** An OpenAPI 3.1 document: the standard describes its fields, so only its frame is checked here. */
const ZOpenApiDocument = z
  .looseObject({
    openapi: z.literal('3.1.0'),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.record(z.string(), z.looseObject({}))),
    components: z.looseObject({}),
  })
  .meta({ description: 'An OpenAPI 3.1 document (https://spec.openapis.org/oas/v3.1.0).' });

/** The routes app.ts declares itself, outside any area. */
export const coreApiDocs: ApiDocs = {
  'GET /health': { summary: 'Whether the API and its database answer', response: ZHealth, access: 'public' },
  'GET /openapi.json': {
    summary: 'This OpenAPI 3.1 description of the API',
    response: ZOpenApiDocument,
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
