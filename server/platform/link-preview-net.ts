import { lookup as dnsLookup } from 'node:dns/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/*
 * The link preview fetcher's network side, built as the SSRF target it is (docs/decisions/028): a
 * member names any address, and the server goes there. So, before every connection (the first
 * and each redirect's):
 *
 * - only http and https, on ports 80 and 443, without credentials in the address;
 * - every address the host name resolves to is checked against loopback, private, link-local,
 *   shared, metadata, multicast and reserved ranges (IPv4, IPv6, and IPv4 inside IPv6), and one
 *   bad address refuses the lot;
 * - the connection goes to the very address that was checked (the agent's `lookup` answers with
 *   it; the Host header and TLS name stay the host's), so DNS cannot answer differently between
 *   the check and the connection (rebinding);
 * - redirects are followed by hand, a few at most, each checked again;
 * - one deadline for the whole exchange, a byte budget read as the body streams in, and only the
 *   content types asked for.
 *
 * LINK_PREVIEW_ALLOW_HOSTS names `host:port` pairs that skip the address and port rules (tests, a
 * private deployment's own intranet pages); the scheme and the budgets still hold.
 */

const blockedV4 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 3], // multicast, reserved, broadcast
] as const)
  blockedV4.addSubnet(net, bits, 'ipv4');

const blockedV6 = new BlockList();
for (const [net, bits] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible
  ['100::', 64], // discard
  ['2001::', 32], // Teredo (an IPv4 address inside)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blockedV6.addSubnet(net, bits, 'ipv6');

/** The eight 16-bit groups of an IPv6 address (a trailing dotted IPv4 part included), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (v4) {
    const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -v4.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const part = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const head = part(halves[0]!);
  const tail = halves.length === 2 ? part(halves[1]!) : [];
  const fill = 8 - head.length - tail.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0)) return null;
  const groups = [...head, ...Array<number>(fill).fill(0), ...tail];
  return groups.some((g) => Number.isNaN(g) || g < 0 || g > 0xffff) ? null : groups;
}

const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`;

/**
 * The IPv4 address an IPv6 one carries and leads to: IPv4-mapped (::ffff:a.b.c.d, written in any
 * form: the URL parser turns it into ::ffff:7f00:1), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
function embeddedV4(groups: number[]): string | null {
  const zero = (from: number, to: number) => groups.slice(from, to).every((g) => g === 0);
  if (zero(0, 5) && groups[5] === 0xffff) return dotted(groups[6]!, groups[7]!);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && zero(2, 6)) return dotted(groups[6]!, groups[7]!);
  if (groups[0] === 0x2002) return dotted(groups[1]!, groups[2]!);
  return null;
}

/** Whether an address is one the fetcher must never connect to (anything but a public unicast one). */
export function isBlockedAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  const kind = isIP(bare);
  if (kind === 4) return blockedV4.check(bare, 'ipv4');
  if (kind !== 6) return true;
  const groups = ipv6Groups(bare);
  if (!groups) return true;
  const v4 = embeddedV4(groups);
  if (v4) return blockedV4.check(v4, 'ipv4');
  return blockedV6.check(bare, 'ipv6');
}

/** Why a fetch was refused or failed: kept on the cached row, never shown to members. */
export type FetchFailure =
  | 'not a URL'
  | 'scheme'
  | 'credentials'
  | 'port'
  | 'private address'
  | 'no address'
  | 'too many redirects'
  | 'status'
  | 'content type'
  | 'encoding'
  | 'too large'
  | 'timeout'
  | 'network'
  | 'no title'
  | 'image';

export class FetchRefused extends Error {
  constructor(readonly reason: FetchFailure) {
    super(`link preview fetch: ${reason}`);
  }
}

export type ResolvedAddress = { address: string; family: 4 | 6 };
/** Every address a host name resolves to (tests give their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map((a) => ({
    address: a.address,
    family: a.family === 6 ? 6 : 4,
  }));

/** `host:port` as an allow-list entry names it: lower case, IPv6 in brackets, the port always given. */
export function hostKey(url: URL): string {
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return `${url.hostname.toLowerCase()}:${port}`;
}

/** LINK_PREVIEW_ALLOW_HOSTS entries as hostKey() writes them (the host is normalised like a URL's). */
export function parseAllowHosts(entries: readonly string[]): Set<string> {
  const out = new Set<string>();
  for (const entry of entries) {
    try {
      const url = new URL(`http://${entry.trim()}`);
      if (url.port) out.add(hostKey(url));
    } catch {
      // Not host:port: ignored (env.ts reports the setting's format).
    }
  }
  return out;
}

export type FetchPolicy = {
  allowHosts: ReadonlySet<string>;
  resolve: Resolver;
  /** At most this many redirects are followed. */
  maxRedirects: number;
};

