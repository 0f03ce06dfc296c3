import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Env } from '../env';
import { EMPTY_PAYLOAD_HASH, encodeKeyPath, sha256Hex, signV4, uriEncode } from './sigv4';

/**
 * Where uploaded files live: a folder on local disk (the default) or an S3-compatible bucket. Keys
 * are paths like `images/avatar/<uuid>/256.webp`, never reused, so whatever serves them may cache
 * them for good (docs/decisions/007).
 */
export type StoredFile = {
  body: ReadableStream<Uint8Array>;
  contentType: string;
  /** The bytes `body` carries: the whole file's, or the range's. */
  size: number;
  /** The stored file's version tag (quoted), when the store gives one. */
  etag: string | null;
};

export type FileInfo = Omit<StoredFile, 'body'>;

/** Bytes `start` to `end` of a file, both included (an HTTP byte range). */
export type ByteRange = { start: number; end: number };

export type Storage = {
  readonly kind: 'local' | 's3';
  /**
   * Where uploads wait while they arrive (platform/uploads.ts): in the files' own folder on local
   * disk, so a finished file is renamed into place, never copied.
   */
  readonly tmpDir: string;
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /**
   * Stores the file at `file` (a temporary upload of `size` bytes) under `key`, streamed, never read
   * whole. `sha256`: its content's hash when known (S3 signs it; otherwise it is computed here).
   * The file at `file` may be gone afterwards (moved).
   */
  putFile(
    key: string,
    file: string,
    contentType: string,
    info: { size: number; sha256: string | null },
  ): Promise<void>;
  /**
   * The file as a stream (or bytes `range.start` to `range.end` of it), or null when there is none
   * (or the key is not a valid one). The caller checks the range against head()'s size.
   */
  get(key: string, opts?: { range?: ByteRange }): Promise<StoredFile | null>;
  /** Type, size and version without the body (HEAD requests, ranges). */
  head(key: string): Promise<FileInfo | null>;
  /** Removes the file; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Removes every file whose key starts with `prefix` (which ends with a slash). */
  deletePrefix(prefix: string): Promise<void>;
  /** The address browsers load the file from: `/files/<key>`, or under S3_PUBLIC_URL. */
  url(key: string): string;
  /** The key behind one of our own addresses (url()), or null for anything else. */
  keyFromUrl(url: string): string | null;
};

/** Path segments of letters, digits, dot, dash, underscore, not starting with a dot: no `..`, no `/x`. */
const SEGMENT = '[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}';
const KEY = new RegExp(`^${SEGMENT}(?:/${SEGMENT}){0,15}$`);

export function isValidKey(key: string) {
  return key.length <= 1024 && KEY.test(key);
}

function assertKey(key: string) {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

function assertPrefix(prefix: string) {
  if (!prefix.endsWith('/') || !isValidKey(prefix.slice(0, -1)))
    throw new Error(`invalid storage prefix: ${JSON.stringify(prefix)}`);
}

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.gif': 'image/gif',
  '.avif': 'image/avif',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf',
};

