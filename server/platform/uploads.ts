import { createHash, randomUUID } from 'node:crypto';
import { mkdir, open, readdir, rm, stat, type FileHandle } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { LIMITS } from '@common/core/limits';
import { UPLOAD_MSG, UPLOADS } from '@common/core/uploads';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { Db } from '../db/client';
import type { AppEnv } from '../lib/context';
import { AppError } from '../lib/errors';
import { imageTooLarge, invalidImage, sniffImageFormat } from './images';
import type { Storage } from './storage';
import { assertUploadRoom } from './upload-ledger';
import { takeSharedUploadPlace } from './upload-places';

/*
 * Uploads (docs/decisions/007): a multipart body is never held in memory. Its file part is streamed to a
 * temporary file while it arrives, counted (over the route's limit: 413 at once, the temporary file
 * removed) and checked by its first bytes (the wrong kind: refused at once, the rest never read).
 * Before a single byte is read, each upload takes one of a few places: per person
 * (UPLOAD_FLIGHT.perPerson, counted in this process and across every process: upload-places.ts) and
 * per process (UPLOAD_FLIGHT.perProcess); without one it is refused
 * with 429 and Retry-After. Then the person's unattached uploads are counted (upload-ledger.ts:
 * a quota). Any refusal before the body is read whole closes the connection (closeAfterAnswer). The route
 * works on the temporary file (images are decoded from it, other files moved or streamed to storage from it),
 * and the file is removed when the route is done, whatever happened.
 */

export function isMultipart(req: Request) {
  return /^multipart\/form-data\s*;/i.test(req.headers.get('content-type') ?? '');
}

/**
 * The largest file an upload route takes unless its area allowed more (allowLargeUploads): an image.
 * Routes with smaller limits still answer with their own message, while they read.
 */
const LARGEST_UPLOAD_BYTES = UPLOADS.imageMaxBytes;

type Limit = { maxSize: number; tooLarge: () => AppError };
const JSON_LIMIT: Limit = {
  maxSize: LIMITS.jsonBodyBytes,
  tooLarge: () => new AppError('PAYLOAD_TOO_LARGE'),
};
const MULTIPART_LIMIT: Limit = {
  maxSize: LARGEST_UPLOAD_BYTES + UPLOADS.multipartOverheadBytes,
  tooLarge: imageTooLarge,
};
const jsonLimit = bodyLimit({
  maxSize: JSON_LIMIT.maxSize,
  onError: () => {
    throw JSON_LIMIT.tooLarge();
  },
});

/**
 * Path prefixes whose multipart requests may carry a file larger than an image (an idea's video),
 * set by their area at boot. Everywhere else the body is cut off just past an image's limit, so a
 * route that takes 10 MB never has to read 50.
 */
const largeUploads = new Map<string, Limit>();

/** Lets multipart requests under `prefix` (e.g. `/api/investing/uploads/`) carry up to `maxBytes`. */
export function allowLargeUploads(prefix: string, maxBytes: number): void {
  largeUploads.set(prefix, { maxSize: maxBytes + UPLOADS.multipartOverheadBytes, tooLarge: imageTooLarge });
}

function multipartLimitFor(path: string): Limit {
  for (const [prefix, large] of largeUploads) if (path.startsWith(prefix)) return large;
  return MULTIPART_LIMIT;
}

/** Methods whose requests the Fetch API gives no body (bodyLimit lets them through). */
const NO_BODY = new Set(['GET', 'HEAD']);

/**
 * A body counted as it is read, never gathered: past `limit.maxSize` bytes the read fails with the
 * limit's 413. (Hono's bodyLimit gathers a chunked body whole before the route sees it.)
 */
function countedBody(req: Request, limit: Limit): Request {
  let total = 0;
  const reader = req.body!.getReader();
  // Read only when the route reads (no queue of its own): a refused upload's body is never read.
  const counted = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read();
        if (done) return controller.close();
        total += value.byteLength;
        if (total <= limit.maxSize) return controller.enqueue(value);
        controller.error(limit.tooLarge());
        await reader.cancel().catch(() => {});
      },
      cancel: (reason) => reader.cancel(reason),
    },
    { highWaterMark: 0 },
  );
  return new Request(req, { body: counted, duplex: 'half' } as RequestInit);
}

