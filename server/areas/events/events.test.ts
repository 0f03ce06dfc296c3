import { randomUUID } from 'node:crypto';
import type { EventDetail, EventPage, GuestPage, InviteCandidates, RsvpResult } from '@common/events/model';
import { EVENT_MSG, EVENTS, eventTopic } from '@common/events/model';
import type { EventInput } from '@common/events/schemas';
import type { SearchPage } from '@common/search/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTerms, searchTierCount, searchTierRows } from '../../platform/search-providers';
import { type Agent, createTestApp, openSocket, signedUpPerson, type TestApp } from '../../test/harness';
import { png } from '../../test/images';
import { eventIcs, foldLine, icsText } from './event-ics';
import { eventListQuery } from './event-reads.service';
import { canWatchEvent, eventSearch } from './events.register';

let t: TestApp;
type Person = { agent: Agent; id: string; password: string };

const ADMIN_EMAIL = `events-chief-${process.pid}@example.com`;

const person = (email?: string): Promise<Person> => signedUpPerson(t, email ? { email } : {});

let admin: Person;
let visitor: Agent;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
  admin = await person(ADMIN_EMAIL);
  visitor = t.agent();
});
afterAll(async () => {
  await t?.close();
});

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();

const fields = (o: Partial<EventInput> = {}): EventInput => ({
  title: 'Founders breakfast',
  description: 'Coffee and hiring stories.',
  startsAt: inDays(7),
  endsAt: null,
  meetingUrl: null,
  location: 'The Hub',
  type: 'in_person',
  maxAttendees: null,
  coverPhotoUrl: null,
  ...o,
});

