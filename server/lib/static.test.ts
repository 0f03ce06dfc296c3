import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaticHandler } from './static';

let dir: string;
const appOn = (webDir: string) => new Hono().on(['GET', 'HEAD'], '*', createStaticHandler(webDir));

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'cofound-static-test-'));
  await writeFile(path.join(dir, 'index.html'), '<p>shell</p>');
  await writeFile(path.join(dir, 'welcome.html'), '<p>welcome</p>');
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('the prerendered welcome page', () => {
  it('is what a request for / without a session cookie gets', async () => {
    const app = appOn(dir);
    for (const cookie of [
      undefined,
      'cofound-theme=dark',
      'cofound.session_token=',
      'other.session_token=x',
    ]) {
      const res = await app.request('/', cookie ? { headers: { cookie } } : {});
      expect(res.status, cookie).toBe(200);
      expect(await res.text(), cookie).toBe('<p>welcome</p>');
      expect(res.headers.get('vary'), cookie).toMatch(/cookie/i);
      expect(res.headers.get('cache-control'), cookie).toBe('no-cache');
    }
  });

  it('is never sent with a session cookie, over HTTP or HTTPS: the plain shell is', async () => {
    const app = appOn(dir);
    for (const cookie of [
      'cofound.session_token=abc.def',
      'a=1; cofound.session_token=abc.def; b=2',
      '__Secure-cofound.session_token=abc.def',
    ]) {
      const res = await app.request('/', { headers: { cookie } });
      expect(res.status, cookie).toBe(200);
      expect(await res.text(), cookie).toBe('<p>shell</p>');
      expect(res.headers.get('vary'), cookie).toMatch(/cookie/i);
    }
  });

  it('is only for /: other app paths get the shell', async () => {
    const app = appOn(dir);
    const res = await app.request('/articles');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('<p>shell</p>');
  });

  it('is optional: a build without it serves the shell for /', async () => {
    const bare = await mkdtemp(path.join(os.tmpdir(), 'cofound-static-test-'));
    try {
      await writeFile(path.join(bare, 'index.html'), '<p>shell</p>');
      const res = await appOn(bare).request('/');
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('<p>shell</p>');
    } finally {
      await rm(bare, { recursive: true, force: true });
    }
  });
});

describe("a member's frame (member.html)", () => {
  const member = (more: Record<string, string> = {}) => ({
    headers: { cookie: 'a=1; cofound.session_token=abc.def', ...more },
  });
  const shell = '<html><head><title>x</title></head><body><div id="root"></div></body></html>';
  const frame = `<html><head><title>x</title></head><body><div id="root"><div id="member-frame">${'<p>frame</p>'.repeat(200)}</div></div></body></html>`;
  let built: string;
  beforeAll(async () => {
    built = await mkdtemp(path.join(os.tmpdir(), 'cofound-static-test-'));
    await writeFile(path.join(built, 'index.html'), shell);
    await writeFile(path.join(built, 'member.html'), frame);
    await writeFile(path.join(built, 'welcome.html'), '<p>welcome</p>');
    await writeFile(path.join(built, 'logo.svg'), '<svg></svg>');
    await writeFile(path.join(built, 'app-paths.json'), JSON.stringify(['/', '/auth', '/polls/:pollId']));
    await writeFile(path.join(built, 'frameless-paths.json'), JSON.stringify(['/auth']));
    await writeFile(
      path.join(built, 'route-chunks.json'),
      JSON.stringify([{ page: '/polls/:pollId', access: 'signed-in', files: ['/assets/poll.js'] }]),
    );
  });
  afterAll(() => rm(built, { recursive: true, force: true }));
  const app = () =>
    new Hono().on(
      ['GET', 'HEAD'],
      '*',
      createStaticHandler(built, [
        { page: '*', api: '/api/me' },
        { page: '/polls/:pollId', api: '/api/polls/:pollId' },
      ]),
    );
  const hint = (href: string) => `<link rel="preload" as="fetch" crossorigin href="${href}">`;
  const chunk = '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/poll.js">';

  it("is a member's page under the layout, with the page's hints and chunks, and an unknown path's with its 404", async () => {
    const a = app();
    const home = await a.request('/', member());
    expect(home.status).toBe(200);
    expect(await home.text()).toBe(frame.replace('<head>', `<head>${hint('/api/me')}`));
    const poll = await a.request('/polls/abc', member());
    expect(poll.status).toBe(200);
    expect(await poll.text()).toBe(
      frame
        .replace('<head>', `<head>${hint('/api/me')}${hint('/api/polls/abc')}`)
        .replace('</head>', `${chunk}</head>`),
    );
    expect(poll.headers.get('vary')).toMatch(/cookie/i);
    const unknown = await a.request('/no/such/page', member());
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(frame);
    // Gzipped like any page, and the same text again.
    for (let round = 0; round < 2; round++) {
      const zipped = await a.request('/polls/abc?x=1', member({ 'accept-encoding': 'gzip' }));
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      const text = gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8');
      expect(text).toBe(frame.replace('</head>', `${chunk}</head>`));
    }
  });

  it('is never sent without a session cookie, nor for the pages outside the layout, nor for files', async () => {
    const a = app();
    expect(await (await a.request('/')).text()).toBe('<p>welcome</p>');
    expect(await (await a.request('/polls/abc')).text()).toBe(shell);
    const unknown = await a.request('/no/such/page', { headers: { cookie: 'cofound.session_token=' } });
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(shell);
    for (const url of ['/auth', '/auth/', '/auth?tab=signup']) {
      const res = await a.request(url, member());
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).not.toContain('member-frame');
    }
    const file = await a.request('/logo.svg', member());
    expect(file.headers.get('content-type')).toBe('image/svg+xml');
    expect(await file.text()).toBe('<svg></svg>');
  });
});

