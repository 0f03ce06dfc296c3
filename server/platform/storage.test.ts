import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileRoutes } from './files.routes';
import { sha256Hex, signV4 } from './sigv4';
import { createLocalStorage, createS3Storage, isValidKey, type Storage } from './storage';

const TRAVERSALS = [
  '',
  '/etc/passwd',
  '../evil.txt',
  'images/../../evil.txt',
  'images/./a.webp',
  'images//a.webp',
  'images/a/',
  '.tmp/x',
  '.hidden',
  'images\\..\\evil.txt',
  '%2e%2e/evil.txt',
  'a b.webp',
  'a\0b',
  'x'.repeat(200),
];

const readAll = async (body: ReadableStream<Uint8Array>) =>
  Buffer.from(await new Response(body).arrayBuffer());

describe('local storage', () => {
  let root: string;
  let dir: string;
  let storage: Storage;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'cofound-storage-'));
    dir = path.join(root, 'files');
    storage = createLocalStorage(dir);
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('stores, reads, describes and deletes a file', async () => {
    const bytes = randomBytes(50_000);
    await storage.put('images/content/a/1.webp', bytes, 'image/webp');
    expect(await readFile(path.join(dir, 'images/content/a/1.webp'))).toEqual(bytes);
    // Written beside and renamed into place: nothing left in the temporary folder.
    expect(await readdir(path.join(dir, '.tmp'))).toEqual([]);

    const file = await storage.get('images/content/a/1.webp');
    expect(file).toMatchObject({ contentType: 'image/webp', size: bytes.length });
    expect(await readAll(file!.body)).toEqual(bytes);
    expect(await storage.head('images/content/a/1.webp')).toEqual({
      contentType: 'image/webp',
      size: 50_000,
      etag: expect.stringMatching(/^"[0-9a-f]+-[0-9a-f]+"$/),
    });
    // A range: exactly those bytes, streamed.
    const part = await storage.get('images/content/a/1.webp', { range: { start: 100, end: 1099 } });
    expect(part!.size).toBe(1000);
    expect(await readAll(part!.body)).toEqual(bytes.subarray(100, 1100));

    await storage.delete('images/content/a/1.webp');
    expect(await storage.get('images/content/a/1.webp')).toBeNull();
    expect(await storage.head('images/content/a/1.webp')).toBeNull();
    await storage.delete('images/content/a/1.webp'); // already gone: fine
    expect(await readdir(dir)).toEqual(['.tmp']);
  });

  it('moves a temporary upload into place (putFile), never copying it through memory', async () => {
    const bytes = randomBytes(200_000);
    await mkdir(storage.tmpDir, { recursive: true });
    const tmp = path.join(storage.tmpDir, 'upload-test');
    await writeFile(tmp, bytes);
    await storage.putFile('files/x/a/b/file.mp4', tmp, 'video/mp4', { size: bytes.length, sha256: null });
    expect(await readFile(path.join(dir, 'files/x/a/b/file.mp4'))).toEqual(bytes);
    expect(await readdir(storage.tmpDir)).toEqual([]);
  });

  it('deletes everything under a prefix and nothing else', async () => {
    for (const k of ['p/a/1.webp', 'p/a/2.webp', 'p/ab/1.webp'])
      await storage.put(k, Buffer.from(k), 'image/webp');
    await storage.deletePrefix('p/a/');
    expect(await storage.head('p/a/1.webp')).toBeNull();
    expect(await storage.head('p/a/2.webp')).toBeNull();
    expect(await storage.head('p/ab/1.webp')).not.toBeNull();
    await expect(storage.deletePrefix('p')).rejects.toThrow(/invalid storage prefix/);
    await expect(storage.deletePrefix('../')).rejects.toThrow(/invalid storage prefix/);
  });

  it('refuses keys that could leave its folder', async () => {
    await writeFile(path.join(root, 'evil.txt'), 'outside');
    for (const key of TRAVERSALS) {
      expect(isValidKey(key), JSON.stringify(key)).toBe(false);
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /invalid storage key/,
      );
      expect(await storage.get(key), key).toBeNull();
      expect(await storage.head(key), key).toBeNull();
      await expect(storage.delete(key), key).rejects.toThrow(/invalid storage key/);
    }
    expect(await readFile(path.join(root, 'evil.txt'), 'utf8')).toBe('outside');
    expect(await storage.get('images')).toBeNull(); // a folder is not a file
  });

  it('addresses files under /files', () => {
    expect(storage.url('images/a/1.webp')).toBe('/files/images/a/1.webp');
    expect(storage.keyFromUrl('/files/images/a/1.webp')).toBe('images/a/1.webp');
    expect(storage.keyFromUrl('/files/../secret')).toBeNull();
    expect(storage.keyFromUrl('https://example.com/files/images/a/1.webp')).toBeNull();
  });

  it('serves files for a year, typed, with a strict policy; 404 for anything else', async () => {
    const bytes = randomBytes(1000);
    await storage.put('images/x/9.webp', bytes, 'image/webp');
    const app = fileRoutes(storage);
    const res = await app.request('/files/images/x/9.webp');
    expect(res.status).toBe(200);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('content-length')).toBe('1000');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");

    const head = await app.request('/files/images/x/9.webp', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('1000');
    expect(await head.text()).toBe('');

    for (const url of [
      '/files/images/x/8.webp',
      '/files/.tmp/x',
      '/files/..%2f..%2fevil.txt',
      '/files/%2e%2e/evil.txt',
    ]) {
      const missing = await app.request(url);
      expect(missing.status, url).toBe(404);
    }
  });

  it('answers byte ranges with exactly those bytes (206), 416 past the end, 304 for a known version', async () => {
    const bytes = randomBytes(10_000);
    await storage.put('files/idea-video/r/1/file.mp4', bytes, 'video/mp4');
    const app = fileRoutes(storage);
    const url = '/files/files/idea-video/r/1/file.mp4';
    const get = (headers: Record<string, string>) => app.request(url, { headers });
    const cases: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=9000-', 9000, 9999],
      ['bytes=-500', 9500, 9999],
      ['bytes=9990-20000', 9990, 9999],
    ];
    for (const [range, start, end] of cases) {
      const res = await get({ range });
      expect(res.status, range).toBe(206);
      expect(res.headers.get('content-range'), range).toBe(`bytes ${start}-${end}/10000`);
      expect(res.headers.get('content-length'), range).toBe(String(end - start + 1));
      expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes.subarray(start, end + 1));
    }
    const past = await get({ range: 'bytes=10000-' });
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe('bytes */10000');
    // Several ranges, or another unit: the whole file, as HTTP allows.
    for (const range of ['bytes=0-1,5-6', 'items=0-1']) {
      const whole = await get({ range });
      expect(whole.status, range).toBe(200);
      expect(Buffer.from(await whole.arrayBuffer())).toEqual(bytes);
    }
    const full = await get({});
    const etag = full.headers.get('etag')!;
    expect(full.headers.get('accept-ranges')).toBe('bytes');
    expect(etag).toMatch(/^".+"$/);
    await full.arrayBuffer();
    const cached = await get({ 'if-none-match': etag });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe('');
    // If-Range naming another version: the whole file.
    const changed = await get({ range: 'bytes=0-9', 'if-range': '"other"' });
    expect(changed.status).toBe(200);
    await changed.arrayBuffer();
  });
});

