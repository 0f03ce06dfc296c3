import { randomUUID } from 'node:crypto';
import { PROFILE_MSG, type ProfileView } from '@common/profiles/model';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { type Agent, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';

let t: TestApp;
type Person = { agent: Agent; id: string; username: string; email: string };
let a: Person, b: Person;

const person = (): Promise<Person> => signedUpPerson(t);
const patch = (p: Person, body: unknown) => p.agent.request('PATCH', '/api/profiles/me', body);

beforeAll(async () => {
  t = await createTestApp();
  [a, b] = [await person(), await person()];
});
afterAll(() => t?.close());

describe('viewing', () => {
  it('requires sign-in', async () => {
    const visitor = t.agent();
    expect((await visitor.get(`/api/profiles/${a.id}`)).status).toBe(401);
    expect((await visitor.get('/api/profiles/me')).status).toBe(401);
    expect((await visitor.request('PATCH', '/api/profiles/me', { bio: 'x' })).status).toBe(401);
  });

  it("shows one's own profile with the address, and others' without it", async () => {
    const own = await a.agent.get<ProfileView>('/api/profiles/me');
    expect(own.body).toMatchObject({ isSelf: true, restricted: false, connection: null });
    expect(own.body.profile).toMatchObject({ id: a.id, username: a.username, email: a.email });
    expect(own.body.stats).toEqual({ followers: 0, following: 0, friends: 0 });

    const other = await b.agent.get<ProfileView>(`/api/profiles/${a.id}`);
    expect(other.body.isSelf).toBe(false);
    expect(other.body.profile.email).toBeNull();
    expect(other.body.profile).not.toHaveProperty('isBanned');
    expect(other.body.connection).toEqual({ status: 'none', isFollowing: false, followsYou: false });
  });

  it("says 'Profile not found.' for unknown and malformed ids", async () => {
    for (const id of [randomUUID(), 'abc', '00000000-0000-0000-0000-00000000000g']) {
      const res = await a.agent.get(`/api/profiles/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body).toEqual({ error: { code: 'NOT_FOUND', message: PROFILE_MSG.notFound } });
    }
  });
});

describe('editing', () => {
  it('saves every field, with skills trimmed, emptied and merged', async () => {
    const res = await patch(a, {
      fullName: '  Ada Lovelace ',
      title: 'Founder',
      company: 'Analytical Engines',
      location: 'London',
      bio: 'Poetical science.',
      skills: ' Maths, , poetry,maths ,  Engines  ,POETRY',
      avatarUrl: 'https://example.com/ada.png',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      fullName: 'Ada Lovelace',
      title: 'Founder',
      skills: ['Maths', 'poetry', 'Engines'],
      avatarUrl: 'https://example.com/ada.png',
      username: a.username,
    });
    const seen = await b.agent.get<ProfileView>(`/api/profiles/${a.id}`);
    expect(seen.body.profile).toMatchObject({ company: 'Analytical Engines', location: 'London' });
    // The top bar reads /api/me: it shows the new avatar too.
    expect((await a.agent.get('/api/me')).body.viewer.profile.avatarUrl).toBe('https://example.com/ada.png');
  });

  it('an uploaded avatar replaced by a typed address is deleted', async () => {
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: '#36a' } })
      .png()
      .toBuffer();
    const uploaded = await a.agent.upload('/api/profiles/me/avatar', 'file', png, 'a.png', 'image/png');
    expect(uploaded.status).toBe(200);
    const url = uploaded.body.avatarUrl as string;
    expect((await b.agent.get(url)).status).toBe(200);
    const res = await patch(a, { avatarUrl: 'https://example.com/ada.png' });
    expect(res.body.avatarUrl).toBe('https://example.com/ada.png');
    expect((await b.agent.get(url)).status).toBe(404);
  });

  it('accepts skills as a list and clears fields with empty values', async () => {
    const res = await patch(a, { skills: ['x', ' x ', 'y'], avatarUrl: '', bio: '   ' });
    expect(res.body).toMatchObject({ skills: ['x', 'y'], avatarUrl: null, bio: null });
  });

  it('refuses a username change, bad URLs, long fields and unknown fields, changing nothing', async () => {
    const before = (await t.db.select().from(profiles).where(eq(profiles.id, a.id)))[0]!;
    const cases: [unknown, string][] = [
      [{ username: 'someone_else' }, PROFILE_MSG.usernameReadOnly],
      [{ avatarUrl: 'javascript:alert(1)' }, PROFILE_MSG.invalidUrl],
      [{ avatarUrl: 'ftp://example.com/a.png' }, PROFILE_MSG.invalidUrl],
      [{ avatarUrl: 'not a url' }, PROFILE_MSG.invalidUrl],
      [{ avatarUrl: 'data:image/png;base64,AAAA' }, PROFILE_MSG.invalidUrl],
      [{ fullName: 'x'.repeat(101), bio: 'changed' }, PROFILE_MSG.tooLong('Full name', 100)],
      [{ skills: Array.from({ length: 51 }, (_, i) => `s${i}`) }, PROFILE_MSG.tooManySkills],
      [{ skills: 'x'.repeat(51) }, PROFILE_MSG.skillTooLong],
      [{ isSuperAdmin: true }, ''],
      [{ verified: true }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await patch(a, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.error.message).toBe(message);
    }
    const after = (await t.db.select().from(profiles).where(eq(profiles.id, a.id)))[0]!;
    expect(after).toEqual(before);
  });
});

describe('privacy', () => {
  it('shows only name, avatar and headline to people who are not friends', async () => {
    await patch(b, { fullName: 'Bo', title: 'Investor', bio: 'Secret bio', skills: 'Deals' });
    expect((await b.agent.request('PATCH', '/api/settings', { profileVisible: false })).status).toBe(200);

    const seen = await a.agent.get<ProfileView>(`/api/profiles/${b.id}`);
    expect(seen.body.restricted).toBe(true);
    expect(seen.body.stats).toBeNull();
    expect(seen.body.profile).toMatchObject({ fullName: 'Bo', title: 'Investor', bio: null, skills: [] });
    const list = await a.agent.get(`/api/profiles/${b.id}/connections?list=followers`);
    expect(list.status).toBe(403);
    expect(list.body.error.message).toBe(PROFILE_MSG.restricted);
    // Their own view is whole.
    expect((await b.agent.get<ProfileView>('/api/profiles/me')).body.profile.bio).toBe('Secret bio');

    // Friends see everything.
    await a.agent.post(`/api/connections/${b.id}/request`);
    await b.agent.post(`/api/connections/${a.id}/accept`);
    const asFriend = await a.agent.get<ProfileView>(`/api/profiles/${b.id}`);
    expect(asFriend.body).toMatchObject({ restricted: false, profile: { bio: 'Secret bio' } });
  });
});
