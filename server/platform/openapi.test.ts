import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ZJsonObject, ZOk } from '@common/core/api-schemas';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { AppEnv } from '../lib/context';
import { validate } from '../lib/validate';
import { coreApiDocs } from '../api-docs';
import { areaApiDocs } from '../test/api-docs';
import { createTestApp, signedUpPerson, type TestApp } from '../test/harness';
import { buildOpenApi, checkResponses, type DescribedRoutes } from './openapi';

/* The OpenAPI description (docs/decisions/024): complete, valid, and what the answers really are. */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ smtp: false });
});
afterAll(() => t?.close());

type Doc = {
  paths: Record<
    string,
    Record<string, { parameters: { name: string; in: string }[]; requestBody?: unknown }>
  >;
};

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document describing every route the app serves under /api', async () => {
    const res = await t.agent().get('/api/openapi.json');
    expect(res.status).toBe(200);
    const doc = res.body as Doc & { openapi: string };
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);

    // Every (method, path) the app routes under /api is in the document, but for the excluded ones.
    const described = new Set(
      Object.entries(doc.paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`)),
    );
    const served = t.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith('/api/') && !r.path.startsWith('/api/auth/*'))
      .map((r) => `${r.method} ${r.path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, '{$1}')}`);
    expect(served.length).toBeGreaterThan(100);
    expect(served.filter((k) => !described.has(k))).toEqual([]);
    expect(JSON.stringify(doc)).toContain('/api/auth/*');
  });

  it('takes parameters and bodies from the schemas that validate them', async () => {
    const doc = (await t.agent().get('/api/openapi.json')).body as Doc;
    const read = doc.paths['/api/articles/{id}']!.get!;
    expect(read.parameters).toEqual([
      expect.objectContaining({
        name: 'id',
        in: 'path',
        required: true,
        schema: expect.objectContaining({ format: 'uuid' }),
      }),
    ]);
    const create = doc.paths['/api/articles']!.post! as {
      requestBody: { content: Record<string, { schema: { properties: object } }> };
    };
    expect(Object.keys(create.requestBody.content['application/json']!.schema.properties)).toEqual(
      expect.arrayContaining(['title', 'content']),
    );
    expect(doc.paths['/api/articles']!.get!.parameters.map((p) => p.in)).toContain('query');
  });
});

describe('GET /api/docs', () => {
  it('renders the reference page without any script', async () => {
    const res = await t.agent().get('/api/docs');
    expect(res.status).toBe(200);
    const html = res.text;
    expect(html).toContain('/api/articles/{id}');
    expect(html).not.toMatch(/<script/i);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
  });
});

describe('the description is enforced', () => {
  const tiny = () => {
    const routes = new Hono<AppEnv>()
      .get('/things/:id', validate('param', z.object({ id: z.uuid() })), (c) => c.json({ ok: true as const }))
      .get('/liar', (c) => c.json({ ok: 'yes' }))
      .get('/broken', (c) => c.json({ message: 'no' }, 400));
    return routes;
  };

  it('refuses to build when a route has no description, or a description names no route', () => {
    const routes = tiny();
    const docs = {
      'GET /things/:id': { summary: 'A thing', response: ZOk },
      'GET /liar': { summary: 'Lies', response: ZOk },
    };
    const groups: DescribedRoutes[] = [{ tag: 'tiny', routes: routes.routes, docs }];
    expect(() => buildOpenApi({ groups, version: '1' })).toThrow(
      'route without a description: tiny: GET /broken',
    );
    const stale: DescribedRoutes[] = [
      {
        tag: 'tiny',
        routes: routes.routes,
        docs: { ...docs, 'GET /broken': docs['GET /liar'], 'POST /gone': docs['GET /liar'] },
      },
    ];
    expect(() => buildOpenApi({ groups: stale, version: '1' })).toThrow(
      'description without a route: tiny: POST /gone',
    );
  });

  it('turns an answer that does not match its description into a 500 (tests only)', async () => {
    const routes = tiny();
    const docs = {
      'GET /things/:id': { summary: 'A thing', response: ZOk },
      'GET /liar': { summary: 'Lies', response: ZOk },
      'GET /broken': { summary: 'Breaks', response: ZOk },
    };
    const groups: DescribedRoutes[] = [{ tag: 'tiny', routes: routes.routes, docs }];
    const app = new Hono<AppEnv>();
    app.use(checkResponses(() => groups));
    app.route('/api', routes);
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect((await app.request('/api/things/7d3f1c52-2a0e-4a55-9a43-2b8f0f1e0a11')).status).toBe(200);
      const liar = await app.request('/api/liar');
      expect(liar.status).toBe(500);
      expect(JSON.stringify(await liar.json())).toContain('ok: Invalid input');
      // An error must have the one error shape.
      expect((await app.request('/api/broken')).status).toBe(500);
      expect(error).toHaveBeenCalledTimes(2);
    } finally {
      error.mockRestore();
    }
  });
});

describe('every answer of the real app is checked (tests only)', () => {
  // A schema no answer can meet: the route's real answer must then become a 500.
  const impossible = z.strictObject({ never: z.literal('described') });

  async function lieAbout<T>(docs: { response: z.ZodType | null }[], run: () => Promise<T>): Promise<T> {
    const kept = docs.map((d) => d.response);
    for (const d of docs) d.response = impossible;
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      return await run();
    } finally {
      error.mockRestore();
      docs.forEach((d, i) => (d.response = kept[i]!));
    }
  }

  // A built web app adds `GET *` (its pages), which every GET under /api matches too: the check
  // once took that for the route that answered, and let every GET answer through unchecked.
  for (const built of [false, true])
    it(`turns a GET and a POST answering what their description does not allow into a 500${built ? ' (a built web app served)' : ''}`, async () => {
      const webDir = built ? await mkdtemp(path.join(os.tmpdir(), 'cofound-web-')) : undefined;
      if (webDir) await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Cofound</title>');
      const app = await createTestApp({ webDir: webDir ?? path.join(os.tmpdir(), 'no-built-web-app') });
      try {
        if (webDir) expect((await app.agent().get('/')).text).toContain('<title>Cofound</title>');
        const owner = await signedUpPerson(app);
        const forums = areaApiDocs().find((a) => a.tag === 'forums')!.docs;
        const health = coreApiDocs['GET /health']!;
        const create = forums['POST /forums']!;
        const list = forums['GET /forums']!;
        // The true descriptions first: the same calls pass.
        expect((await app.agent().get('/api/health')).status).toBe(200);
        const body = {
          name: `Checked ${owner.id.slice(0, 8)}`,
          description: 'Checked answers.',
          coverImage: null,
        };
        expect((await owner.agent.post('/api/forums', body)).status).toBe(201);
        const [got, posted, listed] = await lieAbout([health, create, list], async () => [
          await app.agent().get('/api/health'),
          await owner.agent.post('/api/forums', { ...body, name: `${body.name} 2` }),
          await owner.agent.get('/api/forums', { 'accept-encoding': 'gzip' }),
        ]);
        expect(got!.status).toBe(500);
        expect(JSON.stringify(got!.body)).toContain('GET /api/health answered 200');
        expect(posted!.status).toBe(500);
        expect(JSON.stringify(posted!.body)).toContain('POST /api/forums answered 201');
        expect(listed!.status).toBe(500);
      } finally {
        await app.close();
        if (webDir) await rm(webDir, { recursive: true, force: true });
      }
    }, 90_000);
});

/*
 * Every route's success answer is described field by field: none may answer "a JSON object"
 * (ZJsonObject), at the top or nested.
 */

describe('every route describes its answer', () => {
  const vague = (schema: z.ZodType | null) =>
    schema === ZJsonObject ||
    (schema !== null &&
      JSON.stringify(z.toJSONSchema(schema, { unrepresentable: 'any', io: 'output' })).includes(
        'fields not described yet',
      ));

  it('declares no success answer as a JSON object whose fields are not described', () => {
    const groups = [{ tag: 'core', docs: coreApiDocs }, ...areaApiDocs()];
    const found = groups.flatMap((g) =>
      Object.entries(g.docs)
        .filter(([, d]) => vague(d.response))
        .map(([k]) => `${g.tag}: ${k}`),
    );
    expect(found).toEqual([]);
  });
});
