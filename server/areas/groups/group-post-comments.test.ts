import { GROUP_MSG, type Group, type GroupPost, type GroupPostPage } from '@common/groups/model';
import { COMMENTS, type Comment, type CommentPage } from '@common/comments/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments } from '../../db/schema';
import { createTestApp, signedUpPerson, type TestApp } from '../../test/harness';

/*
 * A group's list of posts carries each post's first page of comments (so a post's comments need no
 * request of their own near the screen): the page the comments API answers the same viewer, with
 * replies, without people blocked either way, closed with the group's reason for one who has not
 * joined, and nothing for one who may not see the group.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

type Person = Awaited<ReturnType<typeof signedUpPerson>>;
const person = () => signedUpPerson(t);

async function group(owner: Person, isPrivate = false): Promise<Group> {
  const res = await owner.agent.post<Group>('/api/groups', {
    name: `Talking ${process.pid} ${Math.random().toString(36).slice(2, 8)}`,
    description: 'People who build things together on weekends.',
    coverImage: null,
  });
  expect(res.status, res.text).toBe(201);
  if (isPrivate)
    expect(
      (await owner.agent.request('PATCH', `/api/groups/${res.body.id}`, { isPrivate: true })).status,
    ).toBe(200);
  return res.body;
}
async function post(p: Person, g: Group, content: string): Promise<GroupPost> {
  const res = await p.agent.post<GroupPost>(`/api/groups/${g.id}/posts`, { content, imageUrl: null });
  expect(res.status, res.text).toBe(201);
  return res.body;
}
async function comment(p: Person, postId: string, content: string, parentId?: string): Promise<Comment> {
  const res = await p.agent.post<Comment>(
    `/api/comments/group_post/${postId}`,
    parentId ? { content, parentId } : { content },
  );
  expect(res.status, res.text).toBe(201);
  return res.body;
}
const join = async (p: Person, g: Group) =>
  expect((await p.agent.post(`/api/groups/${g.id}/join-requests`)).status).toBe(201);
const alone = async (p: Person, postId: string) => {
  const res = await p.agent.get<CommentPage>(`/api/comments/group_post/${postId}?limit=50`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
async function carried(p: Person, g: Group) {
  const res = await p.agent.get<GroupPostPage>(`/api/groups/${g.id}/posts`);
  expect(res.status, res.text).toBe(200);
  return new Map(res.body.items.map((x) => [x.id, x.comments]));
}

describe('a group list carries its posts’ first comments', () => {
  it('as the comments API answers them, for a member, without the blocked, closed for a non-member', async () => {
    const [owner, member, other, outsider] = [await person(), await person(), await person(), await person()];
    const g = await group(owner);
    await join(member, g);
    await join(other, g);
    const first = await post(owner, g, 'First post');
    const second = await post(member, g, 'Second post');
    const top = await comment(member, first.id, 'A comment');
    await comment(owner, first.id, 'A reply', top.id);
    await comment(other, first.id, 'Another comment');

    let byId = await carried(member, g);
    for (const id of [first.id, second.id]) expect(byId.get(id)).toEqual(await alone(member, id));
    expect(byId.get(first.id)).toMatchObject({ total: 3, nextCursor: null, closedReason: null });
    expect(byId.get(second.id)).toMatchObject({ items: [], total: 0 });

    // One the member blocks is not in what the member is carried, nor anyone's replies under them.
    expect((await member.agent.post(`/api/connections/${other.id}/block`)).status).toBe(200);
    byId = await carried(member, g);
    expect(byId.get(first.id)).toEqual(await alone(member, first.id));
    expect(byId.get(first.id)!.items.map((c) => c.content)).toEqual(['A comment', 'A reply']);
    // Either way: the blocked person is carried neither the member's comment nor the reply under it.
    const theirs = (await carried(other, g)).get(first.id)!;
    expect(theirs).toEqual(await alone(other, first.id));
    expect(theirs.items.map((c) => c.content)).toEqual(['Another comment']);

    // Someone who has not joined reads them, with the reason they may not comment yet.
    const outside = (await carried(outsider, g)).get(first.id)!;
    expect(outside).toEqual(await alone(outsider, first.id));
    expect(outside).toMatchObject({ total: 3, closedReason: GROUP_MSG.joinToEngage });
  });

  it('a thread longer than a page: its first page, the count and the cursor the API gives', async () => {
    const owner = await person();
    const g = await group(owner);
    const p = await post(owner, g, 'A busy post');
    const start = Date.now() - 3_600_000;
    await t.db.insert(comments).values(
      Array.from({ length: COMMENTS.pageSize + 2 }, (_, i) => ({
        contentType: 'group_post',
        contentId: p.id,
        userId: owner.id,
        content: `Comment ${i}`,
        createdAt: new Date(start + i * 1000),
      })),
    );
    const page = (await carried(owner, g)).get(p.id)!;
    expect(page).toEqual(await alone(owner, p.id));
    expect(page.items).toHaveLength(COMMENTS.pageSize);
    expect(page).toMatchObject({ total: COMMENTS.pageSize + 2, totalCapped: false });
    expect(page.nextCursor).not.toBeNull();
  });

  it('tells nothing to one who may not see the group, nor to a visitor', async () => {
    const owner = await person();
    const outsider = await person();
    const g = await group(owner, true);
    const p = await post(owner, g, 'Members only');
    await comment(owner, p.id, 'Secret plans');
    expect((await outsider.agent.get(`/api/groups/${g.id}/posts`)).status).toBe(404);
    expect((await outsider.agent.get(`/api/comments/group_post/${p.id}`)).status).toBe(404);
    expect((await t.agent().get(`/api/groups/${g.id}/posts`)).status).toBe(401);
  });
});