/**
 * The body limit for everything under /api. better-auth parses multipart bodies itself, so its routes
 * keep the JSON limit whatever the content type.
 *
 * What it does, without asking for `req.raw.body` first (on Node that builds a full Request for
 * every call, a GET included): a declared length is checked as is; a chunked JSON body is counted by
 * bodyLimit as it arrives; a chunked multipart body is counted while the upload route streams it.
 */
export function apiBodyLimit(): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    if (NO_BODY.has(c.req.method)) return next();
    const multipart =
      isMultipart(c.req.raw) && !c.req.path.startsWith('/api/auth/') ? multipartLimitFor(c.req.path) : null;
    const headers = c.req.raw.headers;
    const declared = headers.get('content-length');
    if (declared !== null && !headers.has('transfer-encoding')) {
      const limit = multipart ?? JSON_LIMIT;
      if (Number.parseInt(declared, 10) > limit.maxSize) {
        closeAfterAnswer(c);
        throw limit.tooLarge();
      }
      return next();
    }
    if (!multipart) return jsonLimit(c, next);
    if (c.req.raw.body) c.req.raw = countedBody(c.req.raw, multipart);
    return next();
  };
}

// ---------------------------------------------------------------------------------------------
// Uploads in flight

/**
 * How many uploads may be read at once: by one person (a form's picture and video together), and by
 * this process (each holds a temporary file up to its route's limit and a socket; the image decoding
 * queue bounds the costly part after). Refusals carry Retry-After: about what a large upload takes.
 */
export const UPLOAD_FLIGHT = { perPerson: 2, perProcess: 8, retryAfterSec: 10 } as const;

const flying = new Map<string, number>();
let flyingTotal = 0;

/** Uploads being read or worked on in this process now (tests). */
export const uploadsInFlight = () => ({ total: flyingTotal, people: flying.size });

const busy = (message: string) =>
  new AppError('RATE_LIMITED', message, undefined, { retryAfter: UPLOAD_FLIGHT.retryAfterSec });

/** Takes one place for `personId`'s upload, or throws 429; the answer frees it (once). */
function takePlace(personId: string): () => void {
  const own = flying.get(personId) ?? 0;
  if (own >= UPLOAD_FLIGHT.perPerson) throw busy(UPLOAD_MSG.ownUploadsBusy);
  if (flyingTotal >= UPLOAD_FLIGHT.perProcess) throw busy(UPLOAD_MSG.serverUploadsBusy);
  flying.set(personId, own + 1);
  flyingTotal++;
  let freed = false;
  return () => {
    if (freed) return;
    freed = true;
    flyingTotal--;
    const left = (flying.get(personId) ?? 1) - 1;
    if (left > 0) flying.set(personId, left);
    else flying.delete(personId);
  };
}

// ---------------------------------------------------------------------------------------------
// Reading the file part

/** An upload's file, in a temporary file that is removed once the route is done. */
export type UploadFile = {
  /** The temporary file. */
  path: string;
  size: number;
  /** The first bytes (at most HEAD_BYTES): what the content checks read. */
  head: Uint8Array;
  /** The content's SHA-256 in hex, when asked for (S3 signs the upload with it). */
  sha256: string | null;
};

/** Enough for every format check (images.ts, files.ts). */
const HEAD_BYTES = 64;
/** What an upload gathers before each write to its temporary file. */
const WRITE_BLOCK_BYTES = 1024 * 1024;
/** A part's headers (Content-Disposition, Content-Type) are short. */
const MAX_PART_HEADER_BYTES = 16 * 1024;

function missingFile() {
  return new AppError('VALIDATION', UPLOAD_MSG.invalidTypeHint, { file: UPLOAD_MSG.invalidTypeHint });
}

function boundaryOf(req: Request): string | null {
  const m = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(req.headers.get('content-type') ?? '');
  return m ? (m[1] ?? m[2]!) : null;
}