describe("the build's list of app paths", () => {
  it('answers its paths with the shell and a 200, and any other path with the shell and a 404', async () => {
    const built = await mkdtemp(path.join(os.tmpdir(), 'cofound-static-test-'));
    try {
      await writeFile(path.join(built, 'index.html'), '<p>shell</p>');
      await writeFile(path.join(built, 'app-paths.json'), JSON.stringify(['/', '/polls', '/polls/:pollId']));
      const app = appOn(built);
      for (const [url, status] of [
        ['/polls', 200],
        ['/polls/abc/', 200],
        ['/polls/abc/votes', 404],
        ['/articles', 404],
      ] as const) {
        const res = await app.request(url);
        expect(res.status, url).toBe(status);
        expect(await res.text(), url).toBe('<p>shell</p>');
      }
    } finally {
      await rm(built, { recursive: true, force: true });
    }
  });
});

describe("a page's API reads, named in its HTML for a signed-in member", () => {
  const reads = [
    { page: '*', api: '/api/me' },
    { page: '/', api: '/api/feed?filter=all&limit=20' },
    { page: '/polls/:pollId', api: '/api/polls/:pollId' },
  ];
  const member = { headers: { cookie: 'cofound.session_token=abc.def' } };
  let built: string;
  beforeAll(async () => {
    built = await mkdtemp(path.join(os.tmpdir(), 'cofound-static-test-'));
    await writeFile(path.join(built, 'index.html'), '<html><head><title>x</title></head></html>');
    await writeFile(path.join(built, 'welcome.html'), '<p>welcome</p>');
    await writeFile(path.join(built, 'app-paths.json'), JSON.stringify(['/', '/polls', '/polls/:pollId']));
  });
  afterAll(() => rm(built, { recursive: true, force: true }));
  const app = () => new Hono().on(['GET', 'HEAD'], '*', createStaticHandler(built, reads));
  const hint = (href: string) => `<link rel="preload" as="fetch" crossorigin href="${href}">`;

  it("are preload hints at the top of the head: every page's, then the page's own, its path filled in", async () => {
    const poll = await app().request('/polls/4b3c-9_x', member);
    expect(poll.status).toBe(200);
    expect(await poll.text()).toBe(
      `<html><head>${hint('/api/me')}${hint('/api/polls/4b3c-9_x')}<title>x</title></head></html>`,
    );
    expect(poll.headers.get('vary')).toMatch(/cookie/i);
    const home = await app().request('/', member);
    expect(await home.text()).toContain(`${hint('/api/me')}${hint('/api/feed?filter=all&amp;limit=20')}`);
    const list = await app().request('/polls', member);
    expect(await list.text()).toBe(`<html><head>${hint('/api/me')}<title>x</title></head></html>`);
  });

  it('are never made for a visitor, a query string, an unknown path or a path part that would need escaping', async () => {
    const plain = '<html><head><title>x</title></head></html>';
    expect(await (await app().request('/polls/abc')).text()).toBe(plain);
    expect(await (await app().request('/')).text()).toBe('<p>welcome</p>');
    expect(await (await app().request('/?filter=groups', member)).text()).toBe(plain);
    expect(await (await app().request('/polls/abc?x=1', member)).text()).toBe(plain);
    const unknown = await app().request('/nowhere', member);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toBe(plain);
    for (const part of ['%22%3E%3Cscript%3E', 'a.b', 'a%2Fb', 'x'.repeat(101)]) {
      const res = await app().request(`/polls/${part}`, member);
      const text = await res.text();
      expect(text, part).not.toContain('/api/polls/');
      expect(text, part).not.toMatch(/<script|%22/);
    }
  });
});

