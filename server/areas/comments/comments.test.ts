import { randomUUID } from 'node:crypto';
import { COMMENT_MSG, COMMENTS, type Comment, type CommentPage } from '@common/comments/model';
import { NOTIFICATION_TEXT } from '@common/notifications/model';
import { CONTENT_REACTIONS, FORUM_REACTIONS, REACTION_MSG } from '@common/reactions/model';
import { topic } from '@common/core/realtime';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, notifications, profiles, reactions } from '../../db/schema';
import { registerContentTarget } from '../../platform/content-targets';
import { type Agent, createTestApp, openSocket, signedUpPerson, type TestApp } from '../../test/harness';

import { commentLoader, removeComments } from './comments.service';
import { isBlockedEither } from '../../db/rules';

/*
 * The comments module on its own: two test kinds of content backed by a map ('group_post' with one
 * level of replies, 'forum_reply' with three), so no content area is needed. Registered again after
 * boot, which registers the areas' own.
 */

type Item = { ownerId: string; hiddenFrom: Set<string>; isPublic: boolean };
const items = new Map<string, Item>();

const registerTestTargets = () => {
  for (const [contentType, maxCommentDepth] of [
    ['group_post', 1],
    ['forum_reply', 3],
  ] as const)
    registerContentTarget({
      contentType,
      label: 'post',
      reactionTypes: contentType === 'group_post' ? CONTENT_REACTIONS : FORUM_REACTIONS,
      maxCommentDepth,
      async resolve(db, viewerId, contentId) {
        const item = items.get(contentId);
        if (!item) return null;
        if (viewerId === null ? !item.isPublic : item.hiddenFrom.has(viewerId)) return null;
        if (viewerId && (await isBlockedEither(db, viewerId, item.ownerId))) return null;
        return { ownerId: item.ownerId, link: `/test/${contentType}/${contentId}` };
      },
    });
};

const ADMIN_EMAIL = `admin-${randomUUID().slice(0, 8)}@example.com`;
let t: TestApp;
type Person = { agent: Agent; id: string; username: string };

const person = (email?: string): Promise<Person> => signedUpPerson(t, email ? { email } : {});

function newItem(owner: Person, opts: Partial<Omit<Item, 'ownerId'>> = {}) {
  const id = randomUUID();
  items.set(id, { ownerId: owner.id, hiddenFrom: new Set(), isPublic: true, ...opts });
  return id;
}

const url = (id: string, type = 'group_post') => `/api/comments/${type}/${id}`;
const post = (p: Person, id: string, content: string, parentId?: string | null, type = 'group_post') =>
  p.agent.post(url(id, type), parentId === undefined ? { content } : { content, parentId });
