import { GROUP_MSG, type Group, type GroupPost, type GroupPostPage } from '@common/groups/model';
import type { ReactionSummary } from '@common/reactions/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedUpPerson, type TestApp } from '../../test/harness';

/*
 * A group's list of posts carries each post's reactions (so a post's reaction bar needs no request
 * of its own): the same counts and own reactions the reactions API answers, closed with the group's
 * reason for one who has not joined, and nothing for one who may not see the group.
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
    name: `Reacting ${process.pid} ${Math.random().toString(36).slice(2, 8)}`,
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
const react = async (p: Person, id: string, type: string) =>
  expect(
    (await p.agent.request('PUT', `/api/reactions/group_post/${id}/${type}`, { active: true })).status,
  ).toBe(200);

describe('a group list carries its posts’ reactions', () => {
  it('as the reactions API answers them, for a member, closed for a non-member of a public group', async () => {
    const owner = await person();
    const member = await person();
    const outsider = await person();
    const g = await group(owner);
    expect((await member.agent.post(`/api/groups/${g.id}/join-requests`)).status).toBe(201);
    const first = await post(owner, g, 'First post');
    const second = await post(member, g, 'Second post');
    await react(owner, first.id, 'like');
    await react(member, first.id, 'like');
    await react(member, first.id, 'love');

    const page = await member.agent.get<GroupPostPage>(`/api/groups/${g.id}/posts`);
    expect(page.status, page.text).toBe(200);
    const byId = new Map(page.body.items.map((p) => [p.id, p.reactions]));
    for (const id of [first.id, second.id]) {
      const alone = await member.agent.get<ReactionSummary>(`/api/reactions/group_post/${id}`);
      expect(byId.get(id)).toEqual(alone.body);
    }
    expect(byId.get(first.id)).toMatchObject({
      counts: { like: 2, love: 1 },
      mine: ['like', 'love'],
      closedReason: null,
    });
    expect(byId.get(second.id)).toMatchObject({ counts: {}, mine: [], closedReason: null });

    // Someone who has not joined reads the posts, with the reason they may not react yet.
    const seen = await outsider.agent.get<GroupPostPage>(`/api/groups/${g.id}/posts`);
    expect(seen.status).toBe(200);
    const theirs = seen.body.items.find((p) => p.id === first.id)!.reactions;
    expect(theirs).toMatchObject({
      counts: { like: 2, love: 1 },
      mine: [],
      closedReason: GROUP_MSG.joinToEngage,
    });
    expect(theirs).toEqual(
      (await outsider.agent.get<ReactionSummary>(`/api/reactions/group_post/${first.id}`)).body,
    );
  });

  it('tells nothing to one who may not see the group, nor to a visitor', async () => {
    const owner = await person();
    const outsider = await person();
    const g = await group(owner, true);
    const p = await post(owner, g, 'Members only');
    await react(owner, p.id, 'like');
    expect((await outsider.agent.get(`/api/groups/${g.id}/posts`)).status).toBe(404);
    expect((await t.agent().get(`/api/groups/${g.id}/posts`)).status).toBe(401);
  });
});
