import { randomUUID } from 'node:crypto';
import { MENTION_MAX, MENTION_MSG, MENTION_PICKER, mentionToken } from '@common/core/mentions';
import type { ForumGroup, ForumPost } from '@common/forums/model';
import type { Group, GroupPost } from '@common/groups/model';
import type { Notification, NotificationPage } from '@common/notifications/model';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signedUpPerson, type TestApp } from '../../test/harness';

/* Mentions: who is told, once, and only if they may read the text (docs/decisions/027). */

let t: TestApp;
type Person = { agent: Agent; id: string; username: string };
const person = (): Promise<Person> => signedUpPerson(t);
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const at = (p: Person) => mentionToken({ id: p.id, name: p.username });

async function ok<T = unknown>(res: Promise<{ status: number; body: T; text: string }>, status = 201) {
  const r = await res;
  expect(r.status, r.text).toBe(status);
  return r.body;
}

async function mentionsOf(p: Person): Promise<Notification[]> {
  const page = await ok<NotificationPage>(p.agent.get('/api/notifications'), 200);
  return page.items.filter((n) => n.type === 'mention');
}

let n = 0;
async function publicGroup(admin: Person): Promise<Group> {
  return ok<Group>(
    admin.agent.post('/api/groups', {
      name: `Mention makers ${process.pid} ${++n}`,
      description: 'People who build things together on weekends.',
      coverImage: null,
    }),
  );
}

async function joinGroup(g: Group, p: Person) {
  await ok(p.agent.post(`/api/groups/${g.id}/join-requests`));
}

describe('a mention in a group post', () => {
  it('tells a member of a private group, never a non-member; a public group tells anyone', async () => {
    const [admin, member, outsider] = [await person(), await person(), await person()];
    const g = await publicGroup(admin);
    await joinGroup(g, member);
    await ok(admin.agent.request('PATCH', `/api/groups/${g.id}`, { isPrivate: true }), 200);

    const post = await ok<GroupPost>(
      admin.agent.post(`/api/groups/${g.id}/posts`, {
        content: `Welcome ${at(member)} and ${at(outsider)}!`,
      }),
    );
    expect(post.content).toContain(at(member));
    const told = await mentionsOf(member);
    expect(told).toHaveLength(1);
    expect(told[0]).toMatchObject({
      title: MENTION_MSG.notificationTitle,
      message: MENTION_MSG.notificationText(admin.username, 'post'),
      link: `/groups/${g.id}`,
      relatedId: post.id,
      read: false,
    });
    expect(told[0]!.actor?.id).toBe(admin.id);
    // The outsider cannot read the private group's post: no notification, not even a hint.
    expect(await mentionsOf(outsider)).toEqual([]);

    const open = await publicGroup(admin);
    await ok(admin.agent.post(`/api/groups/${open.id}/posts`, { content: `Hello ${at(outsider)}` }));
    expect(await mentionsOf(outsider)).toHaveLength(1);
  });

  it('never reaches across a block, either way', async () => {
    const [author, blockedAuthor, blockedByAuthor, friend] = [
      await person(),
      await person(),
      await person(),
      await person(),
    ];
    const g = await publicGroup(author);
    // One blocked the author; the author blocked the other.
    await ok(blockedAuthor.agent.post(`/api/connections/${author.id}/block`), 200);
    await ok(author.agent.post(`/api/connections/${blockedByAuthor.id}/block`), 200);
    await ok(
      author.agent.post(`/api/groups/${g.id}/posts`, {
        content: `${at(blockedAuthor)} ${at(blockedByAuthor)} ${at(friend)}`,
      }),
    );
    expect(await mentionsOf(blockedAuthor)).toEqual([]);
    expect(await mentionsOf(blockedByAuthor)).toEqual([]);
    expect(await mentionsOf(friend)).toHaveLength(1);
  });

  it("is mailed under the person's setting, like every notification", async () => {
    const [author, mailed, quiet] = [await person(), await person(), await person()];
    await ok(quiet.agent.request('PATCH', '/api/settings', { emailNotifications: false }), 200);
    const g = await publicGroup(author);
    await ok(author.agent.post(`/api/groups/${g.id}/posts`, { content: `${at(mailed)} ${at(quiet)}` }));
    const { rows } = await t.db.execute<{ user_id: string; email_pending: boolean }>(
      sql`select user_id::text as user_id, email_pending from notifications where type = 'mention'
        and user_id in (${mailed.id}::uuid, ${quiet.id}::uuid)`,
    );
    expect(Object.fromEntries(rows.map((r) => [r.user_id, r.email_pending]))).toEqual({
      [mailed.id]: true,
      [quiet.id]: false,
    });
  });

  it('is refused past the cap with a clear error, and nothing is saved or sent', async () => {
    const [author, someone] = [await person(), await person()];
    const g = await publicGroup(author);
    const storm = [at(someone), ...Array.from({ length: MENTION_MAX }, () => `@[x](${randomUUID()})`)].join(
      ' ',
    );
    const res = await author.agent.post(`/api/groups/${g.id}/posts`, { content: storm });
    expect(res.status).toBe(400);
    expect(res.text).toContain(MENTION_MSG.tooMany);
    const posts = await ok<{ items: GroupPost[] }>(author.agent.get(`/api/groups/${g.id}/posts`), 200);
    expect(posts.items).toEqual([]);
    expect(await mentionsOf(someone)).toEqual([]);
    // Exactly the cap is fine.
    const atCap = [at(someone), ...Array.from({ length: MENTION_MAX - 1 }, () => `@[x](${randomUUID()})`)];
    await ok(author.agent.post(`/api/groups/${g.id}/posts`, { content: atCap.join(' ') }));
    expect(await mentionsOf(someone)).toHaveLength(1);
  });
});