async function add(p: Person, id: string, content: string, parentId?: string | null, type = 'group_post') {
  const res = await post(p, id, content, parentId, type);
  expect(res.status, res.text).toBe(201);
  return res.body as Comment;
}
async function list(agent: Agent, id: string, query = '', type = 'group_post') {
  const res = await agent.get<CommentPage>(`${url(id, type)}${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
}
const idsOf = (page: CommentPage) => page.items.map((c) => c.id);
const rowsOn = (id: string) => t.db.select().from(comments).where(eq(comments.contentId, id));

let owner: Person, a: Person, b: Person, c: Person, admin: Person;
beforeAll(async () => {
  t = await createTestApp({ adminEmails: [ADMIN_EMAIL] });
  registerTestTargets();
  [owner, a, b, c] = [await person(), await person(), await person(), await person()];
  admin = await person(ADMIN_EMAIL);
});
afterAll(() => t?.close());

describe('writing', () => {
  it('a comment is trimmed plain text, 1 to 2,000 characters', async () => {
    const id = newItem(owner);
    for (const content of ['', '   ', ' \n\t ']) {
      const res = await post(a, id, content);
      expect(res.status, JSON.stringify(content)).toBe(400);
      expect(res.body.error.message).toBe(COMMENT_MSG.required);
    }
    const missing = await a.agent.post(url(id), {});
    expect(missing.status).toBe(400);
    expect(missing.body.error.message).toBe(COMMENT_MSG.required);
    const long = await post(a, id, 'x'.repeat(COMMENTS.maxLength + 1));
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe(COMMENT_MSG.tooLong);
    expect(await rowsOn(id)).toEqual([]);

    const full = await add(a, id, 'y'.repeat(COMMENTS.maxLength));
    expect(full.content).toHaveLength(COMMENTS.maxLength);
    const padded = await add(a, id, '  hello there \n');
    expect(padded).toMatchObject({
      contentType: 'group_post',
      contentId: id,
      parentId: null,
      depth: 0,
      content: 'hello there',
      author: { id: a.id, username: a.username, fullName: a.username },
    });
    expect(new Date(padded.createdAt).getTime()).toBeGreaterThan(Date.now() - 60_000);
  });

  it('HTML is kept as typed and returned unchanged (the page escapes it)', async () => {
    const id = newItem(owner);
    const text = `<script>alert("x")</script><img src=x onerror=alert(1)> & <b>bold</b> https://example.com`;
    const made = await add(a, id, text);
    expect(made.content).toBe(text);
    expect((await list(b.agent, id)).items[0]!.content).toBe(text);
    expect((await rowsOn(id))[0]!.content).toBe(text);
  });

  it('visitors read but must sign in to comment; hidden and unknown content is "not available"', async () => {
    const id = newItem(owner, { hiddenFrom: new Set([c.id]) });
    await add(a, id, 'first');
    const visitor = t.agent();
    expect(idsOf(await list(visitor, id))).toHaveLength(1);
    expect((await visitor.post(url(id), { content: 'hi' })).status).toBe(401);
    for (const [agent, path] of [
      [c.agent, url(id)],
      [a.agent, url(randomUUID())],
      [a.agent, url(randomUUID(), 'forum_post')],
      [a.agent, url(randomUUID(), 'nope')],
      [a.agent, url('not-a-uuid')],
      [visitor, url(newItem(owner, { isPublic: false }))],
    ] as const) {
      const read = await agent.get(path);
      expect(read.status, path).toBe(404);
      expect(read.body.error.message, path).toBe(REACTION_MSG.notFound);
    }
    const hidden = await post(c, id, 'let me in');
    expect(hidden.status).toBe(404);
    expect(hidden.body.error.message).toBe(REACTION_MSG.notFound);
    expect(await rowsOn(id)).toHaveLength(1);
  });
});