describe("a page's own chunks, named in its HTML", () => {
  const routes = [
    { page: '/', access: 'public', files: [] },
    { page: '/polls', access: 'public', files: ['/assets/list.js', '/assets/Ab_1-x.js'] },
    { page: '/polls/new', access: 'signed-in', files: ['/assets/new.js'] },
    { page: '/polls/:pollId', access: 'signed-in', files: ['/assets/poll.js', '/assets/Ab_1-x.js'] },
    { page: '/bad', access: 'public', files: ['/assets/a.js"><script>'] },
  ];
  const member = { headers: { cookie: 'cofound.session_token=abc.def' } };
  const head = '<html><head><title>x</title></head></html>';
  let built: string;
  beforeAll(async () => {
    built = await mkdtemp(path.join(os.tmpdir(), 'cofound-static-test-'));
    await writeFile(path.join(built, 'index.html'), head);
    await writeFile(path.join(built, 'app-paths.json'), JSON.stringify(routes.map((r) => r.page)));
    await writeFile(path.join(built, 'route-chunks.json'), JSON.stringify(routes));
  });
  afterAll(() => rm(built, { recursive: true, force: true }));
  const app = () =>
    new Hono().on(
      ['GET', 'HEAD'],
      '*',
      createStaticHandler(built, [{ page: '/polls/:pollId', api: '/api/polls/:pollId' }]),
    );
  const preload = (...files: string[]) =>
    files.map((f) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${f}">`).join('');

  it("are modulepreload links at the end of the head, after the page's reads, with or without a query string", async () => {
    expect(await (await app().request('/polls/abc', member)).text()).toBe(
      `<html><head><link rel="preload" as="fetch" crossorigin href="/api/polls/abc"><title>x</title>` +
        `${preload('/assets/poll.js', '/assets/Ab_1-x.js')}</head></html>`,
    );
    expect(await (await app().request('/polls/abc/?x=1', member)).text()).toBe(
      `<html><head><title>x</title>${preload('/assets/poll.js', '/assets/Ab_1-x.js')}</head></html>`,
    );
    expect(await (await app().request('/polls')).text()).toBe(
      `<html><head><title>x</title>${preload('/assets/list.js', '/assets/Ab_1-x.js')}</head></html>`,
    );
  });

  it('are the route with more fixed parts where two match', async () => {
    expect(await (await app().request('/polls/new', member)).text()).toContain(preload('/assets/new.js'));
    expect(await (await app().request('/polls/new', member)).text()).not.toContain('poll.js');
  });

  it("are none for a visitor on a members' page, a page without chunks of its own, or a file name that would need escaping", async () => {
    expect(await (await app().request('/polls/abc')).text()).toBe(head);
    expect(await (await app().request('/polls/new')).text()).toBe(head);
    expect(await (await app().request('/', member)).text()).toBe(head);
    expect(await (await app().request('/bad', member)).text()).toBe(head);
    expect(await (await app().request('/nowhere', member)).text()).toBe(head);
  });
});

describe('a page gzipped', () => {
  let built: string;
  const shell = `<html><head><title>x</title></head><body>${'<p>shell</p>'.repeat(200)}</body></html>`;
  const welcome = `<main>${'<p>welcome</p>'.repeat(200)}</main>`;
  beforeAll(async () => {
    built = await mkdtemp(path.join(os.tmpdir(), 'cofound-static-test-'));
    await writeFile(path.join(built, 'index.html'), shell);
    await writeFile(path.join(built, 'welcome.html'), welcome);
    await writeFile(path.join(built, 'app-paths.json'), JSON.stringify(['/', '/polls/:pollId']));
  });
  afterAll(() => rm(built, { recursive: true, force: true }));
  const reads = [{ page: '/polls/:pollId', api: '/api/polls/:pollId' }];
  const app = () => new Hono().on(['GET', 'HEAD'], '*', createStaticHandler(built, reads));
  const gzip = { 'accept-encoding': 'gzip, deflate, br' };
  const member = { cookie: 'cofound.session_token=abc.def' };

  it('is each text a browser that takes gzip asks for, with its own hints, for a visitor and a member', async () => {
    const a = app();
    for (let round = 0; round < 2; round++) {
      for (const [url, headers, status, want] of [
        ['/', gzip, 200, welcome],
        ['/', { ...gzip, ...member }, 200, shell],
        ['/nowhere', gzip, 404, shell],
        ['/polls/one', { ...gzip, ...member }, 200, 'href="/api/polls/one"'],
        ['/polls/two', { ...gzip, ...member }, 200, 'href="/api/polls/two"'],
      ] as const) {
        const res = await a.request(url, { headers });
        expect(res.status, url).toBe(status);
        expect(res.headers.get('content-encoding'), url).toBe('gzip');
        expect(res.headers.get('vary'), url).toMatch(/cookie/i);
        expect(res.headers.get('vary'), url).toMatch(/accept-encoding/i);
        expect(res.headers.get('cache-control'), url).toBe('no-cache');
        const body = Buffer.from(await res.arrayBuffer());
        expect(Number(res.headers.get('content-length')), url).toBe(body.length);
        const text = gunzipSync(body).toString('utf8');
        expect(text, url).toContain(want);
        if (url === '/polls/one') expect(text).not.toContain('/api/polls/two');
        if (url === '/polls/two') expect(text).not.toContain('/api/polls/one');
      }
    }
  });

  it('is not for a browser that does not take gzip, nor for a HEAD', async () => {
    const plain = await app().request('/', { headers: member });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(shell);
    const head = await app().request('/', { method: 'HEAD', headers: { ...gzip, ...member } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBeNull();
  });
});