/** The `name` and `filename` of a part's Content-Disposition header (filename null when absent). */
function dispositionOf(head: string): { name: string | null; filename: string | null } {
  const line = /^content-disposition:[^\r\n]*$/im.exec(head)?.[0] ?? '';
  const param = (key: string) =>
    new RegExp(`;\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(line)?.[1] ??
    new RegExp(`;\\s*${key}=([^;\\s"]+)`, 'i').exec(line)?.[1] ??
    null;
  return { name: param('name'), filename: param('filename') };
}

type Sink = { write(chunk: Buffer): Promise<void> };

/**
 * Reads a multipart body up to the end of its `field` file part, handing that part's bytes to
 * `sink` as they arrive (never more than a chunk and a boundary in memory). Everything else in the
 * body (other fields, the preamble) may take at most `overhead` bytes. Answers whether the part was
 * found; the rest of the body is not read.
 */
async function streamFilePart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  field: string,
  sink: Sink,
  opts: { overhead: number; tooLarge: () => AppError },
): Promise<boolean> {
  const reader = body.getReader();
  const open = Buffer.from(`--${boundary}`);
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  let buf: Buffer = Buffer.alloc(0);
  // What is left of the last chunk (a possible delimiter's start) and the next chunk are joined in
  // one buffer kept for the whole body, instead of a new one per chunk: less for the garbage
  // collector to do while a large file streams in. Nothing keeps a view of it past the next read.
  let joined: Buffer = Buffer.alloc(0);
  let ended = false;
  let other = 0;
  type Phase = 'preamble' | 'after-boundary' | 'headers' | 'file' | 'skip';
  let phase: Phase = 'preamble';

  const more = async () => {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      return;
    }
    if (!buf.length) {
      buf = Buffer.from(value.buffer, value.byteOffset, value.byteLength);
      return;
    }
    const size = buf.length + value.byteLength;
    if (joined.length < size) {
      const grown = Buffer.allocUnsafe(Math.max(size, 2 * joined.length));
      buf.copy(grown, 0);
      joined = grown;
    } else if (buf.buffer !== joined.buffer || buf.byteOffset !== joined.byteOffset) {
      // `buf` may be a view of `joined` itself: copy() moves overlapping bytes correctly.
      buf.copy(joined, 0);
    }
    joined.set(value, buf.length);
    buf = joined.subarray(0, size);
  };
  const countOther = (n: number) => {
    other += n;
    if (other > opts.overhead) throw opts.tooLarge();
  };

  try {
    for (;;) {
      if (phase === 'preamble') {
        const at = buf.indexOf(open);
        if (at >= 0) {
          countOther(at + open.length);
          buf = buf.subarray(at + open.length);
          phase = 'after-boundary';
          continue;
        }
      } else if (phase === 'after-boundary') {
        if (buf.length >= 2) {
          if (buf[0] === 0x2d && buf[1] === 0x2d) return false; // `--`: the closing boundary
          const eol = buf.indexOf('\r\n');
          if (eol < 0 && buf.length > 256) return false;
          if (eol >= 0) {
            countOther(eol + 2);
            buf = buf.subarray(eol + 2);
            phase = 'headers';
            continue;
          }
        }
      } else if (phase === 'headers') {
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0 && buf.length > MAX_PART_HEADER_BYTES) return false;
        if (end >= 0) {
          const { name, filename } = dispositionOf(`\r\n${buf.subarray(0, end).toString('latin1')}`);
          countOther(end + 4);
          buf = buf.subarray(end + 4);
          phase = name === field && filename !== null ? 'file' : 'skip';
          continue;
        }
      } else {
        // A part's content, up to the next delimiter: the file's goes to the sink as it comes.
        const at = buf.indexOf(delimiter);
        const upTo = at >= 0 ? at : Math.max(0, buf.length - (delimiter.length - 1));
        if (upTo > 0) {
          if (phase === 'file') await sink.write(buf.subarray(0, upTo));
          else countOther(upTo);
        }
        if (at >= 0) {
          if (phase === 'file') return true;
          buf = buf.subarray(at + delimiter.length);
          phase = 'after-boundary';
          continue;
        }
        buf = buf.subarray(upTo);
      }
      if (ended) return false;
      await more();
    }
  } finally {
    reader.releaseLock();
  }
}

/** The temporary folders made so far (each once). */
const tmpDirs = new Map<string, Promise<unknown>>();

/**
 * Streams the `field` file part of the request to a temporary file in `tmpDir`: at most `maxBytes`
 * (else `tooLarge`, at once), its first bytes checked by `accept` as soon as they are in (a refusal
 * stops the reading). The file is removed on any failure.
 */
