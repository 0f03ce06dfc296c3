import { randomUUID } from 'node:crypto';
import type { Report } from '@common/admin/moderation';
import type { ForumGroup, ForumPost, ForumReply, ForumReplyPage } from '@common/forums/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp, signedUpPerson } from '../../test/harness';
import { socketOf, subscribe } from '../../test/realtime-kit';

/*
 * Forum posts and replies as report targets (issue 20's moderation gap, docs/decisions/018): members
 * report what they can see, never their own; an admin's "remove" takes a post with its replies
 * and every reaction, comment and feed item on them, or a reply with its own, and nothing else.
 */

let t: TestApp;
type Person = { agent: Agent; id: string; username: string; email: string; password: string };
const ADMIN_EMAIL = `forum-reports-chief-${process.pid}@example.com`;

const person = (email?: string): Promise<Person> => signedUpPerson(t, email ? { email } : {});

let admin: Person;
let owner: Person;
let author: Person;
let member: Person;
let group: ForumGroup;

beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
  [admin, owner, author, member] = [
    await person(ADMIN_EMAIL),
    await person(),
    await person(),
    await person(),
  ];
  const res = await owner.agent.post<ForumGroup>('/api/forums', {
    name: `Reported forum ${process.pid}`,
    description: 'Where reports about forum posts are tried.',
    coverImage: null,
  });
  expect(res.status, res.text).toBe(201);
  group = res.body;
  for (const p of [author, member]) {
    expect((await p.agent.post(`/api/forums/${group.id}/join`)).status).toBe(201);
    const ok = await owner.agent.post(`/api/forums/${group.id}/members/${p.id}`, { action: 'approve' });
    expect(ok.status, ok.text).toBe(200);
  }
});
afterAll(async () => {
  await t?.close();
});

