import { MSG_AUTH_SAFETY } from '@common/core/texts';
import { apiLinksIn, pointsAtApi, renderMarkdown } from '@common/core/markdown';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { articles } from '../../db/schema/articles';
import { sessions, users } from '../../db/schema/auth';
import { BASE_URL, createTestApp, newPerson, signUpAndVerify, type TestApp } from '../../test/harness';

/*
 * Issue 13, hole 3: login CSRF through an article. The attacker signs up a throwaway account, does
 * not confirm it, and puts its confirmation link in an article as a picture: every reader's
 * browser requested it, and the link signed the reader into the attacker's account.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The attacker's throwaway account, unconfirmed, and its mailed confirmation link. */
async function throwawayLink(signingUp = t.agent()) {
  const person = newPerson();
  expect((await signingUp.post('/api/auth/sign-up/email', person)).status).toBe(200);
  const mail = await t.smtp.waitFor((m) => m.to.includes(person.email) && /confirm/i.test(m.subject));
  const link = mail.links.find((l) => l.includes('/verify-email'))!;
  const [user] = await t.db.select().from(users).where(eq(users.email, person.email));
  return { person, link, userId: user!.id };
}

const sessionsOf = async (userId: string) =>
  (await t.db.select({ n: count() }).from(sessions).where(eq(sessions.userId, userId)))[0]!.n;