async function receiveFile(
  req: Request,
  opts: {
    tmpDir: string;
    maxBytes: number;
    tooLarge: () => AppError;
    accept: (head: Uint8Array) => AppError | null;
    missing: () => AppError;
    field: string;
    hash: boolean;
  },
): Promise<UploadFile> {
  const boundary = boundaryOf(req);
  if (!boundary || !req.body) throw opts.missing();
  if (!tmpDirs.has(opts.tmpDir)) tmpDirs.set(opts.tmpDir, mkdir(opts.tmpDir, { recursive: true }));
  await tmpDirs.get(opts.tmpDir);
  const file = path.join(opts.tmpDir, `upload-${randomUUID()}`);
  let handle: FileHandle | null = await open(file, 'wx');
  const hash = opts.hash ? createHash('sha256') : null;
  let size = 0;
  let head: Buffer = Buffer.alloc(0);
  let checked = false;
  const block = Buffer.allocUnsafe(Math.min(WRITE_BLOCK_BYTES, opts.maxBytes));
  let filled = 0;
  const flush = async () => {
    let at = 0;
    while (at < filled) at += (await handle!.write(block, at, filled - at)).bytesWritten;
    filled = 0;
  };
  const check = () => {
    checked = true;
    const refused = opts.accept(head);
    if (refused) throw refused;
  };
  try {
    const found = await streamFilePart(
      req.body,
      boundary,
      opts.field,
      {
        async write(chunk) {
          size += chunk.length;
          if (size > opts.maxBytes) throw opts.tooLarge();
          if (!checked) {
            head = Buffer.concat([head, chunk.subarray(0, HEAD_BYTES - head.length)]);
            if (head.length >= HEAD_BYTES) check();
          }
          hash?.update(chunk);
          // Chunks (64 KB off a socket) are gathered into one block written at a time: one write
          // per block instead of per chunk. The next chunk is read only once a full block is on disk.
          let from = 0;
          while (from < chunk.length) {
            const n = Math.min(chunk.length - from, block.length - filled);
            chunk.copy(block, filled, from, from + n);
            filled += n;
            from += n;
            if (filled === block.length) await flush();
          }
        },
      },
      { overhead: UPLOADS.multipartOverheadBytes, tooLarge: opts.tooLarge },
    );
    if (!found || size === 0) throw opts.missing();
    if (!checked) check();
    await flush();
    await handle.close();
    handle = null;
    return { path: file, size, head: new Uint8Array(head), sha256: hash ? hash.digest('hex') : null };
  } catch (err) {
    await handle?.close().catch(() => {});
    await rm(file, { force: true });
    // The body limit (apiBodyLimit) may cut a chunked body first: the route's own words either way.
    if (err instanceof AppError && err.code === 'PAYLOAD_TOO_LARGE') throw opts.tooLarge();
    throw err;
  }
}

export type UploadDeps = { db: Db; storage: Storage };

export type UploadOptions = {
  maxBytes: number;
  /** The route's 413 (its own words for its own limit). */
  tooLarge: () => AppError;
  /** The content check on the first bytes: null to go on, or the refusal. */
  accept: (head: Uint8Array) => AppError | null;
  /** No file part: the route's 400; default: 'Please select an image file.' */
  missing?: () => AppError;
  field?: string;
  /**
   * Does the file wait for content to use it (counted against the person's unattached quota)?
   * Default true; a profile picture is used at once.
   */
  unattached?: boolean;
};

/**
 * Runs `work` on the request's uploaded file: takes a place in flight for `personId` (or 429), checks
 * their unattached quota (or 429), streams the file to a temporary file under the limit and the
 * content check, then runs `work`; the place is freed and the temporary file removed afterwards.
 */
