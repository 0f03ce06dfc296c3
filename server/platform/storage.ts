import { randomUUID } from 'node:crypto';
import { mkdir, open, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Env } from '../env';
import { EMPTY_PAYLOAD_HASH, encodeKeyPath, sha256Hex, signV4, uriEncode } from './sigv4';

/**
 * Where uploaded files live: a folder on local disk (the default) or an S3-compatible bucket. Keys
 * are paths like `images/avatar/<uuid>/256.webp`, never reused, so whatever serves them may cache
 * them for good (decision 007).
 */
export type StoredFile = { body: ReadableStream<Uint8Array>; contentType: string; size: number };

export type Storage = {
  readonly kind: 'local' | 's3';
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The file, or null when there is none (or the key is not a valid one). */
  get(key: string): Promise<StoredFile | null>;
  /** Type and size without the body (HEAD requests). */
  head(key: string): Promise<Omit<StoredFile, 'body'> | null>;
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
    async get(key) {
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
      const body = Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
      return { body, contentType: contentTypeOf(key), size: info.size };
    },
    async head(key) {
      if (!isValidKey(key)) return null;
      const info = await stat(fileOf(key)).catch(() => null);
      if (!info?.isFile()) return null;
      return { contentType: contentTypeOf(key), size: info.size };
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
  /** Address the bucket as endpoint/bucket/key (MinIO and most self-hosted servers) instead of bucket.endpoint/key. */
  forcePathStyle?: boolean | undefined;
  /** Where browsers load files directly (a CDN or public bucket); unset: through our /files route. */
  publicUrl?: string | undefined;
  /** Tests pass their own. */
  fetch?: typeof fetch;
  timeoutMs?: number;
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
    init: { query?: Record<string, string>; body?: Uint8Array; headers?: Record<string, string> } = {},
  ) {
    const url = new URL(key === null ? bucketUrl : `${bucketUrl}/${encodeKeyPath(key)}`);
    // Encoded as the signature encodes it (URLSearchParams would write a space as '+').
    url.search = Object.entries(init.query ?? {})
      .map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`)
      .join('&');
    const signed = signV4({
      method,
      url,
      headers: init.headers ?? {},
      payloadHash: init.body ? sha256Hex(init.body) : EMPTY_PAYLOAD_HASH,
      region: opts.region,
      accessKeyId: opts.accessKeyId,
      secretAccessKey: opts.secretAccessKey,
    });
    const { host: _host, ...headers } = signed;
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
    async put(key, bytes, contentType) {
      assertKey(key);
      const res = await send('PUT', key, {
        body: bytes,
        headers: { 'content-type': contentType, 'cache-control': IMMUTABLE },
      });
      if (!res.ok) await fail(res, `put ${key}`);
      await res.body?.cancel();
    },
    async get(key) {
      if (!isValidKey(key)) return null;
      const res = await send('GET', key);
      if (res.status === 404) {
        await res.body?.cancel();
        return null;
      }
      if (!res.ok || !res.body) await fail(res, `get ${key}`);
      return {
        body: res.body!,
        contentType: res.headers.get('content-type') ?? contentTypeOf(key),
        size: Number(res.headers.get('content-length') ?? 0),
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
  if (config.driver === 's3') return createS3Storage(config);
  return createLocalStorage(path.join(dataDir, 'files'));
}
