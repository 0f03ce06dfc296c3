import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedUpPerson, type Agent, type TestApp } from '../test/harness';

/*
 * Issue 26: a list filtered by a person (their forums, groups, events, ideas, business pages) is one
 * of that person's profile sections, so it obeys the profile's rule: a friends-only member's lists
 * answer empty to visitors and non-friends, and to nobody else.
 */

let t: TestApp;
let visitor: Agent;
beforeAll(async () => {
  t = await createTestApp();
  visitor = t.agent();
});
afterAll(async () => {
  await t?.close();
});

type Person = Awaited<ReturnType<typeof signedUpPerson>>;
const person = () => signedUpPerson(t);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

async function ok<T = any>(res: Promise<{ status: number; body: T; text: string }>, status = 201) {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
}

/** Everything the owner `o` has that the profile lists, seen through the filters. */
async function filtered(a: Agent, o: Person) {
  const ids = async (url: string) => {
    const res = await a.get<{ items: { id: string }[] }>(url);
    expect(res.status, `${url} ${res.text}`).toBe(200);
    return res.body.items.length;
  };
  return {
    forums: await ids(`/api/forums?member=${o.id}`),
    groups: await ids(`/api/groups?member=${o.id}`),
    created: await ids(`/api/events?list=created&user=${o.id}`),
    attending: await ids(`/api/events?list=attending&user=${o.id}`),
    pages: await ids(`/api/business-pages?owner=${o.id}`),
  };
}

describe("a person's list filters", () => {
  it("follow their profile's rule: a friends-only member's lists are for friends only", async () => {
    const [o, friend, stranger, host] = await Promise.all([person(), person(), person(), person()]);
    await ok(
      o.agent.post('/api/forums', {
        name: `Filters ${o.id}`,
        description: 'Talk about building companies.',
        coverImage: null,
      }),
    );
    await ok(
      o.agent.post('/api/groups', {
        name: `Filters ${o.id}`,
        description: 'People who build things together.',
        coverImage: null,
      }),
    );
    const event = {
      title: 'Founders breakfast',
      description: 'Coffee and hiring stories.',
      startsAt: inDays(7),
      location: 'The Hub',
      type: 'in_person',
      maxAttendees: null,
      coverPhotoUrl: null,
    };
    await ok(o.agent.post('/api/events', event));
    const other = await ok<{ id: string }>(host.agent.post('/api/events', event));
    await ok(o.agent.request('PUT', `/api/events/${other.id}/rsvp`, { status: 'accepted' }), 200);
    await ok(
      o.agent.post('/api/business-pages', {
        name: `Filters bakery ${o.id.slice(0, 6)}`,
        category: 'Restaurant',
        description: 'Sourdough by the harbour.',
        website: null,
        email: null,
        phone: null,
        address: null,
        hours: null,
      }),
    );
    await ok(
      o.agent.post('/api/investing/ideas', {
        title: 'Solar kiosks for rural clinics',
        description: 'Pay-as-you-go solar kiosks that keep vaccines cold in clinics off the grid.',
        fundingGoal: 50_000,
        industry: 'energy',
        equityOffered: 10,
        risk: 'medium',
        location: 'Nairobi, Kenya',
      }),
    );
    expect((await friend.agent.post(`/api/connections/${o.id}/request`)).status).toBeLessThan(300);
    expect((await o.agent.post(`/api/connections/${friend.id}/accept`)).status).toBeLessThan(300);
    const all = { forums: 1, groups: 1, created: 1, attending: 1, pages: 1 };
    const none = { forums: 0, groups: 0, created: 0, attending: 0, pages: 0 };
    const ideas = async (a: Agent) =>
      (await a.get<{ items: unknown[] }>(`/api/investing/ideas?author=${o.id}`)).body.items.length;

    // A public profile: its lists are everyone's.
    expect(await filtered(visitor, o)).toEqual(all);
    expect(await filtered(stranger.agent, o)).toEqual(all);
    expect(await ideas(stranger.agent)).toBe(1);

    expect((await o.agent.request('PATCH', '/api/settings', { profileVisible: false })).status).toBe(200);
    expect(await filtered(visitor, o)).toEqual(none);
    expect(await filtered(stranger.agent, o)).toEqual(none);
    expect(await ideas(stranger.agent)).toBe(0);
    // Friends and the person themself still see everything.
    expect(await filtered(friend.agent, o)).toEqual(all);
    expect(await ideas(friend.agent)).toBe(1);
    expect(await filtered(o.agent, o)).toEqual(all);
    expect(await ideas(o.agent)).toBe(1);
  });
});
