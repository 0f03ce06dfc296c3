import {
  FORUM_MSG,
  type ForumGroup,
  type ForumPost,
  type ForumReply,
  type ForumReplyPage,
} from '@common/forums/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signedUpPerson, type TestApp } from '../../test/harness';

/*
 * An author edits and deletes their own forum post and reply (docs/decisions/026); nobody else does
 * through these routes (another member, the owner, a visitor, a banned author): someone else's
 * answers as missing. A locked post is not edited.
 */

const ADMIN_EMAIL = `forum-authors-chief-${process.pid}@example.com`;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
});
afterAll(async () => {
  await t?.close();
});

type Person = Awaited<ReturnType<typeof signedUpPerson>>;
const person = () => signedUpPerson(t);

async function ok<T = unknown>(res: Promise<{ status: number; body: T; text: string }>, status = 201) {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
}

async function cast() {
  const [owner, author, other] = await Promise.all([person(), person(), person()]);
  const g = await ok<ForumGroup>(
    owner.agent.post('/api/forums', {
      name: `Authors ${process.pid} ${owner.id.slice(0, 8)}`,
      description: 'Talk about building companies.',
      coverImage: null,
    }),
  );
  for (const p of [author, other]) {
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
  const reply = await ok<ForumReply>(
    author.agent.post(`/api/forums/posts/${post.id}/replies`, { content: 'Charge more.' }),
  );
  return { g, owner, author, other, post, reply };
}

const put = (p: Person | null, url: string, body: unknown) =>
  (p ? p.agent : t.agent()).request('PUT', url, body);
const del = (p: Person | null, url: string) => (p ? p.agent : t.agent()).request('DELETE', url);

describe('forum authors', () => {
  it('edit their own post and reply; nobody else does', async () => {
    const { owner, author, other, post, reply } = await cast();
    const body = { title: 'How do you price a B2B tool?', content: 'Looking for advice, please.' };
    expect((await put(null, `/api/forums/posts/${post.id}/content`, body)).status).toBe(401);
    for (const who of [other, owner])
      expect((await put(who, `/api/forums/posts/${post.id}/content`, body)).status).toBe(404);
    expect(
      (await put(author, `/api/forums/posts/${post.id}/content`, { title: ' ', content: 'x' })).status,
    ).toBe(400);
    const edited = await ok<ForumPost>(put(author, `/api/forums/posts/${post.id}/content`, body), 200);
    expect(edited).toMatchObject(body);

    expect((await put(null, `/api/forums/replies/${reply.id}`, { content: 'Mine now' })).status).toBe(401);
    for (const who of [other, owner])
      expect((await put(who, `/api/forums/replies/${reply.id}`, { content: 'Mine now' })).status).toBe(404);
    await ok(put(author, `/api/forums/replies/${reply.id}`, { content: 'Charge much more.' }), 200);
    const replies = (await author.agent.get<ForumReplyPage>(`/api/forums/posts/${post.id}/replies`)).body
      .items;
    expect(replies.map((r) => r.content)).toEqual(['Charge much more.']);

    // Locked: no edits.
    await ok(owner.agent.request('PATCH', `/api/forums/posts/${post.id}`, { isLocked: true }), 200);
    const locked = await put(author, `/api/forums/posts/${post.id}/content`, body);
    expect(locked.status).toBe(403);
    expect(locked.body.error.message).toBe(FORUM_MSG.lockedThread);
    expect((await put(author, `/api/forums/replies/${reply.id}`, { content: 'Again' })).status).toBe(403);
  });

  it('delete their own reply and post; nobody else does through these routes; a banned author cannot', async () => {
    const { owner, author, other, post, reply } = await cast();
    expect((await del(null, `/api/forums/replies/${reply.id}`)).status).toBe(401);
    for (const who of [other, owner])
      expect((await del(who, `/api/forums/replies/${reply.id}`)).status).toBe(404);
    await ok(del(author, `/api/forums/replies/${reply.id}`), 200);
    expect((await author.agent.get<ForumPost>(`/api/forums/posts/${post.id}`)).body.repliesCount).toBe(0);
    expect((await del(author, `/api/forums/replies/${reply.id}`)).status).toBe(404);

    for (const who of [other, owner])
      expect((await del(who, `/api/forums/posts/${post.id}`)).status).toBe(404);
    const chief = await signedUpPerson(t, { email: ADMIN_EMAIL });
    const second = await ok<ForumPost>(
      author.agent.post(`/api/forums/${post.groupId}/posts`, {
        title: 'Second',
        content: 'Another.',
        category: 'general',
      }),
    );
    await ok(author.agent.request('DELETE', `/api/forums/posts/${post.id}`), 200);
    expect((await other.agent.get(`/api/forums/posts/${post.id}`)).status).toBe(404);
    await ok(chief.agent.post(`/api/admin/users/${author.id}/ban`, { reason: 'spam' }), 200);
    expect([401, 403]).toContain((await del(author, `/api/forums/posts/${second.id}`)).status);
  });
});