describe('a mention in a message', () => {
  it('never tells someone outside the conversation, and the receiver gets one notification', async () => {
    const [sender, receiver, outsider] = [await person(), await person(), await person()];
    await ok(
      sender.agent.post('/api/messages', {
        receiverId: receiver.id,
        clientId: randomUUID(),
        content: `Have you met ${at(outsider)}? Ask ${at(receiver)}.`,
      }),
    );
    expect(await mentionsOf(outsider)).toEqual([]);
    const all = (await ok<NotificationPage>(receiver.agent.get('/api/notifications'), 200)).items;
    expect(all.map((x) => x.type)).toEqual(['message']);
  });
});

describe('a mention in a forum post', () => {
  it('tells each person once, however often the text is edited', async () => {
    const [owner, first, second] = [await person(), await person(), await person()];
    const g = await ok<ForumGroup>(
      owner.agent.post('/api/forums', {
        name: `Mentions ${process.pid} ${owner.id.slice(0, 8)}`,
        description: 'Talk about building companies.',
        coverImage: null,
      }),
    );
    const post = await ok<ForumPost>(
      owner.agent.post(`/api/forums/${g.id}/posts`, {
        title: 'How do you price?',
        content: `Asking ${at(first)}`,
        category: 'business',
      }),
    );
    const edit = (content: string) =>
      ok(
        owner.agent.request('PUT', `/api/forums/posts/${post.id}/content`, {
          title: 'How do you price?',
          content,
        }),
        200,
      );
    expect(await mentionsOf(first)).toHaveLength(1);
    await edit(`Asking ${at(first)}, again`);
    await edit(`Asking ${at(first)} and ${at(second)}`);
    // Taken out and put back: still the one notification.
    await edit(`Asking ${at(second)}`);
    await edit(`Asking ${at(first)} and ${at(second)}`);
    expect(await mentionsOf(first)).toHaveLength(1);
    const toSecond = await mentionsOf(second);
    expect(toSecond).toHaveLength(1);
    expect(toSecond[0]!.message).toBe(
      MENTION_MSG.notificationText(owner.username, 'post', "'How do you price?'"),
    );
    expect(toSecond[0]!.link).toBe(`/forums/post/${post.id}`);
  });
});

describe('a mention in a comment', () => {
  it("tells the person mentioned; the content's owner keeps their one comment notification", async () => {
    const [author, commenter, mentioned] = [await person(), await person(), await person()];
    const article = await ok<{ id: string }>(
      author.agent.post('/api/articles', {
        title: 'Pricing notes',
        content: 'Some text.',
        category: 'tech',
        imageUrl: null,
        status: 'published',
      }),
    );
    await ok(
      commenter.agent.post(`/api/comments/article/${article.id}`, {
        content: `${at(author)} you should talk to ${at(mentioned)}`,
      }),
    );
    const toMentioned = await mentionsOf(mentioned);
    expect(toMentioned).toHaveLength(1);
    expect(toMentioned[0]!.message).toBe(MENTION_MSG.notificationText(commenter.username, 'comment'));
    const toAuthor = (await ok<NotificationPage>(author.agent.get('/api/notifications'), 200)).items;
    expect(toAuthor.map((x) => x.type)).toEqual(['comment']);
  });
});

