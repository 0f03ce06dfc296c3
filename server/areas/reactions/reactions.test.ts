import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { NOTIFICATION_TEXT } from '@common/notifications/model';
import { CONTENT_REACTIONS, REACTION_MSG, type ReactionSummary } from '@common/reactions/model';
import { topic } from '@common/core/realtime';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, reactions } from '../../db/schema';
import { registerContentTarget } from '../../platform/content-targets';
import { type Agent, createTestApp, openSocket, signedUpPerson, type TestApp } from '../../test/harness';

import { removeReactions } from './reactions.service';
import { isBlockedEither } from '../../db/rules';

/*
 * The reactions module on its own: a test kind of content ('group_post') backed by a map, so no
 * content area is needed. Registered again after boot, which registers the groups area's own.
 */

type Item = { ownerId: string; hiddenFrom: Set<string>; isPublic: boolean };
const items = new Map<string, Item>();
/** The order in which tagged requests reach the content lookup, which runs under the content's lock. */
const tapTag = new AsyncLocalStorage<number>();
const processed: number[] = [];

const registerTestTarget = () =>
  registerContentTarget({
    contentType: 'group_post',
    label: 'post',
    reactionTypes: CONTENT_REACTIONS,
    maxCommentDepth: 1,
    async resolve(db, viewerId, contentId) {
      const tag = tapTag.getStore();
      if (tag !== undefined) processed.push(tag);
      const item = items.get(contentId);
      if (!item) return null;
      if (viewerId === null ? !item.isPublic : item.hiddenFrom.has(viewerId)) return null;
      if (viewerId && (await isBlockedEither(db, viewerId, item.ownerId))) return null;
      return { ownerId: item.ownerId, link: `/test/posts/${contentId}` };
    },
  });

let t: TestApp;
type Person = { agent: Agent; id: string; username: string };

const person = (): Promise<Person> => signedUpPerson(t);

function newItem(owner: Person, opts: Partial<Omit<Item, 'ownerId'>> = {}) {
  const id = randomUUID();
  items.set(id, { ownerId: owner.id, hiddenFrom: new Set(), isPublic: true, ...opts });
  return id;
}

const url = (id: string, type = 'group_post') => `/api/reactions/${type}/${id}`;
const react = (p: Person | Agent, id: string, reaction: string, active = true, type = 'group_post') =>
  ('agent' in p ? p.agent : p).request('PUT', `${url(id, type)}/${reaction}`, { active });
const summary = async (agent: Agent, id: string) => {
  const res = await agent.get<ReactionSummary>(url(id));
  expect(res.status).toBe(200);
  return res.body;
};
const rowsOn = (id: string) => t.db.select().from(reactions).where(eq(reactions.contentId, id));

let owner: Person, a: Person, b: Person, c: Person;
beforeAll(async () => {
  t = await createTestApp();
  registerTestTarget();
  [owner, a, b, c] = [await person(), await person(), await person(), await person()];
});
afterAll(() => t?.close());

