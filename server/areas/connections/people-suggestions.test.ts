import { randomUUID } from 'node:crypto';
import { PROFILE_MSG } from '@common/profiles/model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profiles } from '../../db/schema';
import { type Agent, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';

/* issue 21: People you may know (with dismiss) and the New message action's people. */

let t: TestApp;
type Person = { agent: Agent; id: string; username: string };

async function person(
  fields: { fullName?: string; company?: string; skills?: string[] } = {},
): Promise<Person> {
  const p = await signedUpPerson(t);
  if (Object.keys(fields).length) await t.db.update(profiles).set(fields).where(eq(profiles.id, p.id));
  return p;
}

async function befriend(a: Person, b: Person) {
  expect((await a.agent.post(`/api/connections/${b.id}/request`)).status).toBe(200);
  expect((await b.agent.post(`/api/connections/${a.id}/accept`)).status).toBe(200);
}

const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((p) => p.id);

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

describe('people you may know', () => {
  it('offers friends of friends first, then shared skills or company, never a connection or a blocker', async () => {
    const tag = randomUUID().slice(0, 8);
    const me = await person({ company: `Acme ${tag}`, skills: [`rust-${tag}`] });
    const [friend, fof1, fof2, colleague, skilled, stranger, blocker] = [
      await person(),
      await person(),
      await person(),
      await person({ company: `acme ${tag}` }),
      await person({ skills: [`rust-${tag}`, 'go'] }),
      await person(),
      await person({ skills: [`rust-${tag}`] }),
    ];
    await befriend(me, friend);
    await befriend(friend, fof1);
    await befriend(friend, fof2);
    // fof2 shares two friends with me: first.
    const second = await person();
    await befriend(me, second);
    await befriend(second, fof2);
    await blocker.agent.post(`/api/connections/${me.id}/block`);

    const res = await me.agent.get('/api/people/suggestions');
    expect(res.status).toBe(200);
    expect(ids(res).slice(0, 2)).toEqual([fof2.id, fof1.id]);
    expect(ids(res).slice(2).sort()).toEqual([colleague.id, skilled.id].sort());
    expect(res.body.items[0]).toMatchObject({ id: fof2.id, mutualFriends: 2, sharedInterests: 0 });
    expect(ids(res)).not.toContain(friend.id);
    expect(ids(res)).not.toContain(stranger.id);
    expect(ids(res)).not.toContain(blocker.id);
    expect(ids(res)).not.toContain(me.id);

    // Following someone takes them off the list.
    await me.agent.post(`/api/connections/${colleague.id}/follow`);
    expect(ids(await me.agent.get('/api/people/suggestions'))).not.toContain(colleague.id);
  });

  it('ranks again at once when the viewer changes their skills, and a new member with nobody in common is offered people as soon as they add a skill', async () => {
    const tag = randomUUID().slice(0, 8);
    const [rustacean, gopher] = [
      await person({ skills: [`rust-${tag}`] }),
      await person({ skills: [`go-${tag}`] }),
    ];
    // A new member: nobody in common yet.
    const me = await person();
    expect(ids(await me.agent.get('/api/people/suggestions'))).toEqual([]);
    // Through the API, as the settings page does: the next visit offers their people.
    expect((await me.agent.request('PATCH', '/api/profiles/me', { skills: [`rust-${tag}`] })).status).toBe(
      200,
    );
    expect(ids(await me.agent.get('/api/people/suggestions'))).toEqual([rustacean.id]);
    // A kept ranking is not served past a change of the viewer's own skills.
    expect((await me.agent.request('PATCH', '/api/profiles/me', { skills: [`go-${tag}`] })).status).toBe(200);
    expect(ids(await me.agent.get('/api/people/suggestions'))).toEqual([gopher.id]);
  });

  it('forgets a dismissed person for good, for that viewer only', async () => {
    const [me, friend, fof, other] = [await person(), await person(), await person(), await person()];
    await befriend(me, friend);
    await befriend(friend, fof);
    await befriend(other, friend);
    expect(ids(await me.agent.get('/api/people/suggestions'))).toContain(fof.id);
    const res = await me.agent.post(`/api/people/suggestions/${fof.id}/dismiss`);
    expect(res.status).toBe(200);
    expect(ids(await me.agent.get('/api/people/suggestions'))).not.toContain(fof.id);
    // Twice is fine; someone else still sees them.
    expect((await me.agent.post(`/api/people/suggestions/${fof.id}/dismiss`)).status).toBe(200);
    expect(ids(await other.agent.get('/api/people/suggestions'))).toContain(fof.id);
  });

  it('refuses visitors, unknown people and malformed ids', async () => {
    const me = await person();
    expect((await t.agent().get('/api/people/suggestions')).status).toBe(401);
    expect((await t.agent().post(`/api/people/suggestions/${me.id}/dismiss`)).status).toBe(401);
    const unknown = await me.agent.post(`/api/people/suggestions/${randomUUID()}/dismiss`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe(PROFILE_MSG.notFound);
    expect((await me.agent.post('/api/people/suggestions/nope/dismiss')).status).toBe(404);
  });
});

describe('people to message', () => {
  it('lists friends and people followed first, then anyone else matching, never a blocker', async () => {
    const tag = `zq${randomUUID().slice(0, 6)}`;
    const me = await person();
    const [friend, followed, other, blocked, deleted] = [
      await person({ fullName: `${tag} Friend` }),
      await person({ fullName: `${tag} Followed` }),
      await person({ fullName: `${tag} Another` }),
      await person({ fullName: `${tag} Blocked` }),
      await person({ fullName: `${tag} Deleted` }),
    ];
    await befriend(me, friend);
    await me.agent.post(`/api/connections/${followed.id}/follow`);
    await me.agent.post(`/api/connections/${blocked.id}/block`);
    await t.db.update(profiles).set({ deletedAt: new Date() }).where(eq(profiles.id, deleted.id));

    const all = await me.agent.get(`/api/people/recipients?q=${tag}`);
    expect(all.status).toBe(200);
    expect(ids(all)).toEqual([friend.id, followed.id, other.id]);
    expect(all.body.items.map((p: { isConnection: boolean }) => p.isConnection)).toEqual([true, true, false]);
    // A later word of the name matches too.
    expect(ids(await me.agent.get(`/api/people/recipients?q=another`))).toContain(other.id);
    // Without text: only the people the viewer is connected to.
    expect(ids(await me.agent.get('/api/people/recipients'))).toEqual([friend.id, followed.id]);
    // A % is a character, not a wildcard.
    expect(ids(await me.agent.get('/api/people/recipients?q=%25'))).toEqual([]);
  });

  it('refuses visitors and over-long text', async () => {
    const me = await person();
    expect((await t.agent().get('/api/people/recipients?q=a')).status).toBe(401);
    const long = await me.agent.get(`/api/people/recipients?q=${'a'.repeat(1001)}`);
    expect(long.status).toBe(400);
  });
});