export async function withUpload<T>(
  c: Context<AppEnv>,
  deps: UploadDeps,
  personId: string,
  opts: UploadOptions,
  work: (file: UploadFile) => Promise<T>,
): Promise<T> {
  const req = c.req.raw;
  const missing = opts.missing ?? missingFile;
  let free: () => void | Promise<void> = () => {};
  let file: UploadFile;
  try {
    if (!isMultipart(req)) throw missing();
    const declared = Number(req.headers.get('content-length'));
    if (Number.isFinite(declared) && declared > opts.maxBytes + UPLOADS.multipartOverheadBytes)
      throw opts.tooLarge();
    free = takePlace(personId);
    // The person's places across every process (upload-places.ts); this process's are taken first,
    // so a burst at one process is refused without a database round trip.
    const shared = await takeSharedUploadPlace(deps.db, personId, UPLOAD_FLIGHT.perPerson);
    if (!shared) throw busy(UPLOAD_MSG.ownUploadsBusy);
    const local = free;
    free = () => {
      local();
      // Given back before the answer is sent (withUpload awaits it), so the next upload finds it.
      return shared();
    };
    if (opts.unattached !== false) await assertUploadRoom(deps.db, personId);
    file = await receiveFile(req, {
      tmpDir: deps.storage.tmpDir,
      maxBytes: opts.maxBytes,
      tooLarge: opts.tooLarge,
      accept: opts.accept,
      missing,
      field: opts.field ?? 'file',
      hash: deps.storage.kind === 's3',
    });
  } catch (err) {
    await free();
    closeAfterAnswer(c);
    throw err;
  }
  try {
    try {
      return await work(file);
    } finally {
      await rm(file.path, { force: true });
    }
  } finally {
    await free();
  }
}

/** After a refusal's answer: what is still read (and dropped) while the client reads the answer. */
const LINGER = { bytes: 1024 * 1024, ms: 2000 };

/**
 * A refusal before the whole body was read (too large by its declared length, no place in flight,
 * over the quota, the wrong kind, over the limit while streaming) is answered with
 * `Connection: close`, and the connection ends after the answer. Otherwise Node (and the Hono
 * adapter after it) would read and drop the rest of the body to keep the connection for the next
 * request: up to 64 MB per refusal, on the main thread, for a client that keeps sending.
 *
 * A socket closed while the client's bytes are still arriving is reset, and a reset can make the
 * client lose the answer it has not read yet (a "connection reset" instead of the 429). So the
 * close lingers: the answer and the end of our side are sent, at most LINGER.bytes more are read
 * and dropped, then reading stops (the client waits, costing us nothing) and the socket is closed
 * LINGER.ms later, or as soon as the client closes it.
 */
export function closeAfterAnswer(c: Context<AppEnv>): void {
  c.header('connection', 'close');
  // Over HTTP, through the Node adapter (not in app.request()).
  const socket = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket;
  if (!socket || socket.destroyed) return;
  // Node closes a `Connection: close` socket with destroySoon() once the answer is out.
  socket.destroySoon = () => {
    socket.end();
    let read = 0;
    socket.on('data', (chunk: Buffer) => {
      read += chunk.length;
      if (read >= LINGER.bytes) socket.pause();
    });
    const timer = setTimeout(() => socket.destroy(), LINGER.ms);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
  };
}

/** An image upload (at most UPLOADS.imageMaxBytes, an image by its first bytes): see withUpload. */
export function withImageUpload<T>(
  c: Context<AppEnv>,
  deps: UploadDeps,
  personId: string,
  work: (file: UploadFile) => Promise<T>,
  opts: { maxBytes?: number; tooLarge?: () => AppError; unattached?: boolean } = {},
): Promise<T> {
  return withUpload(
    c,
    deps,
    personId,
    {
      maxBytes: opts.maxBytes ?? UPLOADS.imageMaxBytes,
      tooLarge: opts.tooLarge ?? imageTooLarge,
      accept: (head) => (sniffImageFormat(head) ? null : invalidImage()),
      ...(opts.unattached === undefined ? {} : { unattached: opts.unattached }),
    },
    work,
  );
}

/** How long a temporary upload file may stay: one left by a crash goes at the next maintenance round. */
const TMP_FILE_TTL_MS = 60 * 60 * 1000;

/** Removes temporary upload files older than an hour (a process that died mid-upload). */
export async function sweepTempUploads(storage: Storage, olderThanMs = TMP_FILE_TTL_MS): Promise<number> {
  const names = await readdir(storage.tmpDir).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(storage.tmpDir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && Date.now() - info.mtimeMs > olderThanMs) {
      await rm(file, { force: true });
      removed++;
    }
  }
  return removed;
}