describe('a mention in an article', () => {
  it('tells nobody while a draft, then once when published; the page links the current name', async () => {
    const [author, named, reader] = [await person(), await person(), await person()];
    const draft = await ok<{ id: string }>(
      author.agent.post('/api/articles', {
        title: 'Pricing notes',
        content: `Thanks to ${at(named)} for the *numbers*.`,
        category: 'tech',
        imageUrl: null,
        status: 'draft',
      }),
    );
    expect(await mentionsOf(named)).toEqual([]);
    await ok(author.agent.post(`/api/articles/${draft.id}/publish`), 200);
    const told = await mentionsOf(named);
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toBe(
      MENTION_MSG.notificationText(author.username, 'article', "'Pricing notes'"),
    );
    await ok(
      author.agent.request('PATCH', `/api/articles/${draft.id}`, {
        title: 'Pricing notes',
        content: `Thanks again to ${at(named)}.`,
        category: 'tech',
        imageUrl: null,
      }),
      200,
    );
    expect(await mentionsOf(named)).toHaveLength(1);

    await ok(named.agent.request('PATCH', '/api/profiles/me', { fullName: 'Nina Numbers' }), 200);
    const page = await ok<{ html: string; excerpt: string }>(
      reader.agent.get(`/api/articles/${draft.id}`),
      200,
    );
    expect(page.html).toContain(`<a href="/profile/${named.id}"`);
    expect(page.html).toContain('>@Nina Numbers</a>');
    expect(page.excerpt).toBe(`Thanks again to @${named.username}.`);
  });
});

describe('the @ picker', () => {
  it('offers connections first, by name or username, never someone who blocked the asker', async () => {
    const tag = `pick${process.pid}${Date.now().toString(36)}`;
    const make = (suffix: string) => signedUpPerson(t, { username: `${tag}${suffix}` });
    const [me, friendly, stranger, blocker] = [
      await person(),
      await make('b'),
      await make('a'),
      await make('c'),
    ];
    await ok(me.agent.post(`/api/connections/${friendly.id}/follow`), 200);
    await ok(blocker.agent.post(`/api/connections/${me.id}/block`), 200);

    const found = await ok<{ items: { id: string }[] }>(
      me.agent.get(`/api/people/mentionable?q=${tag}`),
      200,
    );
    expect(found.items.map((p) => p.id)).toEqual([friendly.id, stranger.id]);
    // From the first character; with none, connections only.
    const first = await ok<{ items: { id: string }[] }>(
      me.agent.get(`/api/people/mentionable?q=${tag[0]}`),
      200,
    );
    expect(first.items[0]!.id).toBe(friendly.id);
    expect(first.items.length).toBeLessThanOrEqual(MENTION_PICKER.results);
    const none = await ok<{ items: { id: string }[] }>(me.agent.get('/api/people/mentionable'), 200);
    expect(none.items.map((p) => p.id)).toEqual([friendly.id]);

    expect((await t.agent().get(`/api/people/mentionable?q=${tag}`)).status).toBe(401);
    const long = 'x'.repeat(MENTION_PICKER.queryMax + 1);
    expect((await me.agent.get(`/api/people/mentionable?q=${long}`)).status).toBe(400);
  });

  it('gives current names by id, bounded, leaving out people blocked either way', async () => {
    const [me, friend, blocker, blocked] = [await person(), await person(), await person(), await person()];
    await ok(blocker.agent.post(`/api/connections/${me.id}/block`), 200);
    await ok(me.agent.post(`/api/connections/${blocked.id}/block`), 200);
    const ids = [friend.id, blocker.id, blocked.id, 'not-an-id', randomUUID()].join(',');
    const names = await ok<{ items: { id: string; username: string }[] }>(
      me.agent.get(`/api/people/names?ids=${ids}`),
      200,
    );
    expect(names.items).toEqual([expect.objectContaining({ id: friend.id, username: friend.username })]);
    const tooMany = Array.from({ length: MENTION_PICKER.namesMax + 1 }, () => randomUUID()).join(',');
    expect((await me.agent.get(`/api/people/names?ids=${tooMany}`)).status).toBe(400);
    expect((await t.agent().get(`/api/people/names?ids=${friend.id}`)).status).toBe(401);
  });
});
