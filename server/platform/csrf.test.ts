import { LIMIT_MSG } from '@common/core/texts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connections, profiles } from '../db/schema';
import { type Agent, BASE_URL, createTestApp, signedUpPerson, type TestApp } from '../test/harness';
import { png } from '../test/images';

/*
 * Cross-site request forgery on the API beyond /api/auth (issue 13, hole 6): a page on another site
 * (or a sibling subdomain) making a signed-in person's browser write here. Each request is sent as
 * the browser would, with the victim's cookie and only the headers the browser adds.
 */

let t: TestApp;
let alice: { agent: Agent; id: string };
let bob: { agent: Agent; id: string };

const person = () => signedUpPerson(t);

beforeAll(async () => {
  t = await createTestApp();
  [alice, bob] = [await person(), await person()];
});
afterAll(() => t?.close());

/** A request with alice's cookie and exactly these provenance headers (the Agent always adds Origin). */
async function asAlice(method: string, path: string, headers: Record<string, string>, body?: BodyInit) {
  const h = new Headers(headers);
  h.set('cookie', [...alice.agent.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
  h.set('x-forwarded-for', alice.agent.ip);
  if (typeof body === 'string') h.set('content-type', 'application/json');
  const res = await t.app.request(new URL(path, BASE_URL).toString(), { method, headers: h, body });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
}

const title = async () =>
  (await t.db.select({ title: profiles.title }).from(profiles).where(eq(profiles.id, alice.id)))[0]!.title;
/** Whether alice follows bob. */
const following = async () =>
  (
    await t.db
      .select()
      .from(connections)
      .where(and(eq(connections.userId, alice.id), eq(connections.connectedUserId, bob.id)))
  ).length;

const FORGED: [string, Record<string, string>][] = [
  ['a foreign Origin', { origin: 'https://evil.example' }],
  [
    'a foreign Origin that claims same-origin fetch metadata',
    { origin: 'https://evil.example', 'sec-fetch-site': 'same-origin' },
  ],
  ['a sibling subdomain', { origin: 'http://evil.localhost:3000', 'sec-fetch-site': 'same-site' }],
  ['a null Origin (sandboxed frame, no-referrer page)', { origin: 'null' }],
  ['no Origin and Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
  ['no Origin and Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
];

describe('writes from another site are refused with 403', () => {
  for (const [what, headers] of FORGED) {
    it(`POST, PATCH, DELETE and uploads with ${what}`, async () => {
      const before = await title();
      const patch = await asAlice('PATCH', '/api/profiles/me', headers, JSON.stringify({ title: 'Forged' }));
      expect(patch.status).toBe(403);
      expect(patch.body.error).toMatchObject({ code: 'FORBIDDEN', message: LIMIT_MSG.crossSite });
      expect(await title()).toBe(before);

      expect((await asAlice('POST', `/api/connections/${bob.id}/follow`, headers)).status).toBe(403);
      expect(await following()).toBe(0);

      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await png(64, 64))], { type: 'image/png' }), 'x.png');
      expect((await asAlice('POST', '/api/profiles/me/avatar', headers, form)).status).toBe(403);

      expect((await asAlice('DELETE', `/api/connections/${bob.id}/follow`, headers)).status).toBe(403);
    });
  }
});

describe('our own pages and programs still write', () => {
  it('passes the same requests from the app’s Origin', async () => {
    const ok = await asAlice(
      'PATCH',
      '/api/profiles/me',
      { origin: BASE_URL },
      JSON.stringify({ title: 'Mine' }),
    );
    expect(ok.status).toBe(200);
    expect(await title()).toBe('Mine');
    expect((await asAlice('POST', `/api/connections/${bob.id}/follow`, { origin: BASE_URL })).status).toBe(
      200,
    );
    expect(await following()).toBe(1);
    expect((await asAlice('DELETE', `/api/connections/${bob.id}/follow`, { origin: BASE_URL })).status).toBe(
      200,
    );
    expect(await following()).toBe(0);
  });

  it('passes Sec-Fetch-Site: same-origin without Origin, or with a null one', async () => {
    for (const headers of [
      { 'sec-fetch-site': 'same-origin' } as Record<string, string>,
      { origin: 'null', 'sec-fetch-site': 'same-origin' },
    ]) {
      const res = await asAlice(
        'PATCH',
        '/api/profiles/me',
        headers,
        JSON.stringify({ title: 'Same origin' }),
      );
      expect(res.status).toBe(200);
    }
  });

  it('passes a program that sends neither header (no browser sends a cross-site write so)', async () => {
    const res = await asAlice('PATCH', '/api/profiles/me', {}, JSON.stringify({ title: 'From a script' }));
    expect(res.status).toBe(200);
    expect(await title()).toBe('From a script');
  });

  it('never checks reads', async () => {
    const res = await asAlice('GET', '/api/profiles/me', {
      origin: 'https://evil.example',
      'sec-fetch-site': 'cross-site',
    });
    expect(res.status).toBe(200);
  });
});
