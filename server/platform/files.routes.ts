import { Hono, type Context } from 'hono';
import type { AppEnv } from '../lib/context';
import { errorBody } from '../lib/errors';
import { isPrivateKey } from './files';
import type { Storage } from './storage';

/**
 * GET and HEAD /files/<key>: stored uploads, streamed from local disk or proxied from S3. A key is
 * never written twice, so browsers and proxies may keep a file for a year without asking again.
 * The strict policy keeps a file from running anything should a browser ever render it as a page.
 */
const FILE_HEADERS = {
  'cache-control': 'public, max-age=31536000, immutable',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; sandbox",
  'cross-origin-resource-policy': 'same-site',
} as const;

function headersFor(file: { contentType: string; size: number }) {
  const headers: Record<string, string> = { ...FILE_HEADERS, 'content-type': file.contentType };
  if (file.size > 0) headers['content-length'] = String(file.size);
  return headers;
}

const notFound = (c: Context) => c.json(errorBody('NOT_FOUND'), 404, { 'cache-control': 'no-store' });

export function fileRoutes(storage: Storage) {
  return new Hono<AppEnv>().get('/files/*', async (c) => {
    const key = c.req.path.slice('/files/'.length);
    // Private files (a pitch deck) are streamed by their area after its own check, never here.
    if (isPrivateKey(key)) return notFound(c);
    // Hono answers HEAD through the GET route, dropping the body: do not open the file for it.
    if (c.req.raw.method === 'HEAD') {
      const info = await storage.head(key);
      return info ? c.body(null, 200, headersFor(info)) : notFound(c);
    }
    const file = await storage.get(key);
    return file ? c.body(file.body, 200, headersFor(file)) : notFound(c);
  });
}
