import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { MSG } from '@common/core/texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from './db/schema/profiles';
import { WEB_DIST_DIR } from './env';
import { createTestApp, newPerson, signUpAndVerify, type TestApp } from './test/harness';

describe('the app shell', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('reports database reachability at /api/health', async () => {
    const res = await t.agent().get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: true });
  });

  it('answers unknown /api paths with the JSON error shape', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await t.agent().request(method, '/api/no/such/thing');
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: 'No such API endpoint.' } });
    }
  });

  it('sets the security headers on pages and API alike', async () => {
    for (const url of ['/api/health', '/']) {
      const res = await t.agent().get(url);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    }
  });

  describe('the built web app', () => {
    beforeAll(() => {
      if (!existsSync(path.join(WEB_DIST_DIR, 'index.html')))
        throw new Error('dist/web is missing: run `npm run build` first (npm test does)');
    });

    it('serves the app for its routes with 200 and for unknown paths with 404', async () => {
      for (const url of ['/', '/auth', '/events/123', '/forums/post/1', '/business/9']) {
        const res = await t.agent().get(url);
        expect(res.status, url).toBe(200);
        expect(res.headers.get('content-type')).toContain('text/html');
        // A visitor's / is the welcome page prerendered, the app's root hidden until it takes over.
        if (url === '/') expect(res.text).toMatch(/<div id="prerendered">[\s\S]*<div id="root" hidden>/);
        else expect(res.text).toContain('<div id="root">');
        expect(res.headers.get('cache-control')).toBe('no-cache');
      }
      const missing = await t.agent().get('/definitely/not/a/page');
      expect(missing.status).toBe(404);
      expect(missing.text).toContain('<div id="root">');
    });

    it("draws the layout's frame in a member's pages, an unknown path's too, but not in the sign-in pages", async () => {
      // Chosen by the cookie's presence alone (scripts/prerender.mjs writes member.html).
      const member = t.agent();
      member.cookies.set('cofound.session_token', 'not-checked');
      const frame = /<div id="root"><div id="member-frame" aria-hidden="true" inert>[\s\S]*<header /;
      for (const url of ['/', '/events/123', '/settings']) {
        const res = await member.get(url);
        expect(res.status, url).toBe(200);
        expect(res.text, url).toMatch(frame);
      }
      const missing = await member.get('/definitely/not/a/page');
      expect(missing.status).toBe(404);
      expect(missing.text).toMatch(frame);
      expect((await member.get('/auth')).text).toContain('<div id="root"></div>');
      expect((await t.agent().get('/events/123')).text).toContain('<div id="root"></div>');
    });

    it('has no inline scripts, which the CSP would block', async () => {
      // A visitor's / (the welcome page) and a member's (the layout's frame).
      const member = t.agent();
      member.cookies.set('cofound.session_token', 'not-checked');
      for (const agent of [t.agent(), member]) {
        const html = (await agent.get('/')).text;
        const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
        expect(scripts.length).toBeGreaterThan(0);
        for (const [, attrs, body] of scripts) {
          expect(attrs).toMatch(/\bsrc=/);
          expect(body!.trim()).toBe('');
        }
      }
    });

    it('caches hashed assets for a year', async () => {
      const files = await readdir(path.join(WEB_DIST_DIR, 'assets'));
      const js = files.find((f) => f.endsWith('.js'))!;
      const res = await t.agent().get(`/assets/${js}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('javascript');
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    });

    it("names a page's own chunks, files of this build, in its HTML (docs/decisions/050)", async () => {
      const preloaded = async (url: string) => {
        const html = (await t.agent().get(url)).text;
        return [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)">/g)].map((m) => m[1]!);
      };
      const manifest = JSON.parse(
        await readFile(path.join(WEB_DIST_DIR, '.vite/manifest.json'), 'utf8'),
      ) as Record<string, { file: string }>;
      const shell = await preloaded('/definitely/not/a/page');
      const event = await preloaded('/events/123');
      expect(event).toContain(`/${manifest['areas/events/pages/event-page.tsx']!.file}`);
      expect(event.length).toBeGreaterThan(shell.length + 1);
      for (const file of event) expect((await t.agent().get(file)).status, file).toBe(200);
      // A members' page names none for a visitor: they are sent to /auth.
      expect(await preloaded('/groups/123')).toEqual(shell);
    });

    it('does not serve files outside the build folder', async () => {
      const res = await t.agent().get('/..%2f..%2fpackage.json');
      expect(res.text).not.toContain('"name": "cofound"');
    });
  });

  it('answers a failure with a generic 500 that leaks no stack or SQL', async () => {
    const agent = t.agent();
    await signUpAndVerify(t, agent);
    await t.db.execute('ALTER TABLE profiles RENAME TO profiles_gone');
    try {
      const res = await agent.get('/api/me');
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ error: { code: 'INTERNAL', message: MSG.unexpected } });
      expect(res.text).not.toMatch(/profiles|select|at \w+ \(/i);
    } finally {
      await t.db.execute('ALTER TABLE profiles_gone RENAME TO profiles');
    }
  });
});

describe('ADMIN_EMAILS at start', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('promotes existing accounts when the app starts with their address listed', async () => {
    const { viewer } = await signUpAndVerify(t, t.agent(), newPerson({ email: 'later-admin@example.com' }));
    expect(viewer.profile.isSuperAdmin).toBe(false);
    await t.restart(['someone@example.com', 'LATER-ADMIN@example.com']);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, viewer.id));
    expect(row!.isSuperAdmin).toBe(true);
  });
});

describe('mail without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ smtp: false });
  });
  afterAll(() => t?.close());

  it('keeps each mail in the data folder so sign-up can still be finished', async () => {
    const person = newPerson();
    const agent = t.agent();
    expect((await agent.post('/api/auth/sign-up/email', person)).status).toBe(200);
    const folder = path.join(t.dataDir, 'mail');
    const kept = await Promise.all(
      (await readdir(folder)).map(async (f) => JSON.parse(await readFile(path.join(folder, f), 'utf8'))),
    );
    const confirm = kept.find((m) => m.to === person.email && /confirm/i.test(m.subject));
    expect(confirm.links[0]).toMatch(/\/api\/auth\/verify-email\?token=/);
    expect((await agent.get(confirm.links[0])).status).toBe(302);
    expect((await agent.get('/api/me')).body.viewer.email).toBe(person.email);
  });
});

describe('a mail server that is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Nothing listens on port 9 here: every send fails.
    t = await createTestApp({ smtp: 'smtp://127.0.0.1:9' });
  });
  afterAll(() => t?.close());

  it('never blocks sign-up', async () => {
    const person = newPerson();
    const res = await t.agent().post('/api/auth/sign-up/email', person);
    expect(res.status).toBe(200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.email, person.email));
    expect(row?.username).toBe(person.username);
  });
});

describe('behind HTTPS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ baseUrl: 'https://cofound.example' });
  });
  afterAll(() => t?.close());

  it('marks the session cookie Secure and sends HSTS', async () => {
    const person = newPerson();
    const agent = t.agent();
    await agent.post('/api/auth/sign-up/email', person, { origin: 'https://cofound.example' });
    const mail = await t.smtp.waitFor((m) => m.to.includes(person.email) && /confirm/i.test(m.subject));
    const res = await agent.get(new URL(mail.links[0]!).pathname + new URL(mail.links[0]!).search);
    const cookie = res.headers.getSetCookie().find((c) => c.includes('session_token='))!;
    expect(cookie).toMatch(/;\s*Secure/i);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(res.headers.get('strict-transport-security')).toContain('max-age=');
  });
});