let n = 0;
async function post(p: Person, title = `Buy my course ${++n}`): Promise<ForumPost> {
  const res = await p.agent.post<ForumPost>(`/api/forums/${group.id}/posts`, {
    title,
    content: 'Only today, a course that makes you rich while you sleep.',
    category: 'business',
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function reply(p: Person, postId: string, content = 'Click my link for more.'): Promise<ForumReply> {
  const res = await p.agent.post<ForumReply>(`/api/forums/posts/${postId}/replies`, { content });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function react(p: Person, type: string, id: string) {
  const res = await p.agent.request('PUT', `/api/reactions/${type}/${id}/like`, { active: true });
  expect(res.status, res.text).toBe(200);
}

async function comment(p: Person, replyId: string): Promise<string> {
  const res = await p.agent.post<{ id: string }>(`/api/comments/forum_reply/${replyId}`, {
    content: 'Agreed, this is spam.',
  });
  expect(res.status, res.text).toBe(201);
  return res.body.id;
}

const report = (p: Person, targetType: string, targetId: string) =>
  p.agent.post('/api/reports', { reason: 'spam', targetType, targetId });

const resolve = (p: Person, id: string, body: Record<string, unknown>) =>
  p.agent.post<Report>(`/api/admin/reports/${id}/resolve`, body);

/** How many rows still name these ids (reactions, comments, feed items), read in the database. */
async function leftovers(ids: string[]): Promise<number> {
  const list = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [row] = (
    await t.db.execute<{ n: number }>(
      sql`select ((select count(*) from reactions where content_id::text in (${list}))
        + (select count(*) from comments where content_id::text in (${list}))
        + (select count(*) from feed_items where content_id::text in (${list})))::int as n`,
    )
  ).rows;
  return Number(row?.n ?? 0);
}

async function replyIds(postId: string, as: Person = member): Promise<string[]> {
  const res = await as.agent.get<ForumReplyPage>(`/api/forums/posts/${postId}/replies`);
  expect(res.status, res.text).toBe(200);
  return res.body.items.map((r) => r.id);
}

describe('reporting forum posts and replies', () => {
  it('a member reports a post and a reply; the excerpt and link say which; never one’s own', async () => {
    const p = await post(author, 'Get rich while you sleep');
    const r = await reply(author, p.id, 'Message me   for the\nsecret.');

    const made = await report(member, 'forum_post', p.id);
    expect(made.status, made.text).toBe(201);
    const madeReply = await report(member, 'forum_reply', r.id);
    expect(madeReply.status, madeReply.text).toBe(201);

    const open = await admin.agent.get<{ items: Report[] }>('/api/admin/reports?status=open&limit=50');
    const postReport = open.body.items.find((x) => x.id === made.body.id);
    expect(postReport).toMatchObject({
      targetType: 'forum_post',
      targetId: p.id,
      link: `/forums/post/${p.id}`,
      canRemove: true,
      owner: { id: author.id },
      reporter: { id: member.id },
    });
    expect(postReport!.excerpt).toBe(
      'Get rich while you sleep: Only today, a course that makes you rich while you sleep.',
    );
    expect(open.body.items.find((x) => x.id === madeReply.body.id)).toMatchObject({
      targetType: 'forum_reply',
      link: `/forums/post/${p.id}`,
      excerpt: 'Message me for the secret.',
      canRemove: true,
    });

    expect((await report(member, 'forum_post', p.id)).status).toBe(409);
    for (const [type, id] of [
      ['forum_post', p.id],
      ['forum_reply', r.id],
    ] as const) {
      const own = await report(author, type, id);
      expect(own.status, `${type} ${own.text}`).toBe(403);
      expect(own.body.error.message).toBe('You cannot report your own content.');
    }
    // Reading is open to anyone signed in: someone outside the group may report too.
    expect((await report(await person(), 'forum_reply', r.id)).status).toBe(201);
  });

  it('what the reporter cannot see is a 404: a missing one, or one by someone blocked either way', async () => {
    const p = await post(author);
    const r = await reply(author, p.id);
    const blocked = await person();
    const blocker = await person();
    expect((await author.agent.post(`/api/connections/${blocked.id}/block`)).status).toBe(200);
    expect((await blocker.agent.post(`/api/connections/${author.id}/block`)).status).toBe(200);
    for (const who of [blocked, blocker]) {
      for (const [type, id] of [
        ['forum_post', p.id],
        ['forum_reply', r.id],
      ] as const) {
        const res = await report(who, type, id);
        expect(res.status, `${type} ${res.text}`).toBe(404);
        expect(res.body.error.message).toBe('That content does not exist or you cannot see it.');
      }
    }
    // A reply under a post by someone they blocked is not there either.
    const other = await reply(member, p.id, 'A fair reply under a blocked post.');
    expect((await report(blocker, 'forum_reply', other.id)).status).toBe(404);
    expect((await report(member, 'forum_post', randomUUID())).status).toBe(404);
    expect((await report(member, 'forum_reply', randomUUID())).status).toBe(404);
  });
});

describe('an admin resolves with remove', () => {
  it('a post goes with its replies, their reactions and comments and the feed items; others stay', async () => {
    const p = await post(author);
    const kept = await post(author, 'A fair question about pricing');
    const keptReply = await reply(member, kept.id, 'A fair answer.');
    await react(member, 'forum_post', kept.id);
    const r1 = await reply(member, p.id, 'Please stop.');
    const r2 = await reply(owner, p.id, 'Reported.');
    await react(member, 'forum_post', p.id);
    await react(author, 'forum_reply', r1.id);
    const c = await comment(author, r1.id);
    await react(member, 'forum_comment', c);
    const doomed = [p.id, r1.id, r2.id, c];
    expect(await leftovers(doomed)).toBeGreaterThan(0);

    const made = await report(member, 'forum_post', p.id);
    expect(made.status, made.text).toBe(201);
    // A member may not resolve it.
    const refused = await resolve(member, made.body.id, { action: 'remove' });
    expect(refused.status).toBe(403);
    expect((await member.agent.get(`/api/forums/posts/${p.id}`)).status).toBe(200);

    const res = await resolve(admin, made.body.id, { action: 'remove', note: 'Spam' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toMatchObject({ status: 'resolved', action: 'remove' });

    expect((await member.agent.get(`/api/forums/posts/${p.id}`)).status).toBe(404);
    expect((await member.agent.get(`/api/forums/posts/${p.id}/replies`)).status).toBe(404);
    expect((await member.agent.get(`/api/reactions/forum_reply/${r1.id}`)).status).toBe(404);
    expect((await member.agent.get(`/api/comments/forum_reply/${r1.id}`)).status).toBe(404);
    expect(await leftovers(doomed)).toBe(0);
    const [rows] = (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from forum_replies where post_id = ${p.id}`,
      )
    ).rows;
    expect(Number(rows?.n)).toBe(0);

    // The other post, its reply and its reaction stay.
    const still = await member.agent.get<ForumPost>(`/api/forums/posts/${kept.id}`);
    expect(still.status).toBe(200);
    expect(still.body).toMatchObject({ repliesCount: 1, likesCount: 1 });
    expect(await replyIds(kept.id)).toEqual([keptReply.id]);
    const list = await member.agent.get<{ items: { id: string }[] }>(
      `/api/forums/${group.id}/posts?limit=50`,
    );
    expect(list.body.items.map((x) => x.id)).toContain(kept.id);
    expect(list.body.items.map((x) => x.id)).not.toContain(p.id);

    // Removed already: a later report of the same post is a 404.
    expect((await report(owner, 'forum_post', p.id)).status).toBe(404);
  });

  it('a reply goes with its reactions and comments; the post and its other replies stay, counted right', async () => {
    const p = await post(author, 'Which CRM do you use?');
    const bad = await reply(author, p.id, 'My CRM, use code SPAM for 90% off.');
    const good = await reply(member, p.id, 'A spreadsheet, honestly.');
    await react(member, 'forum_reply', bad.id);
    await react(author, 'forum_reply', good.id);
    const c = await comment(member, bad.id);
    await react(owner, 'forum_comment', c);
    const goodComment = await comment(author, good.id);
    expect((await member.agent.get<ForumPost>(`/api/forums/posts/${p.id}`)).body.repliesCount).toBe(2);

    const made = await report(member, 'forum_reply', bad.id);
    expect(made.status, made.text).toBe(201);
    expect((await resolve(author, made.body.id, { action: 'remove' })).status).toBe(403);
    const res = await resolve(admin, made.body.id, { action: 'remove' });
    expect(res.status, res.text).toBe(200);

    expect(await replyIds(p.id)).toEqual([good.id]);
    expect((await member.agent.get(`/api/reactions/forum_reply/${bad.id}`)).status).toBe(404);
    expect(await leftovers([bad.id, c])).toBe(0);
    const after = await member.agent.get<ForumPost>(`/api/forums/posts/${p.id}`);
    expect(after.status).toBe(200);
    expect(after.body.repliesCount).toBe(1);
    // The other reply keeps its reaction and comment, the post its feed item.
    const kept = await member.agent.get<{ items: { id: string }[] }>(`/api/comments/forum_reply/${good.id}`);
    expect(kept.body.items.map((x) => x.id)).toEqual([goodComment]);
    expect(await leftovers([good.id])).toBe(3);
    expect(await leftovers([p.id])).toBe(1);
  });

  it('a reply already gone (its post removed) resolves without error', async () => {
    const p = await post(author);
    const r = await reply(author, p.id);
    const onReply = await report(member, 'forum_reply', r.id);
    const onPost = await report(member, 'forum_post', p.id);
    expect((await resolve(admin, onPost.body.id, { action: 'remove' })).status).toBe(200);
    const late = await resolve(admin, onReply.body.id, { action: 'remove' });
    expect(late.status, late.text).toBe(200);
  });

  it('open pages hear of it: forum.changed on the post’s topic and the group’s', async () => {
    const p = await post(author);
    const r = await reply(author, p.id);
    const url = await t.listen();
    const s = await socketOf(url, member);
    const topics = [`forum-post:${p.id}`, `forum-group:${group.id}`];
    expect((await subscribe(s, topics)).topics.sort()).toEqual([...topics].sort());

    const onReply = await report(member, 'forum_reply', r.id);
    expect((await resolve(admin, onReply.body.id, { action: 'remove' })).status).toBe(200);
    await s.waitFor('forum.changed', (e) => e.postId === p.id && e.what === 'replies');

    const onPost = await report(member, 'forum_post', p.id);
    expect((await resolve(admin, onPost.body.id, { action: 'remove' })).status).toBe(200);
    await s.waitFor('forum.changed', (e) => e.postId === p.id && e.what === 'post');
    await s.waitFor(
      'forum.changed',
      (e) => e.groupId === group.id && e.postId === null && e.what === 'posts',
    );
    s.close();
  });
});