const isVerified = async (userId: string) =>
  (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.emailVerified;

describe('confirming an address never replaces the session a browser has', () => {
  it("a signed-in reader whose browser loads the attacker's link (as a picture) stays signed in as themselves", async () => {
    const reader = t.agent();
    const { viewer } = await signUpAndVerify(t, reader);
    const cookieBefore = reader.cookies.get('cofound.session_token');
    const attacker = await throwawayLink();

    const res = await reader.get(attacker.link, { 'sec-fetch-dest': 'image' });
    expect(res.headers.getSetCookie().filter((c) => c.includes('session_token'))).toEqual([]);
    expect(reader.cookies.get('cofound.session_token')).toBe(cookieBefore);
    expect((await reader.get('/api/me')).body.viewer.id).toBe(viewer.id);
    // No session was made for the attacker's account at all; the address is still confirmed.
    expect(await sessionsOf(attacker.userId)).toBe(0);
    expect(await isVerified(attacker.userId)).toBe(true);
  });

  it("a signed-in person who opens another account's link as a page stays signed in, and is told so", async () => {
    const reader = t.agent();
    const { viewer } = await signUpAndVerify(t, reader);
    const other = await throwawayLink();

    const res = await reader.get(other.link, { 'sec-fetch-dest': 'document' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?verified=1&session=kept');
    expect(res.headers.getSetCookie().filter((c) => c.includes('session_token'))).toEqual([]);
    expect((await reader.get('/api/me')).body.viewer.id).toBe(viewer.id);
    expect(await sessionsOf(other.userId)).toBe(0);
    expect(await isVerified(other.userId)).toBe(true);
    // The other account signs in with its password as usual.
    const signIn = await t.agent().post('/api/auth/sign-in/email', other.person);
    expect(signIn.status).toBe(200);
  });

  it('a signed-out reader whose browser loads the link as a picture is not signed in either', async () => {
    const reader = t.agent();
    const attacker = await throwawayLink();
    const res = await reader.get(attacker.link, { 'sec-fetch-dest': 'image' });
    expect(res.headers.getSetCookie().filter((c) => c.includes('session_token'))).toEqual([]);
    expect((await reader.get('/api/me')).body).toEqual({ viewer: null });
    expect(await sessionsOf(attacker.userId)).toBe(0);
  });

  it("a signed-out reader who opens the attacker's link as a page is not signed into the attacker's account (issue 26)", async () => {
    const reader = t.agent();
    const attacker = await throwawayLink();
    const res = await reader.get(attacker.link, { 'sec-fetch-dest': 'document' });
    expect(res.status).toBe(302);
    // Confirmed, and signed out: the owner signs in with the password.
    expect(res.headers.get('location')).toBe('/?verified=1');
    expect(res.headers.getSetCookie().filter((c) => c.includes('session_token'))).toEqual([]);
    expect((await reader.get('/api/me')).body).toEqual({ viewer: null });
    expect(await sessionsOf(attacker.userId)).toBe(0);
    expect(await isVerified(attacker.userId)).toBe(true);
    expect((await t.agent().post('/api/auth/sign-in/email', attacker.person)).status).toBe(200);
  });

  it('the link a person clicks in the mail still confirms the address and signs them in', async () => {
    const person = t.agent();
    // The browser that signed up opens it.
    const mine = await throwawayLink(person);
    const res = await person.get(mine.link, { 'sec-fetch-dest': 'document' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/?verified=1');
    expect((await person.get('/api/me')).body.viewer).toMatchObject({
      id: mine.userId,
      emailVerified: true,
    });
  });
});

const API_LINKS = [
  '![](/api/auth/verify-email?token=x)',
  '[read this](/api/auth/verify-email?token=x&callbackURL=%2F)',
  '![](/API/auth/verify-email?token=x)',
  '![](/./api/auth/verify-email?token=x)',
  '![](/articles/../api/auth/verify-email?token=x)',
  '![](/%61pi/auth/verify-email?token=x)',
  '![](/%2e/api/auth/verify-email?token=x)',
  '![](/%252561pi/auth/verify-email?token=x)',
  '![](&#x2F;api/auth/verify-email?token=x)',
  `![](${BASE_URL}/api/auth/verify-email?token=x)`,
  '![](https://LOCALHOST./api/auth/verify-email?token=x)',
  `<${BASE_URL}/api/auth/verify-email?token=x>`,
  `see ${BASE_URL}/api/auth/verify-email?token=x`,
  '[x][r]\n\n[r]: /api/auth/verify-email?token=x',
];

/** Every href and src of some HTML, as the browser reads them. */
const urlsIn = (html: string) =>
  [...html.matchAll(/\s(?:href|src)="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&'));

describe('markdown refuses links and pictures into the API', () => {
  it.each(API_LINKS)('finds and never renders %s', (markdown) => {
    expect(apiLinksIn(markdown).length).toBeGreaterThan(0);
    const html = renderMarkdown(markdown);
    expect(html).not.toMatch(/<img\s/);
    for (const url of urlsIn(html)) expect(pointsAtApi(url), url).toBe(false);
  });

  it.each([
    '[an article](/articles/123)',
    '![a picture](/files/content/a.png)',
    '![avatar](https://ui-avatars.com/api/?name=Ada)',
    '[apis](/apis)',
  ])('keeps %s', (markdown) => {
    expect(apiLinksIn(markdown)).toEqual([]);
    expect(renderMarkdown(markdown)).toMatch(/<(a|img)\s/);
  });

  it('refuses to save an article with a picture or a link into the API, with a clear message', async () => {
    const author = t.agent();
    await signUpAndVerify(t, author);
    for (const content of [
      'Nice picture: ![](/api/auth/verify-email?token=abc.def.ghi)',
      'Click [here](/api/account/delete) for a surprise.',
    ]) {
      const res = await author.post('/api/articles', {
        title: 'Innocent article',
        content,
        category: 'tech',
        imageUrl: null,
        status: 'published',
      });
      expect(res.status, content).toBe(400);
      expect(res.body.error.fields.content).toBe(MSG_AUTH_SAFETY.apiLinkRefused);
    }
    const stored = await t.db.select().from(articles).where(eq(articles.title, 'Innocent article'));
    expect(stored).toEqual([]);
  });

  it('does not render such a picture in an article stored before', async () => {
    const author = t.agent();
    await signUpAndVerify(t, author);
    const created = await author.post('/api/articles', {
      title: 'Stored before the fix',
      content: 'Harmless words for now, long enough.',
      category: 'tech',
      imageUrl: null,
      status: 'published',
    });
    expect(created.status).toBe(201);
    const id = created.body.id as string;
    await t.db
      .update(articles)
      .set({ content: 'Look: ![](/api/auth/verify-email?token=abc) and [me](/%61pi/me)' })
      .where(eq(articles.id, id));
    const reader = t.agent();
    await signUpAndVerify(t, reader);
    const res = await reader.get(`/api/articles/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.html).toContain('Look:');
    expect(res.body.html).not.toMatch(/<(a|img)\s/);
  });
});
