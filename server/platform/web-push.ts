import {
  createECDH,
  createPrivateKey,
  createCipheriv,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import { lookup } from 'node:dns';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import path from 'node:path';

/*
 * Web Push without a package (docs/decisions/016): the VAPID key pair (RFC 8292), the payload encryption
 * (RFC 8291 over RFC 8188 aes128gcm) and the request to the browser's push service, with node:crypto
 * and node:https only.
 */

export type VapidKeys = {
  /** The uncompressed P-256 point (65 bytes), base64url: the browser's applicationServerKey. */
  publicKey: string;
  privateKey: KeyObject;
};

const b64u = (b: Buffer | Uint8Array) => Buffer.from(b).toString('base64url');

function keysFromJwk(jwk: { x: string; y: string; d: string }): VapidKeys {
  const publicKey = b64u(
    Buffer.concat([Buffer.from([4]), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]),
  );
  const privateKey = createPrivateKey({ key: { kty: 'EC', crv: 'P-256', ...jwk }, format: 'jwk' });
  return { publicKey, privateKey };
}

/**
 * The VAPID key pair, made on first start and kept in the data folder like the auth secret (never in
 * the repo). Every process must use the same pair (a browser's subscription is bound to the public
 * key), so the cluster's primary calls this before forking.
 */
export async function loadVapidKeys(dataDir: string): Promise<VapidKeys> {
  const file = path.join(dataDir, 'vapid-keys.json');
  const existing = await readFile(file, 'utf8').catch(() => '');
  if (existing) {
    const jwk = JSON.parse(existing) as { x: string; y: string; d: string };
    return keysFromJwk(jwk);
  }
  await mkdir(dataDir, { recursive: true });
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = privateKey.export({ format: 'jwk' }) as { x: string; y: string; d: string };
  const kept = { x: jwk.x, y: jwk.y, d: jwk.d };
  // 'wx': two processes starting together cannot both write; the loser reads the winner's pair.
  try {
    await writeFile(file, JSON.stringify(kept), { mode: 0o600, flag: 'wx' });
  } catch {
    return keysFromJwk(JSON.parse(await readFile(file, 'utf8')) as typeof kept);
  }
  return keysFromJwk(kept);
}

/** RFC 8188 record size: one record carries the whole (small) payload. */
const RECORD_SIZE = 4096;

/**
 * RFC 8291: encrypts `plaintext` for a subscription (its p256dh key and auth secret), as the
 * aes128gcm body of a push message (salt, record size and the server's one-off public key in the
 * header, then a single record).
 */
export function encryptPushPayload(
  plaintext: Buffer,
  subscription: { p256dh: string; auth: string },
  fixed?: { salt?: Buffer; ecdh?: ReturnType<typeof createECDH> },
): Buffer {
  const uaPublic = Buffer.from(subscription.p256dh, 'base64url');
  const authSecret = Buffer.from(subscription.auth, 'base64url');
  if (uaPublic.length !== 65 || uaPublic[0] !== 4) throw new Error('p256dh is not an uncompressed P-256 key');
  if (authSecret.length !== 16) throw new Error('auth is not 16 bytes');
  const ecdh = fixed?.ecdh ?? createECDH('prime256v1');
  if (!fixed?.ecdh) ecdh.generateKeys();
  const asPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(uaPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, authSecret, keyInfo, 32));
  const salt = fixed?.salt ?? randomBytes(16);
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  // 0x02: the last (and only) record's delimiter, no further padding.
  const padded = Buffer.concat([plaintext, Buffer.from([2])]);
  if (padded.length + 16 + 86 > RECORD_SIZE) throw new Error('push payload too large');
  const cipher = createCipheriv('aes-128-gcm', cek, nonce);
  const body = Buffer.concat([cipher.update(padded), cipher.final(), cipher.getAuthTag()]);
  const header = Buffer.alloc(21);
  salt.copy(header, 0);
  header.writeUInt32BE(RECORD_SIZE, 16);
  header.writeUInt8(asPublic.length, 20);
  return Buffer.concat([header, asPublic, body]);
}

