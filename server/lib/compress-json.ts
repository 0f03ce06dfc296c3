import { gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';

/** Smaller answers go as they are: compressing them costs more than sending them. */
const THRESHOLD = 1024;
const GZIP = /\bgzip\b/;

/** The headers of a JSON answer of `bytes` bytes, gzipped or not, over those the route gave. */
function jsonHeaders(given: Record<string, string | string[]> | undefined, bytes: number, gzip: boolean) {
  const headers: Record<string, string | string[]> = { 'Content-Type': 'application/json', ...given };
  headers['Content-Length'] = String(bytes);
  if (gzip) headers['Content-Encoding'] = 'gzip';
  return headers;
}

/**
 * JSON answers, compressed in one step while they are in memory. The general `compress()` pipes
 * every answer through a CompressionStream, which for a 13 KB feed page cost a sixth of the
 * server's time, and compressed tiny answers too. Level 4 keeps most of the saving at a fraction of
 * the default's cost. Everything else (the web app's files) is left to `compress()`, which leaves
 * an answer with a Content-Length under its threshold, or a Content-Encoding, alone.
 *
 * `c.json` is replaced for the request, so the text is compressed (or not) where it is made: the
 * answer stays a plain string or buffer, which the Node adapter writes out directly. Reading an
 * answer back afterwards (`res.body`, `arrayBuffer()`) turns it into a full web Response and a
 * stream, which cost more than the rest of a small request. Answers made otherwise (better-auth's)
 * are still read back and compressed after the route.
 */
export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    const made = jsonInOneStep(c);
    await next();
    const res = c.res;
    if (
      res === made.last ||
      c.req.method === 'HEAD' ||
      res.headers.has('Content-Encoding') ||
      !res.headers.get('Content-Type')?.startsWith('application/json') ||
      !res.body
    )
      return;
    const body = Buffer.from(await res.arrayBuffer());
    const headers = new Headers(res.headers);
    headers.append('Vary', 'Accept-Encoding');
    // Every header is carried over above; clearing first stops Hono merging the old ones back in.
    c.res = undefined;
    const gzip = GZIP.test(c.req.header('Accept-Encoding') ?? '');
    if (!gzip || body.length < THRESHOLD) {
      headers.set('Content-Length', String(body.length));
      c.res = new Response(body, { status: res.status, headers });
      return;
    }
    const zipped = gzipSync(body, { level: 4 });
    headers.set('Content-Encoding', 'gzip');
    headers.set('Content-Length', String(zipped.length));
    c.res = new Response(zipped, { status: res.status, headers });
  };
}

/** Makes this request's `c.json` answer compressed (or small) JSON; `last` is its latest answer. */
function jsonInOneStep(c: Context) {
  const made: { last?: Response } = {};
  const body = c.body;
  const json = (object: unknown, arg?: unknown, given?: Record<string, string | string[]>) => {
    const text = JSON.stringify(object);
    const bytes = Buffer.byteLength(text);
    const gzip =
      bytes >= THRESHOLD && c.req.method !== 'HEAD' && GZIP.test(c.req.header('Accept-Encoding') ?? '');
    const data = gzip ? gzipSync(text, { level: 4 }) : text;
    const res = (body as (...a: unknown[]) => Response)(
      data,
      arg,
      jsonHeaders(given, gzip ? data.length : bytes, gzip),
    );
    // Whether an answer is compressed depends on the request's Accept-Encoding (and its size).
    res.headers.append('Vary', 'Accept-Encoding');
    made.last = res;
    return res;
  };
  c.json = json as typeof c.json;
  return made;
}