describe('counts and toggles', () => {
  it('counts come from the database; mine is the viewer’s own; the same state twice changes nothing', async () => {
    const id = newItem(owner);
    const first = await react(a, id, 'like');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      contentType: 'group_post',
      contentId: id,
      types: [...CONTENT_REACTIONS],
      counts: { like: 1 },
      mine: ['like'],
      closedReason: null,
    });
    expect((await react(a, id, 'like')).body.counts).toEqual({ like: 1 });
    expect((await react(a, id, 'love')).body).toMatchObject({
      counts: { like: 1, love: 1 },
      mine: ['like', 'love'],
    });
    expect((await react(b, id, 'like')).body).toMatchObject({ counts: { like: 2, love: 1 }, mine: ['like'] });

    expect(await summary(a.agent, id)).toMatchObject({
      counts: { like: 2, love: 1 },
      mine: ['like', 'love'],
    });
    expect(await summary(t.agent(), id)).toMatchObject({ counts: { like: 2, love: 1 }, mine: [] });

    // Off, then off again: a missing reaction stays missing; zero counts are left out.
    expect((await react(a, id, 'love', false)).body).toMatchObject({ counts: { like: 2 }, mine: ['like'] });
    expect((await react(a, id, 'love', false)).body).toMatchObject({ counts: { like: 2 }, mine: ['like'] });
    expect((await react(a, id, 'like', false)).body).toMatchObject({ counts: { like: 1 }, mine: [] });
    expect(await rowsOn(id)).toHaveLength(1);
  });

  it('visitors read counts but must sign in to react', async () => {
    const id = newItem(owner);
    await react(a, id, 'laugh');
    const visitor = t.agent();
    expect(await summary(visitor, id)).toMatchObject({ counts: { laugh: 1 }, mine: [] });
    const res = await react(visitor, id, 'laugh');
    expect(res.status).toBe(401);
    expect(await rowsOn(id)).toHaveLength(1);
  });

  it('refuses a reaction the content does not take, and a bad body', async () => {
    const id = newItem(owner);
    for (const reaction of ['insightful', 'celebrate', 'nope']) {
      const res = await react(a, id, reaction);
      expect(res.status, reaction).toBe(400);
      expect(res.body.error.message).toBe(REACTION_MSG.invalidType);
    }
    for (const body of [{}, { active: 'yes' }, { active: true, extra: 1 }]) {
      const res = await a.agent.request('PUT', `${url(id)}/like`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect(await rowsOn(id)).toEqual([]);
  });

  it('unknown kinds, unknown ids and content the viewer may not see are all "not available"', async () => {
    const hidden = newItem(owner, { hiddenFrom: new Set([c.id]) });
    const membersOnly = newItem(owner, { isPublic: false });
    const cases: [Agent, string][] = [
      [a.agent, url(randomUUID())],
      [a.agent, url(randomUUID(), 'forum_post')],
      [a.agent, url(randomUUID(), 'nope')],
      [a.agent, url('not-a-uuid')],
      [c.agent, url(hidden)],
    ];
    for (const [agent, path] of cases) {
      const read = await agent.get(path);
      expect(read.status, path).toBe(404);
      expect(read.body.error.message, path).toBe(REACTION_MSG.notFound);
      const write = await agent.request('PUT', `${path}/like`, { active: true });
      expect(write.status, path).toBe(404);
      expect(write.body.error.message, path).toBe(REACTION_MSG.notFound);
    }
    expect((await t.agent().get(url(membersOnly))).status).toBe(404);
    expect((await a.agent.get(url(membersOnly))).status).toBe(200);
    expect(await rowsOn(hidden)).toEqual([]);
    // Someone the owner blocked cannot see, nor react to, the owner's content.
    const blocker = await person();
    const theirs = newItem(blocker);
    expect((await blocker.agent.post(`/api/connections/${a.id}/block`)).status).toBe(200);
    expect((await react(a, theirs, 'like')).status).toBe(404);
    expect((await a.agent.get(url(theirs))).status).toBe(404);
    expect((await react(b, theirs, 'like')).status).toBe(200);
  });

  it('20 rapid taps from one person end in the state of the last one processed, never in a duplicate', async () => {
    const id = newItem(owner);
    processed.length = 0;
    const taps = await Promise.all(
      Array.from({ length: 20 }, (_, i) => tapTag.run(i, () => react(a, id, 'like', i % 2 === 0))),
    );
    for (const [i, res] of taps.entries()) {
      expect(res.status).toBe(200);
      // Each request read the counts right after its own write.
      expect(res.body.mine, `tap ${i}`).toEqual(i % 2 === 0 ? ['like'] : []);
      expect(res.body.counts.like ?? 0).toBeLessThanOrEqual(1);
    }
    expect([...processed].sort((x, y) => x - y)).toEqual([...Array(20).keys()]);
    const last = processed.at(-1)!;
    const rows = await rowsOn(id);
    expect(rows).toHaveLength(last % 2 === 0 ? 1 : 0);
    expect((await summary(a.agent, id)).mine).toEqual(last % 2 === 0 ? ['like'] : []);

    // Taps on several reactions at once from two people: at most one row per person and type.
    const both = await Promise.all(
      [a, b].flatMap((p) =>
        ['like', 'love', 'like', 'cry', 'love', 'like'].map((r) => react(p, id, r, true)),
      ),
    );
    expect(both.every((r) => r.status === 200)).toBe(true);
    const after = await rowsOn(id);
    const keys = after.map((r) => `${r.userId}:${r.reactionType}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect((await summary(t.agent(), id)).counts).toEqual({ like: 2, love: 2, cry: 2 });
  });
});

describe('live counts', () => {
  it('a change reaches everyone watching the content; the topic is refused to those who may not see it', async () => {
    const id = newItem(owner, { hiddenFrom: new Set([c.id]) });
    const base = await t.listen();
    const watcher = await openSocket(base, b.agent);
    const content = topic.content('group_post', id);
    watcher.send({
      op: 'subscribe',
      topics: [content, topic.content('forum_post', id), topic.content('group_post', 'nope'), 'content:x'],
    });
    const subscribed = await watcher.waitFor('subscribed');
    expect(subscribed.topics).toEqual([content]);
    expect(subscribed.refused).toHaveLength(3);

    const outsider = await openSocket(base, c.agent);
    outsider.send({ op: 'subscribe', topics: [content] });
    expect(await outsider.waitFor('subscribed')).toMatchObject({ topics: [], refused: [content] });

    await react(a, id, 'love');
    const changed = await watcher.waitFor('reactions.changed', (e) => e.contentId === id);
    expect(changed).toEqual({
      type: 'reactions.changed',
      contentType: 'group_post',
      contentId: id,
      counts: { love: 1 },
    });
    await react(b, id, 'love');
    await watcher.waitFor('reactions.changed', (e) => e.contentId === id && e.counts.love === 2);
    await react(b, id, 'love', false);
    await watcher.waitFor('reactions.changed', (e) => e.contentId === id && e.counts.love === 1);
    await react(a, id, 'love', false);
    await watcher.waitFor('reactions.changed', (e) => e.contentId === id && !e.counts.love);
    // Nothing changed, nothing announced: the next event is the next change.
    const before = watcher.events.length;
    await react(a, id, 'love', false);
    await react(b, id, 'love', false);
    await react(a, id, 'cry', true);
    await watcher.waitFor('reactions.changed', (e) => e.contentId === id && e.counts.cry === 1);
    expect(watcher.events.slice(before).filter((e) => e.type === 'reactions.changed')).toEqual([
      { type: 'reactions.changed', contentType: 'group_post', contentId: id, counts: { cry: 1 } },
    ]);
    watcher.close();
    outsider.close();
  });
});

describe('notifications', () => {
  const reactionNotes = (p: Person) =>
    t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, p.id), eq(notifications.type, 'reaction')));

  it('a burst of reactions on one thing gives its owner one unread "New Reaction"', async () => {
    const o = await person();
    const id = newItem(o);
    for (const r of ['like', 'love', 'laugh']) expect((await react(a, id, r)).status).toBe(200);
    for (const r of ['like', 'cry']) expect((await react(b, id, r)).status).toBe(200);
    const notes = await reactionNotes(o);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      read: false,
      title: NOTIFICATION_TEXT.reaction.title,
      message: NOTIFICATION_TEXT.reaction.text(b.username, 'post'),
      link: `/test/posts/${id}`,
      actorId: b.id,
      data: { contentType: 'group_post', contentId: id, from_user_id: b.id },
    });
    const listed = await o.agent.get('/api/notifications');
    expect(listed.body.unreadCount).toBe(1);

    // Once read, the next reaction starts a new one; another thing has its own.
    await o.agent.post('/api/notifications/read-all');
    await react(a, id, 'cry');
    await react(a, newItem(o), 'like');
    expect((await reactionNotes(o)).filter((n) => !n.read)).toHaveLength(2);
  });

  it('a name change shows in the very next notification (the session carries the name)', async () => {
    const o = await person();
    const r = await person();
    const [first, second] = [newItem(o), newItem(o)];
    // The first request fills the session cache with r's profile fields.
    expect((await react(r, first, 'like')).status).toBe(200);
    const renamed = await r.agent.request('PATCH', '/api/profiles/me', { fullName: 'Rena Newname' });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await react(r, second, 'like')).status).toBe(200);
    const notes = await reactionNotes(o);
    const messageOn = (id: string) => notes.find((n) => n.relatedId === id)?.message;
    expect(messageOn(first)).toBe(NOTIFICATION_TEXT.reaction.text(r.username, 'post'));
    expect(messageOn(second)).toBe(NOTIFICATION_TEXT.reaction.text('Rena Newname', 'post'));
  });

  it('reacting to one’s own content, or taking a reaction back, notifies nobody', async () => {
    const o = await person();
    const id = newItem(o);
    await react(o, id, 'like');
    expect(await reactionNotes(o)).toEqual([]);
    await react(a, id, 'like');
    await o.agent.post('/api/notifications/read-all');
    await react(a, id, 'like', false);
    expect((await reactionNotes(o)).filter((n) => !n.read)).toEqual([]);
  });
});

describe('removal with the content', () => {
  it('removeReactions deletes one content’s reactions in the caller’s transaction', async () => {
    const [one, two] = [newItem(owner), newItem(owner)];
    await react(a, one, 'like');
    await react(b, one, 'love');
    await react(a, two, 'like');
    await t.db.transaction((tx) => removeReactions(tx, { contentType: 'group_post', contentId: one }));
    expect(await rowsOn(one)).toEqual([]);
    expect(await rowsOn(two)).toHaveLength(1);
  });
});