async function create(p: Person, o: Partial<EventInput> = {}): Promise<EventDetail> {
  const res = await p.agent.post<EventDetail>('/api/events', fields(o));
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const answer = (p: Person, id: string, status: 'accepted' | 'maybe' | 'declined') =>
  p.agent.request<RsvpResult>('PUT', `/api/events/${id}/rsvp`, { status });

async function befriend(a: Person, b: Person) {
  expect((await a.agent.post(`/api/connections/${b.id}/request`)).status).toBeLessThan(300);
  expect((await b.agent.post(`/api/connections/${a.id}/accept`)).status).toBeLessThan(300);
}

async function notificationsOf(userId: string, type: string) {
  return t.db
    .execute<{ title: string; message: string; link: string; actor_id: string | null }>(
      sql`select title, message, link, actor_id::text as actor_id from notifications
        where user_id = ${userId} and type = ${type} order by created_at`,
    )
    .then((r) => r.rows);
}

async function row(id: string) {
  const [r] = await t.db
    .execute<{ going_count: number; maybe_count: number }>(
      sql`select going_count, maybe_count from events where id = ${id}`,
    )
    .then((x) => x.rows);
  return r!;
}

async function statusOf(eventId: string, userId: string) {
  const [r] = await t.db
    .execute<{ status: string }>(
      sql`select status from event_invitations where event_id = ${eventId} and invitee_id = ${userId}`,
    )
    .then((x) => x.rows);
  return r?.status ?? null;
}

describe('creating', () => {
  it('asks a visitor to sign in and checks the required fields with the spec texts', async () => {
    expect((await visitor.post('/api/events', fields())).status).toBe(401);
    const a = await person();
    const res = await a.agent.post('/api/events', { ...fields(), title: ' ', location: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.fields).toMatchObject({
      title: EVENT_MSG.titleRequired,
      location: EVENT_MSG.locationRequired,
    });
    const noDate = await a.agent.post('/api/events', { ...fields(), startsAt: 'tomorrow' });
    expect(noDate.body.error.fields.startsAt).toBe(EVENT_MSG.startsAtInvalid);
    const badMax = await a.agent.post('/api/events', { ...fields(), maxAttendees: 0 });
    expect(badMax.body.error.fields.maxAttendees).toBe(EVENT_MSG.maxInvalid);
  });

  it('stores the instant with its offset, puts the event on the feed and in search', async () => {
    const a = await person();
    const e = await create(a, { title: 'Zebra pitch night', startsAt: '2031-05-04T18:30:00+02:00' });
    expect(e.startsAt).toBe('2031-05-04T16:30:00.000Z');
    // The organizer counts as going, and is not an invitation.
    expect(e).toMatchObject({
      isOrganizer: true,
      goingCount: 1,
      myStatus: 'accepted',
      totalInvited: 0,
      maxAttendees: null,
      type: 'in_person',
    });
    const feed = await t.db
      .execute<{ link: string }>(
        sql`select link from feed_items where type = 'event' and content_id = ${e.id}`,
      )
      .then((r) => r.rows);
    expect(feed).toEqual([{ link: `/events/${e.id}` }]);
    const found = await a.agent.get<SearchPage>(`/api/search?q=zebra`);
    expect(found.body.results.filter((r) => r.type === 'event').map((r) => r.id)).toContain(e.id);
  });

  it("takes only the creator's own uploaded cover", async () => {
    const a = await person();
    const b = await person();
    const up = await a.agent.upload<{ url: string }>(
      '/api/events/covers',
      'file',
      await png(1500, 500),
      'c.png',
      'image/png',
    );
    expect(up.status, up.text).toBe(201);
    const e = await create(a, { coverPhotoUrl: up.body.url });
    expect(e.coverPhotoUrl).toBe(up.body.url);
    const theft = await b.agent.post('/api/events', fields({ coverPhotoUrl: up.body.url }));
    expect(theft.status).toBe(400);
    expect(theft.body.error.message).toBe(EVENT_MSG.coverNotUploaded);
    expect(
      (await visitor.upload('/api/events/covers', 'file', await png(10, 10), 'c.png', 'image/png')).status,
    ).toBe(401);
  });
});

describe('ids', () => {
  it('answers a malformed or unknown id with a clean 404 everywhere', async () => {
    const a = await person();
    for (const id of ['not-a-uuid', randomUUID()]) {
      for (const res of [
        await a.agent.get(`/api/events/${id}`),
        await visitor.get(`/api/events/${id}`),
        await a.agent.request('PATCH', `/api/events/${id}`, fields()),
        await a.agent.post(`/api/events/${id}/cancel`),
        await answer(a, id, 'accepted'),
        await a.agent.get(`/api/events/${id}/guests`),
        await a.agent.get(`/api/events/${id}/invitable`),
        await a.agent.post(`/api/events/${id}/invitations`, { userIds: [a.id] }),
        await a.agent.get(`/api/events/${id}/calendar.ics`),
      ]) {
        expect(res.status, `${id} ${res.text}`).toBe(404);
        expect(res.body.error.message).toBe(EVENT_MSG.notFound);
      }
    }
  });
});

describe('organizer-only edits and cancel', () => {
  it('lets only the organizer edit; visitor 401, outsider, member and admin 404', async () => {
    const org = await person();
    const other = await person();
    const e = await create(org);
    const edit = fields({ title: 'Renamed breakfast' });
    expect((await visitor.request('PATCH', `/api/events/${e.id}`, edit)).status).toBe(401);
    expect((await other.agent.request('PATCH', `/api/events/${e.id}`, edit)).status).toBe(404);
    expect((await answer(other, e.id, 'accepted')).status).toBe(200);
    // A guest (member of the event) may not edit it either.
    expect((await other.agent.request('PATCH', `/api/events/${e.id}`, edit)).status).toBe(404);
    expect((await admin.agent.request('PATCH', `/api/events/${e.id}`, edit)).status).toBe(404);
    const ok = await org.agent.request<EventDetail>('PATCH', `/api/events/${e.id}`, edit);
    expect(ok.status).toBe(200);
    expect(ok.body.title).toBe('Renamed breakfast');
    const feed = await t.db
      .execute<{ title: string }>(
        sql`select title from feed_items where type = 'event' and content_id = ${e.id}`,
      )
      .then((r) => r.rows);
    expect(feed).toEqual([{ title: 'Renamed breakfast' }]);
    // Fewer seats than people going: refused.
    const third = await person();
    await answer(third, e.id, 'accepted');
    const low = await org.agent.request('PATCH', `/api/events/${e.id}`, fields({ maxAttendees: 1 }));
    expect(low.status).toBe(400);
    expect(low.body.error.message).toBe(EVENT_MSG.maxBelowGoing);
  });

  it('cancels by the organizer or a site admin, notifying everyone who answered', async () => {
    const org = await person();
    const guest = await person();
    const invitee = await person();
    const e = await create(org);
    await answer(guest, e.id, 'maybe');
    expect((await visitor.post(`/api/events/${e.id}/cancel`)).status).toBe(401);
    expect((await guest.agent.post(`/api/events/${e.id}/cancel`)).status).toBe(404);
    const res = await org.agent.post<EventDetail>(`/api/events/${e.id}/cancel`);
    expect(res.status).toBe(200);
    expect(res.body.cancelled).toBe(true);
    expect(await notificationsOf(guest.id, 'event_rsvp')).toEqual([
      expect.objectContaining({ title: EVENT_MSG.eventCancelled, link: `/events/${e.id}` }),
    ]);
    expect(await notificationsOf(invitee.id, 'event_rsvp')).toEqual([]);
    expect((await answer(guest, e.id, 'accepted')).status).toBe(409);
    expect((await org.agent.post(`/api/events/${e.id}/cancel`)).status).toBe(409);
    const feed = await t.db.execute(
      sql`select 1 from feed_items where type = 'event' and content_id = ${e.id}`,
    );
    expect(feed.rows).toEqual([]);
    const e2 = await create(org);
    expect((await admin.agent.post(`/api/events/${e2.id}/cancel`)).status).toBe(200);
  });
});

describe('deleting', () => {
  it('lets only the organizer delete an event (visitor 401; guest, other member and admin 404), removing it, its answers and its feed item and telling who answered', async () => {
    const org = await person();
    const guest = await person();
    const e = await create(org);
    await answer(guest, e.id, 'accepted');
    expect((await visitor.request('DELETE', `/api/events/${e.id}`)).status).toBe(401);
    expect((await guest.agent.request('DELETE', `/api/events/${e.id}`)).status).toBe(404);
    expect((await admin.agent.request('DELETE', `/api/events/${e.id}`)).status).toBe(404);
    expect((await org.agent.get(`/api/events/${e.id}`)).status).toBe(200);
    const res = await org.agent.request('DELETE', `/api/events/${e.id}`);
    expect(res.status, res.text).toBe(200);
    expect((await org.agent.get(`/api/events/${e.id}`)).status).toBe(404);
    expect(await statusOf(e.id, guest.id)).toBeNull();
    const feed = await t.db.execute(
      sql`select 1 from feed_items where type = 'event' and content_id = ${e.id}`,
    );
    expect(feed.rows).toEqual([]);
    expect(await notificationsOf(guest.id, 'event_rsvp')).toEqual([
      expect.objectContaining({ title: EVENT_MSG.eventDeleted, link: '/events' }),
    ]);
    expect((await org.agent.request('DELETE', `/api/events/${e.id}`)).status).toBe(404);
  });
});

describe('RSVP', () => {
  it('moves between Going, Maybe and Can’t Go with counts, notifying the organizer but not for their own', async () => {
    const org = await person();
    const a = await person();
    const e = await create(org);
    expect((await visitor.request('PUT', `/api/events/${e.id}/rsvp`, { status: 'accepted' })).status).toBe(
      401,
    );
    expect((await answer(a, e.id, 'maybe')).body.event).toMatchObject({
      goingCount: 1,
      maybeCount: 1,
      myStatus: 'maybe',
    });
    expect((await answer(a, e.id, 'accepted')).body.event).toMatchObject({ goingCount: 2, maybeCount: 0 });
    // The same answer again changes nothing.
    expect((await answer(a, e.id, 'accepted')).body.event.goingCount).toBe(2);
    const declined = await answer(a, e.id, 'declined');
    expect(declined.body).toMatchObject({
      status: 'declined',
      event: { goingCount: 1, maybeCount: 0, totalInvited: 0 },
    });
    expect(declined.body.event.counts).toMatchObject({ declined: 1 });
    expect((await a.agent.request('PUT', `/api/events/${e.id}/rsvp`, { status: 'pending' })).status).toBe(
      400,
    );
    // Three answers by one guest while the first is unread fold into one notification (repeats
    // about one thing fold), which says the latest answer.
    const notes = await notificationsOf(org.id, 'event_rsvp');
    expect(notes.length).toBe(1);
    expect(notes[0]).toMatchObject({ title: EVENT_MSG.rsvpTitle, link: `/events/${e.id}`, actor_id: a.id });
    await answer(org, e.id, 'accepted');
    expect((await notificationsOf(org.id, 'event_rsvp')).length).toBe(1);
    expect((await row(e.id)).going_count).toBe(1);
  });

  it('waitlists Going on a full event, always lets people decline, and moves the first in line up', async () => {
    const org = await person();
    const [a, b, c] = [await person(), await person(), await person()];
    // The organizer holds one of the two seats.
    const e = await create(org, { maxAttendees: 2 });
    expect((await answer(a, e.id, 'accepted')).body.status).toBe('accepted');
    await answer(c, e.id, 'maybe');
    // Maybe to Going while full: the waitlist, not a seat (HumHub's bug).
    expect((await answer(c, e.id, 'accepted')).body.status).toBe('waitlisted');
    expect((await answer(b, e.id, 'accepted')).body.status).toBe('waitlisted');
    expect(await row(e.id)).toEqual({ going_count: 2, maybe_count: 0 });
    const mine = await b.agent.get<EventDetail>(`/api/events/${e.id}`);
    expect(mine.body).toMatchObject({ myStatus: 'waitlisted', waitlistPosition: 2 });
    // Full, and still anyone may decline.
    expect((await answer(a, e.id, 'declined')).status).toBe(200);
    expect(await statusOf(e.id, c.id)).toBe('accepted');
    expect(await statusOf(e.id, b.id)).toBe('waitlisted');
    expect(await notificationsOf(c.id, 'event_rsvp')).toEqual([
      expect.objectContaining({
        title: EVENT_MSG.promotedTitle,
        message: EVENT_MSG.promotedMessage(e.title),
      }),
    ]);
    expect(await row(e.id)).toEqual({ going_count: 2, maybe_count: 0 });
    // A waitlisted person leaves the line.
    expect((await answer(b, e.id, 'maybe')).body.status).toBe('maybe');
    // More seats move people up.
    await answer(a, e.id, 'accepted');
    expect(await statusOf(e.id, a.id)).toBe('waitlisted');
    const wider = await org.agent.request<EventDetail>(
      'PATCH',
      `/api/events/${e.id}`,
      fields({ maxAttendees: 4 }),
    );
    expect(wider.body.goingCount).toBe(3);
    expect(await statusOf(e.id, a.id)).toBe('accepted');
  });

  it('gives the last seat to one of two people asking at once; the other is waitlisted', async () => {
    for (let round = 0; round < 3; round++) {
      const org = await person();
      const first = await person();
      const [x, y] = [await person(), await person()];
      const e = await create(org, { maxAttendees: 3 });
      await answer(first, e.id, 'accepted');
      const results = await Promise.all([answer(x, e.id, 'accepted'), answer(y, e.id, 'accepted')]);
      expect(results.map((r) => r.status)).toEqual([200, 200]);
      expect(results.map((r) => r.body.status).sort()).toEqual(['accepted', 'waitlisted']);
      expect((await row(e.id)).going_count).toBe(3);
    }
  });

  it('never seats more than the maximum when many ask at once', async () => {
    const org = await person();
    const crowd = await Promise.all(Array.from({ length: 6 }, () => person()));
    // The organizer and two of the crowd.
    const e = await create(org, { maxAttendees: 3 });
    const results = await Promise.all(crowd.map((p) => answer(p, e.id, 'accepted')));
    const statuses = results.map((r) => r.body.status);
    expect(statuses.filter((s) => s === 'accepted')).toHaveLength(2);
    expect(statuses.filter((s) => s === 'waitlisted')).toHaveLength(4);
    const counted = await t.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from event_invitations where event_id = ${e.id} and status = 'accepted'`,
      )
      .then((r) => r.rows[0]!.n);
    expect(counted).toBe(3);
    expect((await row(e.id)).going_count).toBe(3);
  });
});

describe('invitations', () => {
  it('lets the organizer invite friends; others cannot; already invited are marked and skipped', async () => {
    const org = await person();
    const friend = await person();
    const stranger = await person();
    await befriend(org, friend);
    const e = await create(org);
    expect((await visitor.get(`/api/events/${e.id}/invitable`)).status).toBe(401);
    expect((await friend.agent.get(`/api/events/${e.id}/invitable`)).status).toBe(404);
    expect((await admin.agent.get(`/api/events/${e.id}/invitable`)).status).toBe(404);
    const cands = await org.agent.get<InviteCandidates>(`/api/events/${e.id}/invitable`);
    expect(cands.body.source).toBe('connections');
    expect(cands.body.items.map((i) => [i.person.id, i.alreadyInvited])).toEqual([[friend.id, false]]);

    expect((await visitor.post(`/api/events/${e.id}/invitations`, { userIds: [friend.id] })).status).toBe(
      401,
    );
    expect(
      (await stranger.agent.post(`/api/events/${e.id}/invitations`, { userIds: [friend.id] })).status,
    ).toBe(404);
    expect((await admin.agent.post(`/api/events/${e.id}/invitations`, { userIds: [friend.id] })).status).toBe(
      404,
    );
    const none = await org.agent.post(`/api/events/${e.id}/invitations`, { userIds: [] });
    expect(none.status).toBe(400);
    expect(none.body.error.message).toBe(EVENT_MSG.noUsersSelected);
    // A non-friend while the organizer has friends, and the organizer: skipped.
    const sent = await org.agent.post(`/api/events/${e.id}/invitations`, {
      userIds: [friend.id, stranger.id, org.id],
    });
    expect(sent.body).toEqual({ invited: 1 });
    expect(await statusOf(e.id, stranger.id)).toBeNull();
    expect(await notificationsOf(friend.id, 'event_invitation')).toEqual([
      expect.objectContaining({ link: `/events/${e.id}`, actor_id: org.id }),
    ]);
    const again = await org.agent.post(`/api/events/${e.id}/invitations`, { userIds: [friend.id] });
    expect(again.body).toEqual({ invited: 0 });
    const marked = await org.agent.get<InviteCandidates>(`/api/events/${e.id}/invitable`);
    expect(marked.body.items[0]!.alreadyInvited).toBe(true);

    // The invitee answers from the invitation; the Invited tab is theirs alone.
    const invited = await friend.agent.get<EventPage>('/api/events?list=invited');
    expect(invited.body.items.map((i) => i.id)).toEqual([e.id]);
    expect((await org.agent.get(`/api/events?list=invited&user=${friend.id}`)).status).toBe(404);
    expect((await answer(friend, e.id, 'maybe')).body.status).toBe('maybe');
    expect((await friend.agent.get<EventPage>('/api/events?list=invited')).body.items).toEqual([]);
    const detail = await org.agent.get<EventDetail>(`/api/events/${e.id}`);
    expect(detail.body).toMatchObject({ totalInvited: 1, counts: { maybe: 1, pending: 0 } });
  });

  it('offers other members when the organizer has no connections', async () => {
    const org = await person();
    const other = await person();
    const e = await create(org);
    const cands = await org.agent.get<InviteCandidates>(`/api/events/${e.id}/invitable`);
    expect(cands.body.source).toBe('members');
    expect(cands.body.items.length).toBeLessThanOrEqual(EVENTS.inviteFallback);
    expect(cands.body.items.map((i) => i.person.id)).not.toContain(org.id);
    const sent = await org.agent.post(`/api/events/${e.id}/invitations`, { userIds: [other.id] });
    expect(sent.body).toEqual({ invited: 1 });
  });
});

describe('inviting by name and by group', () => {
  let k = 0;
  async function named(fullName: string): Promise<Person> {
    const p = await person();
    await t.db.execute(sql`update profiles set full_name = ${fullName} where id = ${p.id}`);
    return p;
  }
  /** A group with these members (written directly: how one joins is the groups area's business). */
  async function groupOf(owner: Person, members: Person[]) {
    const res = await owner.agent.post<{ id: string }>('/api/groups', {
      name: `Invite circle ${process.pid} ${++k}`,
      description: 'People the organizer knows from a group.',
      coverImage: null,
    });
    expect(res.status, res.text).toBe(201);
    for (const m of members)
      await t.db.execute(
        sql`insert into group_members (group_id, user_id) values (${res.body.id}, ${m.id}) on conflict do nothing`,
      );
    return res.body.id;
  }
  const search = (p: Person, id: string, q: string) =>
    p.agent.get<InviteCandidates>(`/api/events/${id}/invitable?q=${encodeURIComponent(q)}`);

  it('finds connections first, then members of the organizer’s groups; never strangers, the blocked or the organizer', async () => {
    const tag = `Quill${process.pid}`;
    const org = await named(`${tag} Organizer`);
    const friend = await named(`${tag} Zed Friend`);
    const fellow = await named(`${tag} Amy Fellow`);
    const stranger = await named(`${tag} Stranger`);
    const blocker = await named(`${tag} Blocker`);
    await befriend(org, friend);
    const groupId = await groupOf(org, [fellow, blocker]);
    await blocker.agent.post(`/api/connections/${org.id}/block`);
    const e = await create(org);

    const found = await search(org, e.id, tag.toLowerCase());
    expect(found.status, found.text).toBe(200);
    expect(found.body.source).toBe('search');
    expect(found.body.items.map((i) => i.person.id)).toEqual([friend.id, fellow.id]);
    expect(found.body.items.map((i) => i.via)).toEqual([
      { kind: 'connection' },
      { kind: 'group', groupName: expect.stringContaining('Invite circle') },
    ]);
    // The first page names the organizer's groups, to invite one whole.
    const first = await org.agent.get<InviteCandidates>(`/api/events/${e.id}/invitable`);
    expect(first.body.groups).toEqual([expect.objectContaining({ id: groupId, memberCount: 3 })]);

    // A member of the organizer's group is invitable by id now (not a friend), a stranger is not.
    const sent = await org.agent.post(`/api/events/${e.id}/invitations`, {
      userIds: [fellow.id, stranger.id, blocker.id],
    });
    expect(sent.body).toEqual({ invited: 1 });
    expect(await statusOf(e.id, fellow.id)).toBe('pending');
    expect(await statusOf(e.id, stranger.id)).toBeNull();
    expect(
      (await search(org, e.id, tag)).body.items.find((i) => i.person.id === fellow.id)?.alreadyInvited,
    ).toBe(true);
    // 'Total Invited' counts the invitation, not the organizer's own Going.
    const detail = await org.agent.get<EventDetail>(`/api/events/${e.id}`);
    expect(detail.body).toMatchObject({ totalInvited: 1, goingCount: 1, counts: { pending: 1 } });
  });

  it('refuses the search as a visitor, a guest and another member (the organizer’s people are theirs)', async () => {
    const org = await person();
    const guest = await person();
    const e = await create(org);
    await answer(guest, e.id, 'accepted');
    expect((await visitor.get(`/api/events/${e.id}/invitable?q=a`)).status).toBe(401);
    expect((await search(guest, e.id, 'a')).status).toBe(404);
    expect((await search(admin, e.id, 'a')).status).toBe(404);
    const long = await search(org, e.id, 'x'.repeat(EVENTS.inviteQueryMax + 1));
    expect(long.status).toBe(400);
  });

  it('invites a whole group only for its organizer, only a group they belong to, skipping the blocked and the organizer', async () => {
    const org = await person();
    const [m1, m2, blocked] = [await person(), await person(), await person()];
    const outsider = await person();
    const mine = await groupOf(org, [m1, m2, blocked]);
    const notMine = await groupOf(outsider, [m1]);
    await org.agent.post(`/api/connections/${blocked.id}/block`);
    const e = await create(org);
    const url = `/api/events/${e.id}/invitations/group`;
    expect((await visitor.post(url, { groupId: mine })).status).toBe(401);
    // Someone else (even a member of the group) cannot use the organizer's event.
    expect((await m1.agent.post(url, { groupId: mine })).status).toBe(404);
    expect((await admin.agent.post(url, { groupId: mine })).status).toBe(404);
    // A group the organizer is not in answers like a missing one, and invites nobody.
    const foreign = await org.agent.post(url, { groupId: notMine });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.message).toBe(EVENT_MSG.groupNotFound);
    expect((await org.agent.post(url, { groupId: randomUUID() })).status).toBe(404);
    expect((await org.agent.post(url, { groupId: 'nope' })).status).toBe(400);
    expect(await statusOf(e.id, m1.id)).toBeNull();

    const sent = await org.agent.post(url, { groupId: mine });
    expect(sent.status, sent.text).toBe(200);
    expect(sent.body).toEqual({ invited: 2 });
    expect(await statusOf(e.id, blocked.id)).toBeNull();
    expect(await notificationsOf(m2.id, 'event_invitation')).toHaveLength(1);
    expect(await notificationsOf(blocked.id, 'event_invitation')).toEqual([]);
    // Again: nobody new.
    expect((await org.agent.post(url, { groupId: mine })).body).toEqual({ invited: 0 });
  });
});

describe('blocks', () => {
  it('hides the event, its answers and its guests between people who block each other, either way', async () => {
    const org = await person();
    const blocker = await person();
    const blocked = await person();
    const e = await create(org, { title: 'Quokka social' });
    await answer(blocked, e.id, 'accepted');
    await blocker.agent.post(`/api/connections/${org.id}/block`);
    await org.agent.post(`/api/connections/${blocked.id}/block`);
    for (const p of [blocker, blocked]) {
      expect((await p.agent.get(`/api/events/${e.id}`)).status).toBe(404);
      expect((await answer(p, e.id, 'declined')).status).toBe(404);
      expect((await p.agent.get(`/api/events/${e.id}/guests`)).status).toBe(404);
      expect((await p.agent.get(`/api/events/${e.id}/calendar.ics`)).status).toBe(404);
      const list = await p.agent.get<EventPage>('/api/events?list=upcoming&limit=50');
      expect(list.body.items.map((i) => i.id)).not.toContain(e.id);
      const found = await p.agent.get<SearchPage>('/api/search?q=quokka');
      expect(found.body.results.map((r) => r.id)).not.toContain(e.id);
      expect(await canWatchEvent(t.db, p.id, e.id)).toBe(false);
      expect((await p.agent.get<EventPage>(`/api/events?list=created&user=${org.id}`)).body.items).toEqual(
        [],
      );
    }
    // The organizer cannot invite someone blocked.
    expect((await org.agent.post(`/api/events/${e.id}/invitations`, { userIds: [blocker.id] })).body).toEqual(
      {
        invited: 0,
      },
    );
    // A guest blocked by the viewer is left out of the guest list.
    const third = await person();
    await third.agent.post(`/api/connections/${blocked.id}/block`);
    const guests = await third.agent.get<GuestPage>(`/api/events/${e.id}/guests?status=accepted`);
    expect(guests.body.items.map((g) => g.person.id)).toEqual([org.id]);
    const guestsVisible = await visitor.get<GuestPage>(`/api/events/${e.id}/guests?status=accepted`);
    expect(guestsVisible.body.items.map((g) => g.person.id)).toEqual([blocked.id, org.id]);
    expect(await canWatchEvent(t.db, third.id, e.id)).toBe(true);
  });
});

describe('live', () => {
  it('tells whoever may read the event that its answers changed, with counts only; refuses the topic to people blocked either way', async () => {
    const base = await t.listen();
    const org = await person();
    const watcher = await person();
    const blocked = await person();
    const e = await create(org);
    await org.agent.post(`/api/connections/${blocked.id}/block`);
    const live = await openSocket(base, watcher.agent);
    live.send({ op: 'subscribe', topics: [eventTopic(e.id), eventTopic('nope')] });
    expect(await live.waitFor('subscribed')).toMatchObject({ topics: [eventTopic(e.id)] });
    const refused = await openSocket(base, blocked.agent);
    refused.send({ op: 'subscribe', topics: [eventTopic(e.id)] });
    expect(await refused.waitFor('subscribed')).toMatchObject({ topics: [], refused: [eventTopic(e.id)] });
    await answer(admin, e.id, 'maybe');
    const changed = await live.waitFor('event.changed', (x) => x.eventId === e.id);
    expect(changed).toEqual({ type: 'event.changed', eventId: e.id, goingCount: 1, maybeCount: 1 });
    live.close();
    refused.close();
  });
});

describe('lists', () => {
  it('pages upcoming soonest first and past latest first, by cursor', async () => {
    const a = await person();
    const made = [];
    for (const d of [3, 1, 2]) made.push(await create(a, { startsAt: inDays(d) }));
    const past = await create(a, { startsAt: inDays(-2) });
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: { body: EventPage } = await a.agent.get<EventPage>(
        `/api/events?list=created&limit=2${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...page.body.items.map((i) => i.id));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual([past.id, made[1]!.id, made[2]!.id, made[0]!.id]);
    const up = await visitor.get<EventPage>('/api/events?list=upcoming&limit=50');
    const times = up.body.items.map((i) => Date.parse(i.startsAt));
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(times.every((x) => x >= Date.now() - 60_000)).toBe(true);
    const pastList = await visitor.get<EventPage>('/api/events?list=past');
    expect(pastList.body.items.map((i) => i.id)).toContain(past.id);
    expect((await visitor.get('/api/events?cursor=zzz')).status).toBe(400);
    expect((await visitor.get('/api/events?list=invited')).status).toBe(401);
  });

  it('lists what a person attends on their profile', async () => {
    const org = await person();
    const a = await person();
    const e = await create(org);
    await answer(a, e.id, 'accepted');
    const res = await visitor.get<EventPage>(`/api/events?list=attending&user=${a.id}`);
    expect(res.body.items.map((i) => i.id)).toEqual([e.id]);
  });
});

describe('calendar file', () => {
  it('escapes text and folds long lines (RFC 5545)', () => {
    expect(icsText('a,b;c\\d\ne\u0007')).toBe('a\\,b\\;c\\\\d\\ne');
    const long = `SUMMARY:${'é'.repeat(60)}`;
    const folded = foldLine(long);
    for (const line of folded.split('\r\n'))
      expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
    expect(
      folded
        .split('\r\n')
        .map((l, i) => (i ? l.slice(1) : l))
        .join(''),
    ).toBe(long);
    const ics = eventIcs(
      {
        id: 'x',
        title: 'T',
        description: '',
        location: 'L',
        startsAt: new Date('2030-01-02T03:04:05Z'),
        url: 'u',
        cancelled: true,
        updatedAt: new Date('2030-01-01T00:00:00Z'),
      },
      new Date('2029-01-01T00:00:00Z'),
    );
    expect(ics).toContain('DTSTART:20300102T030405Z\r\n');
    expect(ics).toContain('STATUS:CANCELLED\r\n');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
  });

  it('downloads an event as .ics with a plain GET', async () => {
    const a = await person();
    const e = await create(a, {
      title: 'Launch; party, with \\ backslash',
      description: 'Line one\nLine two',
      startsAt: '2031-03-04T10:00:00Z',
    });
    const res = await visitor.get(`/api/events/${e.id}/calendar.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('.ics');
    expect(res.text).toContain('SUMMARY:Launch\\; party\\, with \\\\ backslash\r\n');
    expect(res.text).toContain('DESCRIPTION:Line one\\nLine two\r\n');
    expect(res.text).toContain('DTSTART:20310304T100000Z');
    expect(res.text).toContain(`UID:${e.id}@cofound`);
  });
});

describe('end time and meeting link', () => {
  it('takes an optional end after the start and an http(s) meeting link, both in the .ics', async () => {
    const org = await person();
    const startsAt = '2031-05-04T18:30:00.000Z';
    const early = await org.agent.post(
      '/api/events',
      fields({ startsAt, endsAt: '2031-05-04T18:00:00.000Z' }),
    );
    expect(early.status).toBe(400);
    expect(early.body.error.fields).toMatchObject({ endsAt: EVENT_MSG.endBeforeStart });
    for (const bad of ['javascript:alert(1)', 'data:text/html,hi', 'not a link'])
      expect((await org.agent.post('/api/events', fields({ meetingUrl: bad }))).status).toBe(400);
    const e = await create(org, {
      startsAt,
      endsAt: '2031-05-04T20:00:00.000Z',
      type: 'online',
      meetingUrl: 'https://meet.example.com/abc-defg',
    });
    expect(e).toMatchObject({
      endsAt: '2031-05-04T20:00:00.000Z',
      meetingUrl: 'https://meet.example.com/abc-defg',
    });
    const ics = await visitor.get(`/api/events/${e.id}/calendar.ics`);
    expect(ics.text).toContain('DTEND:20310504T200000Z');
    expect(ics.text).toContain('CONFERENCE;VALUE=URI;FEATURE=VIDEO:https://meet.example.com/abc-defg');
  });
});

describe('account deletion', () => {
  it('removes the person’s events and answers, freeing their seat for the first in line', async () => {
    const org = await person();
    const leaving = await person();
    const waiting = await person();
    const e = await create(org, { maxAttendees: 2 });
    const own = await create(leaving);
    await answer(leaving, e.id, 'accepted');
    await answer(waiting, e.id, 'accepted');
    const del = await leaving.agent.post('/api/account/delete', { password: leaving.password });
    expect(del.status, del.text).toBeLessThan(300);
    expect(await statusOf(e.id, waiting.id)).toBe('accepted');
    expect((await row(e.id)).going_count).toBe(2);
    expect((await org.agent.get(`/api/events/${own.id}`)).status).toBe(404);
  });
});

describe('plans', () => {
  it('the lists walk their indexes and search uses its indexes', async () => {
    const a = await person();
    await t.db.execute(sql`with u as (
        insert into users (name, email, username)
        select 'host ' || g, 'host' || g || '@example.com', 'host_' || g from generate_series(1, 300) g
        returning id, username, email)
      insert into profiles (id, username, email) select id, username, email from u`);
    await t.db.execute(sql`insert into events (creator_id, title, starts_at, location)
      select ids.a[1 + g % array_length(ids.a, 1)], 'Meetup ' || left(md5(g::text), 10),
        now() + (g - 10000) * interval '1 hour', 'x'
      from generate_series(1, 20000) g, (select array_agg(id) as a from profiles) ids`);
    await t.db.execute(sql`vacuum analyze events`);
    await t.db.execute(sql`analyze`);
    const explain = async (query: ReturnType<typeof sql>) =>
      (await t.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    for (const list of ['upcoming', 'past'] as const) {
      const plan = await explain(eventListQuery(a.id, { list, limit: 12, user: null }, null));
      expect(plan, plan).toMatch(/events_starts_idx/);
      expect(plan, plan).not.toMatch(/Seq Scan on events/);
    }
    for (const text of ['meetup 1a', 'meetup a', '1ab', 'nothing here']) {
      for (const tier of eventSearch.tiers({ viewerId: a.id, terms: searchTerms(text) })) {
        for (const query of [searchTierRows(tier, 20), searchTierCount(tier, 1001)]) {
          const plan = await explain(query);
          expect(plan, plan).not.toMatch(/Seq Scan on events/);
        }
      }
    }
  });
});