/** The refusal an address earns before any name is resolved, or null. */
export function refusalOf(url: URL, allowHosts: ReadonlySet<string>): FetchFailure | null {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  if (allowHosts.has(hostKey(url))) return null;
  if (url.port && url.port !== '80' && url.port !== '443') return 'port';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isBlockedAddress(host)) return 'private address';
  return null;
}

/** The one address to connect to, every address of the name checked first. */
async function addressFor(url: URL, policy: FetchPolicy): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const kind = isIP(host);
  const allowed = policy.allowHosts.has(hostKey(url));
  let addresses: ResolvedAddress[];
  if (kind) addresses = [{ address: host, family: kind === 6 ? 6 : 4 }];
  else {
    try {
      addresses = await policy.resolve(host);
    } catch {
      throw new FetchRefused('no address');
    }
  }
  return pickAddress(addresses, allowed);
}

/** The address to connect to among a name's answers: refused if any of them is blocked. */
export function pickAddress(addresses: readonly ResolvedAddress[], allowed: boolean): ResolvedAddress {
  if (!addresses.length) throw new FetchRefused('no address');
  if (!allowed && addresses.some((a) => isBlockedAddress(a.address)))
    throw new FetchRefused('private address');
  return addresses[0]!;
}

/** A `lookup` for the agent that answers with the checked address only: no second resolution. */
function pinnedLookup(pinned: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      return (callback as (e: null, list: ResolvedAddress[]) => void)(null, [pinned]);
    callback(null, pinned.address, pinned.family);
  };
}

export type FetchedBody = { url: URL; contentType: string; bytes: Buffer };

type Want = { types: readonly string[]; accept: string; maxBytes: number };

export const HTML_TYPES = ['text/html', 'application/xhtml+xml'] as const;
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'] as const;

/** One request to the checked address; the response, or a refusal. */
function requestOnce(
  url: URL,
  pinned: ResolvedAddress,
  want: Want,
  signal: AbortSignal,
  userAgent: string,
): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      // No shared keep-alive socket: each connection is made, and checked, here.
      agent: false,
      lookup: pinnedLookup(pinned),
      signal,
      headers: {
        accept: want.accept,
        // No compression: the byte budget counts what is read, and no archive bomb is inflated.
        'accept-encoding': 'identity',
        'user-agent': userAgent,
      },
    });
    req.on('response', resolve);
    req.on('error', (err) => reject(signal.aborted ? new FetchRefused('timeout') : err));
    req.end();
  });
}

/** Reads a body up to `maxBytes`; more is a refusal, not a truncation. */
async function readCapped(res: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<Buffer> {
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw new FetchRefused('too large');
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res) {
      size += (chunk as Buffer).length;
      if (size > maxBytes) throw new FetchRefused('too large');
      chunks.push(chunk as Buffer);
    }
  } catch (err) {
    if (err instanceof FetchRefused) throw err;
    throw new FetchRefused(signal.aborted ? 'timeout' : 'network');
  }
  return Buffer.concat(chunks);
}

/**
 * GET `start` under the policy: checked before every connection, redirects followed by hand, the
 * body read within `want.maxBytes` and the whole exchange within `signal`'s deadline. Throws
 * FetchRefused with the reason.
 */
export async function guardedGet(
  start: URL,
  want: Want,
  policy: FetchPolicy,
  signal: AbortSignal,
  userAgent: string,
): Promise<FetchedBody> {
  let url = start;
  for (let hop = 0; ; hop++) {
    const refused = refusalOf(url, policy.allowHosts);
    if (refused) throw new FetchRefused(refused);
    const pinned = await addressFor(url, policy);
    if (signal.aborted) throw new FetchRefused('timeout');
    let res: IncomingMessage;
    try {
      res = await requestOnce(url, pinned, want, signal, userAgent);
    } catch (err) {
      if (err instanceof FetchRefused) throw err;
      throw new FetchRefused(signal.aborted ? 'timeout' : 'network');
    }
    const status = res.statusCode ?? 0;
    if (status >= 300 && status < 400 && res.headers.location) {
      res.destroy();
      if (hop >= policy.maxRedirects) throw new FetchRefused('too many redirects');
      try {
        url = new URL(res.headers.location, url);
      } catch {
        throw new FetchRefused('not a URL');
      }
      url.hash = '';
      continue;
    }
    if (status !== 200) {
      res.destroy();
      throw new FetchRefused('status');
    }
    const contentType = (res.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!want.types.includes(contentType)) {
      res.destroy();
      throw new FetchRefused('content type');
    }
    const encoding = (res.headers['content-encoding'] ?? 'identity').toLowerCase();
    if (encoding !== 'identity') {
      res.destroy();
      throw new FetchRefused('encoding');
    }
    try {
      const bytes = await readCapped(res, want.maxBytes, signal);
      return { url, contentType: String(res.headers['content-type'] ?? ''), bytes };
    } finally {
      res.destroy();
    }
  }
}