describe('reading', () => {
  it('oldest first (newest last), paged by an opaque cursor, with the total', async () => {
    const id = newItem(owner);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) made.push((await add(i % 2 ? a : b, id, `comment ${i}`)).id);
    const first = await list(a.agent, id);
    expect(idsOf(first)).toEqual(made);
    expect(first).toMatchObject({ total: 7, nextCursor: null, maxDepth: 1 });

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: CommentPage = await list(a.agent, id, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.total).toBe(7);
      seen.push(...idsOf(page));
      cursor = page.nextCursor;
      pages++;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toEqual(made);

    // A comment deleted under the cursor does not lose the place.
    const two = await list(a.agent, id, '?limit=2');
    const [, second] = two.items;
    expect(
      (await (second!.author.id === a.id ? a : b).agent.request('DELETE', `/api/comments/${second!.id}`))
        .status,
    ).toBe(200);
    expect(idsOf(await list(a.agent, id, `?limit=2&cursor=${two.nextCursor}`))).toEqual(made.slice(2, 4));

    for (const q of [
      '?cursor=nope',
      `?cursor=${Buffer.from('1:x').toString('base64url')}`,
      '?limit=0',
      '?limit=101',
    ]) {
      const res = await a.agent.get(`${url(id)}${q}`);
      expect(res.status, q).toBe(400);
    }
  });

  it('hides comments of banned and deleted authors, and of people blocked either way, with their replies', async () => {
    const [banned, blocker, blocked] = [await person(), await person(), await person()];
    const id = newItem(owner);
    const byA = await add(a, id, 'from a');
    const byBlocked = await add(blocked, id, 'from someone blocked');
    const replyToBlocked = await add(b, id, 'a reply to them', byBlocked.id);
    const byBanned = await add(banned, id, 'from someone banned');
    const replyToBanned = await add(a, id, 'a reply to a banned person', byBanned.id);
    const all = [byA, byBlocked, replyToBlocked, byBanned, replyToBanned].map((x) => x.id);
    expect(idsOf(await list(blocker.agent, id))).toEqual(all);

    await t.db.update(profiles).set({ isBanned: true }).where(eq(profiles.id, banned.id));
    const shown = [byA.id, byBlocked.id, replyToBlocked.id];
    expect(idsOf(await list(blocker.agent, id))).toEqual(shown);
    expect(await list(t.agent(), id)).toMatchObject({ total: 3 });

    expect((await blocker.agent.post(`/api/connections/${blocked.id}/block`)).status).toBe(200);
    expect(await list(blocker.agent, id)).toMatchObject({ items: [{ id: byA.id }], total: 1 });
    // Either way: the blocked person no longer sees the blocker's comments either.
    const byBlocker = await add(blocker, id, 'from the blocker');
    expect(idsOf(await list(blocked.agent, id))).not.toContain(byBlocker.id);
    expect(idsOf(await list(c.agent, id))).toEqual([...shown, byBlocker.id]);
    // Nor reply to them.
    const reply = await post(blocked, id, 'psst', byBlocker.id);
    expect(reply.status).toBe(400);
    expect(reply.body.error.message).toBe(COMMENT_MSG.parentNotFound);
    expect((await post(blocker, id, 'no', byBlocked.id)).status).toBe(400);

    // A deleted account's comments go, and the replies under them.
    const leaving = await person();
    const theirs = await add(leaving, id, 'goodbye soon');
    const underTheirs = await add(c, id, 'see you', theirs.id);
    await add(leaving, id, 'replying to a', byA.id);
    await leaving.agent.request('PUT', `/api/reactions/group_post/${id}/like`, { active: true });
    expect((await leaving.agent.post('/api/account/delete', { password: 'correct-horse-1' })).status).toBe(
      200,
    );
    expect(await t.db.select().from(comments).where(eq(comments.userId, leaving.id))).toEqual([]);
    expect(await t.db.select().from(comments).where(eq(comments.id, underTheirs.id))).toEqual([]);
    expect(await t.db.select().from(reactions).where(eq(reactions.userId, leaving.id))).toEqual([]);
  });
});

