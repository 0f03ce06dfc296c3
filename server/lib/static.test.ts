import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
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
