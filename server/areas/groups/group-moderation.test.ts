import {
  GROUP_MSG,
  type Group,
  type GroupMemberPage,
  type GroupPost,
  type GroupPostPage,
} from '@common/groups/model';
import type { CommentPage } from '@common/comments/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedUpPerson, type Agent, type TestApp } from '../../test/harness';
import { socketOf, subscribe } from '../../test/realtime-kit';

/*
 * Owners and admins moderate their own group (docs/decisions/026): they remove posts and comments
 * in it, name admins, and remove members (never the owner); each step is audited. Everyone else is
 * refused: a plain member, another group's admin, a visitor, a banned admin, someone blocked.
 */

const ADMIN_EMAIL = `group-moderation-chief-${process.pid}@example.com`;
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
const person = (o: Parameters<typeof signedUpPerson>[1] = {}) => signedUpPerson(t, o);
const del = (a: Agent, url: string) => a.request('DELETE', url);
const patch = (a: Agent, url: string, body: unknown) => a.request('PATCH', url, body);

let n = 0;
async function group(owner: Person): Promise<Group> {
  const res = await owner.agent.post<Group>('/api/groups', {
    name: `Moderated ${process.pid} ${++n}`,
    description: 'People who build things together on weekends.',
    coverImage: null,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function join(g: Group, p: Person) {
  expect((await p.agent.post(`/api/groups/${g.id}/join-requests`)).status).toBe(201);
}
async function post(p: Person, g: Group, content = 'Hello everyone.'): Promise<GroupPost> {
  const res = await p.agent.post<GroupPost>(`/api/groups/${g.id}/posts`, { content, imageUrl: null });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function audit(actorId: string) {
  const { rows } = await t.db.execute<{ action: string; target_id: string }>(
    sql`select action, target_id from admin_actions where admin_id = ${actorId} order by created_at`,
  );
  return rows.map((r) => `${r.action} ${r.target_id}`);
}
const postIds = async (a: Agent, g: Group) =>
  (await a.get<GroupPostPage>(`/api/groups/${g.id}/posts`)).body.items.map((p) => p.id);

/** A group with its owner, a second admin, two plain members, and another group's admin. */
async function cast() {
  const owner = await person();
  const admin = await person();
  const member = await person();
  const author = await person();
  const otherAdmin = await person();
  const g = await group(owner);
  await group(otherAdmin);
  for (const p of [admin, member, author]) await join(g, p);
  expect(
    (await patch(owner.agent, `/api/groups/${g.id}/members/${admin.id}`, { role: 'admin' })).status,
  ).toBe(200);
  return { owner, admin, member, author, otherAdmin, g };
}

describe('group posts', () => {
  it('the author and the group admins remove a post; a plain member, another group’s admin and a visitor cannot', async () => {
    const { owner, admin, member, author, otherAdmin, g } = await cast();
    const p1 = await post(author, g, 'first');
    const p2 = await post(author, g, 'second');
    const p3 = await post(author, g, 'third');
    const url = (p: GroupPost) => `/api/groups/${g.id}/posts/${p.id}`;

    expect((await del(visitor, url(p1))).status).toBe(401);
    const asMember = await del(member.agent, url(p1));
    expect(asMember.status).toBe(403);
    expect(asMember.body.error.message).toBe(GROUP_MSG.onlyAdmins);
    expect((await del(otherAdmin.agent, url(p1))).status).toBe(403);
    // Through another group's id: not there.
    const other = await group(otherAdmin);
    expect((await del(otherAdmin.agent, `/api/groups/${other.id}/posts/${p1.id}`)).status).toBe(404);
    expect(await postIds(author.agent, g)).toHaveLength(3);

    const url2 = url(p2);
    const sock = await socketOf(await t.listen(), author as never);
    await subscribe(sock, [`group:${g.id}`]);
    expect((await del(admin.agent, url2)).status).toBe(200);
    await sock.waitFor('group.changed', (e) => e.what === 'posts');
    sock.close();
    expect((await del(owner.agent, url(p3))).status).toBe(200);
    expect((await del(author.agent, url(p1))).status).toBe(200);
    expect(await postIds(author.agent, g)).toEqual([]);
    expect((await del(owner.agent, url(p1))).status).toBe(404);
    // Removing someone else's is audited; one's own is not.
    expect(await audit(admin.id)).toEqual([`group.post-remove ${p2.id}`]);
    expect(await audit(owner.id)).toEqual([`group.admin-grant ${admin.id}`, `group.post-remove ${p3.id}`]);
    expect(await audit(author.id)).toEqual([]);
  });

  it('an admin blocked either way with the author, or banned, cannot remove the post', async () => {
    const { owner, admin, author, g } = await cast();
    const p = await post(author, g);
    expect((await author.agent.post(`/api/connections/${admin.id}/block`)).status).toBe(200);
    expect((await del(admin.agent, `/api/groups/${g.id}/posts/${p.id}`)).status).toBe(404);
    const chief = await person({ email: ADMIN_EMAIL });
    expect((await chief.agent.post(`/api/admin/users/${owner.id}/ban`, { reason: 'spam' })).status).toBe(200);
    expect([401, 403]).toContain((await del(owner.agent, `/api/groups/${g.id}/posts/${p.id}`)).status);
    expect(await postIds(author.agent, g)).toEqual([p.id]);
  });
});

describe('comments in a group', () => {
  it('the group admins remove anyone’s comment (audited); a plain member and another group’s admin cannot', async () => {
    const { admin, member, author, otherAdmin, g } = await cast();
    const p = await post(author, g);
    const c = await member.agent.post<{ id: string }>(`/api/comments/group_post/${p.id}`, {
      content: 'Nice',
    });
    expect(c.status, c.text).toBe(201);
    const url = `/api/comments/${c.body.id}`;
    expect((await del(visitor, url)).status).toBe(401);
    const mine = await author.agent.post<{ id: string }>(`/api/comments/group_post/${p.id}`, {
      content: 'Thanks',
    });
    expect((await del(member.agent, `/api/comments/${mine.body.id}`)).status).toBe(403);
    expect((await del(otherAdmin.agent, url)).status).toBe(403);
    expect((await del(admin.agent, url)).status).toBe(200);
    const left = (await author.agent.get<CommentPage>(`/api/comments/group_post/${p.id}`)).body.items;
    expect(left.map((x) => x.id)).toEqual([mine.body.id]);
    expect(await audit(admin.id)).toContain(`comment.moderate ${c.body.id}`);
  });
});

describe('admins and members', () => {
  it('admins name admins and make them members again; never the owner, never themselves; nobody else', async () => {
    const { owner, admin, member, author, otherAdmin, g } = await cast();
    const url = (p: Person) => `/api/groups/${g.id}/members/${p.id}`;
    expect((await patch(visitor, url(member), { role: 'admin' })).status).toBe(401);
    expect((await patch(member.agent, url(author), { role: 'admin' })).status).toBe(403);
    expect((await patch(otherAdmin.agent, url(author), { role: 'admin' })).status).toBe(403);
    expect((await patch(admin.agent, url(otherAdmin), { role: 'admin' })).status).toBe(404);
    const ownerRes = await patch(admin.agent, url(owner), { role: 'member' });
    expect(ownerRes.status).toBe(403);
    expect(ownerRes.body.error.message).toBe(GROUP_MSG.ownerFixed);
    expect((await patch(admin.agent, url(admin), { role: 'member' })).status).toBe(404);
    expect((await patch(admin.agent, url(member), { role: 'owner' })).status).toBe(400);

    expect((await patch(admin.agent, url(member), { role: 'admin' })).status).toBe(200);
    const roles = async () =>
      Object.fromEntries(
        (await owner.agent.get<GroupMemberPage>(`/api/groups/${g.id}/members`)).body.items.map((m) => [
          m.person.id,
          m.role,
        ]),
      );
    expect((await roles())[member.id]).toBe('admin');
    // The new admin moderates at once.
    const p = await post(author, g);
    expect((await del(member.agent, `/api/groups/${g.id}/posts/${p.id}`)).status).toBe(200);
    expect((await patch(owner.agent, url(member), { role: 'member' })).status).toBe(200);
    expect((await roles())[member.id]).toBe('member');
    expect(await audit(admin.id)).toEqual([`group.admin-grant ${member.id}`]);
    expect(await audit(owner.id)).toEqual([
      `group.admin-grant ${admin.id}`,
      `group.admin-revoke ${member.id}`,
    ]);
  });

  it('removing a member is audited', async () => {
    const { admin, author, g } = await cast();
    expect((await del(admin.agent, `/api/groups/${g.id}/members/${author.id}`)).status).toBe(200);
    expect(await audit(admin.id)).toEqual([`group.member-remove ${author.id}`]);
  });
});
