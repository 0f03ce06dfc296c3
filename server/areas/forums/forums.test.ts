import { createHash, randomBytes, randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import type { CommentPage } from '@common/comments/model';
import type { FeedPage } from '@common/feed/model';
import {
  FORUM_MSG,
  type ForumGroup,
  type ForumGroupPage,
  type ForumMemberPage,
  type ForumPost,
  type ForumPostPage,
  type ForumReply,
  type ForumReplyPage,
} from '@common/forums/model';
import type { ReactionSummary } from '@common/reactions/model';
import type { SearchPage } from '@common/search/model';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type Agent, type TestApp, signedUpPerson } from '../../test/harness';
import { eventsOf, settle, socketOf, subscribe } from '../../test/realtime-kit';
import { png } from '../../test/images';
import { searchTerms, searchTierCount, searchTierRows } from '../../platform/search-providers';
import { forumListQuery } from './forums.service';
import { forumGroupSearch, forumPostSearch } from './forums.register';

let t: TestApp;
type Person = { agent: Agent; id: string; email: string; password: string; username: string };

const ADMIN_EMAIL = `forums-chief-${process.pid}@example.com`;

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
async function makeGroup(p: Person, name = `Forum ${process.pid} ${++n}`): Promise<ForumGroup> {
  const res = await p.agent.post<ForumGroup>('/api/forums', {
    name,
    description: 'Talk about building companies.',
    coverImage: null,
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** `p` asks to join and `by` approves. */
async function join(g: ForumGroup, by: Person, p: Person) {
  expect((await p.agent.post(`/api/forums/${g.id}/join`)).status).toBe(201);
  const res = await by.agent.post(`/api/forums/${g.id}/members/${p.id}`, { action: 'approve' });
  expect(res.status, res.text).toBe(200);
}

async function post(p: Person, g: ForumGroup, title = 'How do you price?'): Promise<ForumPost> {
  const res = await p.agent.post<ForumPost>(`/api/forums/${g.id}/posts`, {
    title,
    content: 'Looking for **advice** on pricing a B2B tool.',
    category: 'business',
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function reply(
  p: Person,
  postId: string,
  content = 'Charge more than you think.',
): Promise<ForumReply> {
  const res = await p.agent.post<ForumReply>(`/api/forums/posts/${postId}/replies`, { content });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

const patch = (a: Agent, url: string, body: unknown) => a.request('PATCH', url, body);
const del = (a: Agent, url: string) => a.request('DELETE', url);

/** A group with an owner, a moderator, a member, a pending requester and an outsider. */
async function cast() {
  const [owner, moderator, member, pending, outsider] = await Promise.all(
    [0, 1, 2, 3, 4].map(() => person()),
  );
  const g = await makeGroup(owner!);
  await join(g, owner!, moderator!);
  expect(
    (await owner!.agent.post(`/api/forums/${g.id}/members/${moderator!.id}`, { action: 'promote' })).status,
  ).toBe(200);
  await join(g, moderator!, member!);
  expect((await pending!.agent.post(`/api/forums/${g.id}/join`)).status).toBe(201);
  return { g, owner: owner!, moderator: moderator!, member: member!, pending: pending!, outsider: outsider! };
}

describe('forum groups', () => {
  it('creating checks the fields with the document messages; the creator is owner and approved', async () => {
    const a = await person();
    let res = await a.agent.post('/api/forums', { name: '   ', description: '' });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(FORUM_MSG.nameRequired);
    res = await a.agent.post('/api/forums', { name: 'x'.repeat(101) });
    expect(res.body.error.message).toBe(FORUM_MSG.nameMax);
    res = await a.agent.post('/api/forums', { name: 'Fine', description: 'x'.repeat(501) });
    expect(res.body.error.message).toBe(FORUM_MSG.descriptionMax);
    expect((await visitor.post('/api/forums', { name: 'Nope' })).status).toBe(401);

    const g = await makeGroup(a);
    expect(g.membership).toEqual({ role: 'owner', status: 'approved' });
    expect(g).toMatchObject({
      memberCount: 1,
      postCount: 0,
      canPost: true,
      canModerate: true,
      isMember: true,
    });
    expect(g.creator?.id).toBe(a.id);
    const feed = await a.agent.get<FeedPage>('/api/feed?filter=forums&limit=50');
    expect(feed.body.items.find((i) => i.link === `/forums/group/${g.id}`)?.type).toBe('forum_group_created');
  });

  it('lists All Groups for everyone and My Groups (joined or asked) for the signed-in', async () => {
    const a = await person();
    const b = await person();
    const g = await makeGroup(a, `Listing ${process.pid}`);
    const all = await visitor.get<ForumGroupPage>(`/api/forums?q=listing ${process.pid}`);
    expect(all.body.items.map((x) => x.id)).toEqual([g.id]);
    expect((await visitor.get('/api/forums?tab=my')).status).toBe(401);
    expect((await b.agent.get<ForumGroupPage>('/api/forums?tab=my')).body.items).toEqual([]);
    await b.agent.post(`/api/forums/${g.id}/join`);
    const mine = await b.agent.get<ForumGroupPage>('/api/forums?tab=my');
    expect(mine.body.items.map((x) => x.membership)).toEqual([{ role: 'member', status: 'pending' }]);
    // A profile's communities: approved memberships only.
    expect((await visitor.get<ForumGroupPage>(`/api/forums?member=${b.id}`)).body.items).toEqual([]);
    expect((await visitor.get<ForumGroupPage>(`/api/forums?member=${a.id}`)).body.items).toHaveLength(1);
  });

  it('pages by cursor', async () => {
    const a = await person();
    for (let i = 0; i < 3; i++) await makeGroup(a, `Paging ${process.pid} ${i}`);
    const first = await a.agent.get<ForumGroupPage>(`/api/forums?q=paging ${process.pid}&limit=2`);
    expect(first.body.items).toHaveLength(2);
    const second = await a.agent.get<ForumGroupPage>(
      `/api/forums?q=paging ${process.pid}&limit=2&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.items).toHaveLength(1);
    expect(second.body.nextCursor).toBeNull();
  });

  it('takes a cover under 5 MB uploaded by the creator only', async () => {
    const a = await person();
    const b = await person();
    const up = await a.agent.upload<{ url: string }>(
      '/api/forums/images',
      'file',
      await png(1500, 500),
      'c.png',
      'image/png',
    );
    expect(up.status, up.text).toBe(201);
    expect(
      (await visitor.upload('/api/forums/images', 'file', await png(900, 600), 'c.png', 'image/png')).status,
    ).toBe(401);
    // Between 5 and 10 MB: over the forum cover's limit, under the general one.
    const big = await sharp(randomBytes(1500 * 1400 * 3), { raw: { width: 1500, height: 1400, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    const tooBig = await a.agent.upload('/api/forums/images', 'file', big, 'big.png', 'image/png');
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.error.message).toBe(FORUM_MSG.fileTooLargeHint);
    expect((await b.agent.post('/api/forums', { name: 'Borrowed', coverImage: up.body.url })).status).toBe(
      400,
    );
    const mine = await a.agent.post<ForumGroup>('/api/forums', {
      name: 'Own cover',
      coverImage: up.body.url,
    });
    expect(mine.status).toBe(201);
    expect(mine.body.coverImage).toBe(up.body.url);
  });

  it('malformed and unknown ids are clean 404s', async () => {
    const a = await person();
    for (const id of ['nope', randomUUID()]) {
      for (const path of [`/api/forums/${id}`, `/api/forums/${id}/posts`, `/api/forums/posts/${id}`]) {
        const res = await a.agent.get(path);
        expect(res.status, path).toBe(404);
      }
      expect((await a.agent.post(`/api/forums/${id}/join`)).status).toBe(404);
      expect((await a.agent.post(`/api/forums/posts/${id}/replies`, { content: 'hi' })).status).toBe(404);
      expect((await a.agent.post(`/api/forums/posts/${id}/views`)).status).toBe(404);
    }
    expect((await a.agent.get(`/api/forums/posts/${randomUUID()}`)).body.error.message).toBe(
      FORUM_MSG.postNotFound,
    );
  });
});

describe('membership and roles', () => {
  it('joining makes a pending request that owner and moderators see and approve; pending cannot post', async () => {
    const { g, owner, moderator, member, pending, outsider } = await cast();
    const group = await pending.agent.get<ForumGroup>(`/api/forums/${g.id}`);
    expect(group.body).toMatchObject({ canPost: false, isMember: false, membership: { status: 'pending' } });
    expect((await pending.agent.post(`/api/forums/${g.id}/join`)).body.error.message).toBe(
      FORUM_MSG.requestPendingAlready,
    );
    expect((await member.agent.post(`/api/forums/${g.id}/join`)).body.error.message).toBe(
      FORUM_MSG.alreadyMember,
    );
    const p = await pending.agent.post(`/api/forums/${g.id}/posts`, {
      title: 'Hi',
      content: 'Hello',
      category: 'general',
    });
    expect(p.status).toBe(403);
    // The Pending Requests tab: owner and moderators only.
    for (const who of [owner, moderator]) {
      const res = await who.agent.get<ForumMemberPage>(`/api/forums/${g.id}/members?status=pending`);
      expect(res.body.items.map((m) => m.person.id)).toEqual([pending.id]);
      expect((await who.agent.get<ForumGroup>(`/api/forums/${g.id}`)).body.pendingCount).toBe(1);
    }
    for (const who of [member, pending, outsider, siteAdmin])
      expect((await who.agent.get(`/api/forums/${g.id}/members?status=pending`)).status).toBe(403);
    expect((await visitor.get(`/api/forums/${g.id}/members?status=pending`)).status).toBe(401);
    expect((await member.agent.get<ForumGroup>(`/api/forums/${g.id}`)).body.pendingCount).toBe(0);
    // Approving: not by a member, outsider, site admin or visitor.
    for (const who of [member, outsider, siteAdmin])
      expect(
        (await who.agent.post(`/api/forums/${g.id}/members/${pending.id}`, { action: 'approve' })).status,
      ).toBe(403);
    expect(
      (await visitor.post(`/api/forums/${g.id}/members/${pending.id}`, { action: 'approve' })).status,
    ).toBe(401);
    // The owner and moderators were told of the request.
    for (const who of [owner, moderator]) {
      const notes = await who.agent.get<{ items: { message: string }[] }>('/api/notifications');
      expect(notes.body.items.map((x) => x.message)).toContain(
        FORUM_MSG.joinRequestNotice(pending.username, g.name),
      );
    }
    await moderator.agent.post(`/api/forums/${g.id}/members/${pending.id}`, { action: 'approve' });
    const told = await pending.agent.get<{ items: { message: string }[] }>('/api/notifications');
    expect(told.body.items.map((x) => x.message)).toContain(FORUM_MSG.approvedNotice(g.name));
    const members = await visitor.get<ForumMemberPage>(`/api/forums/${g.id}/members`);
    expect(members.body.items.map((m) => [m.person.id, m.role])).toEqual([
      [owner.id, 'owner'],
      [moderator.id, 'moderator'],
      [member.id, 'member'],
      [pending.id, 'member'],
    ]);
    expect((await visitor.get<ForumGroup>(`/api/forums/${g.id}`)).body.memberCount).toBe(4);
    await post(pending, g);
  });

  it('the owner promotes, demotes and removes anyone but themself; a moderator acts only on plain members', async () => {
    const { g, owner, moderator, member, pending, outsider } = await cast();
    const act = (who: Person, target: Person, action: string) =>
      who.agent.post(`/api/forums/${g.id}/members/${target.id}`, { action });
    // Role changes are the owner's.
    expect((await act(moderator, member, 'promote')).status).toBe(403);
    expect((await act(member, member, 'promote')).status).toBe(403);
    expect((await act(siteAdmin, member, 'promote')).status).toBe(403);
    expect((await act(outsider, member, 'promote')).status).toBe(403);
    // Nobody touches the owner.
    expect((await act(owner, owner, 'demote')).status).toBe(404);
    expect((await del(moderator.agent, `/api/forums/${g.id}/members/${owner.id}`)).status).toBe(403);
    // A moderator cannot remove another moderator.
    const second = await person();
    await join(g, owner, second);
    expect((await act(owner, second, 'promote')).status).toBe(200);
    expect((await del(moderator.agent, `/api/forums/${g.id}/members/${second.id}`)).status).toBe(403);
    // Demote, then the moderator may remove them.
    expect((await act(owner, second, 'demote')).status).toBe(200);
    expect((await act(owner, second, 'demote')).status).toBe(409);
    expect((await del(member.agent, `/api/forums/${g.id}/members/${second.id}`)).status).toBe(403);
    expect((await del(siteAdmin.agent, `/api/forums/${g.id}/members/${second.id}`)).status).toBe(403);
    expect((await del(visitor, `/api/forums/${g.id}/members/${second.id}`)).status).toBe(401);
    expect((await del(moderator.agent, `/api/forums/${g.id}/members/${second.id}`)).status).toBe(200);
    // Rejecting a request deletes it; they may ask again.
    expect((await del(moderator.agent, `/api/forums/${g.id}/members/${pending.id}`)).status).toBe(200);
    expect((await pending.agent.get<ForumGroup>(`/api/forums/${g.id}`)).body.membership).toBeNull();
    expect((await pending.agent.post(`/api/forums/${g.id}/join`)).status).toBe(201);
    // The owner removes a moderator.
    expect((await del(owner.agent, `/api/forums/${g.id}/members/${moderator.id}`)).status).toBe(200);
    expect((await moderator.agent.get<ForumGroup>(`/api/forums/${g.id}`)).body.canModerate).toBe(false);
    // Joining and leaving need sign-in; someone with no row has nothing to leave.
    expect((await visitor.post(`/api/forums/${g.id}/join`)).status).toBe(401);
    expect((await visitor.post(`/api/forums/${g.id}/leave`)).status).toBe(401);
    expect((await outsider.agent.post(`/api/forums/${g.id}/leave`)).status).toBe(404);
    // Leaving: members may; the owner may not.
    expect((await member.agent.post(`/api/forums/${g.id}/leave`)).status).toBe(200);
    expect((await owner.agent.post(`/api/forums/${g.id}/leave`)).status).toBe(409);
  });
});

describe('posts and replies', () => {
  it('approved members post in a category; pinned come first; owners and moderators pin and lock', async () => {
    const { g, owner, moderator, member, pending, outsider } = await cast();
    const bad = await member.agent.post(`/api/forums/${g.id}/posts`, {
      title: ' ',
      content: 'x',
      category: 'general',
    });
    expect(bad.body.error.message).toBe(FORUM_MSG.titleRequired);
    const noCategory = await member.agent.post(`/api/forums/${g.id}/posts`, { title: 'T', content: 'x' });
    expect(noCategory.body.error.message).toBe(FORUM_MSG.categoryRequired);
    for (const who of [pending, outsider, siteAdmin])
      expect(
        (await who.agent.post(`/api/forums/${g.id}/posts`, { title: 'T', content: 'x', category: 'help' }))
          .status,
      ).toBe(403);
    expect(
      (await visitor.post(`/api/forums/${g.id}/posts`, { title: 'T', content: 'x', category: 'help' }))
        .status,
    ).toBe(401);
    const first = await post(member, g, 'First');
    const second = await post(owner, g, 'Second');
    expect(first).toMatchObject({ category: 'business', canReply: true, canModerate: false });
    const pin = (who: Agent, body: unknown) => patch(who, `/api/forums/posts/${first.id}`, body);
    for (const who of [member, pending, outsider, siteAdmin])
      expect((await pin(who.agent, { isPinned: true })).status).toBe(403);
    expect((await pin(visitor, { isPinned: true })).status).toBe(401);
    expect((await pin(moderator.agent, { isPinned: true })).status).toBe(200);
    const list = await visitor.get<ForumPostPage>(`/api/forums/${g.id}/posts`);
    expect(list.body.items.map((p) => [p.id, p.isPinned])).toEqual([
      [first.id, true],
      [second.id, false],
    ]);
    expect(list.body.items[0]?.preview).toBe('Looking for advice on pricing a B2B tool.');
    const paged = await visitor.get<ForumPostPage>(`/api/forums/${g.id}/posts?limit=1`);
    const rest = await visitor.get<ForumPostPage>(
      `/api/forums/${g.id}/posts?limit=1&cursor=${paged.body.nextCursor}`,
    );
    expect(rest.body.items.map((p) => p.id)).toEqual([second.id]);
    const group = await visitor.get<ForumGroup>(`/api/forums/${g.id}`);
    expect(group.body.postCount).toBe(2);
    expect(group.body.latestPost?.title).toBe('Second');
    expect(group.body.latestPost?.preview).toBe('Looking for advice on pricing a B2B tool.');
  });

  it('replies in order; a locked post hides the box and the server refuses replies', async () => {
    const { g, owner, moderator, member, pending, outsider } = await cast();
    const p = await post(member, g);
    await reply(member, p.id, 'one');
    await reply(owner, p.id, 'two');
    for (const who of [pending, outsider, siteAdmin])
      expect((await who.agent.post(`/api/forums/posts/${p.id}/replies`, { content: 'x' })).status).toBe(403);
    expect((await visitor.post(`/api/forums/posts/${p.id}/replies`, { content: 'x' })).status).toBe(401);
    expect(
      (await member.agent.post(`/api/forums/posts/${p.id}/replies`, { content: '  ' })).body.error.message,
    ).toBe(FORUM_MSG.replyEmpty);
    const replies = await visitor.get<ForumReplyPage>(`/api/forums/posts/${p.id}/replies`);
    expect(replies.body.items.map((r) => r.content)).toEqual(['one', 'two']);
    expect((await visitor.get<ForumPost>(`/api/forums/posts/${p.id}`)).body.repliesCount).toBe(2);

    expect((await patch(moderator.agent, `/api/forums/posts/${p.id}`, { isLocked: true })).status).toBe(200);
    const locked = await member.agent.get<ForumPost>(`/api/forums/posts/${p.id}`);
    expect(locked.body).toMatchObject({ isLocked: true, canReply: false });
    for (const who of [member, owner]) {
      const res = await who.agent.post(`/api/forums/posts/${p.id}/replies`, { content: 'too late' });
      expect(res.status).toBe(409);
      expect(res.body.error.message).toBe(FORUM_MSG.lockedRefusal);
    }
    expect((await patch(owner.agent, `/api/forums/posts/${p.id}`, { isLocked: false })).status).toBe(200);
    await reply(member, p.id, 'three');
  });

  it('a view counts once per person per hour, not per reload', async () => {
    const { g, member, outsider } = await cast();
    const p = await post(member, g);
    const view = (a: Agent) => a.post<{ viewsCount: number }>(`/api/forums/posts/${p.id}/views`);
    expect((await view(outsider.agent)).body.viewsCount).toBe(1);
    expect((await view(outsider.agent)).body.viewsCount).toBe(1);
    expect((await view(member.agent)).body.viewsCount).toBe(2);
    expect((await view(visitor)).status).toBe(401);
    // An hour later it counts again.
    await t.db.execute(
      `update forum_post_views set hour = hour - interval '1 hour' where post_id = '${p.id}'` as never,
    );
    expect((await view(outsider.agent)).body.viewsCount).toBe(3);
    expect((await visitor.get<ForumPost>(`/api/forums/posts/${p.id}`)).body.viewsCount).toBe(3);
  });

  it('a view is not counted on a post the viewer may not see; a moderator’s is, blocked or not', async () => {
    const { g, owner, member, outsider } = await cast();
    const p = await post(member, g);
    const view = (a: Agent) => a.post<{ viewsCount: number }>(`/api/forums/posts/${p.id}/views`);
    expect((await member.agent.post(`/api/connections/${outsider.id}/block`)).status).toBe(200);
    expect((await view(outsider.agent)).status).toBe(404);
    const [none] = (
      await t.db.execute(sql`select count(*)::int as n from forum_post_views where post_id = ${p.id}`)
    ).rows as { n: number }[];
    expect(none!.n).toBe(0);
    // The group's owner sees the post of a member who blocked them (moderation): the view counts.
    expect((await member.agent.post(`/api/connections/${owner.id}/block`)).status).toBe(200);
    expect((await view(owner.agent)).body.viewsCount).toBe(1);
    expect((await visitor.get<ForumPost>(`/api/forums/posts/${p.id}`)).body.viewsCount).toBe(1);
  });

  it('a counted view tells the post’s open pages the new count; an uncounted one says nothing', async () => {
    const { g, member, outsider } = await cast();
    const p = await post(member, g);
    const url = await t.listen();
    const s = await socketOf(url, outsider as never);
    await subscribe(s, [`forum-post:${p.id}`]);
    const from = s.events.length;
    const view = (a: Agent) => a.post<{ viewsCount: number }>(`/api/forums/posts/${p.id}/views`);
    expect((await view(outsider.agent)).body.viewsCount).toBe(1);
    await s.waitFor('forum.changed', (e) => e.postId === p.id && e.what === 'views' && e.viewsCount === 1);
    expect((await view(outsider.agent)).body.viewsCount).toBe(1);
    expect((await view(member.agent)).body.viewsCount).toBe(2);
    await s.waitFor('forum.changed', (e) => e.postId === p.id && e.what === 'views' && e.viewsCount === 2);
    await settle(s);
    expect(eventsOf(s, 'forum.changed', from)).toEqual([
      { type: 'forum.changed', groupId: g.id, postId: p.id, what: 'views', viewsCount: 1 },
      { type: 'forum.changed', groupId: g.id, postId: p.id, what: 'views', viewsCount: 2 },
    ]);
    s.close();
  });

  it('posts and replies go on the feed and into search', async () => {
    const { g, member } = await cast();
    const p = await post(member, g, `Quokka pricing ${process.pid}`);
    const r = await reply(member, p.id);
    const feed = await member.agent.get<FeedPage>('/api/feed?filter=forums&limit=50');
    const types = feed.body.items.filter((i) => i.link === `/forums/post/${p.id}`).map((i) => i.type);
    expect(types.sort()).toEqual(['forum_post', 'forum_reply']);
    expect(r.postId).toBe(p.id);
    const search = await member.agent.get<SearchPage>(
      `/api/search?q=${encodeURIComponent(`quokka pricing ${process.pid}`)}`,
    );
    expect(search.body.results.filter((x) => x.type === 'forum_post').map((x) => x.id)).toEqual([p.id]);
    expect(search.body.results.find((x) => x.id === p.id)?.category).toBe('Business');
    const groups = await member.agent.get<SearchPage>(`/api/search?q=${encodeURIComponent(g.name)}`);
    // The exact name first (names close to it may follow: 'Forum 123 4' is near 'Forum 123 5').
    expect(groups.body.results.filter((x) => x.type === 'forum_group').map((x) => x.id)[0]).toBe(g.id);
  });
});

describe('reactions and nested comments', () => {
  it('forum reactions on posts, replies and comments, members only', async () => {
    const { g, member, outsider, pending } = await cast();
    const p = await post(member, g);
    const r = await reply(member, p.id);
    const summary = await visitor.get<ReactionSummary>(`/api/reactions/forum_post/${p.id}`);
    expect(summary.body.types).toEqual(['like', 'love', 'insightful', 'helpful', 'celebrate']);
    const react = (a: Agent, type: string, id: string, reaction: string) =>
      a.request('PUT', `/api/reactions/${type}/${id}/${reaction}`, { active: true });
    expect((await react(member.agent, 'forum_post', p.id, 'insightful')).status).toBe(200);
    expect((await react(member.agent, 'forum_post', p.id, 'laugh')).status).toBe(400);
    for (const who of [outsider, pending, siteAdmin])
      expect((await react(who.agent, 'forum_post', p.id, 'like')).status).toBe(403);
    expect((await react(member.agent, 'forum_reply', r.id, 'helpful')).status).toBe(200);
    expect((await react(member.agent, 'forum_post', p.id, 'like')).status).toBe(200);
    expect((await visitor.get<ForumPost>(`/api/forums/posts/${p.id}`)).body.likesCount).toBe(1);
    const c = await member.agent.post<{ id: string }>(`/api/comments/forum_reply/${r.id}`, {
      content: 'Agreed',
    });
    expect(c.status, c.text).toBe(201);
    expect((await react(member.agent, 'forum_comment', c.body.id, 'celebrate')).status).toBe(200);
    expect((await react(outsider.agent, 'forum_comment', c.body.id, 'celebrate')).status).toBe(403);
  });

  it('comments nest under replies to depth 3, and no deeper', async () => {
    const { g, member, outsider } = await cast();
    const p = await post(member, g);
    const r = await reply(member, p.id);
    let parentId: string | null = null;
    for (let depth = 0; depth <= 3; depth++) {
      const res: { status: number; body: { id: string; depth: number } } = await member.agent.post(
        `/api/comments/forum_reply/${r.id}`,
        { content: `depth ${depth}`, parentId },
      );
      expect(res.status).toBe(201);
      expect(res.body.depth).toBe(depth);
      parentId = res.body.id;
    }
    const tooDeep = await member.agent.post(`/api/comments/forum_reply/${r.id}`, {
      content: 'depth 4',
      parentId,
    });
    expect(tooDeep.status).toBe(400);
    expect((await outsider.agent.post(`/api/comments/forum_reply/${r.id}`, { content: 'hi' })).status).toBe(
      403,
    );
    const list = await visitor.get<CommentPage>(`/api/comments/forum_reply/${r.id}`);
    expect(list.body.maxDepth).toBe(3);
    expect(list.body.items).toHaveLength(4);
  });
});

describe('blocks and live updates', () => {
  it('blocked either way: neither sees the other’s posts and replies, nor replies to them', async () => {
    const { g, owner, member } = await cast();
    // Two plain members (the group's owner and moderators see past blocks: forum-moderation.test.ts).
    const other = await person();
    await join(g, owner, other);
    const p = await post(member, g);
    await reply(other, p.id, 'other speaks');
    expect((await other.agent.post(`/api/connections/${member.id}/block`)).status).toBe(200);
    for (const [a, b] of [
      [other, member],
      [member, other],
    ] as const) {
      void b;
      const list = await a.agent.get<ForumPostPage>(`/api/forums/${g.id}/posts`);
      if (a === other) {
        expect(list.body.items.map((x) => x.id)).not.toContain(p.id);
        expect((await a.agent.get(`/api/forums/posts/${p.id}`)).status).toBe(404);
        expect((await a.agent.post(`/api/forums/posts/${p.id}/replies`, { content: 'x' })).status).toBe(404);
        expect((await a.agent.get(`/api/reactions/forum_post/${p.id}`)).status).toBe(404);
      } else {
        const replies = await a.agent.get<ForumReplyPage>(`/api/forums/posts/${p.id}/replies`);
        expect(replies.body.items).toEqual([]);
      }
    }
  });

  it('a forum group someone else creates reaches open /forums lists at once (forum-groups:all, members only), except people blocked with its creator', async () => {
    const creator = await person();
    const reader = await person();
    const blocked = await person();
    expect((await creator.agent.post(`/api/connections/${blocked.id}/block`)).status).toBe(200);
    const url = await t.listen();
    const sr = await socketOf(url, reader as never);
    const sx = await socketOf(url, blocked as never);
    expect((await subscribe(sr, ['forum-groups:all', 'forum-groups:x'])).refused).toEqual(['forum-groups:x']);
    await subscribe(sx, ['forum-groups:all']);
    const g = await makeGroup(creator);
    const heard = await sr.waitFor('forum.changed', (e) => e.groupId === g.id);
    expect(heard).toEqual({ type: 'forum.changed', groupId: g.id, postId: null, what: 'group' });
    await settle(sx);
    expect(eventsOf(sx, 'forum.changed')).toEqual([]);
    sr.close();
    sx.close();
  });

  it('a post’s topic carries replies and the lock live, and only to those who may read it', async () => {
    const { g, owner, member, outsider } = await cast();
    const p = await post(member, g);
    const url = await t.listen();
    const s = await socketOf(url, outsider as never);
    const topics = [`forum-post:${p.id}`, `forum-group:${g.id}`, `content:forum_post:${p.id}`];
    expect((await subscribe(s, topics)).topics.sort()).toEqual([...topics].sort());
    const from = s.events.length;
    await reply(member, p.id);
    await s.waitFor('forum.changed', (e) => e.postId === p.id && e.what === 'replies');
    await patch(owner.agent, `/api/forums/posts/${p.id}`, { isLocked: true });
    await s.waitFor('forum.changed', (e) => e.postId === p.id && e.what === 'post');
    await post(owner, g, 'Another');
    await s.waitFor('forum.changed', (e) => e.groupId === g.id && e.what === 'posts' && e.postId === null);
    expect(eventsOf(s, 'forum.changed', from).length).toBeGreaterThanOrEqual(3);
    s.close();

    // Blocked by the author while following: the subscription is dropped at once.
    const watcher = await person();
    const w = await socketOf(url, watcher as never);
    expect((await subscribe(w, [`forum-post:${p.id}`])).topics).toEqual([`forum-post:${p.id}`]);
    expect((await member.agent.post(`/api/connections/${watcher.id}/block`)).status).toBe(200);
    await w.waitFor('unsubscribed', (e) => e.topics.includes(`forum-post:${p.id}`));
    w.close();

    // Blocked by the author: the topic is refused.
    const blocker = await person();
    expect((await member.agent.post(`/api/connections/${blocker.id}/block`)).status).toBe(200);
    const b = await socketOf(url, blocker as never);
    const answer = await subscribe(b, [`forum-post:${p.id}`, `forum-post:nope`]);
    expect(answer.refused.sort()).toEqual([`forum-post:${p.id}`, 'forum-post:nope'].sort());
    await settle(b);
    b.close();
  });
});

describe('account deletion', () => {
  it('passes an owned group to a moderator and takes the person’s posts and replies away', async () => {
    const { g, owner, moderator, member } = await cast();
    const mine = await post(owner, g, 'Owner post');
    const other = await post(member, g, 'Member post');
    await reply(owner, other.id);
    const res = await owner.agent.post('/api/account/delete', { password: owner.password });
    expect(res.status, res.text).toBe(200);
    expect((await visitor.get(`/api/forums/posts/${mine.id}`)).status).toBe(404);
    expect((await visitor.get<ForumPost>(`/api/forums/posts/${other.id}`)).body.repliesCount).toBe(0);
    const members = await visitor.get<ForumMemberPage>(`/api/forums/${g.id}/members`);
    expect(members.body.items.find((m) => m.person.id === moderator.id)?.role).toBe('owner');
  });
});

describe('plans', () => {
  it('the list walks forum_groups_created_idx and search uses the forum indexes', async () => {
    const a = await person();
    await t.db.execute(sql`insert into forum_groups (name, description, created_by, created_at)
      select 'Circle ' || left(md5(g::text), 10), 'About ' || md5(g::text), ${a.id}, now() - g * interval '1 minute'
      from generate_series(1, 20000) g`);
    const [g] = (await t.db.execute<{ id: string }>(sql`select id::text as id from forum_groups limit 1`))
      .rows;
    await t.db.execute(sql`insert into forum_posts (group_id, author_id, title, content, category, created_at)
      select ${g!.id}, ${a.id}, 'Thread ' || left(md5(g::text), 10), 'Body', 'general', now() - g * interval '1 minute'
      from generate_series(1, 20000) g`);
    await t.db.execute(sql`vacuum analyze forum_groups`);
    await t.db.execute(sql`vacuum analyze forum_posts`);
    await t.db.execute(sql`analyze`);
    const explain = async (query: ReturnType<typeof sql>) =>
      (await t.db.execute<{ 'QUERY PLAN': string }>(sql`explain ${query}`)).rows
        .map((r) => r['QUERY PLAN'])
        .join('\n');
    const list = await explain(forumListQuery(a.id, { tab: 'all', limit: 12 }));
    expect(list, list).toMatch(/Index Scan Backward using forum_groups_created_idx/);
    const word = createHash('md5').update('1234').digest('hex').slice(0, 10);
    for (const [text, fuzzy] of [
      [word, false],
      [`circle ${word}`, false],
      [`thread ${word}`, false],
      [`${word.slice(0, 4)}x${word.slice(5)}`, true],
      ['nothing matches this', false],
      ['ab', false],
    ] as const) {
      for (const provider of [forumGroupSearch, forumPostSearch])
        for (const tier of provider.tiers({ viewerId: a.id, terms: searchTerms(text) })) {
          if (tier.level === 'near' && !fuzzy) continue;
          for (const query of [searchTierRows(tier, 20), searchTierCount(tier, 1001)]) {
            const plan = await explain(query);
            expect(plan, `${text} ${tier.level}\n${plan}`).not.toMatch(/Seq Scan on forum_(groups|posts)/);
          }
        }
    }
  });
});
