import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

/*
 * A push service of our own for tests: it hands out subscriptions (a P-256 key pair and an auth
 * secret per device, as a browser makes them), receives what the server sends, checks the VAPID
 * Authorization header (RFC 8292) and decrypts the aes128gcm body (RFC 8291) with the device's private
 * key, independently of the server's code. GET / renders what arrived (for a screenshot).
 */

export type ReceivedPush = {
  device: string;
  /** The decrypted payload, parsed. */
  payload: { title: string; body: string; link: string };
  /** The raw decrypted text. */
  text: string;
  vapid: { aud: string; sub: string; exp: number; publicKey: string };
  headers: IncomingMessage['headers'];
};

type Device = { ecdh: ReturnType<typeof createECDH>; auth: Buffer; status: number };

/** Decrypts an RFC 8291 aes128gcm body with the device's key pair and auth secret. */
export function decryptPush(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  if (idlen !== 65 || record.length > rs) throw new Error('bad aes128gcm header');
  const uaPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // Strip the padding: trailing zeros, then the 0x02 delimiter of the last record.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('bad padding delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `vapid t=<jwt>, k=<key>`: an ES256 signature by the key, for this origin, not expired. */
export function checkVapid(header: string | undefined, origin: string) {
  const m = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`bad Authorization header: ${header}`);
  const [, h, c, s, k] = m as unknown as [string, string, string, string, string];
  const raw = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${h}.${c}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const head = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg: string };
  if (head.alg !== 'ES256') throw new Error('VAPID alg is not ES256');
  const claims = JSON.parse(Buffer.from(c, 'base64url').toString()) as {
    aud: string;
    sub: string;
    exp: number;
  };
  if (claims.aud !== origin) throw new Error(`VAPID aud ${claims.aud} is not ${origin}`);
  const now = Date.now() / 1000;
  if (!(claims.exp > now && claims.exp <= now + 24 * 3600)) throw new Error('VAPID exp out of range');
  if (!/^(mailto:|https:\/\/)/.test(claims.sub)) throw new Error('VAPID sub is not mailto: or https:');
  return { ...claims, publicKey: k };
}

export async function startPushEndpoint() {
  const devices = new Map<string, Device>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  const waiters = new Set<() => void>();
  let origin = '';

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET') {
        const items = received
          .map(
            (r) =>
              `<li><strong>${escape(r.payload.title)}</strong><p>${escape(r.payload.body)}</p><code>${escape(r.payload.link)}</code><small>VAPID verified for ${escape(r.vapid.aud)} · decrypted with device ${escape(r.device)}'s key</small></li>`,
          )
          .join('');
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(page(items, received.length));
        return;
      }
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const device = id ? devices.get(id) : undefined;
      if (!id || !device) {
        res.writeHead(404).end();
        return;
      }
      try {
        if (req.headers['content-encoding'] !== 'aes128gcm') throw new Error('not aes128gcm');
        if (!req.headers.ttl) throw new Error('no TTL header');
        const vapid = checkVapid(req.headers.authorization, origin);
        const text = decryptPush(Buffer.concat(chunks), device.ecdh, device.auth);
        received.push({ device: id, payload: JSON.parse(text), text, vapid, headers: req.headers });
        for (const w of waiters) w();
      } catch (err) {
        errors.push((err as Error).message);
        res.writeHead(400).end();
        return;
      }
      res.writeHead(device.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`;

  return {
    origin,
    received,
    errors,
    /** A new device's subscription, as PushSubscription.toJSON() gives it. */
    subscribe() {
      const id = randomBytes(6).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(id, { ecdh, auth, status: 201 });
      return {
        id,
        endpoint: `${origin}/push/${id}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    /** What the push service answers this device from now on (410: gone). */
    answer(id: string, status: number) {
      devices.get(id)!.status = status;
    },
    async waitFor(match: (p: ReceivedPush) => boolean, timeoutMs = 5000): Promise<ReceivedPush> {
      const found = () => received.find(match);
      const now = found();
      if (now) return now;
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no push arrived in ${timeoutMs} ms (errors: ${errors.join('; ') || 'none'})`));
        }, timeoutMs);
        const check = () => {
          const p = found();
          if (!p) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(p);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type PushEndpoint = Awaited<ReturnType<typeof startPushEndpoint>>;

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

function page(items: string, n: number) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Test push endpoint</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:24px;background:#f6f7f9;color:#111}h1{font-size:20px;margin:0 0 4px}p.sub{color:#555;margin:0 0 16px;font-size:14px}
ul{list-style:none;padding:0;margin:0;display:grid;gap:12px}li{background:#fff;border:1px solid #dde;border-radius:10px;padding:14px 16px;overflow-wrap:anywhere}li strong{font-size:16px}li p{margin:6px 0}code{font-size:13px;color:#2a4ab0}small{display:block;color:#666;margin-top:6px}</style></head>
<body><h1>Test push endpoint</h1><p class="sub">${n} push${n === 1 ? '' : 'es'} received, decrypted (RFC 8291, aes128gcm) with the subscription's private key and auth secret</p><ul>${items}</ul></body></html>`;
}