describe('replies', () => {
  it('nest down to the depth the content allows, under a comment on the same content', async () => {
    const id = newItem(owner);
    const top = await add(a, id, 'top');
    const reply = await add(b, id, 'reply', top.id);
    expect(reply).toMatchObject({ parentId: top.id, depth: 1 });
    const deeper = await post(a, id, 'too deep', reply.id);
    expect(deeper.status).toBe(400);
    expect(deeper.body.error.message).toBe(COMMENT_MSG.tooDeep);

    const forum = newItem(owner);
    let parent = await add(a, forum, 'depth 0', null, 'forum_reply');
    for (const depth of [1, 2, 3]) {
      parent = await add(depth % 2 ? b : a, forum, `depth ${depth}`, parent.id, 'forum_reply');
      expect(parent.depth).toBe(depth);
    }
    const fourth = await post(a, forum, 'depth 4', parent.id, 'forum_reply');
    expect(fourth.status).toBe(400);
    expect(fourth.body.error.message).toBe(COMMENT_MSG.tooDeep);
    expect((await list(a.agent, forum, '', 'forum_reply')).maxDepth).toBe(3);

    // A parent must be a comment on this very content.
    for (const parentId of [top.id, randomUUID()]) {
      const res = await post(a, forum, 'elsewhere', parentId, 'forum_reply');
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(COMMENT_MSG.parentNotFound);
    }
    const malformed = await a.agent.post(url(id), { content: 'x', parentId: 'nope' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.message).toBe(COMMENT_MSG.parentNotFound);
    expect(await rowsOn(id)).toHaveLength(2);
  });
});

describe('deleting', () => {
  it('the author deletes their own; anyone else is refused and nothing changes', async () => {
    const id = newItem(owner);
    const mine = await add(a, id, 'mine');
    const theirs = await add(b, id, 'theirs');
    expect((await a.agent.request('DELETE', `/api/comments/${mine.id}`)).body).toEqual({ ok: true });
    // The owner of other content is nobody here.
    const elsewhere = newItem(c);
    await add(c, elsewhere, 'on my own thing');
    for (const p of [a, c]) {
      const res = await p.agent.request('DELETE', `/api/comments/${theirs.id}`);
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe(COMMENT_MSG.noPermission);
    }
    expect((await t.agent().request('DELETE', `/api/comments/${theirs.id}`)).status).toBe(401);
    for (const missing of [mine.id, randomUUID(), 'nope']) {
      const res = await a.agent.request('DELETE', `/api/comments/${missing}`);
      expect(res.status, missing).toBe(404);
      expect(res.body.error.message).toBe(COMMENT_MSG.notFound);
    }
    expect((await rowsOn(id)).map((r) => r.id)).toEqual([theirs.id]);
  });

  it('the owner of the content removes comments on it, with their replies; not once it is hidden from them (issue 21)', async () => {
    const id = newItem(owner);
    const top = await add(a, id, 'rude');
    const reply = await add(b, id, 'also rude', top.id);
    const kept = await add(b, id, 'fine');
    const res = await owner.agent.request('DELETE', `/api/comments/${top.id}`);
    expect(res.status).toBe(200);
    expect((await rowsOn(id)).map((r) => r.id)).toEqual([kept.id]);
    expect(reply.id).not.toBe(kept.id);

    // The owner's right goes with their sight of the content: hidden from them, refused.
    const hidden = newItem(owner);
    const later = await add(a, hidden, 'posted while visible');
    items.get(hidden)!.hiddenFrom = new Set([owner.id]);
    const refused = await owner.agent.request('DELETE', `/api/comments/${later.id}`);
    expect(refused.status).toBe(403);
    expect((await rowsOn(hidden)).map((r) => r.id)).toEqual([later.id]);
  });

  it('an admin deletes anyone’s; replies go with their parent, announced live', async () => {
    expect((await admin.agent.get('/api/me')).body.viewer.profile.isSuperAdmin).toBe(true);
    const id = newItem(owner, { hiddenFrom: new Set([c.id]) });
    const top = await add(a, id, 'top');
    const r1 = await add(b, id, 'reply one', top.id);
    const r2 = await add(owner, id, 'reply two', top.id);
    const other = await add(b, id, 'another');

    const base = await t.listen();
    const watcher = await openSocket(base, owner.agent);
    watcher.send({ op: 'subscribe', topics: [topic.content('group_post', id)] });
    expect((await watcher.waitFor('subscribed')).topics).toEqual([topic.content('group_post', id)]);
    const outsider = await openSocket(base, c.agent);
    outsider.send({ op: 'subscribe', topics: [topic.content('group_post', id)] });
    expect((await outsider.waitFor('subscribed')).refused).toEqual([topic.content('group_post', id)]);

    expect((await admin.agent.request('DELETE', `/api/comments/${top.id}`)).status).toBe(200);
    const deleted = await watcher.waitFor('comment.deleted');
    expect(deleted).toMatchObject({ contentType: 'group_post', contentId: id });
    expect([...deleted.commentIds].sort()).toEqual([top.id, r1.id, r2.id].sort());
    expect((await rowsOn(id)).map((r) => r.id)).toEqual([other.id]);
    expect(idsOf(await list(b.agent, id))).toEqual([other.id]);

    const added = await add(a, id, 'ü'.repeat(COMMENTS.maxLength));
    const created = await watcher.waitFor('comment.created', (e) => e.comment.id === added.id);
    expect(created.comment).toEqual(added);
    watcher.close();
    outsider.close();
  });

  it('a new comment reaches live readers, except one who blocked its author', async () => {
    const [reader, blockedOne] = [await person(), await person()];
    const id = newItem(owner);
    const socket = await openSocket(await t.listen(), reader.agent);
    socket.send({ op: 'subscribe', topics: [topic.content('group_post', id)] });
    await socket.waitFor('subscribed');
    expect((await reader.agent.post(`/api/connections/${blockedOne.id}/block`)).status).toBe(200);

    const hidden = await add(blockedOne, id, 'from someone the reader blocked');
    const first = await add(a, id, 'from someone else');
    await socket.waitFor('comment.created', (e) => e.comment.id === first.id);
    // A second round after it: the hidden one, published before both, would have arrived by now.
    const second = await add(b, id, 'and another');
    await socket.waitFor('comment.created', (e) => e.comment.id === second.id);
    const seen = socket.events.flatMap((e) => (e.type === 'comment.created' ? [e.comment.id] : []));
    expect(seen).toEqual([first.id, second.id]);
    expect(seen).not.toContain(hidden.id);
    socket.close();
  });

  it('removeComments deletes one content’s comments in the caller’s transaction', async () => {
    const [one, two] = [newItem(owner), newItem(owner)];
    const top = await add(a, one, 'top');
    await add(b, one, 'reply', top.id);
    await add(a, two, 'stays');
    await t.db.transaction((tx) => removeComments(tx, { contentType: 'group_post', contentId: one }));
    expect(await rowsOn(one)).toEqual([]);
    expect(await rowsOn(two)).toHaveLength(1);
  });
});

describe('notifications', () => {
  /** A person's comment notifications about one piece of content. */
  const commentNotes = (p: Person, contentId: string) =>
    t.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, p.id),
          eq(notifications.type, 'comment'),
          eq(notifications.relatedId, contentId),
        ),
      );

  it('the owner is told of comments, folded per content; a reply also tells the parent’s author', async () => {
    const o = await person();
    const id = newItem(o);
    const first = await add(a, id, 'hello');
    const second = await add(b, id, 'me too');
    const notes = await commentNotes(o, id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      read: false,
      title: NOTIFICATION_TEXT.comment.title,
      message: NOTIFICATION_TEXT.comment.text(b.username),
      link: `/test/group_post/${id}#comment-${second.id}`,
      actorId: b.id,
      data: { contentType: 'group_post', contentId: id, commentId: second.id, from_user_id: b.id },
    });

    await add(c, id, 'replying', first.id);
    expect(await commentNotes(a, id)).toMatchObject([
      {
        title: NOTIFICATION_TEXT.comment.title,
        message: NOTIFICATION_TEXT.reply.text(c.username),
        read: false,
      },
    ]);
    expect(await commentNotes(o, id)).toMatchObject([
      { message: NOTIFICATION_TEXT.comment.text(c.username) },
    ]);

    // Replying to one's own comment, or to the owner's: nobody is told twice, nor of their own.
    await add(a, id, 'and again', first.id);
    expect(await commentNotes(a, id)).toHaveLength(1);
    expect((await commentNotes(a, id))[0]!.actorId).toBe(c.id);
    const byOwner = await add(o, id, 'thanks all');
    await o.agent.post('/api/notifications/read-all');
    await add(b, id, 'you are welcome', byOwner.id);
    expect((await commentNotes(o, id)).filter((n) => !n.read)).toHaveLength(1);
  });

  it('commenting on one’s own content notifies nobody', async () => {
    const o = await person();
    const id = newItem(o);
    const own = await add(o, id, 'my own');
    await add(o, id, 'my own reply', own.id);
    expect(await commentNotes(o, id)).toEqual([]);
  });
});

