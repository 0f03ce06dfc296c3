import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LinkPreview } from '@common/core/link-previews';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { linkPreviews } from '../../db/schema';
import { LINK_PREVIEW_FETCHES } from '../../platform/link-preview';
import { systemResolver, type Resolver } from '../../platform/link-preview-net';
import { createTestApp, signedUpPerson, type Agent, type TestApp } from '../../test/harness';
import { png } from '../../test/images';

/*
 * The link preview fetcher through the API, as a member's composer calls it. Refusals are proven
 * by the stored row's reason and by the local page server never being asked; the allowed path goes
 * to a page server on 127.0.0.1 named in LINK_PREVIEW_ALLOW_HOSTS. No test ever lets the fetcher
 * reach an address off this machine: every private address below is refused before connecting.
 */

type Answer = { preview: LinkPreview | null };

let t: TestApp;
let pages: Server;
let unlisted: Server;
let base: string;
let port: number;
let unlistedPort: number;
const hits: string[] = [];
const unlistedHits: string[] = [];
const hostHeaders: string[] = [];
const resolved: string[] = [];
let picture: Buffer;

const ARTICLE = `<!doctype html><html><head>
<meta charset="utf-8">
<title>Plain title</title>
<meta property="og:title" content="Pricing &amp; packaging for founders">
<meta property="og:description" content="How we chose &quot;annual only&quot; plans.">
<meta property="og:site_name" content="Founder Notes">
<meta property="og:image" content="/pic.png">
<script>alert('never run')</script>
</head><body><h1>Hello</h1></body></html>`;

function route(req: IncomingMessage, res: ServerResponse) {
  const path = req.url ?? '/';
  hits.push(path);
  hostHeaders.push(req.headers.host ?? '');
  const html = (body: string) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  switch (path) {
    case '/article':
    case '/article-2':
    case '/article-3':
      return html(ARTICLE);
    case '/plain':
      return html(
        '<html><head><title> Just a  title </title><meta name="description" content="Old-style description"></head></html>',
      );
    case '/pic.png':
      return res.writeHead(200, { 'content-type': 'image/png' }).end(picture);
    case '/no-title':
      return html('<html><head></head><body>nothing</body></html>');
    case '/json':
      return res.writeHead(200, { 'content-type': 'application/json' }).end('{"title":"x"}');
    case '/svg':
      return res.writeHead(200, { 'content-type': 'image/svg+xml' }).end('<svg/>');
    case '/big':
      return html(`<html><head><title>Big</title></head><body>${'x'.repeat(2 * 1024 * 1024)}</body></html>`);
    case '/big-stream': {
      // No Content-Length: the budget is counted as the body arrives.
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = `<p>${'y'.repeat(64 * 1024)}</p>`;
      for (let i = 0; i < 40; i++) res.write(chunk);
      return res.end();
    }
    case '/slow':
      // Never answers: the fetcher's deadline ends it.
      return;
    case '/redirect-ok':
      return res.writeHead(302, { location: '/article-3' }).end();
    case '/redirect-metadata':
      return res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    case '/redirect-loopback':
      return res.writeHead(301, { location: 'http://127.0.0.1/admin' }).end();
    case '/redirect-unlisted':
      return res.writeHead(302, { location: `http://127.0.0.1:${unlistedPort}/` }).end();
    case '/redirect-file':
      return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    case '/loop':
      return res.writeHead(302, { location: '/loop' }).end();
    default:
      return res.writeHead(404).end();
  }
}

