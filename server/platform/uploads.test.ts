import http from 'node:http';
import { LIMITS } from '@common/core/limits';
import { MSG } from '@common/core/texts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

/** A POST over real HTTP: `chunked` sends the body without a Content-Length. */
function post(base: string, path: string, body: Buffer, chunked: boolean) {
  return new Promise<{ status: number; body: unknown }>((resolve, reject) => {
    const req = http.request(
      base + path,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(chunked ? { 'transfer-encoding': 'chunked' } : { 'content-length': String(body.length) }),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode!, body: JSON.parse(Buffer.concat(chunks).toString()) }),
        );
      },
    );
    req.on('error', reject);
    // Two writes, so a chunked body really arrives in chunks.
    req.write(body.subarray(0, 1024));
    req.end(body.subarray(1024));
  });
}

// The API's body limit, through the Node adapter as in production (docs/decisions/010's section on
// what every request pays: the limit reads the headers, and counts a chunked body as it arrives).
describe('the API body limit over HTTP', () => {
  let t: TestApp;
  let base: string;
  beforeAll(async () => {
    t = await createTestApp({ smtp: false });
    base = await t.listen();
  });
  afterAll(() => t?.close());

  const tooLarge = { error: { code: 'PAYLOAD_TOO_LARGE', message: MSG.bodyTooLarge } };
  const over = Buffer.alloc(LIMITS.jsonBodyBytes + 1, 'a');
  const within = Buffer.from(JSON.stringify({ text: 'a'.repeat(2000) }));

  it('refuses a JSON body over the limit, whether its length is declared or not', async () => {
    for (const chunked of [false, true]) {
      const res = await post(base, '/api/no/such/thing', over, chunked);
      expect({ chunked, ...res }).toEqual({ chunked, status: 413, body: tooLarge });
    }
  });

  it('lets a body within the limit through to the route', async () => {
    for (const chunked of [false, true]) {
      const res = await post(base, '/api/no/such/thing', within, chunked);
      expect({ chunked, status: res.status }).toEqual({ chunked, status: 404 });
    }
  });

  it('answers a read with the request id it was given and the security headers', async () => {
    const res = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'probe-1' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toBe('probe-1');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('vary')).toMatch(/accept-encoding/i);
  });
});
