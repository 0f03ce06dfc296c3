import { randomUUID } from 'node:crypto';
import { addMarkdownSiteOrigin } from '@common/core/api-links';
import { MSG_AUTH_SAFETY } from '@common/core/texts';
import { BUSINESS_MSG } from '@common/business-pages/model';
import { EVENT_MSG, EVENTS } from '@common/events/model';
import { INVESTING_MSG } from '@common/investing/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedUpPerson, type Agent, type TestApp } from '../test/harness';

/*
 * Issue 26, the holes across areas, each tried as the attacker would: a list filtered by a person
 * (their forums, groups, events, ideas, business pages) obeys that person's profile rule; a guest
 * list's Pending and Can't Go are the organizer's; invitations to strangers are bounded; a read made
 * across a block stays hidden once it is lifted; the admin reset refuses common passwords; review
 * authors do not vote for themselves; websites never point into this site's API.
 */

const ADMIN_EMAIL = `holes-chief-${process.pid}@example.com`;
let t: TestApp;
let visitor: Agent;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
  visitor = t.agent();
});
afterAll(async () => {
  await t?.close();
});

type Person = Awaited<ReturnType<typeof signedUpPerson>>;
const person = () => signedUpPerson(t);
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const event = () => ({
  title: 'Founders breakfast',
  description: 'Coffee and hiring stories.',
  startsAt: inDays(7),
  location: 'The Hub',
  type: 'in_person',
  maxAttendees: null,
  coverPhotoUrl: null,
});
async function befriend(a: Person, b: Person) {
  expect((await a.agent.post(`/api/connections/${b.id}/request`)).status).toBeLessThan(300);
  expect((await b.agent.post(`/api/connections/${a.id}/accept`)).status).toBeLessThan(300);
}

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

describe('guest lists', () => {
  it("Pending and Can't Go are the organizer's; an invitee finds only their own row", async () => {
    const [org, invited, refused, stranger] = await Promise.all([person(), person(), person(), person()]);
    await befriend(org, invited);
    await befriend(org, refused);
    const e = await ok<{ id: string }>(org.agent.post('/api/events', event()));
    await ok(org.agent.post(`/api/events/${e.id}/invitations`, { userIds: [invited.id, refused.id] }), 200);
    await ok(refused.agent.request('PUT', `/api/events/${e.id}/rsvp`, { status: 'declined' }), 200);
    const guests = async (a: Agent, status: string) => {
      const res = await a.get<{ items: { person: { id: string } }[] }>(
        `/api/events/${e.id}/guests?status=${status}`,
      );
      expect(res.status, res.text).toBe(200);
      return res.body.items.map((i) => i.person.id);
    };
    expect(await guests(org.agent, 'pending')).toEqual([invited.id]);
    expect(await guests(org.agent, 'declined')).toEqual([refused.id]);
    for (const a of [visitor, stranger.agent]) {
      expect(await guests(a, 'pending')).toEqual([]);
      expect(await guests(a, 'declined')).toEqual([]);
    }
    expect(await guests(invited.agent, 'pending')).toEqual([invited.id]);
    expect(await guests(invited.agent, 'declined')).toEqual([]);
    expect(await guests(refused.agent, 'declined')).toEqual([refused.id]);
    expect(await guests(refused.agent, 'pending')).toEqual([]);
  });
});

describe('event invitations', () => {
  it('to people who are not friends are bounded per hour, with a 429 that says so', async () => {
    const org = await person();
    const strangers: Person[] = [];
    // One at a time: sign-ups share the password-hash queue.
    for (let i = 0; i <= EVENTS.strangerInvitesPerHour; i++) strangers.push(await person());
    const e = await ok<{ id: string }>(org.agent.post('/api/events', event()));
    const ids = strangers.map((s) => s.id);
    // A batch past the budget is refused whole.
    const over = await org.agent.post(`/api/events/${e.id}/invitations`, { userIds: ids });
    expect(over.status).toBe(429);
    expect(over.body.error.message).toBe(EVENT_MSG.strangerInvitesLimited);
    const within = await org.agent.post(`/api/events/${e.id}/invitations`, { userIds: ids.slice(1) });
    expect(within.status, within.text).toBe(200);
    expect(within.body.invited).toBe(EVENTS.strangerInvitesPerHour);
    const one = await org.agent.post(`/api/events/${e.id}/invitations`, { userIds: ids.slice(0, 1) });
    expect(one.status).toBe(429);
    expect(one.headers.get('retry-after')).toBeTruthy();
  });
});

describe('read receipts', () => {
  it('a read made during a block stays hidden once the block is lifted', async () => {
    const [sender, reader] = await Promise.all([person(), person()]);
    const sent = await ok<{ id: string }>(
      sender.agent.post('/api/messages', { receiverId: reader.id, clientId: randomUUID(), content: 'Hello' }),
    );
    await ok(reader.agent.post(`/api/connections/${sender.id}/block`), 200);
    await ok(reader.agent.post(`/api/messages/threads/${sender.id}/read`), 200);
    await ok(reader.agent.request('DELETE', `/api/connections/${sender.id}/block`), 200);
    const thread = await ok<{ items: { id: string; read: boolean; readAt: string | null }[] }>(
      sender.agent.get(`/api/messages/threads/${reader.id}`),
      200,
    );
    expect(thread.items.find((m) => m.id === sent.id)).toMatchObject({ read: false, readAt: null });
    const one = await ok<{ read: boolean }>(sender.agent.get(`/api/messages/${sent.id}`), 200);
    expect(one.read).toBe(false);
    const list = await ok<{ items: { partner: { id: string }; lastMessage: { read: boolean } }[] }>(
      sender.agent.get('/api/messages/conversations'),
      200,
    );
    expect(list.items.find((c) => c.partner.id === reader.id)?.lastMessage.read).toBe(false);
  });
});