const listen = (server: Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

/** Test names: pages.test is the page server; mixed.test has a public and a private address. */
const resolver: Resolver = async (name) => {
  resolved.push(name);
  if (name === 'pages.test') return [{ address: '127.0.0.1', family: 4 }];
  // 192.0.2.x is documentation space: blocked too, so nothing here is ever connected to.
  if (name === 'mixed.test')
    return [
      { address: '192.0.2.10', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ];
  if (name === 'private6.test') return [{ address: 'fd00::5', family: 6 }];
  if (name === 'localhost') return systemResolver(name);
  throw new Error('no such test name');
};

beforeAll(async () => {
  picture = await png(1200, 630);
  pages = createServer(route);
  unlisted = createServer((req, res) => {
    unlistedHits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Internal</title>');
  });
  port = await listen(pages);
  unlistedPort = await listen(unlisted);
  base = `http://127.0.0.1:${port}`;
  t = await createTestApp({
    linkPreviews: {
      allowHosts: [`127.0.0.1:${port}`, `pages.test:${port}`],
      resolve: resolver,
      timeoutMs: 1500,
    },
  });
});

afterAll(async () => {
  pages.closeAllConnections();
  pages.close();
  unlisted.close();
  await t?.close();
});

const rowOf = async (url: string) =>
  (await t.db.select().from(linkPreviews).where(eq(linkPreviews.url, url)))[0];

/** Asks as `member`; expects no card, a stored refusal for `reason`, and the page server untouched. */
async function expectRefused(member: Agent, url: string, reason: string, stored = new URL(url).href) {
  const before = hits.length;
  const res = await member.post<Answer>('/api/link-previews', { url });
  expect(res.status).toBe(200);
  expect(res.body.preview).toBeNull();
  expect((await rowOf(stored))?.failure).toBe(reason);
  return hits.length - before;
}

describe('the allowed path', () => {
  let member: Agent;
  beforeAll(async () => {
    ({ agent: member } = await signedUpPerson(t));
  });

  it('fetches a page once, reads its Open Graph card, and keeps the picture as our own re-encoded file', async () => {
    const res = await member.post<Answer>('/api/link-previews', { url: `${base}/article#section` });
    expect(res.status).toBe(200);
    const preview = res.body.preview!;
    expect(preview).toMatchObject({
      url: `${base}/article`,
      title: 'Pricing & packaging for founders',
      description: 'How we chose "annual only" plans.',
      siteName: 'Founder Notes',
    });
    // Served from our storage, never the page's own address.
    expect(preview.imageUrl).toMatch(/^\/files\/link-previews\/[0-9a-f-]{36}\/800\.webp$/);
    const file = await member.get(preview.imageUrl!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(hits.filter((h) => h === '/article')).toHaveLength(1);
    expect(hits.filter((h) => h === '/pic.png')).toHaveLength(1);
  });

  it('answers from the stored card after that: other members, visitors and shown cards fetch nothing', async () => {
    const before = hits.length;
    const { agent: other } = await signedUpPerson(t);
    const again = await other.post<Answer>('/api/link-previews', { url: `${base}/article` });
    expect(again.body.preview?.title).toBe('Pricing & packaging for founders');
    const shown = await t
      .agent()
      .get<Answer>(`/api/link-previews?url=${encodeURIComponent(`${base}/article`)}`);
    expect(shown.status).toBe(200);
    expect(shown.body.preview?.title).toBe('Pricing & packaging for founders');
    expect(hits.length).toBe(before);
  });

  it('asked for twice at once, fetches once', async () => {
    const before = hits.filter((h) => h === '/article-2').length;
    const [a, b] = await Promise.all([
      member.post<Answer>('/api/link-previews', { url: `${base}/article-2` }),
      member.post<Answer>('/api/link-previews', { url: `${base}/article-2` }),
    ]);
    expect(a.body.preview?.title).toBe(b.body.preview?.title);
    expect(hits.filter((h) => h === '/article-2').length - before).toBe(1);
  });

  it('falls back to the <title> and description, and names the site by its host', async () => {
    const res = await member.post<Answer>('/api/link-previews', { url: `${base}/plain` });
    expect(res.body.preview).toMatchObject({
      title: 'Just a title',
      description: 'Old-style description',
      siteName: '127.0.0.1',
      imageUrl: null,
    });
  });

  it('follows a redirect to an allowed page', async () => {
    const res = await member.post<Answer>('/api/link-previews', { url: `${base}/redirect-ok` });
    expect(res.body.preview?.title).toBe('Pricing & packaging for founders');
  });

  it('connects to the address it checked, with the host name in the Host header, resolving once', async () => {
    resolved.length = 0;
    const res = await member.post<Answer>('/api/link-previews', { url: `http://pages.test:${port}/plain` });
    expect(res.body.preview?.title).toBe('Just a title');
    expect(hostHeaders.at(-1)).toBe(`pages.test:${port}`);
    expect(resolved).toEqual(['pages.test']);
  });

  it('shows no card for a page it never fetched, and never fetches for a shown card', async () => {
    const before = hits.length;
    const shown = await member.get<Answer>(`/api/link-previews?url=${encodeURIComponent(`${base}/never`)}`);
    expect(shown.body.preview).toBeNull();
    expect(hits.length).toBe(before);
    expect(await rowOf(`${base}/never`)).toBeUndefined();
  });

  it('is for members: a visitor cannot make the server fetch', async () => {
    const before = hits.length;
    const res = await t.agent().post('/api/link-previews', { url: `${base}/article-3` });
    expect(res.status).toBe(401);
    expect(hits.length).toBe(before);
  });
});

describe('refusals before connecting', () => {
  let member: Agent;
  // A new member each time: every refusal counts against the asker's fetch limit.
  beforeEach(async () => {
    ({ agent: member } = await signedUpPerson(t));
  });

  it('refuses loopback, private, link-local and metadata addresses', async () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://127.8.9.10/',
      'http://10.0.0.1/',
      'http://10.255.255.254/',
      'http://172.16.0.1/',
      'http://172.31.255.255/',
      'http://192.168.1.1/',
      'http://169.254.169.254/latest/meta-data/',
      'http://0.0.0.0/',
      'http://100.64.0.1/',
    ])
      await expectRefused(member, url, 'private address');
  });

  it('refuses IPv6 loopback, unique local and IPv4-mapped addresses', async () => {
    for (const url of [
      'http://[::1]/',
      'http://[fc00::1]/',
      'http://[fd12:3456:789a::1]/',
      'http://[fe80::1]/',
      'http://[::ffff:127.0.0.1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://[::ffff:a00:1]/',
      'http://[64:ff9b::a9fe:a9fe]/',
    ])
      await expectRefused(member, url, 'private address');
  });

  it('refuses decimal, octal, hexadecimal and short forms of private addresses', async () => {
    for (const [url, stored] of [
      ['http://2130706433/decimal', 'http://127.0.0.1/decimal'],
      ['http://0177.0.0.1/octal', 'http://127.0.0.1/octal'],
      ['http://0x7f.0.0.1/hex', 'http://127.0.0.1/hex'],
      ['http://127.1/short', 'http://127.0.0.1/short'],
      ['http://0xa9fea9fe/metadata', 'http://169.254.169.254/metadata'],
      ['http://012.0.0.1/octal', 'http://10.0.0.1/octal'],
    ] as const)
      await expectRefused(member, url, 'private address', stored);
  });

  it('refuses a name when any address it resolves to is private', async () => {
    await expectRefused(member, 'http://localhost/', 'private address');
    await expectRefused(member, 'https://mixed.test/', 'private address');
    await expectRefused(member, 'https://private6.test/', 'private address');
  });

  it('refuses ports other than 80 and 443, even on a host it allows on another port', async () => {
    const before = unlistedHits.length;
    await expectRefused(member, 'http://pages.test:8080/', 'port');
    await expectRefused(member, 'https://mixed.test:22/', 'port');
    await expectRefused(member, `http://127.0.0.1:${unlistedPort}/`, 'port');
    expect(unlistedHits.length).toBe(before);
  });

  it('refuses other schemes, and addresses with credentials', async () => {
    await expectRefused(member, 'ftp://pages.test/file', 'scheme');
    await expectRefused(member, 'file:///etc/passwd', 'scheme');
    await expectRefused(member, 'javascript:alert(1)', 'scheme');
    // Not even kept: the address itself is refused, and holds a secret.
    const before = hits.length;
    const url = `http://user:secret@127.0.0.1:${port}/article-3`;
    const res = await member.post<Answer>('/api/link-previews', { url });
    expect(res.body.preview).toBeNull();
    expect(await rowOf(url)).toBeUndefined();
    expect(hits.length).toBe(before);
  });

  it('refuses a redirect to a private address, another port or another scheme', async () => {
    const before = unlistedHits.length;
    expect(await expectRefused(member, `${base}/redirect-metadata`, 'private address')).toBe(1);
    expect(await expectRefused(member, `${base}/redirect-loopback`, 'private address')).toBe(1);
    expect(await expectRefused(member, `${base}/redirect-unlisted`, 'port')).toBe(1);
    expect(await expectRefused(member, `${base}/redirect-file`, 'scheme')).toBe(1);
    expect(unlistedHits.length).toBe(before);
  });

  it('follows a few redirects at most', async () => {
    // The first request and three redirects.
    expect(await expectRefused(member, `${base}/loop`, 'too many redirects')).toBe(4);
  });
});

