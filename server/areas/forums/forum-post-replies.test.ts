import type { ForumGroup, ForumPost, ForumPostWithReplies, ForumReplyPage } from '@common/forums/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';

/*
 * A forum post as read carries the first page of its replies (so its page asks no second request):
 * the page GET .../replies answers the same reader, members, visitors and the blocked alike; one who
 * may not read the post (blocked either way with its author) is told nothing of them.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const person = () => signedUpPerson(t);

async function ok<T = unknown>(res: Promise<{ status: number; body: T; text: string }>, status = 201) {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
}
async function read(agent: Agent, id: string) {
  return ok<ForumPostWithReplies>(agent.get(`/api/forums/posts/${id}`), 200);
}
async function alone(agent: Agent, id: string) {
  return ok<ForumReplyPage>(agent.get(`/api/forums/posts/${id}/replies?limit=50`), 200);
}

describe('a forum post carries its first replies', () => {
  it('as the replies API answers them, to a member, a visitor and one blocked with a replier', async () => {
    const [owner, author, replier, reader] = await Promise.all([person(), person(), person(), person()]);
    const g = await ok<ForumGroup>(
      owner.agent.post('/api/forums', {
        name: `Replies ${process.pid} ${owner.id.slice(0, 8)}`,
        description: 'Talk about building companies.',
        coverImage: null,
      }),
    );
    for (const p of [author, replier]) {
      await ok(p.agent.post(`/api/forums/${g.id}/join`));
      await ok(owner.agent.post(`/api/forums/${g.id}/members/${p.id}`, { action: 'approve' }), 200);
    }
    const post = await ok<ForumPost>(
      author.agent.post(`/api/forums/${g.id}/posts`, {
        title: 'How do you price?',
        content: 'Looking for advice.',
        category: 'business',
      }),
    );
    expect((await read(reader.agent, post.id)).replies).toMatchObject({ items: [], nextCursor: null });
    await ok(replier.agent.post(`/api/forums/posts/${post.id}/replies`, { content: 'Charge more.' }));
    await ok(author.agent.post(`/api/forums/posts/${post.id}/replies`, { content: 'Thanks, will do.' }));

    for (const agent of [reader.agent, author.agent, t.agent()]) {
      const seen = await read(agent, post.id);
      expect(seen.replies).toEqual(await alone(agent, post.id));
      expect(seen.replies.items).toHaveLength(2);
    }
    // Blocked either way with the replier: their reply is in neither answer.
    expect((await reader.agent.post(`/api/connections/${replier.id}/block`)).status).toBe(200);
    for (const p of [reader, replier]) {
      const seen = await read(p.agent, post.id);
      expect(seen.replies).toEqual(await alone(p.agent, post.id));
    }
    expect((await read(reader.agent, post.id)).replies.items.map((r) => r.content)).toEqual([
      'Thanks, will do.',
    ]);
    // Blocked with the post's author: the post, and so its replies, are not there.
    expect((await author.agent.post(`/api/connections/${reader.id}/block`)).status).toBe(200);
    const refused = await reader.agent.get(`/api/forums/posts/${post.id}`);
    expect(refused.status).toBe(404);
    expect(refused.text).not.toContain('Thanks, will do.');
    expect((await reader.agent.get(`/api/forums/posts/${post.id}/replies`)).status).toBe(404);
  });
});