// Several processes need a PostgreSQL server: PGlite belongs to one process.
describe.runIf(Boolean(process.env.TEST_DATABASE_URL))(
  'across app instances (needs TEST_DATABASE_URL)',
  () => {
    it('a long comment made on one instance reaches a socket on another, loaded by reference', async () => {
      const id = newItem(owner);
      const second = await t.startInstance();
      // Booting an instance registers the areas' own targets again (group_post among them).
      registerTestTargets();
      const watcher = await openSocket(await t.listen(second), owner.agent);
      watcher.send({ op: 'subscribe', topics: [topic.content('group_post', id)] });
      await watcher.waitFor('subscribed');
      const long = await add(a, id, '€'.repeat(COMMENTS.maxLength));
      const created = await watcher.waitFor('comment.created', (e) => e.comment.id === long.id);
      expect(created.comment).toEqual(long);
      const top = await add(a, id, 'top');
      const replies: string[] = [];
      for (let i = 0; i < 60; i++) replies.push((await add(b, id, `reply ${i}`, top.id)).id);
      expect((await a.agent.request('DELETE', `/api/comments/${top.id}`)).status).toBe(200);
      // 61 ids travel in two events, each small enough to go inline in a NOTIFY payload.
      await watcher.waitFor('comment.deleted', (e) => e.commentIds.includes(replies.at(-1)!));
      await watcher.waitFor('comment.deleted', (e) => e.commentIds.includes(top.id));
      const removed = watcher.events.flatMap((e) => (e.type === 'comment.deleted' ? e.commentIds : []));
      expect(removed.sort()).toEqual([top.id, ...replies].sort());
      watcher.close();
    });

    it('a long comment is loaded only where a socket gets it, and not for a reader who blocked its author', async () => {
      const id = newItem(owner);
      const [reader, blocker] = [await person(), await person()];
      // Blocking the comment's author (not the item's owner) keeps the topic: the event is hidden.
      expect((await blocker.agent.post(`/api/connections/${a.id}/block`)).status).toBe(200);
      const withSockets = await t.startInstance();
      const without = await t.startInstance();
      registerTestTargets();
      const loads = { withSockets: 0, without: 0 };
      const counted = (key: keyof typeof loads) => {
        const load = commentLoader(t.db);
        return (commentId: string) => {
          loads[key]++;
          return load(commentId);
        };
      };
      withSockets.bus.registerLoader('comment', counted('withSockets'));
      without.bus.registerLoader('comment', counted('without'));
      const url2 = await t.listen(withSockets);
      const name = topic.content('group_post', id);
      const sockets = [await openSocket(url2, reader.agent), await openSocket(url2, blocker.agent)];
      const [r, bl] = sockets;
      for (const s of sockets) {
        s.send({ op: 'subscribe', topics: [name] });
        expect((await s.waitFor('subscribed')).topics).toEqual([name]);
      }
      const long = await add(a, id, '€'.repeat(COMMENTS.maxLength));
      await r!.waitFor('comment.created', (e) => e.comment.id === long.id);
      // A later small comment by someone else, to the same topic: once it is in, the long one was
      // handled everywhere (one sender, in order).
      const after = await add(b, id, 'after');
      await bl!.waitFor('comment.created', (e) => e.comment.id === after.id);
      expect(bl!.events.some((e) => e.type === 'comment.created' && e.comment.id === long.id)).toBe(false);
      expect(loads).toEqual({ withSockets: 1, without: 0 });
      sockets.forEach((s) => s.close());
    });
  },
);