/** RFC 8292: the Authorization header for a push service (`aud` is the endpoint's origin). */
export function vapidAuthorization(endpoint: string, keys: VapidKeys, subject: string, now = Date.now()) {
  const header = b64u(Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const claims = b64u(
    Buffer.from(
      JSON.stringify({
        aud: new URL(endpoint).origin,
        // 12 hours: push services refuse more than 24.
        exp: Math.floor(now / 1000) + 12 * 3600,
        sub: subject,
      }),
    ),
  );
  const signature = sign('sha256', Buffer.from(`${header}.${claims}`), {
    key: keys.privateKey,
    dsaEncoding: 'ieee-p1363',
  });
  return `vapid t=${header}.${claims}.${b64u(signature)}, k=${keys.publicKey}`;
}

/*
 * Endpoints come from browsers, so from anyone: without care, a subscription is a way to make the
 * server send requests into its own network (SSRF). Unless PUSH_ALLOW_PRIVATE_ENDPOINTS is set (tests
 * and development with a local endpoint), only https is accepted, and the address a host name
 * resolves to is checked when the request connects (not only when registered: DNS may change).
 */
const privateRanges = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const)
  privateRanges.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateRanges.addSubnet(net, bits, 'ipv6');

/** A loopback, private, link-local, shared or multicast address (IPv4, IPv6, or IPv4 inside IPv6). */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare)?.[1];
  if (v4) return privateRanges.check(v4, 'ipv4');
  const kind = isIP(bare);
  if (kind === 4) return privateRanges.check(bare, 'ipv4');
  if (kind === 6) return privateRanges.check(bare, 'ipv6');
  return false;
}

export type PushEndpointPolicy = { allowPrivate: boolean };

/** Why an endpoint is refused (a message for the person), or null when it may be used. */
export function checkPushEndpoint(endpoint: string, policy: PushEndpointPolicy): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'not a URL';
  }
  if (url.username || url.password) return 'credentials in the URL';
  if (policy.allowPrivate)
    return url.protocol === 'https:' || url.protocol === 'http:' ? null : 'not http(s)';
  if (url.protocol !== 'https:') return 'not https';
  const host = url.hostname.toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, ''))) return isPrivateAddress(host) ? 'a private address' : null;
  if (host === 'localhost' || host.endsWith('.localhost') || !host.includes('.')) return 'a local host name';
  return null;
}

/** dns.lookup that refuses private addresses, so a public name cannot lead into the server's network. */
const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 4);
    const list = addresses as unknown as { address: string; family: number }[];
    const bad = list.find((a) => isPrivateAddress(a.address));
    if (bad || !list.length)
      return callback(
        Object.assign(new Error('push endpoint resolves to a private address'), { code: 'EPRIVATE' }),
        '',
        4,
      );
    if ((options as { all?: boolean }).all)
      return (callback as (e: null, a: typeof list) => void)(null, list);
    callback(null, list[0]!.address, list[0]!.family);
  });
};

export type PushResult = { status: number } | { error: string };

/**
 * Sends one encrypted message. Never throws: a timeout, a refused address or a network error is
 * `{ error }`; the push service's answer is `{ status }` (201 sent; 404 and 410: the subscription is
 * gone for good).
 */
export function sendPush(opts: {
  subscription: { endpoint: string; p256dh: string; auth: string };
  payload: string;
  keys: VapidKeys;
  subject: string;
  policy: PushEndpointPolicy;
  timeoutMs: number;
  ttlSeconds?: number;
}): Promise<PushResult> {
  const { subscription } = opts;
  return new Promise((resolve) => {
    const refused = checkPushEndpoint(subscription.endpoint, opts.policy);
    if (refused) return resolve({ error: refused });
    let body: Buffer;
    try {
      body = encryptPushPayload(Buffer.from(opts.payload), subscription);
    } catch (err) {
      return resolve({ error: (err as Error).message });
    }
    const url = new URL(subscription.endpoint);
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/octet-stream',
          'content-encoding': 'aes128gcm',
          'content-length': String(body.length),
          ttl: String(opts.ttlSeconds ?? 24 * 3600),
          urgency: 'normal',
          authorization: vapidAuthorization(subscription.endpoint, opts.keys, opts.subject),
        },
        lookup: opts.policy.allowPrivate ? undefined : publicOnlyLookup,
      },
      (res) => {
        res.resume();
        res.on('end', () => done({ status: res.statusCode ?? 0 }));
        res.on('error', () => done({ status: res.statusCode ?? 0 }));
      },
    );
    // The whole exchange, not only an idle socket: a slow push service holds nothing for long.
    const timer = setTimeout(() => req.destroy(new Error('timeout')), opts.timeoutMs);
    const done = (result: PushResult) => {
      clearTimeout(timer);
      resolve(result);
    };
    req.on('error', (err) => done({ error: err.message }));
    req.end(body);
  });
}