/** A fake S3 endpoint: checks every request's SigV4 signature and payload hash, keeps objects in memory. */
async function startFakeS3(opts: {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
}) {
  const objects = new Map<string, { body: Buffer; contentType: string; cacheControl: string }>();
  const log: { method: string; path: string; verified: boolean }[] = [];

  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  };

  function verify(req: IncomingMessage, url: URL, body: Buffer) {
    const auth =
      /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/s3\/aws4_request, ?SignedHeaders=([^,]+), ?Signature=([0-9a-f]{64})$/.exec(
        req.headers.authorization ?? '',
      );
    if (!auth || auth[1] !== opts.accessKeyId || auth[3] !== opts.region) return false;
    const payloadHash = String(req.headers['x-amz-content-sha256']);
    if (payloadHash !== sha256Hex(body)) return false;
    const stamp = String(req.headers['x-amz-date']);
    const now = new Date(stamp.replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (Math.abs(Date.now() - now.getTime()) > 15 * 60_000) return false;
    const signed = auth[4]!.split(';');
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256'])
      if (!signed.includes(required)) return false;
    const headers: Record<string, string> = {};
    for (const name of signed)
      if (!['host', 'x-amz-date', 'x-amz-content-sha256'].includes(name))
        headers[name] = String(req.headers[name]);
    const expected = signV4({
      method: req.method!,
      url,
      headers,
      payloadHash,
      region: opts.region,
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
      now,
    });
    return expected.authorization!.endsWith(`Signature=${auth[5]}`);
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url!, `http://${req.headers.host}`);
    const body = await readBody(req);
    const verified = verify(req, url, body);
    log.push({ method: req.method!, path: url.pathname + url.search, verified });
    const xml = (status: number, text: string) => {
      res.writeHead(status, { 'content-type': 'application/xml' });
      res.end(`<?xml version="1.0" encoding="UTF-8"?>\n${text}`);
    };
    if (!verified) return xml(403, '<Error><Code>SignatureDoesNotMatch</Code></Error>');
    const bucketPath = `/${opts.bucket}`;
    if (url.pathname === bucketPath && req.method === 'GET' && url.searchParams.get('list-type') === '2') {
      // Two keys a page, so the client has to follow continuation tokens.
      const prefix = url.searchParams.get('prefix') ?? '';
      const all = [...objects.keys()].filter((k) => k.startsWith(prefix)).sort();
      const start = Number(url.searchParams.get('continuation-token') ?? 0);
      const page = all.slice(start, start + 2);
      const more = start + 2 < all.length;
      return xml(
        200,
        `<ListBucketResult><Name>${opts.bucket}</Name><Prefix>${prefix}</Prefix><KeyCount>${page.length}</KeyCount>` +
          page.map((k) => `<Contents><Key>${k}</Key><Size>1</Size></Contents>`).join('') +
          `<IsTruncated>${more}</IsTruncated>${more ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : ''}` +
          '</ListBucketResult>',
      );
    }
    if (!url.pathname.startsWith(`${bucketPath}/`))
      return xml(400, '<Error><Code>InvalidRequest</Code></Error>');
    const key = decodeURIComponent(url.pathname.slice(bucketPath.length + 1));
    const object = objects.get(key);
    switch (req.method) {
      case 'PUT':
        objects.set(key, {
          body,
          contentType: String(req.headers['content-type']),
          cacheControl: String(req.headers['cache-control']),
        });
        res.writeHead(200, { etag: `"${sha256Hex(body).slice(0, 32)}"` });
        return res.end();
      case 'GET':
      case 'HEAD':
        if (!object)
          return req.method === 'HEAD'
            ? res.writeHead(404).end()
            : xml(404, '<Error><Code>NoSuchKey</Code></Error>');
        {
          const etag = `"${sha256Hex(object.body).slice(0, 32)}"`;
          const range = /^bytes=(\d+)-(\d+)$/.exec(String(req.headers.range ?? ''));
          if (range && req.method === 'GET') {
            const part = object.body.subarray(Number(range[1]), Number(range[2]) + 1);
            res.writeHead(206, {
              'content-type': object.contentType,
              'content-length': part.length,
              'content-range': `bytes ${range[1]}-${range[2]}/${object.body.length}`,
              etag,
            });
            return res.end(part);
          }
          res.writeHead(200, {
            'content-type': object.contentType,
            'content-length': object.body.length,
            'cache-control': object.cacheControl,
            etag,
          });
          return res.end(req.method === 'GET' ? object.body : undefined);
        }
      case 'DELETE':
        objects.delete(key);
        res.writeHead(204);
        return res.end();
      default:
        return xml(405, '<Error><Code>MethodNotAllowed</Code></Error>');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    log,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('S3 storage', () => {
  const credentials = {
    bucket: 'photos',
    accessKeyId: 'AKIDTEST',
    secretAccessKey: 'secret/key+test',
    region: 'eu-test-1',
  };
  let s3: Awaited<ReturnType<typeof startFakeS3>>;
  let storage: Storage;
  beforeAll(async () => {
    s3 = await startFakeS3(credentials);
    storage = createS3Storage({ ...credentials, endpoint: s3.endpoint, forcePathStyle: true });
  });
  afterAll(() => s3.close());

  it('puts, gets, describes and deletes objects with signed path-style requests', async () => {
    const bytes = randomBytes(100_000);
    const key = 'images/avatar/u1/i1/256.webp';
    await storage.put(key, bytes, 'image/webp');
    expect(s3.objects.get(key)).toEqual({
      body: bytes,
      contentType: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });

    const file = await storage.get(key);
    expect(file).toMatchObject({ contentType: 'image/webp', size: 100_000 });
    expect(await readAll(file!.body)).toEqual(bytes);
    expect(await storage.head(key)).toEqual({
      contentType: 'image/webp',
      size: 100_000,
      etag: expect.stringMatching(/^"[0-9a-f]{32}"$/),
    });
    const part = await storage.get(key, { range: { start: 10, end: 19 } });
    expect(await readAll(part!.body)).toEqual(bytes.subarray(10, 20));
    expect(await storage.get('images/none.webp')).toBeNull();
    expect(await storage.head('images/none.webp')).toBeNull();

    await storage.delete(key);
    expect(s3.objects.has(key)).toBe(false);
    expect(await storage.get(key)).toBeNull();

    expect(s3.log.length).toBeGreaterThanOrEqual(7);
    expect(s3.log.every((r) => r.verified && r.path.startsWith('/photos/'))).toBe(true);
  });

  it('streams a temporary upload to the bucket with its length and signed hash (putFile)', async () => {
    const bytes = randomBytes(300_000);
    const tmp = path.join(await mkdtemp(path.join(os.tmpdir(), 'cofound-s3-up-')), 'upload');
    await writeFile(tmp, bytes);
    // With the hash the upload pipeline computed, and without (computed from the file).
    await storage.putFile('files/v/1/file.mp4', tmp, 'video/mp4', {
      size: bytes.length,
      sha256: sha256Hex(bytes),
    });
    await storage.putFile('files/v/2/file.mp4', tmp, 'video/mp4', { size: bytes.length, sha256: null });
    for (const key of ['files/v/1/file.mp4', 'files/v/2/file.mp4']) {
      const object = s3.objects.get(key);
      expect(object?.contentType).toBe('video/mp4');
      expect(object && Buffer.compare(object.body, bytes)).toBe(0);
    }
    expect(s3.log.every((r) => r.verified)).toBe(true);
    await rm(path.dirname(tmp), { recursive: true, force: true });
  });

  it('deletes a prefix, following the listing page by page', async () => {
    const keys = ['d/a/1.webp', 'd/a/2.webp', 'd/a/3.webp', 'd/a/4.webp', 'd/a/5.webp', 'd/ab/1.webp'];
    for (const k of keys) await storage.put(k, Buffer.from(k), 'image/webp');
    s3.log.length = 0;
    await storage.deletePrefix('d/a/');
    expect([...s3.objects.keys()].filter((k) => k.startsWith('d/'))).toEqual(['d/ab/1.webp']);
    const lists = s3.log.filter((r) => r.path.startsWith('/photos?'));
    expect(lists.length).toBe(3);
    expect(lists.every((r) => r.verified && r.path.includes('prefix=d%2Fa%2F'))).toBe(true);
  });

  it('proxies reads through /files', async () => {
    const bytes = randomBytes(3000);
    await storage.put('images/cover/u/i/750.webp', bytes, 'image/webp');
    const res = await fileRoutes(storage).request('/files/images/cover/u/i/750.webp');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer())).toEqual(bytes);
    expect((await fileRoutes(storage).request('/files/images/cover/u/i/1500.webp')).status).toBe(404);
  });

  it('fails loudly on a wrong secret, and refuses invalid keys before sending', async () => {
    const wrong = createS3Storage({
      ...credentials,
      secretAccessKey: 'nope',
      endpoint: s3.endpoint,
      forcePathStyle: true,
    });
    await expect(wrong.put('images/x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      'S3 put images/x.webp: 403 SignatureDoesNotMatch',
    );
    const before = s3.log.length;
    await expect(storage.put('../x.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(
      /invalid storage key/,
    );
    expect(await storage.get('../x.webp')).toBeNull();
    expect(s3.log.length).toBe(before);
  });

  it('addresses buckets by host unless path style is asked for; public URLs when configured', async () => {
    const urls: string[] = [];
    const fakeFetch = (async (input: URL | RequestInfo) => {
      urls.push(String(input));
      return new Response(null, { status: 200 });
    }) as typeof fetch;
    await createS3Storage({ ...credentials, endpoint: 'https://s3.example.com', fetch: fakeFetch }).delete(
      'a/b.webp',
    );
    await createS3Storage({ ...credentials, fetch: fakeFetch }).delete('a/b.webp');
    expect(urls).toEqual([
      'https://photos.s3.example.com/a/b.webp',
      'https://photos.s3.eu-test-1.amazonaws.com/a/b.webp',
    ]);

    expect(storage.url('images/a.webp')).toBe('/files/images/a.webp');
    const cdn = createS3Storage({ ...credentials, publicUrl: 'https://cdn.example.com/media/' });
    expect(cdn.url('images/a.webp')).toBe('https://cdn.example.com/media/images/a.webp');
    expect(cdn.keyFromUrl('https://cdn.example.com/media/images/a.webp')).toBe('images/a.webp');
    expect(cdn.keyFromUrl('/files/images/a.webp')).toBeNull();
    expect(cdn.keyFromUrl('https://cdn.example.com/media/../a.webp')).toBeNull();
  });
});
