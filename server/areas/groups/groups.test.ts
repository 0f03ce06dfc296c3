import { createHash, randomUUID } from 'node:crypto';
import type { FeedPage } from '@common/feed/model';
import {
  GROUP_MSG,
  GROUPS,
  type Group,
  type GroupMemberPage,
  type GroupPage,
  type GroupPost,
  type GroupPostPage,
  type JoinRequestPage,
} from '@common/groups/model';
import type { NotificationPage } from '@common/notifications/model';
import type { SearchPage } from '@common/search/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchTerms, searchTierCount, searchTierRows } from '../../platform/search-providers';
import { type Agent, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';
import { png } from '../../test/images';
import { eventsOf, settle, socketOf, subscribe } from '../../test/realtime-kit';
import { groupListQuery } from './groups.service';
import { groupSearch } from './groups.register';

let t: TestApp;
type Person = { agent: Agent; id: string; email: string; password: string; username: string };

const ADMIN_EMAIL = `groups-chief-${process.pid}@example.com`;

const person = (email?: string): Promise<Person> => signedUpPerson(t, email ? { email } : {});

let siteAdmin: Person;
let visitor: Agent;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
  siteAdmin = await person(ADMIN_EMAIL);
  visitor = t.agent();
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
async function makeGroup(p: Person, o: Partial<{ name: string; description: string }> = {}): Promise<Group> {
  const res = await p.agent.post<Group>('/api/groups', {
    name: o.name ?? `Makers ${process.pid} ${++n}`,
    description: o.description ?? 'People who build things together on weekends.',
    coverImage: null,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** `p` joins the (public) group: a member at once. */
async function join(g: Group, _admin: Person, p: Person) {
  const res = await p.agent.post<{ joined: boolean }>(`/api/groups/${g.id}/join-requests`);
  expect(res.status, res.text).toBe(201);
  expect(res.body.joined).toBe(true);
}

/**
 * A pending request as a private group keeps it: private groups are hidden from outsiders, so the
 * tests write it the way one sent before the group turned private stays.
 */
async function pendingRequest(g: Group, p: Person) {
  await t.db.execute(
    sql`insert into group_join_requests (group_id, user_id, status) values (${g.id}, ${p.id}, 'pending')
      on conflict (group_id, user_id) do update set status = 'pending'`,
  );
}

async function post(p: Person, g: Group, content = 'Hello everyone, glad to be here.'): Promise<GroupPost> {
  const res = await p.agent.post<GroupPost>(`/api/groups/${g.id}/posts`, { content, imageUrl: null });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const patch = (a: Agent, url: string, body: unknown) => a.request('PATCH', url, body);

async function setPrivate(admin: Person, g: Group, isPrivate = true) {
  const res = await patch(admin.agent, `/api/groups/${g.id}`, { isPrivate });
  expect(res.status, res.text).toBe(200);
}

async function notifications(p: Person) {
  return (await p.agent.get<NotificationPage>('/api/notifications')).body.items;
}

async function searchIds(a: Agent, q: string) {
  const res = await a.get<SearchPage>(`/api/search?${new URLSearchParams({ q })}`);
  expect(res.status, res.text).toBe(200);
  return res.body.results.filter((r) => r.type === 'group').map((r) => r.id);
}

async function feed(a: Agent) {
  const res = await a.get<FeedPage>('/api/feed?filter=groups&limit=50');
  expect(res.status, res.text).toBe(200);
  return res.body.items;
}

describe('creating a group', () => {
  it('checks the fields with the document messages and needs sign-in', async () => {
    const a = await person();
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'ab', description: 'Long enough description.' }, GROUP_MSG.nameMin],
      [{ name: 'x'.repeat(51), description: 'Long enough description.' }, GROUP_MSG.nameMax],
      [{ name: 'Good name', description: 'too short' }, GROUP_MSG.descriptionMin],
      [{ name: 'Good name', description: 'x'.repeat(501) }, GROUP_MSG.descriptionMax],
    ];
    for (const [body, message] of cases) {
      const res = await a.agent.post('/api/groups', body);
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    expect(
      (await visitor.post('/api/groups', { name: 'Good name', description: 'Long enough text.' })).status,
    ).toBe(401);
    // A privacy field is not accepted: groups are created public.
    const sneaky = await a.agent.post('/api/groups', {
      name: 'Good name',
      description: 'Long enough text.',
      isPrivate: true,
    });
    expect(sneaky.status).toBe(400);
  });

  it('makes the creator its admin, puts it on the feed and in search', async () => {
    const a = await person();
    const b = await person();
    const g = await makeGroup(a, { name: `Quokka Breeders ${process.pid}` });
    expect(g).toMatchObject({
      isPrivate: false,
      memberCount: 1,
      isAdmin: true,
      isMember: true,
      createdBy: a.id,
    });
    const items = await feed(b.agent);
    const item = items.find((i) => i.contentId === g.id)!;
    expect(item).toMatchObject({ type: 'group', title: `New group created: Quokka Breeders ${process.pid}` });
    expect(await searchIds(b.agent, `Quokka Breeders ${process.pid}`)).toContain(g.id);
    expect(await searchIds(b.agent, 'quokka bree')).toContain(g.id);
    expect(await searchIds(b.agent, 'breeders')).toContain(g.id);
    // Another person sees it, but is neither member nor admin.
    const seen = await b.agent.get<Group>(`/api/groups/${g.id}`);
    expect(seen.body).toMatchObject({ isAdmin: false, isMember: false, membership: { role: null } });
  });

  it('takes a cover uploaded by the creator only', async () => {
    const a = await person();
    const b = await person();
    const up = await a.agent.upload<{ url: string }>(
      '/api/groups/images?kind=cover',
      'file',
      await png(1500, 500),
      'c.png',
      'image/png',
    );
    expect(up.status, up.text).toBe(201);
    expect(
      (await visitor.upload('/api/groups/images', 'file', await png(900, 600), 'c.png', 'image/png')).status,
    ).toBe(401);
    const theirs = await b.agent.post('/api/groups', {
      name: 'Borrowed cover',
      description: 'Long enough description.',
      coverImage: up.body.url,
    });
    expect(theirs.status).toBe(400);
    const mine = await a.agent.post<Group>('/api/groups', {
      name: 'Own cover',
      description: 'Long enough description.',
      coverImage: up.body.url,
    });
    expect(mine.status).toBe(201);
    expect(mine.body.coverImage).toBe(up.body.url);
  });
});

describe('lists', () => {
  it('pages All Groups by cursor, filters by name or description, and My Groups needs sign-in', async () => {
    const a = await person();
    const tag = `zebu${process.pid}`;
    const made = [];
    for (let i = 0; i < 3; i++) made.push(await makeGroup(a, { name: `${tag} club ${i}` }));
    await makeGroup(a, { name: 'Other club', description: `All about ${tag} cattle and more.` });
    const first = await visitor.get<GroupPage>(`/api/groups?q=${tag}&limit=2`);
    expect(first.status).toBe(200);
    expect(first.body.items).toHaveLength(2);
    expect(first.body.nextCursor).toBeTruthy();
    const second = await visitor.get<GroupPage>(
      `/api/groups?q=${tag}&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.items).toHaveLength(2);
    expect(second.body.nextCursor).toBeNull();
    const names = [...first.body.items, ...second.body.items].map((g) => g.name);
    expect(names).toEqual(['Other club', `${tag} club 2`, `${tag} club 1`, `${tag} club 0`]);
    expect((await visitor.get('/api/groups?tab=my')).status).toBe(401);
    const b = await person();
    expect((await b.agent.get<GroupPage>('/api/groups?tab=my')).body.items).toEqual([]);
    await join(made[0]!, a, b);
    const mine = await b.agent.get<GroupPage>('/api/groups?tab=my');
    expect(mine.body.items.map((g) => g.id)).toEqual([made[0]!.id]);
    expect(mine.body.items[0]!.memberCount).toBe(2);
    // A profile's communities.
    const theirs = await a.agent.get<GroupPage>(`/api/groups?member=${b.id}`);
    expect(theirs.body.items.map((g) => g.id)).toEqual([made[0]!.id]);
    expect((await visitor.get('/api/groups?cursor=nonsense')).status).toBe(400);
  });
});

describe("a profile's communities", () => {
  it("say each group's privacy and the person's own role in it (the admin badge), to a member who may see the group", async () => {
    const founder = await person();
    const joiner = await person();
    const viewer = await person();
    const open = await makeGroup(founder);
    const closed = await makeGroup(founder);
    await join(open, founder, joiner);
    await join(closed, founder, joiner);
    await join(closed, founder, viewer);
    await setPrivate(founder, closed);
    const ofFounder = await viewer.agent.get<GroupPage>(`/api/groups?member=${founder.id}`);
    expect(ofFounder.body.items.map((g) => [g.id, g.isPrivate, g.memberRole])).toEqual([
      [closed.id, true, 'admin'],
      [open.id, false, 'admin'],
    ]);
    const ofJoiner = await viewer.agent.get<GroupPage>(`/api/groups?member=${joiner.id}`);
    expect(ofJoiner.body.items.map((g) => [g.id, g.memberRole])).toEqual([
      [closed.id, 'member'],
      [open.id, 'member'],
    ]);
    // Someone outside the private group sees only the public one, still with the role.
    const outsider = await person();
    const seen = await outsider.agent.get<GroupPage>(`/api/groups?member=${founder.id}`);
    expect(seen.body.items.map((g) => [g.id, g.memberRole])).toEqual([[open.id, 'admin']]);
    // The plain list carries no role.
    const all = await viewer.agent.get<GroupPage>('/api/groups');
    expect(all.body.items.every((g) => g.memberRole === undefined)).toBe(true);
  });
});

describe('ids in URLs', () => {
  it('a malformed or unknown group id is a 404, never a 500', async () => {
    const a = await person();
    const g = await makeGroup(a);
    const p = await post(a, g);
    for (const id of ['not-a-uuid', '123', randomUUID(), "1' or '1'='1"]) {
      const e = encodeURIComponent(id);
      const calls = [
        a.agent.get(`/api/groups/${e}`),
        a.agent.get(`/api/groups/${e}/posts`),
        a.agent.get(`/api/groups/${e}/members`),
        a.agent.get(`/api/groups/${e}/join-requests`),
        a.agent.post(`/api/groups/${e}/join-requests`),
        a.agent.post(`/api/groups/${e}/posts`, { content: 'Hi there' }),
        a.agent.post(`/api/groups/${e}/invitations`, { email: 'x@example.com' }),
        a.agent.post(`/api/groups/${e}/leave`, {}),
        patch(a.agent, `/api/groups/${e}`, { isPrivate: true }),
        a.agent.post(`/api/groups/${g.id}/join-requests/${e}`, { approve: true }),
        a.agent.post(`/api/groups/${g.id}/invitations/${e}`, { accept: true }),
        a.agent.post(`/api/groups/${e}/posts/${p.id}/share`, {}),
        a.agent.post(`/api/groups/${g.id}/posts/${e}/share`, {}),
      ];
      for (const res of await Promise.all(calls)) expect(res.status, `${id}: ${res.text}`).toBe(404);
    }
  });
});

describe('joining', () => {
  it("a public group admits at once ('Join Group'): no request, no notice to its admins, a member who may post and comment", async () => {
    const admin = await person();
    const member = await person();
    const newcomer = await person();
    const g = await makeGroup(admin);
    await join(g, admin, member);
    const before = await notifications(admin);

    expect((await visitor.post(`/api/groups/${g.id}/join-requests`)).status).toBe(401);
    expect((await member.agent.post(`/api/groups/${g.id}/join-requests`)).body.error.message).toBe(
      GROUP_MSG.alreadyAMember,
    );
    const res = await newcomer.agent.post<{ ok: true; joined: boolean }>(`/api/groups/${g.id}/join-requests`);
    expect(res.status, res.text).toBe(201);
    expect(res.body).toEqual({ ok: true, joined: true });
    expect((await newcomer.agent.get<Group>(`/api/groups/${g.id}`)).body).toMatchObject({
      isMember: true,
      memberCount: 3,
      membership: { role: 'member', requestPending: false },
    });
    expect((await admin.agent.get<JoinRequestPage>(`/api/groups/${g.id}/join-requests`)).body.items).toEqual(
      [],
    );
    expect(await notifications(admin)).toHaveLength(before.length);
    // Takes part at once.
    const p = await post(newcomer, g, 'Hello, I just joined.');
    const comment = await newcomer.agent.post(`/api/comments/group_post/${p.id}`, { content: 'First!' });
    expect(comment.status, comment.text).toBe(201);
  });

  it('a pending request is answered by the group admins only; joining a public group clears it', async () => {
    const admin = await person();
    const member = await person();
    const outsider = await person();
    const asker = await person();
    const late = await person();
    const g = await makeGroup(admin);
    await join(g, admin, member);
    await setPrivate(admin, g);
    await pendingRequest(g, asker);
    await pendingRequest(g, late);

    // A private group stays hidden from outsiders: no request can be sent to it.
    expect((await outsider.agent.post(`/api/groups/${g.id}/join-requests`)).status).toBe(404);

    // Only admins list requests.
    const asMember = await member.agent.get(`/api/groups/${g.id}/join-requests`);
    expect(asMember.status).toBe(403);
    expect(asMember.body.error.message).toBe(GROUP_MSG.onlyAdmins);
    // Outsiders (the requester and a site admin among them) do not see the private group at all.
    for (const who of [outsider, asker, siteAdmin])
      expect((await who.agent.get(`/api/groups/${g.id}/join-requests`)).status).toBe(404);
    expect((await visitor.get(`/api/groups/${g.id}/join-requests`)).status).toBe(401);
    const list = await admin.agent.get<JoinRequestPage>(`/api/groups/${g.id}/join-requests`);
    // Oldest first; two requests made in the same clock tick (PGlite's clock is coarse) may come in either order.
    expect(list.body.items.map((r) => r.person.id).sort()).toEqual([asker.id, late.id].sort());
    const times = list.body.items.map((r) => Date.parse(r.createdAt));
    expect(times[0]!).toBeLessThanOrEqual(times[1]!);
    const reqId = list.body.items.find((r) => r.person.id === asker.id)!.id;

    // Only admins answer; nobody approves their own.
    for (const [who, status] of [
      [member, 403],
      [outsider, 404],
      [asker, 404],
      [siteAdmin, 404],
    ] as const)
      expect(
        (await who.agent.post(`/api/groups/${g.id}/join-requests/${reqId}`, { approve: true })).status,
      ).toBe(status);
    expect((await visitor.post(`/api/groups/${g.id}/join-requests/${reqId}`, { approve: true })).status).toBe(
      401,
    );
    // A request of another group is not this group's.
    const other = await makeGroup(admin);
    expect(
      (await admin.agent.post(`/api/groups/${other.id}/join-requests/${reqId}`, { approve: true })).status,
    ).toBe(404);

    const ok = await admin.agent.post(`/api/groups/${g.id}/join-requests/${reqId}`, { approve: true });
    expect(ok.status).toBe(200);
    expect((await asker.agent.get<Group>(`/api/groups/${g.id}`)).body).toMatchObject({
      isMember: true,
      memberCount: 3,
      membership: { role: 'member', requestPending: false },
    });
    expect(
      (await notifications(asker)).some(
        (x) => x.message === GROUP_MSG.approvedNotice(g.name) && x.type === 'group_action',
      ),
    ).toBe(true);
    const twice = await admin.agent.post(`/api/groups/${g.id}/join-requests/${reqId}`, { approve: false });
    expect(twice.status).toBe(404);
    expect(twice.body.error.message).toBe(GROUP_MSG.requestGone);

    // Public again: the late asker sees 'Join Group' and is in at once; the request is gone.
    await setPrivate(admin, g, false);
    expect((await late.agent.get<Group>(`/api/groups/${g.id}`)).body.membership.requestPending).toBe(true);
    expect(
      (await late.agent.post<{ joined: boolean }>(`/api/groups/${g.id}/join-requests`)).body.joined,
    ).toBe(true);
    expect((await admin.agent.get<JoinRequestPage>(`/api/groups/${g.id}/join-requests`)).body.items).toEqual(
      [],
    );
  });

  it('a rejected request leaves the person out', async () => {
    const admin = await person();
    const asker = await person();
    const g = await makeGroup(admin);
    await setPrivate(admin, g);
    await pendingRequest(g, asker);
    const [req] = (await admin.agent.get<JoinRequestPage>(`/api/groups/${g.id}/join-requests`)).body.items;
    expect(
      (await admin.agent.post(`/api/groups/${g.id}/join-requests/${req!.id}`, { approve: false })).status,
    ).toBe(200);
    await setPrivate(admin, g, false);
    const rejected = (await asker.agent.get<Group>(`/api/groups/${g.id}`)).body;
    expect(rejected).toMatchObject({ isMember: false, membership: { requestPending: false } });
  });
});

describe('limits', () => {
  it('joining again and again (join, leave, join) is limited', async () => {
    const admin = await person();
    const asker = await person();
    const g = await makeGroup(admin);
    for (let i = 0; i < GROUPS.joinRequestsPerHour; i++) {
      expect((await asker.agent.post(`/api/groups/${g.id}/join-requests`)).status).toBe(201);
      expect((await asker.agent.post(`/api/groups/${g.id}/leave`, { newAdminId: null })).status).toBe(200);
    }
    expect((await asker.agent.post(`/api/groups/${g.id}/join-requests`)).status).toBe(429);
  });
});

describe('posts, reactions, comments and shares', () => {
  it('only members post; everyone who sees the group reads; the admins are told', async () => {
    const admin = await person();
    const member = await person();
    const outsider = await person();
    const g = await makeGroup(admin);
    await join(g, admin, member);
    const body = { content: 'Meeting on Thursday?', imageUrl: null };
    expect((await visitor.post(`/api/groups/${g.id}/posts`, body)).status).toBe(401);
    for (const who of [outsider, siteAdmin]) {
      const res = await who.agent.post(`/api/groups/${g.id}/posts`, body);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(GROUP_MSG.onlyMembers);
    }
    expect(
      (await member.agent.post(`/api/groups/${g.id}/posts`, { content: '   ' })).body.error.message,
    ).toBe(GROUP_MSG.postEmpty);
    expect(
      (await member.agent.post(`/api/groups/${g.id}/posts`, { content: 'x'.repeat(1001) })).body.error
        .message,
    ).toBe(GROUP_MSG.postMax);
    const first = await post(member, g, 'First post');
    await post(admin, g, 'Second post');
    const third = await post(member, g, 'Third post');
    expect(first.author.id).toBe(member.id);
    const page1 = await outsider.agent.get<GroupPostPage>(`/api/groups/${g.id}/posts?limit=2`);
    expect(page1.body.items.map((p) => p.content)).toEqual(['Third post', 'Second post']);
    const page2 = await outsider.agent.get<GroupPostPage>(
      `/api/groups/${g.id}/posts?limit=2&cursor=${page1.body.nextCursor}`,
    );
    expect(page2.body.items.map((p) => p.id)).toEqual([first.id]);
    expect(page2.body.nextCursor).toBeNull();
    expect((await visitor.get(`/api/groups/${g.id}/posts`)).status).toBe(401);
    expect(
      (await notifications(admin)).some(
        (x) => x.message === GROUP_MSG.newPostNotice(member.username, g.name),
      ),
    ).toBe(true);
    expect(third.content).toBe('Third post');
  });

  it('members react and comment through the shared modules; others who see the post only read', async () => {
    const admin = await person();
    const member = await person();
    const outsider = await person();
    const g = await makeGroup(admin);
    await join(g, admin, member);
    const p = await post(admin, g);
    const reaction = `/api/reactions/group_post/${p.id}/love`;
    const comments = `/api/comments/group_post/${p.id}`;
    expect((await visitor.request('PUT', reaction, { active: true })).status).toBe(401);
    for (const who of [outsider, siteAdmin]) {
      const r = await who.agent.request('PUT', reaction, { active: true });
      expect(r.status).toBe(403);
      expect(r.body.error.message).toBe(GROUP_MSG.joinToEngage);
      const c = await who.agent.post(comments, { content: 'Nice' });
      expect(c.status).toBe(403);
      // They read the counts and comments, and are told why they cannot take part.
      expect((await who.agent.get(`/api/reactions/group_post/${p.id}`)).body.closedReason).toBe(
        GROUP_MSG.joinToEngage,
      );
      expect((await who.agent.get(comments)).body.closedReason).toBe(GROUP_MSG.joinToEngage);
    }
    expect((await member.agent.get(`/api/reactions/group_post/${p.id}`)).body.closedReason).toBeNull();
    expect((await member.agent.get(comments)).body.closedReason).toBeNull();
    const r = await member.agent.request('PUT', reaction, { active: true });
    expect(r.status, r.text).toBe(200);
    expect(r.body.counts).toEqual({ love: 1 });
    const c = await member.agent.post(comments, { content: 'Count me in' });
    expect(c.status, c.text).toBe(201);
    // The post's author is told of the comment, with a link to it on the group's page.
    expect(
      (await notifications(admin)).some(
        (x) => x.type === 'comment' && x.link === `/groups/${g.id}#comment-${c.body.id}`,
      ),
    ).toBe(true);
    // A public group's post is read by anyone signed in, and by visitors.
    expect((await outsider.agent.get(`/api/reactions/group_post/${p.id}`)).body.counts).toEqual({ love: 1 });
    expect((await outsider.agent.get(comments)).status).toBe(200);
  });

  it('members share a post: a "Shared a post" item on the feed; others cannot', async () => {
    const admin = await person();
    const member = await person();
    const outsider = await person();
    const g = await makeGroup(admin);
    await join(g, admin, member);
    const p = await post(admin, g, 'Worth sharing this one.');
    expect((await visitor.post(`/api/groups/${g.id}/posts/${p.id}/share`, {})).status).toBe(401);
    expect((await outsider.agent.post(`/api/groups/${g.id}/posts/${p.id}/share`, {})).status).toBe(403);
    expect((await siteAdmin.agent.post(`/api/groups/${g.id}/posts/${p.id}/share`, {})).status).toBe(403);
    const res = await member.agent.post(`/api/groups/${g.id}/posts/${p.id}/share`, { comment: 'Read this' });
    expect(res.status, res.text).toBe(201);
    const item = (await feed(outsider.agent)).find(
      (i) => i.type === 'shared_post' && i.link === `/groups/${g.id}`,
    );
    expect(item).toMatchObject({
      title: 'Shared a post',
      description: 'Read this\n\nWorth sharing this one.',
    });
    // A post of another group is not found through this one.
    const other = await makeGroup(member);
    expect((await member.agent.post(`/api/groups/${other.id}/posts/${p.id}/share`, {})).status).toBe(404);
  });

  it('blocked either way: neither sees the other’s posts, comments or membership, nor touches them', async () => {
    const admin = await person();
    const a = await person();
    const b = await person();
    const g = await makeGroup(admin);
    await join(g, admin, a);
    await join(g, admin, b);
    const pa = await post(a, g, 'From A');
    expect((await b.agent.post(`/api/connections/${a.id}/block`)).status).toBe(200);
    for (const [viewer, other, otherPost] of [
      [b, a, pa],
      [a, b, null],
    ] as const) {
      const posts = (await viewer.agent.get<GroupPostPage>(`/api/groups/${g.id}/posts`)).body.items;
      expect(posts.map((p) => p.author.id)).not.toContain(other.id);
      const members = (await viewer.agent.get<GroupMemberPage>(`/api/groups/${g.id}/members`)).body;
      expect(members.items.map((m) => m.person.id)).not.toContain(other.id);
      // The row is hidden; the total is the group's member count, the same as its header's.
      expect(members.total).toBe(3);
      if (otherPost) {
        expect((await viewer.agent.get(`/api/reactions/group_post/${otherPost.id}`)).status).toBe(404);
        expect(
          (
            await viewer.agent.request('PUT', `/api/reactions/group_post/${otherPost.id}/like`, {
              active: true,
            })
          ).status,
        ).toBe(404);
        expect(
          (await viewer.agent.post(`/api/comments/group_post/${otherPost.id}`, { content: 'x' })).status,
        ).toBe(404);
        expect((await viewer.agent.post(`/api/groups/${g.id}/posts/${otherPost.id}/share`, {})).status).toBe(
          404,
        );
      }
    }
    // An admin blocked by someone cannot invite them (they read as unknown).
    const c = await person();
    await c.agent.post(`/api/connections/${admin.id}/block`);
    const inv = await admin.agent.post(`/api/groups/${g.id}/invitations`, { email: c.email });
    expect(inv.status).toBe(404);
    expect(inv.body.error.message).toBe(GROUP_MSG.noSuchUser);
  });
});

describe('a private group', () => {
  it('only its admins switch privacy', async () => {
    const admin = await person();
    const member = await person();
    const outsider = await person();
    const g = await makeGroup(admin);
    await join(g, admin, member);
    expect((await patch(visitor, `/api/groups/${g.id}`, { isPrivate: true })).status).toBe(401);
    for (const who of [member, outsider, siteAdmin])
      expect((await patch(who.agent, `/api/groups/${g.id}`, { isPrivate: true })).status).toBe(403);
    await setPrivate(admin, g);
    expect((await member.agent.get<Group>(`/api/groups/${g.id}`)).body.isPrivate).toBe(true);
    // Once private, an outsider cannot even tell it exists.
    expect((await patch(outsider.agent, `/api/groups/${g.id}`, { isPrivate: false })).status).toBe(404);
  });

  it('is invisible to non-members in the list, page, posts, members, search, feed, engagement and live topic', async () => {
    const admin = await person();
    const member = await person();
    const outsider = await person();
    const name = `Secret Okapi Society ${process.pid}`;
    const g = await makeGroup(admin, { name, description: 'Okapi keepers only, private stuff.' });
    await join(g, admin, member);
    const p = await post(member, g, 'Private musings');
    await member.agent.post(`/api/groups/${g.id}/posts/${p.id}/share`, {});
    await setPrivate(admin, g);

    const url = await t.listen();
    for (const who of [outsider, siteAdmin]) {
      const a = who.agent;
      expect((await a.get<GroupPage>('/api/groups?limit=50')).body.items.map((x) => x.id)).not.toContain(
        g.id,
      );
      expect((await a.get<GroupPage>(`/api/groups?q=okapi`)).body.items.map((x) => x.id)).not.toContain(g.id);
      expect((await a.get<GroupPage>(`/api/groups?member=${member.id}`)).body.items).toEqual([]);
      for (const path of ['', '/posts', '/members', '/join-requests']) {
        const res = await a.get(`/api/groups/${g.id}${path}`);
        expect(res.status, path).toBe(404);
        expect(res.body.error.message).toBe(GROUP_MSG.notFound);
      }
      expect((await a.post(`/api/groups/${g.id}/join-requests`)).status).toBe(404);
      expect((await a.post(`/api/groups/${g.id}/posts`, { content: 'hi' })).status).toBe(404);
      expect(await searchIds(a, name)).toEqual([]);
      expect(await searchIds(a, 'okapi')).not.toContain(g.id);
      const items = await feed(a);
      expect(items.filter((i) => i.link === `/groups/${g.id}`)).toEqual([]);
      expect((await a.get(`/api/reactions/group_post/${p.id}`)).status).toBe(404);
      expect((await a.get(`/api/comments/group_post/${p.id}`)).status).toBe(404);
      const s = await socketOf(url, who as never);
      const answer = await subscribe(s, [`group:${g.id}`, `content:group_post:${p.id}`]);
      expect(answer.refused.sort()).toEqual([`content:group_post:${p.id}`, `group:${g.id}`].sort());
      s.close();
    }
    expect((await visitor.get<GroupPage>('/api/groups?limit=50')).body.items.map((x) => x.id)).not.toContain(
      g.id,
    );

    // Its members see everything.
    const m = member.agent;
    expect((await m.get<GroupPage>('/api/groups?limit=50')).body.items.map((x) => x.id)).toContain(g.id);
    expect((await m.get(`/api/groups/${g.id}/posts`)).body.items).toHaveLength(1);
    expect((await m.get<GroupMemberPage>(`/api/groups/${g.id}/members`)).body.total).toBe(2);
    expect(await searchIds(m, name)).toEqual([g.id]);
    expect(
      (await feed(m))
        .filter((i) => i.link === `/groups/${g.id}`)
        .map((i) => i.type)
        .sort(),
    ).toEqual(['group', 'shared_post']);
    expect((await m.get(`/api/reactions/group_post/${p.id}`)).status).toBe(200);

    // Back to public: seen again.
    await setPrivate(admin, g, false);
    expect((await outsider.agent.get(`/api/groups/${g.id}`)).status).toBe(200);
    expect(await searchIds(outsider.agent, name)).toEqual([g.id]);
  });

  it('turning private drops outsiders’ live subscriptions to the group and its posts at once', async () => {
    const admin = await person();
    const outsider = await person();
    const g = await makeGroup(admin);
    const p = await post(admin, g);
    const url = await t.listen();
    const s = await socketOf(url, outsider as never);
    const topics = [`group:${g.id}`, `content:group_post:${p.id}`];
    expect((await subscribe(s, topics)).topics.sort()).toEqual([...topics].sort());
    await setPrivate(admin, g);
    for (const topic of topics) await s.waitFor('unsubscribed', (e) => e.topics.includes(topic));
    const from = s.events.length;
    await admin.agent.post(`/api/comments/group_post/${p.id}`, { content: 'Members only now' });
    await settle(s);
    expect(eventsOf(s, 'comment.created', from)).toEqual([]);
    s.close();
  });

  it('a subscriber who leaves a private group loses its live topic', async () => {
    const admin = await person();
    const member = await person();
    const g = await makeGroup(admin);
    await join(g, admin, member);
    await setPrivate(admin, g);
    const url = await t.listen();
    const s = await socketOf(url, member as never);
    expect((await subscribe(s, [`group:${g.id}`])).topics).toEqual([`group:${g.id}`]);
    const from = s.events.length;
    await post(admin, g, 'Live one');
    await s.waitFor('group.changed', (e) => e.groupId === g.id && e.what === 'posts');
    expect((await member.agent.post(`/api/groups/${g.id}/leave`, {})).status).toBe(200);
    await s.waitFor('unsubscribed', (e) => e.topics.includes(`group:${g.id}`));
    await post(admin, g, 'After leaving');
    await settle(s);
    const changes = eventsOf(s, 'group.changed', from);
    expect(changes.filter((e) => e.what === 'posts')).toHaveLength(1);
    s.close();
  });
});

describe('invitations', () => {
  it('the four checks, in order, with the document messages; only admins invite', async () => {
    const admin = await person();
    const member = await person();
    const invitee = await person();
    const g = await makeGroup(admin);
    await join(g, admin, member);
    const invite = (who: Agent, email: string) => who.post(`/api/groups/${g.id}/invitations`, { email });
    const empty = await invite(admin.agent, '  ');
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe(GROUP_MSG.emailRequired);
    const nobody = await invite(admin.agent, `nobody-${randomUUID()}@example.com`);
    expect(nobody.status).toBe(404);
    expect(nobody.body.error.message).toBe(GROUP_MSG.noSuchUser);
    const already = await invite(admin.agent, member.email);
    expect(already.status).toBe(409);
    expect(already.body.error.message).toBe(GROUP_MSG.alreadyMember);
    expect((await invite(visitor, invitee.email)).status).toBe(401);
    for (const who of [member, siteAdmin, invitee]) {
      const res = await invite(who.agent, invitee.email);
      expect(res.status).toBe(403);
    }
    expect((await invite(admin.agent, invitee.email.toUpperCase())).status).toBe(201);
    const twice = await invite(admin.agent, invitee.email);
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe(GROUP_MSG.alreadyInvited);
  });

  it('finds people by name for an admin only (not members, not the blocked) and invites one found by name', async () => {
    const tag = `Wren${process.pid}${++n}`;
    const admin = await person();
    const member = await person();
    const found = await person();
    const blocker = await person();
    for (const [p, name] of [
      [member, `${tag} Member`],
      [found, `${tag} Found`],
      [blocker, `${tag} Blocker`],
    ] as const)
      await t.db.execute(sql`update profiles set full_name = ${name} where id = ${p.id}`);
    const g = await makeGroup(admin);
    await join(g, admin, member);
    await blocker.agent.post(`/api/connections/${admin.id}/block`);
    const search = (who: Agent) =>
      who.get<{ items: { person: { id: string }; invited: boolean }[] }>(
        `/api/groups/${g.id}/invitable?q=${tag.toLowerCase()}`,
      );
    // Visitor, plain member, site admin (not a group admin): refused.
    expect((await search(visitor)).status).toBe(401);
    expect((await search(member.agent)).status).toBe(403);
    expect((await search(siteAdmin.agent)).status).toBe(403);
    const res = await search(admin.agent);
    expect(res.status, res.text).toBe(200);
    expect(res.body.items.map((i) => i.person.id)).toEqual([found.id]);

    const byId = (who: Agent, userId: string) => who.post(`/api/groups/${g.id}/invitations`, { userId });
    expect((await byId(visitor, found.id)).status).toBe(401);
    expect((await byId(member.agent, found.id)).status).toBe(403);
    // Someone who blocked the admin reads as unknown; so does a made-up id.
    expect((await byId(admin.agent, blocker.id)).status).toBe(404);
    expect((await byId(admin.agent, randomUUID())).status).toBe(404);
    expect(
      (await admin.agent.post(`/api/groups/${g.id}/invitations`, { userId: found.id, email: found.email }))
        .status,
    ).toBe(400);
    expect((await byId(admin.agent, found.id)).status).toBe(201);
    expect((await search(admin.agent)).body.items).toEqual([
      expect.objectContaining({ person: expect.objectContaining({ id: found.id }), invited: true }),
    ]);
  });

  it('the invitee is told and mailed, declines, is invited again (pending), and accepts into a private group', async () => {
    const admin = await person();
    const invitee = await person();
    const stranger = await person();
    const g = await makeGroup(admin, { description: 'A circle of people who love trains.' });
    await setPrivate(admin, g);
    expect((await admin.agent.post(`/api/groups/${g.id}/invitations`, { email: invitee.email })).status).toBe(
      201,
    );
    const notice = (await notifications(invitee)).find((x) => x.type === 'group_action')!;
    const invitationId = notice.data.invitationId as string;
    expect(notice.link).toBe(`/groups/${g.id}?invitation=${invitationId}`);
    expect(notice.data).toMatchObject({
      type: 'group_invitation',
      groupName: g.name,
      inviterName: admin.username,
      groupDescription: 'A circle of people who love trains.',
      acceptUrl: `/groups/${g.id}?invitation=${invitationId}`,
    });
    await t.booted.notificationMail.flush();
    const mail = await t.smtp.waitFor((m) => m.to === invitee.email && m.text.includes(g.name));
    expect(mail.text).toContain(admin.username);
    expect(mail.text).toContain('A circle of people who love trains.');
    expect(mail.text).toContain(`/groups/${g.id}?invitation=${invitationId}`);

    // The invitee sees the private group's page to answer, but nothing inside it.
    const page = await invitee.agent.get<Group>(`/api/groups/${g.id}`);
    expect(page.body.membership.invitationId).toBe(invitationId);
    expect((await invitee.agent.get(`/api/groups/${g.id}/posts`)).status).toBe(404);
    expect((await invitee.agent.get(`/api/groups/${g.id}/members`)).status).toBe(404);
    // Nobody else answers it.
    for (const who of [stranger, admin, siteAdmin])
      expect(
        (await who.agent.post(`/api/groups/${g.id}/invitations/${invitationId}`, { accept: true })).status,
      ).toBe(404);
    expect(
      (await visitor.post(`/api/groups/${g.id}/invitations/${invitationId}`, { accept: true })).status,
    ).toBe(401);

    expect(
      (await invitee.agent.post(`/api/groups/${g.id}/invitations/${invitationId}`, { accept: false })).status,
    ).toBe(200);
    expect((await invitee.agent.get(`/api/groups/${g.id}`)).status).toBe(404);
    // Declined: inviting again resets it to pending.
    expect((await admin.agent.post(`/api/groups/${g.id}/invitations`, { email: invitee.email })).status).toBe(
      201,
    );
    const again = (await invitee.agent.get<Group>(`/api/groups/${g.id}`)).body;
    expect(again.membership.invitationId).toBe(invitationId);
    expect(
      (await invitee.agent.post(`/api/groups/${g.id}/invitations/${invitationId}`, { accept: true })).status,
    ).toBe(200);
    const joined = (await invitee.agent.get<Group>(`/api/groups/${g.id}`)).body;
    expect(joined).toMatchObject({ isMember: true, memberCount: 2, membership: { invitationId: null } });
    expect((await invitee.agent.get(`/api/groups/${g.id}/posts`)).status).toBe(200);
    expect(
      (await invitee.agent.post(`/api/groups/${g.id}/invitations/${invitationId}`, { accept: true })).body
        .error.message,
    ).toBe(GROUP_MSG.invitationGone);
    expect(
      (await notifications(admin)).some(
        (x) => x.message === GROUP_MSG.joinedNotice(invitee.username, g.name),
      ),
    ).toBe(true);
  });
});

describe('leaving', () => {
  it('members leave for real; the last admin names another first', async () => {
    const admin = await person();
    const member = await person();
    const outsider = await person();
    const g = await makeGroup(admin);
    expect((await admin.agent.post(`/api/groups/${g.id}/leave`, {})).body.error.message).toBe(
      GROUP_MSG.lastAdminAlone,
    );
    await join(g, admin, member);
    expect((await visitor.post(`/api/groups/${g.id}/leave`, {})).status).toBe(401);
    for (const who of [outsider, siteAdmin]) {
      const res = await who.agent.post(`/api/groups/${g.id}/leave`, {});
      expect(res.status).toBe(403);
    }
    const alone = await admin.agent.post(`/api/groups/${g.id}/leave`, {});
    expect(alone.status).toBe(409);
    expect(alone.body.error.message).toBe(GROUP_MSG.lastAdmin);
    const wrong = await admin.agent.post(`/api/groups/${g.id}/leave`, { newAdminId: outsider.id });
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.message).toBe(GROUP_MSG.newAdminNotMember);
    expect((await admin.agent.post(`/api/groups/${g.id}/leave`, { newAdminId: member.id })).status).toBe(200);
    expect((await member.agent.get<Group>(`/api/groups/${g.id}`)).body).toMatchObject({
      isAdmin: true,
      memberCount: 1,
    });
    expect((await admin.agent.get<Group>(`/api/groups/${g.id}`)).body).toMatchObject({ isMember: false });
    // A plain member leaves without naming anyone.
    await join(g, member, outsider);
    expect((await outsider.agent.post(`/api/groups/${g.id}/leave`, {})).status).toBe(200);
    expect((await outsider.agent.get<Group>(`/api/groups/${g.id}`)).body.isMember).toBe(false);
  });
});

describe('live', () => {
  it('the admin’s page hears a newcomer join; a requester’s page hears the approval', async () => {
    const admin = await person();
    const newcomer = await person();
    const asker = await person();
    const g = await makeGroup(admin);
    const url = await t.listen();
    const sa = await socketOf(url, admin as never);
    const sb = await socketOf(url, asker as never);
    await subscribe(sa, [`group:${g.id}`]);
    await subscribe(sb, [`group:${g.id}`]);
    await newcomer.agent.post(`/api/groups/${g.id}/join-requests`);
    await sa.waitFor('group.changed', (e) => e.what === 'members');
    await pendingRequest(g, asker);
    const [req] = (await admin.agent.get<JoinRequestPage>(`/api/groups/${g.id}/join-requests`)).body.items;
    await admin.agent.post(`/api/groups/${g.id}/join-requests/${req!.id}`, { approve: true });
    await sb.waitFor('group.changed', (e) => e.what === 'members');
    const note = await sb.waitFor('notification.created');
    expect(note.notification.message).toBe(GROUP_MSG.approvedNotice(g.name));
    // The payloads name the group and the kind of change, nothing more.
    for (const e of eventsOf(sb, 'group.changed'))
      expect(Object.keys(e).sort()).toEqual(['groupId', 'type', 'what']);
    sa.close();
    sb.close();
  });
});

describe('the list, live', () => {
  it('a group someone else creates reaches open /groups lists at once (groups:all, members only), except people blocked with its creator', async () => {
    const creator = await person();
    const reader = await person();
    const blocked = await person();
    expect((await creator.agent.post(`/api/connections/${blocked.id}/block`)).status).toBe(200);
    const url = await t.listen();
    const sr = await socketOf(url, reader as never);
    const sx = await socketOf(url, blocked as never);
    expect((await subscribe(sr, ['groups:all', 'groups:nonsense'])).refused).toEqual(['groups:nonsense']);
    expect((await subscribe(sx, ['groups:all'])).topics).toEqual(['groups:all']);
    const g = await makeGroup(creator);
    const heard = await sr.waitFor('group.changed', (e) => e.groupId === g.id);
    expect(heard).toEqual({ type: 'group.changed', groupId: g.id, what: 'group' });
    const list = await reader.agent.get<GroupPage>('/api/groups');
    expect(list.body.items[0]!.id).toBe(g.id);
    await settle(sx);
    expect(eventsOf(sx, 'group.changed')).toEqual([]);
    sr.close();
    sx.close();
  });
});

describe('account deletion', () => {
  it('takes the person’s posts and memberships; their group passes to a member', async () => {
    const admin = await person();
    const member = await person();
    const g = await makeGroup(admin);
    await join(g, admin, member);
    const p = await post(admin, g);
    await member.agent.request('PUT', `/api/reactions/group_post/${p.id}/like`, { active: true });
    const res = await admin.agent.post('/api/account/delete', { password: admin.password });
    expect(res.status, res.text).toBe(200);
    const after = (await member.agent.get<Group>(`/api/groups/${g.id}`)).body;
    expect(after).toMatchObject({ isAdmin: true, memberCount: 1 });
    expect((await member.agent.get<GroupPostPage>(`/api/groups/${g.id}/posts`)).body.items).toEqual([]);
    const { rows } = await t.db.execute<{ n: number }>(
      sql`select count(*)::int as n from reactions where content_id = ${p.id}`,
    );
    expect(rows[0]!.n).toBe(0);
    // A group whose only member leaves the site goes with them.
    const loner = await person();
    const lonely = await makeGroup(loner);
    await loner.agent.post('/api/account/delete', { password: loner.password });
    expect((await member.agent.get(`/api/groups/${lonely.id}`)).status).toBe(404);
  });
});

describe('plans', () => {
  it('the list walks groups_created_idx and search uses the groups indexes', async () => {
    const a = await person();
    await t.db.execute(sql`insert into groups (name, description, created_by, created_at)
      select 'Circle ' || left(md5(g::text), 10), 'About ' || md5(g::text), ${a.id}, now() - g * interval '1 minute'
      from generate_series(1, 20000) g`);
    await t.db.execute(sql`vacuum analyze groups`);
    await t.db.execute(sql`analyze`);
    const explain = async (query: ReturnType<typeof sql>) =>
      (await t.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const list = await explain(groupListQuery(a.id, { tab: 'all', limit: 12 }));
    expect(list, list).toMatch(/Index Scan Backward using groups_created_idx/);
    const word = createHash('md5').update('1234').digest('hex').slice(0, 10);
    for (const [text, fuzzy] of [
      [word, false],
      [`circle ${word}`, false],
      [`${word.slice(0, 4)}x${word.slice(5)}`, true],
      ['nothing matches this', false],
      ['ab', false],
    ] as const) {
      for (const tier of groupSearch.tiers({ viewerId: a.id, terms: searchTerms(text) })) {
        if (tier.level === 'near' && !fuzzy) continue;
        for (const query of [searchTierRows(tier, 20), searchTierCount(tier, 1001)]) {
          const plan = await explain(query);
          expect(plan, `${text} ${tier.level}\n${plan}`).not.toMatch(/Seq Scan on groups/);
        }
      }
    }
  });
});
