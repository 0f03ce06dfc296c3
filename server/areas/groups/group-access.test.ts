import { randomUUID } from 'node:crypto';
import { GROUP_MSG, GROUPS, type Group, type GroupMemberPage, type GroupPost } from '@common/groups/model';
import type { NotificationPage } from '@common/notifications/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedUpPerson, type Agent, type TestApp } from '../../test/harness';
import { eventsOf, settle, socketOf, subscribe } from '../../test/realtime-kit';

/*
 * Issue 26, groups: invitations cannot tell which addresses have an account; declining and being
 * removed end the live topic; owners and admins remove members, nobody else, never the owner.
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
const del = (a: Agent, url: string) => a.request('DELETE', url);

let n = 0;
async function privateGroup(owner: Person): Promise<Group> {
  const res = await owner.agent.post<Group>('/api/groups', {
    name: `Access ${process.pid} ${++n}`,
    description: 'People who build things together on weekends.',
    coverImage: null,
  });
  expect(res.status, res.text).toBe(201);
  expect((await owner.agent.request('PATCH', `/api/groups/${res.body.id}`, { isPrivate: true })).status).toBe(
    200,
  );
  return res.body;
}

async function invitationOf(admin: Person, g: Group, p: Person): Promise<string> {
  expect((await admin.agent.post(`/api/groups/${g.id}/invitations`, { email: p.email })).status).toBe(201);
  const items = (await p.agent.get<NotificationPage>('/api/notifications')).body.items;
  return items.find((x) => x.type === 'group_action' && x.link?.includes(g.id))!.data.invitationId as string;
}

async function admit(admin: Person, g: Group, p: Person) {
  const id = await invitationOf(admin, g, p);
  expect((await p.agent.post(`/api/groups/${g.id}/invitations/${id}`, { accept: true })).status).toBe(200);
}

describe('group invitations by email', () => {
  it('count every try, unknown addresses included: the 31st of any kind is a 429', async () => {
    const owner = await person();
    const known = await person();
    const g = await privateGroup(owner);
    const invite = (email: string) => owner.agent.post(`/api/groups/${g.id}/invitations`, { email });
    for (let i = 0; i < GROUPS.invitesPerHour; i++) {
      const res = await invite(`nobody-${randomUUID()}@example.com`);
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe(GROUP_MSG.noSuchUser);
    }
    // Unknown and known addresses now answer alike.
    expect((await invite(`nobody-${randomUUID()}@example.com`)).status).toBe(429);
    expect((await invite(known.email)).status).toBe(429);
  });
});

describe('live topic of a private group', () => {
  it('is dropped when the invitee declines', async () => {
    const owner = await person();
    const invitee = await person();
    const g = await privateGroup(owner);
    const id = await invitationOf(owner, g, invitee);
    const s = await socketOf(await t.listen(), invitee);
    // A pending invitation shows the group's page, so its topic is granted.
    expect((await subscribe(s, [`group:${g.id}`])).topics).toEqual([`group:${g.id}`]);
    expect(
      (await invitee.agent.post(`/api/groups/${g.id}/invitations/${id}`, { accept: false })).status,
    ).toBe(200);
    await s.waitFor('unsubscribed', (e) => e.topics.includes(`group:${g.id}`));
    const from = s.events.length;
    expect(
      (await owner.agent.post(`/api/groups/${g.id}/posts`, { content: 'Members only', imageUrl: null }))
        .status,
    ).toBe(201);
    await settle(s);
    expect(eventsOf(s, 'group.changed', from)).toEqual([]);
    s.close();
  });
});

describe('removing a member', () => {
  it('owners and admins remove members; never a visitor, a plain member, or the owner', async () => {
    const [owner, admin, member, other, outsider] = await Promise.all([
      person(),
      person(),
      person(),
      person(),
      person(),
    ]);
    const g = await privateGroup(owner);
    for (const p of [admin, member, other]) await admit(owner, g, p);
    await t.db.execute(
      sql`update group_members set role = 'admin' where group_id = ${g.id} and user_id = ${admin.id}`,
    );
    const post = await other.agent.post<GroupPost>(`/api/groups/${g.id}/posts`, {
      content: 'Our plans for the spring.',
      imageUrl: null,
    });
    expect(post.status).toBe(201);
    const remove = (a: Agent, who: Person) => del(a, `/api/groups/${g.id}/members/${who.id}`);

    expect((await remove(visitor, member)).status).toBe(401);
    expect((await remove(outsider.agent, member)).status).toBe(404);
    const plain = await remove(other.agent, member);
    expect(plain.status).toBe(403);
    expect(plain.body.error.message).toBe(GROUP_MSG.onlyAdmins);
    const ownerRemoved = await remove(admin.agent, owner);
    expect(ownerRemoved.status).toBe(403);
    expect(ownerRemoved.body.error.message).toBe(GROUP_MSG.ownerFixed);
    expect((await remove(owner.agent, outsider)).status).toBe(404);

    // The member blocks both admins: still removable (blocks do not shield from moderation).
    for (const a of [owner, admin])
      expect((await member.agent.post(`/api/connections/${a.id}/block`)).status).toBeLessThan(300);
    const s = await socketOf(await t.listen(), member);
    const topics = [`group:${g.id}`, `content:group_post:${post.body.id}`];
    expect((await subscribe(s, topics)).topics.sort()).toEqual([...topics].sort());
    const removed = await remove(admin.agent, member);
    expect(removed.status, removed.text).toBe(200);
    for (const topic of topics) await s.waitFor('unsubscribed', (e) => e.topics.includes(topic));
    const from = s.events.length;
    expect(
      (await owner.agent.post(`/api/groups/${g.id}/posts`, { content: 'After the removal', imageUrl: null }))
        .status,
    ).toBe(201);
    await settle(s);
    expect(eventsOf(s, 'group.changed', from)).toEqual([]);
    s.close();
    // Nothing of the private group is theirs any more.
    expect((await member.agent.get(`/api/groups/${g.id}`)).status).toBe(404);
    expect((await member.agent.get(`/api/groups/${g.id}/posts`)).status).toBe(404);
    expect((await member.agent.get(`/api/comments/group_post/${post.body.id}`)).status).toBe(404);
    const members = await owner.agent.get<GroupMemberPage>(`/api/groups/${g.id}/members`);
    expect(members.body.items.map((m) => m.person.id)).not.toContain(member.id);
    // An admin who is not the owner may remove another member; removing someone gone is a 404.
    expect((await remove(admin.agent, other)).status).toBe(200);
    const gone = await remove(admin.agent, other);
    expect(gone.status).toBe(404);
    expect(gone.body.error.message).toBe(GROUP_MSG.memberGone);
  });
});
