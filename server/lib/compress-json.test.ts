import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compressJson } from './compress-json';

/** A raw answer: its status, headers and the bytes as sent (not decompressed). */
function get(base: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; bytes: Buffer }>(
    (resolve, reject) => {
      http
        .get(base + path, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () =>
            resolve({ status: res.statusCode!, headers: res.headers, bytes: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    },
  );
}

const small = { name: 'Zoë Ångström', note: 'é'.repeat(100) };
const large = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Item ${i}: ünïcödé` })) };

// Served by the Node adapter, as in production: what matters is what it writes out.
describe('JSON answers over HTTP', () => {
  let server: ServerType;
  let base: string;
  beforeAll(async () => {
    const app = new Hono()
      .use(compress())
      .use(compressJson())
      .get('/small', (c) => c.json(small))
      .get('/large', (c) => c.json(large, 201, { 'X-Extra': 'kept' }))
      .get(
        '/elsewhere',
        () => new Response(JSON.stringify(large), { headers: { 'content-type': 'application/json' } }),
      )
      .get('/not-read-back', (c) => {
        const res = c.json(large);
        // Reading an answer back turns it into a stream: compressing must happen before.
        Object.defineProperty(res, 'body', {
          get() {
            throw new Error('the answer was read back');
          },
        });
        return res;
      });
    server = await new Promise<ServerType>((resolve) => {
      const s = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends a small answer as it is, with its length in bytes and Vary', async () => {
    const res = await get(base, '/small', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(JSON.stringify(small))));
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(res.bytes.toString('utf8'))).toEqual(small);
  });

  it('gzips a large answer for a client that accepts it, keeping its status and headers', async () => {
    const res = await get(base, '/large', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(201);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['content-length']).toBe(String(res.bytes.length));
    expect(res.headers['x-extra']).toBe('kept');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(gunzipSync(res.bytes).toString('utf8'))).toEqual(large);
  });

  it('sends a large answer plain to a client that does not accept gzip', async () => {
    const res = await get(base, '/large');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-length']).toBe(String(res.bytes.length));
    expect(JSON.parse(res.bytes.toString('utf8'))).toEqual(large);
  });

  it('still gzips JSON made without c.json (better-auth answers)', async () => {
    const res = await get(base, '/elsewhere', { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.bytes).toString('utf8'))).toEqual(large);
  });

  it('compresses a c.json answer where it is made, never reading it back', async () => {
    const res = await get(base, '/not-read-back', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(res.bytes).toString('utf8'))).toEqual(large);
  });
});