/** The type a key's extension names (keys are chosen by us, so the extension is the truth). */
export function contentTypeOf(key: string) {
  return TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

const FILES_PATH = '/files/';

function keyAfter(url: string, prefix: string) {
  if (!url.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return isValidKey(key) ? key : null;
}

/**
 * Files under `dir`. Each is written to a temporary file first and renamed into place, so a reader
 * never sees half a file; temporary files live in `dir/.tmp`, which no key can name.
 */
/** A local file's version tag: its size and modification time (keys are never written twice). */
function localEtag(info: { size: number; mtimeMs: number }) {
  return `"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
}

/** A file's content hash, read in chunks. */
async function sha256OfFile(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

export function createLocalStorage(dir: string): Storage {
  const root = path.resolve(dir);
  const tmpDir = path.join(root, '.tmp');
  const fileOf = (key: string) => path.join(root, ...key.split('/'));

  /** Empty folders left by deletions (images/avatar/<uuid>/), up to the root. */
  async function pruneEmptyParents(from: string) {
    let folder = from;
    while (folder.startsWith(root + path.sep)) {
      try {
        await rmdir(folder);
      } catch {
        return; // not empty, or already gone
      }
      folder = path.dirname(folder);
    }
  }

  return {
    kind: 'local',
    tmpDir,
    async putFile(key, from) {
      assertKey(key);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // A temporary upload is in tmpDir, on the same disk: moved in one step. Anything else is
      // copied beside its place first, so a reader never sees half a file.
      try {
        await rename(from, file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err;
        await mkdir(tmpDir, { recursive: true });
        const tmp = path.join(tmpDir, randomUUID());
        try {
          await copyFile(from, tmp);
          await rename(tmp, file);
        } catch (copyErr) {
          await rm(tmp, { force: true });
          throw copyErr;
        }
      }
    },
    async put(key, bytes) {
      assertKey(key);
      const file = fileOf(key);
      await mkdir(tmpDir, { recursive: true });
      const tmp = path.join(tmpDir, randomUUID());
      try {
        await writeFile(tmp, bytes, { flag: 'wx' });
        await mkdir(path.dirname(file), { recursive: true });
        await rename(tmp, file);
      } catch (err) {
        await rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key, opts = {}) {
      if (!isValidKey(key)) return null;
      let handle;
      try {
        handle = await open(fileOf(key), 'r');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
      const info = await handle.stat();
      if (!info.isFile()) {
        await handle.close();
        return null;
      }
      const range = opts.range;
      // Read as the answer is sent (the stream waits for the socket), 64 KB at a time.
      const stream = handle.createReadStream({
        highWaterMark: 64 * 1024,
        ...(range ? { start: range.start, end: range.end } : {}),
      });
      const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
      const size = range ? range.end - range.start + 1 : info.size;
      return { body, contentType: contentTypeOf(key), size, etag: localEtag(info) };
    },
    async head(key) {
      if (!isValidKey(key)) return null;
      const info = await stat(fileOf(key)).catch(() => null);
      if (!info?.isFile()) return null;
      return { contentType: contentTypeOf(key), size: info.size, etag: localEtag(info) };
    },
    async delete(key) {
      assertKey(key);
      const file = fileOf(key);
      await rm(file, { force: true });
      await pruneEmptyParents(path.dirname(file));
    },
    async deletePrefix(prefix) {
      assertPrefix(prefix);
      const folder = fileOf(prefix.slice(0, -1));
      await rm(folder, { recursive: true, force: true });
      await pruneEmptyParents(path.dirname(folder));
    },
    url: (key) => `${FILES_PATH}${key}`,
    keyFromUrl: (url) => keyAfter(url, FILES_PATH),
  };
}

export type S3Options = {
  /** e.g. https://s3.eu-central-1.amazonaws.com or http://minio:9000; default: AWS for the region. */
  endpoint?: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Address the bucket as endpoint/bucket/key (MinIO and most self-hosted servers) instead of
   * bucket.endpoint/key.
   */
  forcePathStyle?: boolean | undefined;
  /** Where browsers load files directly (a CDN or public bucket); unset: through our /files route. */
  publicUrl?: string | undefined;
  /** Tests pass their own. */
  fetch?: typeof fetch;
  timeoutMs?: number;
  /** Where uploads wait before they are sent (default: the system's temporary folder). */
  tmpDir?: string;
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Files in an S3-compatible bucket, signed with SigV4. */
export function createS3Storage(opts: S3Options): Storage {
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const endpoint = new URL(opts.endpoint ?? `https://s3.${opts.region}.amazonaws.com`);
  // The bucket: endpoint/bucket in path style, its own host otherwise; objects below it.
  const bucketUrl = opts.forcePathStyle
    ? `${endpoint.origin}/${uriEncode(opts.bucket)}`
    : `${endpoint.protocol}//${opts.bucket}.${endpoint.host}`;
  const publicBase = opts.publicUrl ? `${opts.publicUrl.replace(/\/+$/, '')}/` : FILES_PATH;

  async function send(
    method: string,
    key: string | null,
    init: {
      query?: Record<string, string>;
      body?: Uint8Array | { file: string; size: number; sha256: string };
      headers?: Record<string, string>;
    } = {},
  ) {
    const url = new URL(key === null ? bucketUrl : `${bucketUrl}/${encodeKeyPath(key)}`);
    // Encoded as the signature encodes it (URLSearchParams would write a space as '+').
    url.search = Object.entries(init.query ?? {})
      .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
      .join('&');
    const streamed = init.body && !(init.body instanceof Uint8Array) ? init.body : null;
    const signed = signV4({
      method,
      url,
      headers: init.headers ?? {},
      payloadHash: streamed
        ? streamed.sha256
        : init.body instanceof Uint8Array
          ? sha256Hex(init.body)
          : EMPTY_PAYLOAD_HASH,
      region: opts.region,
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
    });
    const { host: _host, ...headers } = signed;
    if (streamed) {
      // A file is sent as it is read from disk, with its length (S3 takes no chunked upload).
      return doFetch(url, {
        method,
        headers: { ...headers, 'content-length': String(streamed.size) },
        body: Readable.toWeb(createReadStream(streamed.file)) as ReadableStream<Uint8Array>,
        duplex: 'half',
        // A large file takes longer than a small request: a minute more per 10 MB.
        signal: AbortSignal.timeout(timeoutMs + Math.ceil(streamed.size / (10 * 1024 * 1024)) * 60_000),
      } as RequestInit);
    }
    return doFetch(url, {
      method,
      headers,
      body: init.body as BodyInit | undefined,
      signal: AbortSignal.timeout(timeoutMs),
    });
  }

  async function fail(res: Response, what: string): Promise<never> {
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1];
    throw new Error(`S3 ${what}: ${res.status}${code ? ` ${code}` : ''}`);
  }

  async function listKeys(prefix: string) {
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const query: Record<string, string> = { 'list-type': '2', prefix };
      if (token) query['continuation-token'] = token;
      const res = await send('GET', null, { query });
      if (!res.ok) await fail(res, `list ${prefix}`);
      const xml = await res.text();
      for (const m of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(unescapeXml(m[1]!));
      const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
      token = truncated
        ? unescapeXml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? '')
        : undefined;
    } while (token);
    return keys;
  }

  async function remove(key: string) {
    assertKey(key);
    const res = await send('DELETE', key);
    if (!res.ok && res.status !== 404) await fail(res, `delete ${key}`);
    await res.body?.cancel();
  }

  return {
    kind: 's3',
    tmpDir: opts.tmpDir ?? path.join(os.tmpdir(), 'cofound-uploads'),
    async putFile(key, file, contentType, info) {
      assertKey(key);
      const sha256 = info.sha256 ?? (await sha256OfFile(file));
      const res = await send('PUT', key, {
        body: { file, size: info.size, sha256 },
        headers: { 'content-type': contentType, 'cache-control': IMMUTABLE },
      });
      if (!res.ok) await fail(res, `put ${key}`);
      await res.body?.cancel();
    },
    async put(key, bytes, contentType) {
      assertKey(key);
      const res = await send('PUT', key, {
        body: bytes,
        headers: { 'content-type': contentType, 'cache-control': IMMUTABLE },
      });
      if (!res.ok) await fail(res, `put ${key}`);
      await res.body?.cancel();
    },
    async get(key, opts = {}) {
      if (!isValidKey(key)) return null;
      const range = opts.range;
      const res = await send(
        'GET',
        key,
        range ? { headers: { range: `bytes=${range.start}-${range.end}` } } : {},
      );
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok || !res.body || (range && res.status !== 206)) {
        if (res.ok) await res.body?.cancel();
        await fail(res, `get ${key}`);
      }
      return {
        body: res.body!,
        contentType: res.headers.get('content-type') ?? contentTypeOf(key),
        size: Number(res.headers.get('content-length') ?? 0),
        etag: res.headers.get('etag'),
      };
    },
    async head(key) {
      if (!isValidKey(key)) return null;
      const res = await send('HEAD', key);
      if (res.status === 404) return null;
      if (!res.ok) await fail(res, `head ${key}`);
      return {
        contentType: res.headers.get('content-type') ?? contentTypeOf(key),
        size: Number(res.headers.get('content-length') ?? 0),
        etag: res.headers.get('etag'),
      };
    },
    delete: remove,
    async deletePrefix(prefix) {
      assertPrefix(prefix);
      for (const key of await listKeys(prefix)) if (isValidKey(key)) await remove(key);
    },
    url: (key) => `${publicBase}${key}`,
    keyFromUrl: (url) => keyAfter(url, publicBase),
  };
}

function unescapeXml(s: string) {
  return s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The storage the environment asks for (STORAGE_DRIVER). */
export function createStorage(config: Env['storage'], dataDir: string): Storage {
  if (config.driver === 's3') return createS3Storage({ ...config, tmpDir: path.join(dataDir, 'upload-tmp') });
  return createLocalStorage(path.join(dataDir, 'files'));
}