describe('the admin password reset', () => {
  it('refuses a common password', async () => {
    const admin = await signedUpPerson(t, { email: ADMIN_EMAIL });
    const target = await person();
    const res = await admin.agent.post(`/api/admin/users/${target.id}/password`, { newPassword: 'password' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields.newPassword).toBe(MSG_AUTH_SAFETY.commonPassword);
  });
});

describe('business reviews', () => {
  it('their author cannot vote their own review helpful', async () => {
    const [owner, author, reader] = await Promise.all([person(), person(), person()]);
    const page = await ok<{ id: string }>(
      owner.agent.post('/api/business-pages', {
        name: `Helpful bakery ${owner.id.slice(0, 6)}`,
        category: 'Restaurant',
        description: 'Sourdough by the harbour.',
      }),
    );
    const review = await ok<{ id: string }>(
      author.agent.post(`/api/business-pages/${page.id}/reviews`, {
        rating: 5,
        title: 'Lovely bread',
        content: 'The best sourdough in town, friendly staff too.',
      }),
    );
    await t.db.execute(
      sql`update business_reviews set moderation_status = 'approved' where id = ${review.id}`,
    );
    const own = await author.agent.post(`/api/business-reviews/${review.id}/helpful`);
    expect(own.status).toBe(403);
    expect(own.body.error.message).toBe(BUSINESS_MSG.ownReviewHelpful);
    expect((await reader.agent.post(`/api/business-reviews/${review.id}/helpful`)).body.helpfulCount).toBe(1);
  });
});

describe("a business page's owner", () => {
  it('sees and reports the reviews of their page even from someone who blocked them', async () => {
    const [owner, author] = await Promise.all([person(), person()]);
    const page = await ok<{ id: string }>(
      owner.agent.post('/api/business-pages', {
        name: `Blocked bakery ${owner.id.slice(0, 6)}`,
        category: 'Restaurant',
        description: 'Sourdough by the harbour.',
      }),
    );
    const review = await ok<{ id: string }>(
      author.agent.post(`/api/business-pages/${page.id}/reviews`, {
        rating: 1,
        title: 'Awful bread',
        content: 'Stale and overpriced, and the staff were rude to me.',
      }),
    );
    await t.db.execute(
      sql`update business_reviews set moderation_status = 'approved' where id = ${review.id}`,
    );
    await ok(author.agent.post(`/api/connections/${owner.id}/block`), 200);
    const list = await ok<{ items: { id: string }[] }>(
      owner.agent.get(`/api/business-pages/${page.id}/reviews`),
      200,
    );
    expect(list.items.map((r) => r.id)).toContain(review.id);
    const reported = await owner.agent.post('/api/reports', {
      reason: 'spam',
      targetType: 'review',
      targetId: review.id,
    });
    expect(reported.status, reported.text).toBe(201);
  });
});

describe('website fields', () => {
  it("refuse addresses into this site's API (ideas, business pages)", async () => {
    // The site as it is served in production: a dotted host name a business website may carry.
    addMarkdownSiteOrigin('https://cofound-holes.example.com');
    const p = await person();
    const fields = {
      title: 'Solar kiosks for rural clinics',
      description: 'Pay-as-you-go solar kiosks that keep vaccines cold in clinics off the grid.',
      fundingGoal: 50_000,
      industry: 'energy',
      equityOffered: 10,
      risk: 'medium',
      location: 'Nairobi, Kenya',
    };
    const mine = await ok<{ id: string }>(p.agent.post('/api/investing/ideas', fields));
    for (const website of [
      'https://cofound-holes.example.com/api/auth/sign-out',
      'https://COFOUND-holes.example.com/%61pi/groups',
    ]) {
      const idea = await p.agent.request('PATCH', `/api/investing/ideas/${mine.id}`, { ...fields, website });
      expect(idea.status, website).toBe(400);
      expect(idea.body.error.fields.website).toBe(INVESTING_MSG.websiteInvalid);
      const page = await p.agent.post('/api/business-pages', {
        name: `Api bakery ${randomUUID().slice(0, 6)}`,
        category: 'Restaurant',
        description: 'Sourdough by the harbour.',
        website,
      });
      expect(page.status, website).toBe(400);
      expect(page.body.error.fields.website).toBe(BUSINESS_MSG.websiteInvalid);
    }
    // The site's pages themselves stay allowed.
    const fine = await p.agent.post('/api/business-pages', {
      name: `Site bakery ${randomUUID().slice(0, 6)}`,
      category: 'Restaurant',
      description: 'Sourdough by the harbour.',
      website: 'https://cofound-holes.example.com/business-pages',
    });
    expect(fine.status, fine.text).toBe(201);
  });
});