describe('budgets on what an allowed page sends', () => {
  let member: Agent;
  beforeAll(async () => {
    ({ agent: member } = await signedUpPerson(t));
  });

  it('refuses what is not HTML', async () => {
    await expectRefused(member, `${base}/json`, 'content type');
    await expectRefused(member, `${base}/svg`, 'content type');
    await expectRefused(member, `${base}/pic.png`, 'content type');
  });

  it('refuses a body over the size budget, declared or streamed', async () => {
    await expectRefused(member, `${base}/big`, 'too large');
    await expectRefused(member, `${base}/big-stream`, 'too large');
  });

  it('gives up on a slow server at the deadline', async () => {
    const started = Date.now();
    await expectRefused(member, `${base}/slow`, 'timeout');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('shows no card for a page without a title', async () => {
    await expectRefused(member, `${base}/no-title`, 'no title');
  });
});

describe('what one account may ask for', () => {
  it('counts new fetches per account and refuses past the limit; cached cards stay free', async () => {
    const { agent: member } = await signedUpPerson(t);
    for (let i = 0; i < LINK_PREVIEW_FETCHES.max; i++) {
      const res = await member.post<Answer>('/api/link-previews', { url: `http://10.9.9.9/page-${i}` });
      expect(res.status).toBe(200);
    }
    const over = await member.post('/api/link-previews', { url: 'http://10.9.9.9/one-more' });
    expect(over.status).toBe(429);
    expect(over.headers.get('retry-after')).toBeTruthy();
    // What is stored already is still answered.
    const cached = await member.post<Answer>('/api/link-previews', { url: `${base}/article` });
    expect(cached.status).toBe(200);
    expect(cached.body.preview?.title).toBe('Pricing & packaging for founders');
    // Another member has their own budget.
    const { agent: other } = await signedUpPerson(t);
    expect((await other.post('/api/link-previews', { url: 'http://10.9.9.9/one-more' })).status).toBe(200);
  });

  it('refuses an address longer than the limit', async () => {
    const { agent: member } = await signedUpPerson(t);
    const res = await member.post('/api/link-previews', { url: `https://a.example/${'x'.repeat(2100)}` });
    expect(res.status).toBe(400);
  });
});
