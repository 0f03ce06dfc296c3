import { LIMITS } from '@common/core/limits';
import { UPLOAD_MSG, UPLOADS } from '@common/core/uploads';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../lib/context';
import { AppError } from '../lib/errors';
import { imageTooLarge } from './images';

/**
 * Reading multipart uploads without holding more than the limit in memory. The API's body limit is
 * 64 KB for JSON; multipart requests outside /api/auth get the largest upload's limit instead, and
 * each upload route then enforces its own exact limit while it reads (readUpload).
 */

export function isMultipart(req: Request) {
  return /^multipart\/form-data\s*;/i.test(req.headers.get('content-type') ?? '');
}

/**
 * The largest file an upload route takes unless its area allowed more (allowLargeUploads): an image.
 * Routes with smaller limits still answer with their own message, from readUpload.
 */
const LARGEST_UPLOAD_BYTES = UPLOADS.imageMaxBytes;

const JSON_LIMIT = { maxSize: LIMITS.jsonBodyBytes, tooLarge: () => new AppError('PAYLOAD_TOO_LARGE') };
const MULTIPART_LIMIT = {
  maxSize: LARGEST_UPLOAD_BYTES + UPLOADS.multipartOverheadBytes,
  tooLarge: imageTooLarge,
};
const counting = (limit: typeof JSON_LIMIT) =>
  bodyLimit({
    maxSize: limit.maxSize,
    onError: () => {
      throw limit.tooLarge();
    },
  });
const jsonLimit = counting(JSON_LIMIT);
const multipartLimit = counting(MULTIPART_LIMIT);

type Limit = { limit: typeof JSON_LIMIT; middleware: MiddlewareHandler<AppEnv> };
/**
 * Path prefixes whose multipart requests may carry a file larger than an image (an idea's video),
 * set by their area at boot. Everywhere else the body is cut off just past an image's limit, so a
 * route that takes 10 MB never has to read 50.
 */
const largeUploads = new Map<string, Limit>();

/** Lets multipart requests under `prefix` (e.g. `/api/investing/uploads/`) carry up to `maxBytes`. */
export function allowLargeUploads(prefix: string, maxBytes: number): void {
  const limit = { maxSize: maxBytes + UPLOADS.multipartOverheadBytes, tooLarge: imageTooLarge };
  largeUploads.set(prefix, { limit, middleware: counting(limit) });
}

function multipartLimitFor(path: string): Limit {
  for (const [prefix, large] of largeUploads) if (path.startsWith(prefix)) return large;
  return { limit: MULTIPART_LIMIT, middleware: multipartLimit };
}

/** Methods whose requests the Fetch API gives no body (bodyLimit lets them through). */
const NO_BODY = new Set(['GET', 'HEAD']);

/**
 * The body limit for everything under /api. better-auth parses multipart bodies itself, so its routes
 * keep the JSON limit whatever the content type.
 *
 * What bodyLimit does, without asking for `req.raw.body` first (on Node that builds a full Request
 * for every call, a GET included): a declared length is checked as is; a chunked body is counted
 * by bodyLimit as it arrives.
 */
export function apiBodyLimit(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    if (NO_BODY.has(c.req.method)) return next();
    const multipart =
      isMultipart(c.req.raw) && !c.req.path.startsWith('/api/auth/') ? multipartLimitFor(c.req.path) : null;
    const headers = c.req.raw.headers;
    const declared = headers.get('content-length');
    if (declared !== null && !headers.has('transfer-encoding')) {
      const limit = multipart ? multipart.limit : JSON_LIMIT;
      if (Number.parseInt(declared, 10) > limit.maxSize) throw limit.tooLarge();
      return next();
    }
    return multipart ? multipart.middleware(c, next) : jsonLimit(c, next);
  };
}

function missingFile() {
  return new AppError('VALIDATION', UPLOAD_MSG.invalidTypeHint, { file: UPLOAD_MSG.invalidTypeHint });
}

/**
 * The request body, refused with `tooLarge` once it exceeds `max` bytes: the declared Content-Length
 * is checked first, then the bytes are counted as they arrive (a declared length may be a lie).
 */
async function readBodyAtMost(req: Request, max: number, tooLarge: () => AppError) {
  const declared = Number(req.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > max) throw tooLarge();
  if (!req.body) return new Uint8Array(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > max) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

export type Upload = { bytes: Uint8Array; filename: string; type: string };

/**
 * One file from a multipart/form-data request (the `field` part), at most `maxBytes` long. A request
 * that is not multipart, or has no such file, is a 400 asking for a file; a larger one a 413.
 */
export async function readUpload(
  c: Context<AppEnv>,
  opts: { maxBytes: number; tooLarge: () => AppError; field?: string },
): Promise<Upload> {
  const req = c.req.raw;
  if (!isMultipart(req)) throw missingFile();
  const body = await readBodyAtMost(req, opts.maxBytes + UPLOADS.multipartOverheadBytes, opts.tooLarge);
  let form: FormData;
  try {
    form = await new Response(body, {
      headers: { 'content-type': req.headers.get('content-type')! },
    }).formData();
  } catch {
    throw missingFile();
  }
  const file = form.get(opts.field ?? 'file');
  if (typeof file === 'string' || !file || file.size === 0) throw missingFile();
  if (file.size > opts.maxBytes) throw opts.tooLarge();
  return { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name, type: file.type };
}

/** The `file` part of an image upload (at most UPLOADS.imageMaxBytes); its content is checked later. */
export async function readImageUpload(c: Context<AppEnv>): Promise<Uint8Array> {
  const upload = await readUpload(c, { maxBytes: UPLOADS.imageMaxBytes, tooLarge: imageTooLarge });
  return upload.bytes;
}
