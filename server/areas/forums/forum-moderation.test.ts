import { FORUM_MSG, type ForumGroup, type ForumPost, type ForumReply } from '@common/forums/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedUpPerson, type Agent, type TestApp } from '../../test/harness';

/*
 * Issue 26, forums: a member who blocks the owner and the moderators is still moderated (lock,
 * report, removal), and a locked post takes nothing new anywhere in its thread.
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

async function ok<T = any>(res: Promise<{ status: number; body: T; text: string }>, status = 201) {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
}

/** A forum with its owner, a moderator and two plain members. */
async function cast() {
  const [owner, moderator, member, other] = await Promise.all([person(), person(), person(), person()]);
  const g = await ok<ForumGroup>(
    owner.agent.post('/api/forums', {
      name: `Moderation ${process.pid} ${owner.id.slice(0, 8)}`,
      description: 'Talk about building companies.',
      coverImage: null,
    }),
  );
  for (const p of [moderator, member, other]) {
    await ok(p.agent.post(`/api/forums/${g.id}/join`));
    await ok(owner.agent.post(`/api/forums/${g.id}/members/${p.id}`, { action: 'approve' }), 200);
  }
  await ok(owner.agent.post(`/api/forums/${g.id}/members/${moderator.id}`, { action: 'promote' }), 200);
  return { g, owner, moderator, member, other };
}

const post = (p: Person, g: ForumGroup) =>
  ok<ForumPost>(
    p.agent.post(`/api/forums/${g.id}/posts`, {
      title: 'How do you price?',
      content: 'Looking for advice on pricing a B2B tool.',
      category: 'business',
    }),
  );
const reply = (p: Person, postId: string) =>
  ok<ForumReply>(p.agent.post(`/api/forums/posts/${postId}/replies`, { content: 'Charge more.' }));
const react = (a: Agent, type: string, id: string) =>
  a.request('PUT', `/api/reactions/${type}/${id}/like`, { active: true });

describe('forum moderation', () => {
  it('is not escaped by blocking the owner and the moderators', async () => {
    const { g, owner, moderator, member } = await cast();
    const p = await post(member, g);
    const r = await reply(member, p.id);
    for (const who of [owner, moderator])
      expect((await member.agent.post(`/api/connections/${who.id}/block`)).status).toBeLessThan(300);

    // The moderators still see the post and its replies, lock it and report it.
    expect((await moderator.agent.get(`/api/forums/posts/${p.id}`)).status).toBe(200);
    const replies = await ok<{ items: { id: string }[] }>(
      owner.agent.get(`/api/forums/posts/${p.id}/replies`),
      200,
    );
    expect(replies.items.map((x) => x.id)).toEqual([r.id]);
    const locked = await moderator.agent.request('PATCH', `/api/forums/posts/${p.id}`, { isLocked: true });
    expect(locked.status, locked.text).toBe(200);
    expect(locked.body.isLocked).toBe(true);
    const reported = await owner.agent.post('/api/reports', {
      reason: 'spam',
      targetType: 'forum_reply',
      targetId: r.id,
    });
    expect(reported.status, reported.text).toBe(201);
    // And remove the member.
    const removed = await moderator.agent.request('DELETE', `/api/forums/${g.id}/members/${member.id}`);
    expect(removed.status, removed.text).toBe(200);
    expect(
      (await member.agent.post(`/api/forums/posts/${p.id}/replies`, { content: 'Still here' })).status,
    ).toBe(403);
  });

  it('a locked post takes no comments or reactions anywhere in its thread', async () => {
    const { g, owner, member, other } = await cast();
    const p = await post(member, g);
    const r = await reply(member, p.id);
    const c = await ok<{ id: string }>(
      other.agent.post(`/api/comments/forum_reply/${r.id}`, { content: 'Yes' }),
    );
    await ok(owner.agent.request('PATCH', `/api/forums/posts/${p.id}`, { isLocked: true }), 200);

    for (const [type, id] of [
      ['forum_post', p.id],
      ['forum_reply', r.id],
    ] as const) {
      const res = await other.agent.post(`/api/comments/${type}/${id}`, { content: 'After the lock' });
      expect(res.status, `${type} ${res.text}`).toBe(403);
      expect(res.body.error.message).toBe(FORUM_MSG.lockedThread);
    }
    const nested = await other.agent.post(`/api/comments/forum_reply/${r.id}`, {
      content: 'A reply after the lock',
      parentId: c.id,
    });
    expect(nested.status).toBe(403);
    for (const [type, id] of [
      ['forum_post', p.id],
      ['forum_reply', r.id],
      ['forum_comment', c.id],
    ] as const)
      expect((await react(other.agent, type, id)).status, type).toBe(403);
    // Reading stays open.
    expect((await other.agent.get(`/api/comments/forum_reply/${r.id}`)).status).toBe(200);
  });
});
