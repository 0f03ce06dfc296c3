import { Hono, type Context } from 'hono';
import type { AppEnv } from '../lib/context';
import { errorBody } from '../lib/errors';
import { isPrivateKey } from './files';
import type { ByteRange, FileInfo, Storage } from './storage';

/**
 * GET and HEAD /files/<key>: stored uploads, streamed from local disk or proxied from S3, never read
 * whole. A key is never written twice, so browsers and proxies may keep a file for a year without
 * asking again. The strict policy keeps a file from running anything should a browser ever render it
 * as a page.
 */
const FILE_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'same-site',
} as const;

const notFound = (c: Context) => c.json(errorBody('NOT_FOUND'), 404, { 'cache-control': 'no-store' });

/**
 * The one range a `Range` header asks of a file of `size` bytes: null when there is no usable
 * header (no header, another unit, several ranges, bad syntax: the whole file is sent, as HTTP
 * allows), 'unsatisfiable' when it starts past the end.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const m = /^bytes=(\d{0,15})-(\d{0,15})$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // The last n bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (m[2] !== '' && Number(m[2]) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/** Does If-None-Match name this version (or any, `*`)? */
function matches(ifNoneMatch: string | undefined, etag: string | null) {
  if (!ifNoneMatch || !etag) return false;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((t) => t.trim() === '*' || bare(t) === bare(etag));
}

/**
 * Answers a GET or HEAD for the stored file `key` with `headers` (its caching and policy): 200 with
 * the whole file, 206 with the one range asked for (Content-Range), 416 for a range past its end,
 * 304 when If-None-Match names its version. Streamed either way; null when there is no such file.
 */
export async function sendStoredFile(
  c: Context,
  storage: Storage,
  key: string,
  headers: Record<string, string>,
): Promise<Response | null> {
  const rangeHeader = c.req.header('range');
  const ifNoneMatch = c.req.header('if-none-match');
  const head = c.req.raw.method === 'HEAD';
  const out = (info: FileInfo, extra: Record<string, string> = {}) => {
    const h: Record<string, string> = {
      ...headers,
      'content-type': info.contentType,
      'accept-ranges': 'bytes',
    };
    if (info.etag) h.etag = info.etag;
    return { ...h, ...extra };
  };

  // The plain case, one call to storage: the whole file.
  if (!head && !rangeHeader && !ifNoneMatch) {
    const file = await storage.get(key);
    if (!file) return null;
    return c.body(file.body, 200, out(file, file.size > 0 ? { 'content-length': String(file.size) } : {}));
  }

  const info = await storage.head(key);
  if (!info) return null;
  if (matches(ifNoneMatch, info.etag)) return c.body(null, 304, out(info));
  // If-Range: a range of the version the client already has, else the whole (new) file.
  const ifRange = c.req.header('if-range');
  const range = ifRange && ifRange !== info.etag ? null : parseRange(rangeHeader, info.size);
  if (range === 'unsatisfiable')
    return c.body(null, 416, { ...out(info), 'content-range': `bytes */${info.size}` });
  const length = range ? range.end - range.start + 1 : info.size;
  const extra: Record<string, string> = { 'content-length': String(length) };
  if (range) extra['content-range'] = `bytes ${range.start}-${range.end}/${info.size}`;
  const status = range ? 206 : 200;
  // Hono answers HEAD through the GET route, dropping the body: the file is not opened for it.
  if (head) return c.body(null, status, out(info, extra));
  const file = await storage.get(key, range ? { range } : {});
  if (!file) return null;
  return c.body(file.body, status, out(info, extra));
}

export function fileRoutes(storage: Storage) {
  return new Hono<AppEnv>().get('/files/*', async (c) => {
    const key = c.req.path.slice('/files/'.length);
    // Private files (a pitch deck) are streamed by their area after its own check, never here.
    if (isPrivateKey(key)) return notFound(c);
    return (await sendStoredFile(c, storage, key, FILE_HEADERS)) ?? notFound(c);
  });
}
